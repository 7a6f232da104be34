"""The actions of a deal and their one text grammar.

Every action has one canonical text form, ``str(action)``, which :func:`parse_action` reads back
to the same action.  The parser also accepts the other card notations, Hungarian words and
spacing/case/accent variations; the printer always writes the canonical form.

========================  =======================================================
canonical text            meaning
========================  =======================================================
``pass``                  pass in the auction, or decline to answer a kontra (A2, K1)
``pickup``                pick up the talon (A2)
``discard ♥A ♠7``         lay two cards face down as the talon (A1, A2)
``bid 40-100 ulti``       a bid of the ladder, by its English name (B5)
``trump acorns``          announce the trump suit after the auction (B6)
``kontra ulti``           double one component; also ``rekontra``, ``subkontra``,
                          ``mordkontra``, ``hirschkontra``, ``fedaksari``, ``bicycle``,
                          then ``kontra-256``, ``kontra-512``, ... (K1, K2)
``marriage hearts``       declare the King-Over marriage of a suit (R5)
``play ♥A``               play a card (R1-R6)
``claim``                 claim in an open contract: settle by proven best play (R7)
========================  =======================================================

Also accepted: ``play piros ász``, ``play Hearts Ace``, ``play HA``, ``discard piros ász, makk
hetes``, ``bid piros negyvenszáz ulti``, ``trump makk``, ``kontra negyvenszáz``, ``pick up``,
``passz``.

Each action also has a stable integer ``id`` in ``0..NUM_ACTIONS-1`` (OpenSpiel-style action
space): plays 0-31, discards 32-527, bids 528-583, pass 584, pickup 585, claim 586, trump
587-590, marriages 591-594, kontras 595-706 (levels 1-16 of each component kind).
"""

from __future__ import annotations

import functools
from enum import IntEnum

from ulti.core.cards import (
    SUIT_NAMES_EN,
    CardParseError,
    fold,
    name_en,
    name_hu,
    parse_card,
    parse_cards,
    parse_suit,
    suit_words,
    symbol,
)
from ulti.core.errors import UltiError
from ulti.games.ulti.bids import (
    ALL_BIDS,
    BID_BY_KEY,
    KIND_NAMES,
    KIND_NAMES_HU,
    KIND_TITLES,
    KIND_TITLES_HU,
    Kind,
    Ladder,
    _regroup,
    find_bid,
    parse_features,
)
from ulti.i18n import names, text


class ActionKind(IntEnum):
    PLAY = 0
    DISCARD = 1
    BID = 2
    PASS = 3
    PICKUP = 4
    CLAIM = 5
    TRUMP = 6
    MARRIAGE = 7
    KONTRA = 8


class ActionParseError(UltiError):
    """A text that is no action."""


#: Names of kontra levels (K2): level 1 = Kontra (x2) ... level 7 = Wheeled Bicycle (x128).
KONTRA_WORDS = (
    "kontra",
    "rekontra",
    "subkontra",
    "mordkontra",
    "hirschkontra",
    "fedaksari",
    "bicycle",
)
#: The kontra levels' names (ulti.i18n): Kontra, Rekontra, … Wheeled Bicycle.
KONTRA_TITLES = names("kontra", 7, "en", start=1)
KONTRA_LEVELS_WITH_ID = 16


#: … and in Hungarian: kontra, rekontra, szubkontra, mordkontra, hirskontra, fedák sári, bicikli.
KONTRA_TITLES_HU = names("kontra", 7, "hu", start=1)


def kontra_title(level: int, lang: str = "en") -> str:
    titles = KONTRA_TITLES_HU if lang == "hu" else KONTRA_TITLES
    if 1 <= level <= len(titles):
        return titles[level - 1]
    return text("kontra.n", lang, times=1 << level)


def kontra_on(component: Kind, level: int, lang: str = "en") -> str:
    """A kontra in words: ``Rekontra on Ulti`` / ``ulti: rekontra``."""
    kind = (KIND_TITLES_HU if lang == "hu" else KIND_TITLES)[Kind(component)]
    return text("kontra.on", lang, kontra=kontra_title(level, lang), kind=kind)


