"""Cards as small integers, hands as 32-bit masks, and card notation (C1, C2).

A card is an int ``suit * 8 + rank`` in ``0..31``; a set of cards (a hand, a trick, a talon) is an
int whose bit ``card`` is set for every member.  The compiled core mirrors this layout exactly.

Suits, in this order (C1)::

    0 Hearts  (Piros) ♥     1 Acorns (Makk) ♣     2 Leaves (Zöld) ♠     3 Bells (Tök) ♦

Ranks, in index order (low to high in *neither* game order, just VII..Ace)::

    0 VII  1 VIII  2 IX  3 X  4 Under (Alsó, J)  5 Over (Felső, Q)  6 King (Király)  7 Ace (Ász)

Three notations are printed and parsed:

* English: ``"Hearts Ace"``, ``"Leaves X"``, ``"Bells Under"``
* Hungarian: ``"piros ász"``, ``"zöld tízes"``, ``"tök alsó"``
* French face / symbol: ``"♥A"``, ``"♠10"``, ``"♦J"``

and one compact two-letter code per card for records: suit letter ``H A L B`` then rank letter
``7 8 9 X U O K A`` (``"HA"`` = Hearts Ace, ``"L7"`` = Leaves VII).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator

from ulti.core.errors import UltiError
from ulti.i18n import names

HEARTS, ACORNS, LEAVES, BELLS = 0, 1, 2, 3
#: Type aliases (as python-chess's ``Square``): a card is an int 0-31 (suit * 8 + rank), a set
#: of cards a 32-bit mask, a seat 0-2.
Card = int
Mask = int
Seat = int

SUITS = (HEARTS, ACORNS, LEAVES, BELLS)
SEVEN, EIGHT, NINE, TEN, UNDER, OVER, KING, ACE = range(8)
RANKS = (SEVEN, EIGHT, NINE, TEN, UNDER, OVER, KING, ACE)

FULL_DECK = (1 << 32) - 1
SUIT_MASKS = tuple(0xFF << (8 * s) for s in SUITS)
RANK_MASKS = tuple(sum(1 << (s * 8 + r) for s in SUITS) for r in RANKS)
ACES = RANK_MASKS[ACE]
TENS = RANK_MASKS[TEN]
#: Cards worth 10 card points in trump contracts (P1).
POINT_CARDS = ACES | TENS

# the names come from the one catalogue of words (ulti.i18n)
SUIT_NAMES_EN = names("suit", 4, "en")
SUIT_NAMES_HU = names("suit", 4, "hu")
SUIT_SYMBOLS = ("♥", "♣", "♠", "♦")
SUIT_LETTERS = "HALB"
RANK_NAMES_EN = names("rank", 8, "en")
RANK_NAMES_HU = names("rank", 8, "hu")
#: A rank in a card's corner: U O K A in English, the Tell-pattern A F K Á in Hungarian.
RANK_INDEX_EN = names("index", 8, "en")
RANK_INDEX_HU = names("index", 8, "hu")
RANK_FACES = ("7", "8", "9", "10", "J", "Q", "K", "A")
RANK_LETTERS = "789XUOKA"

#: Strength of each rank in trump contracts: A X K O U IX VIII VII (C2).
TRUMP_ORDER_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)
#: Strength of each rank in no-trump contracts: A K O U X IX VIII VII (C2).
PLAIN_ORDER_STRENGTH = (0, 1, 2, 3, 4, 5, 6, 7)


def card(suit: int, rank: int) -> int:
    """The card of ``suit`` and ``rank``."""
    return suit * 8 + rank


def suit_of(c: int) -> int:
    return c >> 3


def rank_of(c: int) -> int:
    return c & 7


def bit(c: int) -> int:
    return 1 << c


def _beats_table(strength: tuple[int, ...]) -> tuple[int, ...]:
    table = []
    for c in range(32):
        s, r = c >> 3, c & 7
        table.append(sum(1 << (s * 8 + q) for q in RANKS if strength[q] > strength[r]))
    return tuple(table)


#: ``BEATS_TRUMP_ORDER[c]``: cards of c's suit that beat c in trump-contract order.
BEATS_TRUMP_ORDER = _beats_table(TRUMP_ORDER_STRENGTH)
#: ``BEATS_PLAIN_ORDER[c]``: cards of c's suit that beat c in no-trump order.
BEATS_PLAIN_ORDER = _beats_table(PLAIN_ORDER_STRENGTH)


_BYTE_CARDS = tuple(
    tuple(tuple(s * 8 + r for r in range(8) if byte >> r & 1) for byte in range(256))
    for s in range(4)
)


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest card number first."""
    t = _BYTE_CARDS
    return [
        *t[0][mask & 255],
        *t[1][(mask >> 8) & 255],
        *t[2][(mask >> 16) & 255],
        *t[3][(mask >> 24) & 255],
    ]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def count(mask: int) -> int:
    return mask.bit_count()


