"""Cards, masks and notation (C1, C2)."""

from __future__ import annotations

import pytest

from ulti.core import cards as C


def test_c1_thirty_two_cards_four_suits_eight_ranks() -> None:
    assert C.FULL_DECK.bit_count() == 32
    assert sum(C.SUIT_MASKS) == C.FULL_DECK
    assert sum(C.RANK_MASKS) == C.FULL_DECK
    assert all(m.bit_count() == 8 for m in C.SUIT_MASKS)
    assert all(m.bit_count() == 4 for m in C.RANK_MASKS)
    assert {C.suit_of(c) * 8 + C.rank_of(c) for c in range(32)} == set(range(32))


@pytest.mark.parametrize("c", range(32))
def test_c1_every_notation_round_trips(c: int) -> None:
    for lang in ("en", "hu", "symbol", "code"):
        assert C.parse_card(C.name(c, lang)) == c


def test_c1_names_in_each_language() -> None:
    ace = C.card(C.HEARTS, C.ACE)
    assert C.name_en(ace) == "Hearts Ace"
    assert C.name_hu(ace) == "piros ász"
    assert C.symbol(ace) == "♥A"
    assert C.code(ace) == "HA"
    seven = C.card(C.LEAVES, C.SEVEN)
    assert (C.name_en(seven), C.name_hu(seven), C.symbol(seven), C.code(seven)) == (
        "Leaves VII",
        "zöld hetes",
        "♠7",
        "L7",
    )
    under = C.card(C.BELLS, C.UNDER)
    assert (C.name_hu(under), C.symbol(under)) == ("tök alsó", "♦J")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("piros asz", (C.HEARTS, C.ACE)),  # accents optional
        ("PIROS ÁSZ", (C.HEARTS, C.ACE)),
        ("Ace of Hearts", (C.HEARTS, C.ACE)),
        ("hearts 10", (C.HEARTS, C.TEN)),
        ("♥10", (C.HEARTS, C.TEN)),
        ("♣Q", (C.ACORNS, C.OVER)),  # French faces map one to one: Q = Over (C1)
        ("♣O", (C.ACORNS, C.OVER)),
        ("makk felső", (C.ACORNS, C.OVER)),
        ("zöld alsó", (C.LEAVES, C.UNDER)),
        ("Leaves Jack", (C.LEAVES, C.UNDER)),
        ("tök király", (C.BELLS, C.KING)),
        ("bells vii", (C.BELLS, C.SEVEN)),
        ("BX", (C.BELLS, C.TEN)),
        ("spades 7", (C.LEAVES, C.SEVEN)),
    ],
)
def test_c1_parse_variants(text: str, expected: tuple[int, int]) -> None:
    assert C.parse_card(text) == C.card(*expected)


@pytest.mark.parametrize("text", ["", "♥Z", "hearts", "piros", "XX", "ace ace", "♥", "H11"])
def test_c1_bad_cards_are_refused(text: str) -> None:
    with pytest.raises(C.CardParseError, match="C1"):
        C.parse_card(text)


def test_parse_card_lists() -> None:
    assert C.parse_cards("♥A ♠7") == [C.card(C.HEARTS, C.ACE), C.card(C.LEAVES, C.SEVEN)]
    assert C.parse_cards("piros ász, zöld hetes") == C.parse_cards("HA L7")
    assert C.parse_cards("piros ász zöld hetes") == C.parse_cards("HA L7")
    assert C.parse_cards("") == []


def test_c2_rank_orders() -> None:
    def order(strength: tuple[int, ...]) -> list[str]:
        return [C.RANK_FACES[r] for r in sorted(C.RANKS, key=lambda r: -strength[r])]

    # trump contracts: A X K O U IX VIII VII
    assert order(C.TRUMP_ORDER_STRENGTH) == ["A", "10", "K", "Q", "J", "9", "8", "7"]
    # no-trump contracts: A K O U X IX VIII VII
    assert order(C.PLAIN_ORDER_STRENGTH) == ["A", "K", "Q", "J", "10", "9", "8", "7"]


def test_c2_beats_tables() -> None:
    ten = C.card(C.ACORNS, C.TEN)
    king = C.card(C.ACORNS, C.KING)
    ace = C.card(C.ACORNS, C.ACE)
    assert C.BEATS_TRUMP_ORDER[ten] == 1 << ace
    assert C.BEATS_TRUMP_ORDER[king] == (1 << ace) | (1 << ten)
    assert C.BEATS_PLAIN_ORDER[ten] == C.SUIT_MASKS[C.ACORNS] & ~(
        C.mask_of(C.card(C.ACORNS, r) for r in (C.SEVEN, C.EIGHT, C.NINE, C.TEN))
    )
    for c in range(32):  # only cards of the same suit ever beat
        assert C.BEATS_TRUMP_ORDER[c] & ~C.SUIT_MASKS[C.suit_of(c)] == 0
        assert not C.BEATS_PLAIN_ORDER[c] >> c & 1


def test_p1_card_points() -> None:
    assert C.card_points(C.FULL_DECK) == 80
    assert C.card_points(C.ACES) == 40
    assert C.card_points(C.SUIT_MASKS[0]) == 20


def test_masks_and_display() -> None:
    m = C.mask_of([3, 17, 31])
    assert C.cards_of(m) == [3, 17, 31]
    assert list(C.iter_cards(m)) == [3, 17, 31]
    assert C.count(m) == 3
    shown = C.format_cards(C.mask_of(C.parse_cards("♣A ♥7 ♥A ♥10")), trump=C.ACORNS)
    assert shown == "♣A ♥A ♥10 ♥7"
    nt = C.format_cards(C.mask_of(C.parse_cards("♥K ♥10 ♥A")), no_trump=True)
    assert nt == "♥A ♥K ♥10"