def describe(
    action: Action, lang: str = "en", *, trump: int = -1, ladder: Ladder | None = None
) -> str:
    """An action in a player's words, for buttons and logs: ``Passz``, ``Rekontra on Ulti``,
    ``Declare 40 ♥ Hearts``, ``piros ász`` (a card by its name).  ``trump`` tells a marriage's
    points; ``ladder`` names bids (else the catalogue's standard names)."""
    k = action.kind
    hu = lang == "hu"
    if k == ActionKind.PASS:
        return text("act.pass", lang)
    if k == ActionKind.PICKUP:
        return text("act.pickup", lang)
    if k == ActionKind.CLAIM:
        return text("act.claim", lang)
    if k == ActionKind.PLAY:
        return name_hu(action.card) if hu else name_en(action.card)
    if k == ActionKind.DISCARD:
        if not action.cards:
            return text("act.discard", lang)
        cards = ", ".join(name_hu(c) if hu else name_en(c) for c in action.cards)
        return text("act.discard-cards", lang, cards=cards)
    if k == ActionKind.TRUMP:
        return text("trump.on", lang, suit=suit_words(action.suit, lang))
    if k == ActionKind.MARRIAGE:
        points = 40 if action.suit == trump else 20
        return text("marriage.on", lang, points=points, suit=suit_words(action.suit, lang))
    if k == ActionKind.KONTRA:
        return kontra_on(action.component, action.level, lang)
    b = ladder[action.bid] if ladder is not None else BID_BY_KEY[action.bid]
    return b.title_hu if hu else b.title


def kontra_word(level: int) -> str:
    if 1 <= level <= len(KONTRA_WORDS):
        return KONTRA_WORDS[level - 1]
    return f"kontra-{1 << level}"


class Action:
    """One action.  Immutable; the same action is the same object wherever it was made."""

    __slots__ = ("_text", "bid", "card", "cards", "component", "id", "kind", "level", "suit")

    kind: ActionKind
    id: int
    card: int
    cards: tuple[int, ...]
    bid: str
    suit: int
    component: Kind
    level: int
    _text: str

    def __init__(
        self,
        kind: ActionKind,
        id: int,
        text: str,
        *,
        card: int = -1,
        cards: tuple[int, ...] = (),
        bid: str = "",
        suit: int = -1,
        component: Kind = Kind.SIMPLE,
        level: int = 0,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "bid", bid)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "component", component)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "_text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self._text == other._text

    def __hash__(self) -> int:
        return hash(self._text)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_action, (self._text,))

    def to_dict(self) -> dict[str, object]:
        """A typed, JSON-ready form: ``text`` (canonical), ``kind``, ``id`` and the fields of
        its kind (``card``; ``cards``; ``bid``; ``suit``; ``component`` and ``level``)."""
        k = self.kind
        out: dict[str, object] = {"text": self._text, "kind": k.name.lower(), "id": self.id}
        if k == ActionKind.PLAY:
            out["card"] = self.card
        elif k == ActionKind.DISCARD:
            out["cards"] = list(self.cards)
        elif k == ActionKind.BID:
            out["bid"] = self.bid
        elif k in (ActionKind.TRUMP, ActionKind.MARRIAGE):
            out["suit"] = self.suit
        elif k == ActionKind.KONTRA:
            out["component"] = int(self.component)
            out["level"] = self.level
        return out


# --------------------------------------------------------------------------------------------
# the interned actions

PLAY: tuple[Action, ...] = tuple(
    Action(ActionKind.PLAY, c, f"play {symbol(c)}", card=c, cards=(c,)) for c in range(32)
)
_DISCARD_BASE = 32
DISCARD: dict[tuple[int, int], Action] = {}
_i = 0
for _a in range(32):
    for _b in range(_a + 1, 32):
        DISCARD[(_a, _b)] = Action(
            ActionKind.DISCARD,
            _DISCARD_BASE + _i,
            f"discard {symbol(_a)} {symbol(_b)}",
            cards=(_a, _b),
        )
        _i += 1
_BID_BASE = _DISCARD_BASE + _i
BID: dict[str, Action] = {
    b.key: Action(ActionKind.BID, _BID_BASE + b.order, f"bid {b.key}", bid=b.key) for b in ALL_BIDS
}
_NEXT = _BID_BASE + 56
PASS = Action(ActionKind.PASS, _NEXT, "pass")
PICKUP = Action(ActionKind.PICKUP, _NEXT + 1, "pickup")
CLAIM = Action(ActionKind.CLAIM, _NEXT + 2, "claim")
_TRUMP_BASE = _NEXT + 3
TRUMP: tuple[Action, ...] = tuple(
    Action(ActionKind.TRUMP, _TRUMP_BASE + s, f"trump {SUIT_NAMES_EN[s].lower()}", suit=s)
    for s in range(4)
)
_MARRIAGE_BASE = _TRUMP_BASE + 4
MARRIAGE: tuple[Action, ...] = tuple(
    Action(ActionKind.MARRIAGE, _MARRIAGE_BASE + s, f"marriage {SUIT_NAMES_EN[s].lower()}", suit=s)
    for s in range(4)
)
_KONTRA_BASE = _MARRIAGE_BASE + 4
NUM_ACTIONS = _KONTRA_BASE + len(Kind) * KONTRA_LEVELS_WITH_ID
_KONTRA_CACHE: dict[tuple[Kind, int], Action] = {}