def card_points(mask: int) -> int:
    """Card points of a set of cards in a trump contract (P1): 10 per Ace and X."""
    return (mask & POINT_CARDS).bit_count() * 10


# --------------------------------------------------------------------------------------------
# notation


def name_en(c: int) -> str:
    """``"Hearts Ace"``."""
    return f"{SUIT_NAMES_EN[c >> 3]} {RANK_NAMES_EN[c & 7]}"


def name_hu(c: int) -> str:
    """``"piros ász"``."""
    return f"{SUIT_NAMES_HU[c >> 3]} {RANK_NAMES_HU[c & 7]}"


def symbol(c: int) -> str:
    """``"♥A"``."""
    return SUIT_SYMBOLS[c >> 3] + RANK_FACES[c & 7]


def code(c: int) -> str:
    """The compact record code, ``"HA"``."""
    return SUIT_LETTERS[c >> 3] + RANK_LETTERS[c & 7]


def name(c: int, lang: str = "en") -> str:
    """A card's name in ``lang``: ``en``, ``hu``, ``symbol`` or ``code``."""
    if lang == "en":
        return name_en(c)
    if lang == "hu":
        return name_hu(c)
    if lang == "symbol":
        return symbol(c)
    if lang == "code":
        return code(c)
    raise ValueError(f"unknown card language {lang!r} (en, hu, symbol, code)")


def suit_name(suit: int, lang: str = "en") -> str:
    """A suit's name: ``Hearts`` / ``piros`` (Hungarian for ``hu``, else English)."""
    return (SUIT_NAMES_HU if lang == "hu" else SUIT_NAMES_EN)[suit]


def suit_words(suit: int, lang: str = "en") -> str:
    """A suit with its sign: ``♥ Hearts`` / ``♥ piros``."""
    return f"{SUIT_SYMBOLS[suit]} {suit_name(suit, lang)}"


