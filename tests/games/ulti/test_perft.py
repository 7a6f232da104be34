"""Golden move-generation counts ("perft", R2-R6): the number of legal card-play sequences of a
given length from fixed positions, frozen, and recomputed by an independent reference."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fixtures import BETLI_HANDS, ULTI_HANDS, make_deal, ref_legal, ref_winner, start
from ulti.core.cards import PLAIN_ORDER_STRENGTH, TRUMP_ORDER_STRENGTH, cards_of
from ulti.games.ulti.deal import Deal, Phase, play_actions
from ulti.games.ulti.rules import Ruleset


def perft(d: Deal, depth: int) -> int:
    """Card-play sequences of ``depth`` plays (a deal that ends earlier counts once)."""
    if depth == 0 or d.is_over():
        return 1
    if d.phase == Phase.KONTRA:  # the answers after the first trick (W13: every seat's)
        d = d.clone()
        while d.phase == Phase.KONTRA:
            d.apply("pass")
    total = 0
    for a in play_actions(d.legal_mask()):
        d.push(a)
        total += perft(d, depth - 1)
        d.pop()
    return total


def ref_perft(
    hands: list[list[int]],
    trick: list[int],
    player: int,
    trump: int,
    trump_contract: bool,
    ulti_seven: int,
    soloist: int,
    depth: int,
    ends: Callable[[int], bool] = lambda winner: False,
) -> int:
    """The same count from plain lists and the reference legality (fixtures.ref_legal); ``ends``
    tells whether a trick won by ``winner`` ends the deal (R8: a lost Betli or Durchmars)."""
    if depth == 0:
        return 1
    strength = TRUMP_ORDER_STRENGTH if trump_contract else PLAIN_ORDER_STRENGTH
    legal = ref_legal(hands[player], trick, trump, trump_contract)
    if player == soloist and ulti_seven in legal and len(legal) > 1:
        legal.discard(ulti_seven)
    total = 0
    for c in legal:
        nh = [list(h) for h in hands]
        nh[player].remove(c)
        nt = [*trick, c]
        if len(nt) < 3:
            total += ref_perft(
                nh,
                nt,
                (player + 1) % 3,
                trump,
                trump_contract,
                ulti_seven,
                soloist,
                depth - 1,
                ends,
            )
            continue
        leader = (player + 1) % 3  # the trick's first card was the leader's
        winner = (leader + ref_winner(nt, trump, strength)) % 3
        if ends(winner):
            total += 1
            continue
        total += ref_perft(
            nh, [], winner, trump, trump_contract, ulti_seven, soloist, depth - 1, ends
        )
    return total


def _ref(d: Deal, depth: int) -> int:
    c = d.contract
    assert c is not None
    seven = d.ulti_card if d.ulti_bit else -1
    s = d.soloist
    if c.key in ("betli", "rebetli"):

        def ends(w: int) -> bool:
            return w == s
    elif c.key == "plain durchmars":

        def ends(w: int) -> bool:
            return w != s
    else:

        def ends(w: int) -> bool:
            return False

    return ref_perft(
        [cards_of(h) for h in d.hands],
        list(d.trick),
        d.current_player,
        d.trump,
        c.trump,
        seven,
        d.soloist,
        depth,
        ends,
    )


def ulti_start() -> Deal:
    return start(make_deal(ULTI_HANDS), "ulti", "♦7 ♦8", trump="acorns")


def durchmars_start() -> Deal:
    return start(make_deal(BETLI_HANDS), "plain durchmars", "♦A ♦K")


def seeded(seed: int, bid: str, trump: str | None) -> Deal:
    d = Deal(seed=seed, dealer=0)
    lay = str(d.legal_actions()[0]).removeprefix("discard ")
    return start(d, bid, lay, trump=trump)


def howto(seed: int, bid: str, trump: str | None) -> Deal:
    """A how-to-play deal (V2): forehand passes, the next seat names ``bid`` (W2, W4) and
    forehand leads the first trick (W6); W7's play rule is R2 and R3 in other words."""
    d = Deal(Ruleset.from_preset("howto"), seed=seed, dealer=0)
    d.apply("pass")
    d.apply(f"bid {bid}")
    if trump:
        d.apply(f"trump {trump}")
    d.apply("pass")
    d.apply("pass")
    assert d.current_player == d.forehand != d.soloist
    return d


POSITIONS = {
    "ulti-start-6": (ulti_start, 6, 1120),
    "ulti-start-9": (ulti_start, 9, 25164),
    "durchmars-start-6": (durchmars_start, 6, 500),
    "seed7-40-100-6": (lambda: seeded(7, "40-100", "bells"), 6, 893),
    "seed8-hearts-ulti-9": (lambda: seeded(8, "ulti of hearts", None), 9, 12719),
    "seed9-betli-9": (lambda: seeded(9, "betli", None), 9, 32124),
    "howto-seed3-simple-6": (lambda: howto(3, "simple", "leaves"), 6, 863),
    "howto-seed4-betli-9": (lambda: howto(4, "betli", None), 9, 100185),
    "howto-seed5-durchmars-6": (lambda: howto(5, "plain durchmars", None), 6, 203),
    "howto-seed6-40-100-hearts-6": (lambda: howto(6, "40-100 of hearts", None), 6, 874),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft_golden_counts(name: str) -> None:
    make, depth, frozen = POSITIONS[name]
    d = make()
    count = perft(d, depth)
    assert count == frozen, f"{name}: {count}"


@pytest.mark.parametrize(
    "name",
    [
        "ulti-start-6",
        "durchmars-start-6",
        "seed7-40-100-6",
        "seed8-hearts-ulti-9",
        "seed9-betli-9",
        "howto-seed3-simple-6",
        "howto-seed4-betli-9",
        "howto-seed5-durchmars-6",
        "howto-seed6-40-100-hearts-6",
    ],
)
def test_perft_matches_the_reference(name: str) -> None:
    make, depth, frozen = POSITIONS[name]
    assert _ref(make(), depth) == frozen


@pytest.mark.slow
def test_perft_of_an_endgame_to_the_end() -> None:
    d = ulti_start()
    for c in ("♥9", "♥10", "♥8", "♦K", "♦J", "♦A", "♠8", "♠Q", "♠10", "♠J", "♠K", "♠A"):
        d.apply(f"play {c}")
    assert d.tricks_played == 4
    assert perft(d, 18) == _ref(d, 18)