def play(c: int) -> Action:
    return PLAY[c]


def discard(a: int, b: int) -> Action:
    """The action of laying cards ``a`` and ``b`` (in either order)."""
    if a == b:
        raise ValueError("A1: the two discarded cards must differ")
    return DISCARD[(a, b) if a < b else (b, a)]


def bid(key: str) -> Action:
    return BID[key]


def trump(suit: int) -> Action:
    return TRUMP[suit]


def marriage(suit: int) -> Action:
    return MARRIAGE[suit]


def kontra(component: Kind, level: int = 1) -> Action:
    """The double of ``component`` to ``level`` (1 = Kontra x2, 2 = Rekontra x4, ...)."""
    if level < 1:
        raise ValueError("K2: kontra levels start at 1")
    key = (Kind(component), level)
    act = _KONTRA_CACHE.get(key)
    if act is None:
        ident = (
            _KONTRA_BASE + key[0] * KONTRA_LEVELS_WITH_ID + level - 1
            if level <= KONTRA_LEVELS_WITH_ID
            else -1
        )
        act = Action(
            ActionKind.KONTRA,
            ident,
            f"{kontra_word(level)} {KIND_NAMES[key[0]]}",
            component=key[0],
            level=level,
        )
        _KONTRA_CACHE[key] = act
    return act


def from_id(ident: int) -> Action:
    """The action of an integer id (the inverse of ``action.id``)."""
    if 0 <= ident < 32:
        return PLAY[ident]
    for table in (DISCARD.values(), BID.values()):
        for act in table:
            if act.id == ident:
                return act
    for act in (PASS, PICKUP, CLAIM, *TRUMP, *MARRIAGE):
        if act.id == ident:
            return act
    if _KONTRA_BASE <= ident < NUM_ACTIONS:
        k, lvl = divmod(ident - _KONTRA_BASE, KONTRA_LEVELS_WITH_ID)
        return kontra(Kind(k), lvl + 1)
    raise ValueError(f"no action has id {ident}")


# --------------------------------------------------------------------------------------------
# parsing


_VERBS = {
    "play": "play",
    "jatszik": "play",
    "hiv": "play",
    "lead": "play",
    "discard": "discard",
    "lay": "discard",
    "lerak": "discard",
    "talon": "discard",
    "bid": "bid",
    "mond": "bid",
    "licit": "bid",
    "pass": "pass",
    "passz": "pass",
    "decline": "pass",
    "nincs": "pass",
    "pickup": "pickup",
    "felvesz": "pickup",
    "take": "pickup",
    "claim": "claim",
    "trump": "trump",
    "adu": "trump",
    "trumps": "trump",
    "marriage": "marriage",
    "declare": "marriage",
    "bemond": "marriage",
    "hazassag": "marriage",
    "20": "marriage",
    "40": "marriage",
}
_KONTRA_PARSE = {w: i + 1 for i, w in enumerate(KONTRA_WORDS)}
_KONTRA_PARSE.update(
    {
        "double": 1,
        "redouble": 2,
        "kontra": 1,
        "rekontra": 2,
        "re": 2,
        "szubkontra": 3,
        "surdouble": 3,
        "mord": 4,
        "hirsch": 5,
        "fedak": 6,
        "fedak-sari": 6,
        "fedaksari": 6,
        "bicikli": 7,
        "bicycle": 7,
    }
)
#: Component names (folded): the English and Hungarian names of ulti.games.ulti.bids, and a few
#: variants.
_COMPONENT_PARSE: dict[str, Kind] = {fold(n): k for k, n in KIND_NAMES.items()}
_COMPONENT_PARSE.update({fold(n): k for k, n in KIND_NAMES_HU.items()})
_COMPONENT_PARSE.update(
    {
        "parti": Kind.SIMPLE,
        "four-aces": Kind.FOUR_ACES,
        "4 aces": Kind.FOUR_ACES,
        "4 asz": Kind.FOUR_ACES,
        "durch": Kind.DURCHMARS,
    }
)