def fold(text: str) -> str:
    """Text as the parsers compare it: lower case, accents removed (``"Zöld"`` and ``"zold"``
    fold alike), whitespace collapsed.  The one folding of every name parser (cards, suits,
    actions, bids, the position notation)."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.split())


_SUIT_WORDS: dict[str, int] = {}
for _s in SUITS:
    for _w in (SUIT_NAMES_EN[_s], SUIT_NAMES_HU[_s]):
        _SUIT_WORDS[fold(_w)] = _s
_SUIT_WORDS.update(
    {
        "heart": HEARTS,
        "acorn": ACORNS,
        "leaf": LEAVES,
        "bell": BELLS,
        "red": HEARTS,
        "green": LEAVES,
        "pumpkin": BELLS,
        "tok": BELLS,
        # French suits, mapped one to one (C1)
        "diamonds": BELLS,
        "diamond": BELLS,
        "clubs": ACORNS,
        "club": ACORNS,
        "spades": LEAVES,
        "spade": LEAVES,
    }
)
_SYMBOL_SUITS = {
    "♥": HEARTS,
    "♡": HEARTS,
    "♣": ACORNS,
    "♧": ACORNS,
    "♠": LEAVES,
    "♤": LEAVES,
    "♦": BELLS,
    "♢": BELLS,
}

_RANK_WORDS: dict[str, int] = {}
for _r in RANKS:
    for _w in (RANK_NAMES_EN[_r], RANK_NAMES_HU[_r], RANK_FACES[_r], RANK_LETTERS[_r]):
        _RANK_WORDS[fold(_w)] = _r
_RANK_WORDS.update(
    {
        "seven": SEVEN,
        "eight": EIGHT,
        "nine": NINE,
        "ten": TEN,
        "jack": UNDER,
        "queen": OVER,
        "unter": UNDER,
        "ober": OVER,
        "vii": SEVEN,
        "viii": EIGHT,
        "ix": NINE,
        "x": TEN,
        "u": UNDER,
        "o": OVER,
        "j": UNDER,
        "q": OVER,
        "het": SEVEN,
        "nyolc": EIGHT,
        "kilenc": NINE,
        "tiz": TEN,
    }
)


class CardParseError(UltiError):
    """A text that names no card (C1)."""


def parse_suit(text: str) -> int:
    """A suit by any of its names (C1): English (``"acorns"``, ``"acorn"``), Hungarian
    (``"makk"``, ``"zöld"``, ``"zold"``, ``"tök"``), the French suit it maps to
    (``"clubs"``) or its symbol (``"♣"``).  Raises :class:`CardParseError`."""
    raw = text.strip()
    suit = _SYMBOL_SUITS.get(raw, _SUIT_WORDS.get(fold(raw)))
    if suit is None:
        raise CardParseError(
            f"C1: {text!r} is not a suit (hearts, acorns, leaves, bells; "
            f"piros, makk, zöld, tök; ♥ ♣ ♠ ♦)"
        )
    return suit


def parse_card(text: str) -> int:
    """Parse a card in any notation: ``"Hearts Ace"``, ``"ace of hearts"``, ``"piros ász"``,
    ``"piros asz"``, ``"♥A"``, ``"♥10"``, ``"HA"``.  Raises :class:`CardParseError`."""
    raw = text.strip()
    if not raw:
        raise CardParseError("C1: empty card")
    if raw[0] in _SYMBOL_SUITS:
        rank = _RANK_WORDS.get(fold(raw[1:]))
        if rank is None:
            raise CardParseError(f"C1: {text!r}: unknown rank {raw[1:]!r}")
        return card(_SYMBOL_SUITS[raw[0]], rank)
    folded = fold(raw)
    if len(folded) == 2 and folded[0].upper() in SUIT_LETTERS:
        r = folded[1].upper()
        r = {"J": "U", "Q": "O", "T": "X"}.get(r, r)  # French faces in a record code
        if r in RANK_LETTERS:
            return card(SUIT_LETTERS.index(folded[0].upper()), RANK_LETTERS.index(r))
    words = [w for w in folded.replace(" of ", " ").split(" ") if w]
    if len(words) == 2:
        a, b = words
        if a in _SUIT_WORDS and b in _RANK_WORDS:
            return card(_SUIT_WORDS[a], _RANK_WORDS[b])
        if b in _SUIT_WORDS and a in _RANK_WORDS:
            return card(_SUIT_WORDS[b], _RANK_WORDS[a])
    raise CardParseError(
        f"C1: {text!r} is not a card (try 'Hearts Ace', 'piros ász', '♥A' or 'HA')"
    )


def parse_cards(text: str) -> list[int]:
    """Parse a list of cards separated by commas, or by spaces when each is a symbol or code."""
    text = text.strip()
    if not text:
        return []
    if "," in text:
        return [parse_card(part) for part in text.split(",") if part.strip()]
    tokens = text.split()
    out: list[int] = []
    i = 0
    while i < len(tokens):
        # Prefer one-token cards (symbols, codes); fall back to two-word names.
        try:
            out.append(parse_card(tokens[i]))
            i += 1
            continue
        except CardParseError:
            pass
        if i + 1 < len(tokens):
            out.append(parse_card(tokens[i] + " " + tokens[i + 1]))
            i += 2
            continue
        raise CardParseError(f"C1: {tokens[i]!r} is not a card")
    return out


def iter_cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def sort_for_display(mask: int, trump: int | None = None, no_trump: bool = False) -> list[int]:
    """Cards grouped by suit (trump first when given), strongest first within a suit (C2)."""
    strength = PLAIN_ORDER_STRENGTH if no_trump else TRUMP_ORDER_STRENGTH
    suit_order = list(SUITS)
    if trump is not None:
        suit_order.remove(trump)
        suit_order.insert(0, trump)
    return sorted(cards_of(mask), key=lambda c: (suit_order.index(c >> 3), -strength[c & 7]))


def format_cards(
    mask: int, lang: str = "symbol", trump: int | None = None, no_trump: bool = False
) -> str:
    sep = " " if lang in ("symbol", "code") else ", "
    return sep.join(name(c, lang) for c in sort_for_display(mask, trump, no_trump))