def parse_component(text: str) -> Kind:
    """A contract component by name, as a kontra names it (K1): ``"ulti"``, ``"40-100"``,
    ``"four aces"``, ``"négy ász"``, ``"negyvenszáz"``, ``"parti"`` ...  Raises
    :class:`ActionParseError`."""
    comp = _COMPONENT_PARSE.get(fold(text))
    if comp is None:
        raise ActionParseError(
            f"K1: {text!r}: name a component (simple, 40-100, four aces, "
            f"ulti, betli, durchmars, 20-100)"
        )
    return comp


def _parse_kontra(word: str, rest: str, text: str) -> Action:
    if word in _KONTRA_PARSE:
        level = _KONTRA_PARSE[word]
    elif word.startswith("kontra-") and word[7:].isdigit():
        mult = int(word[7:])
        if mult < 2 or mult & (mult - 1):
            raise ActionParseError(f"K2: {text!r}: a kontra multiplier is a power of two")
        level = mult.bit_length() - 1
    else:
        raise ActionParseError(f"{text!r}: unknown kontra word {word!r}")
    comp = _COMPONENT_PARSE.get(rest)
    if comp is None:
        raise ActionParseError(
            f"K1: {text!r}: name the component to double (simple, 40-100, "
            f"four aces, ulti, betli, durchmars, 20-100)"
        )
    return kontra(comp, level)


def parse_action(text: str) -> Action:
    """Read an action from text (the canonical form and the variants listed in this module)."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action is text, not {type(text).__name__}")
    raw = " ".join(text.strip().split())
    if not raw:
        raise ActionParseError("empty action")
    folded = fold(raw)
    if folded in ("pick up", "take talon", "pickup talon", "felveszi"):
        return PICKUP
    # two-word kontra names
    for multi in ("fedak sari", "wheeled bicycle"):
        if folded.startswith(multi + " "):
            return _parse_kontra(
                "fedaksari" if multi == "fedak sari" else "bicycle", folded[len(multi) + 1 :], text
            )
    head, _, rest_raw = raw.partition(" ")
    word = fold(head)
    rest = fold(rest_raw)
    if word in _KONTRA_PARSE or (word.startswith("kontra-") and word != "kontra-"):
        return _parse_kontra(word, rest, text)
    verb = _VERBS.get(word)
    if verb is None:
        raise ActionParseError(
            f"{text!r}: unknown action {head!r} (play, discard, bid, pass, pickup, trump, "
            f"kontra, marriage, claim)"
        )
    if verb in ("pass", "pickup", "claim"):
        if rest:
            raise ActionParseError(f"{text!r}: '{verb}' takes nothing after it")
        return {"pass": PASS, "pickup": PICKUP, "claim": CLAIM}[verb]
    if not rest:
        raise ActionParseError(f"{text!r}: '{verb}' needs an argument")
    try:
        if verb == "play":
            return PLAY[parse_card(rest_raw)]
        if verb == "discard":
            cards = parse_cards(rest_raw)
            if len(cards) != 2:
                raise ActionParseError(f"A1: {text!r}: lay exactly two cards")
            if cards[0] == cards[1]:
                raise ActionParseError(f"A1: {text!r}: the two cards must differ")
            return discard(cards[0], cards[1])
    except CardParseError as exc:
        raise ActionParseError(str(exc)) from None
    if verb == "bid":
        key = " ".join(rest.split())
        if key in BID_BY_KEY:
            return BID[key]
        try:
            parse_features(rest_raw)
            b = _find_any(rest_raw)
        except ValueError as exc:
            raise ActionParseError(str(exc)) from None
        return BID[b]
    if verb in ("trump", "marriage"):
        words = rest.split()
        try:
            if len(words) != 1:
                raise CardParseError(rest)
            s = parse_suit(words[0])
        except CardParseError:
            raise ActionParseError(
                f"{text!r}: name one suit (hearts, acorns, leaves, bells)"
            ) from None
        return TRUMP[s] if verb == "trump" else MARRIAGE[s]
    raise ActionParseError(f"{text!r}: cannot read")  # pragma: no cover


@functools.cache
def _catalogue() -> Ladder:
    """Every known bid (standard and variant-only), each in a rank of its own: for names."""
    return _regroup([[b] for b in ALL_BIDS])


def _find_any(text: str) -> str:
    """The key of the bid ``text`` names among every known bid."""
    return find_bid(_catalogue(), text).key
