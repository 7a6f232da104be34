"""Snapszli: the Hungarian two-player Schnapsen, for when only two are present.

The rule book is ``docs/SNAPSZLI.md`` (ids Z1-Z13, options ZV1-ZV4).  This module shares with Ulti
what truly is shared — the cards and their notations (:mod:`ulti.core.cards`), the words
(:mod:`ulti.i18n`), the seeds (:func:`ulti.core.seeds.shuffled_deck`), the error base — and
bends nothing of Ulti's engine.  :class:`SnapDeal` has the same state API as
:class:`ulti.games.ulti.deal.Deal`: ``current_player``, ``legal_actions`` (actions with one text
form, read back by :func:`parse_action`), ``apply``/``undo`` (``push``/``pop``), ``clone``,
``observation(seat)``, ``events``, ``outcome``, ``returns``; records replay
(:func:`to_record`/:func:`from_record`) and :class:`SnapMatch` plays a match to 7 (Z12).

Cards are Ulti's ints (``suit * 8 + rank``); the 20-card pack holds the ranks X, Alsó, Felső,
Király, Ász of the four suits (Z1), the 24-card one the IX too (ZV1).

========================  =======================================================
canonical text            meaning
========================  =======================================================
``play ♥A``               play a card (Z4, Z5)
``marriage hearts``       announce the King-Over marriage of a suit as you lead (Z7)
``exchange``              the trump Alsó (IX in ZV1) for the turned card (Z6)
``close``                 close the talon (Z8)
``claim``                 claim 66 (Z9)
========================  =======================================================

Hungarian words are read too: ``húsz piros``/``negyven makk``/``bemondás zöld``,
``csere``, ``betakarás``, ``elég``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Any, NamedTuple

from ulti.core.cards import (
    ACE,
    KING,
    NINE,
    OVER,
    SUIT_NAMES_EN,
    SUIT_NAMES_HU,
    SUIT_SYMBOLS,
    TEN,
    UNDER,
    CardParseError,
    cards_of,
    code,
    fold,
    name,
    parse_card,
    parse_suit,
    symbol,
)
from ulti.core.errors import CatalogueError, UltiError
from ulti.games.base import GameInfo
from ulti.games.rulesfile import read_rules_file
from ulti.i18n import CATALOGUE, text

# -- cards (Z1, ZV1) ---------------------------------------------------------------------------

#: Card points by rank (Z1): Ász 11, X 10, Király 4, Felső 3, Alsó 2; the IX of ZV1 counts 0.
POINTS = {NINE: 0, TEN: 10, UNDER: 2, OVER: 3, KING: 4, ACE: 11}
#: Strength within a suit (Z1): Ász > X > Király > Felső > Alsó (> IX).
STRENGTH = {NINE: 0, UNDER: 1, OVER: 2, KING: 3, TEN: 4, ACE: 5}
RANKS_20 = (TEN, UNDER, OVER, KING, ACE)
RANKS_24 = (NINE, *RANKS_20)
#: Points a claim must reach (Z9).
TARGET = 66
#: The points below which a loser gives up two game points, not one (Z9, Z10, Z11).
SCHNEIDER = 33


def pack(twenty_four: bool = False) -> list[int]:
    """The cards of the pack, in the engine's order (Z1; ZV1 adds the IXs)."""
    ranks = RANKS_24 if twenty_four else RANKS_20
    return sorted(s * 8 + r for s in range(4) for r in ranks)


def card_points(mask: int) -> int:
    return sum(POINTS[c & 7] for c in cards_of(mask))


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` played to a trick beats ``best``, the card winning it so far (Z4)."""
    if card >> 3 == best >> 3:
        return STRENGTH[card & 7] > STRENGTH[best & 7]
    return card >> 3 == trump


# -- rules (ZV options, presets, TOML) --------------------------------------------------------


class SnapRulesError(CatalogueError):
    """A Snapszli ruleset that does not hold together (naming the ZV option), or a rules file
    that cannot be read: a catalogue error (:class:`~ulti.core.errors.CatalogueError`).  Raised with
    a ``code`` (and ``params``), the catalogue's ``snap.rules-CODE``, or by
    :func:`ulti.games.rulesfile.read_rules_file` with a key of its ``rules.file-…``; ``str`` is the
    English, :meth:`text` says it in English or Hungarian.  A plain message not in the
    catalogue is kept as given, in every language."""

    section = "snap"

    def __init__(self, key: str = "", /, code: str = "", **params: Any) -> None:
        self.key = self.code = code or key
        self.fields = self.params = params
        UltiError.__init__(self, self.text("en"))

    def text(self, lang: str = "en") -> str:
        for full in (f"snap.rules-{self.key}", f"rules.{self.key}"):
            if full in CATALOGUE:
                return text(full, lang, **self.params)
        return self.key


@dataclass(frozen=True)
class SnapRules:
    """The options of docs/SNAPSZLI.md; the defaults are the book's standard game."""

    twenty_four: bool = False  # ZV1: the IXs added, 6 cards each, a talon of 12
    match_points: int = 7  # ZV2 / Z12: game points that win the match
    min_talon: int = 3  # ZV3: Z6 and Z8 need the talon (turned card included) to hold this many
    last_trick_ten: bool = False  # ZV4: the last trick counts 10 more
    preset: str = "standard"

    def __post_init__(self) -> None:
        for key, rule in (("twenty_four", "ZV1"), ("last_trick_ten", "ZV4")):
            if not isinstance(getattr(self, key), bool):
                raise SnapRulesError(code="bool", rule=rule, key=key)
        for key, rule, low, high in (("match_points", "ZV2", 1, 99), ("min_talon", "ZV3", 1, 12)):
            v = getattr(self, key)
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise SnapRulesError(code="int", rule=rule, key=key, low=low, high=high)
        if self.preset not in PRESETS:
            raise SnapRulesError(code="preset", preset=self.preset, presets=", ".join(PRESETS))

    @property
    def hand_size(self) -> int:
        return 6 if self.twenty_four else 5

    @classmethod
    def from_preset(cls, preset: str) -> SnapRules:
        if preset not in PRESETS:
            raise SnapRulesError(code="preset", preset=preset, presets=", ".join(PRESETS))
        return cls(**PRESETS[preset], preset=preset)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SnapRules:
        if not isinstance(data, Mapping):
            raise SnapRulesError(code="table")
        data = dict(data)
        preset = data.pop("preset", "standard")
        if not isinstance(preset, str):
            raise SnapRulesError(code="preset-name")
        base = cls.from_preset(preset)
        known = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in known:
                raise SnapRulesError(
                    code="option", key=key, options=", ".join(o for o, _r, _d in OPTIONS)
                )
        return dataclasses.replace(base, **data)

    @classmethod
    def from_toml(cls, path: str | Path) -> SnapRules:
        return cls.from_dict(read_rules_file(path, PRESETS, SnapRulesError))

    def with_options(self, **options: Any) -> SnapRules:
        known = {f.name for f in dataclasses.fields(self)}
        for key in options:
            if key not in known:
                raise SnapRulesError(
                    code="option", key=key, options=", ".join(o for o, _r, _d in OPTIONS)
                )
        return dataclasses.replace(self, **options)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


#: Every option, its rule id and what it does (``ulti rules --game snapszli`` prints them).
OPTIONS: tuple[tuple[str, str, str], ...] = (
    ("twenty_four", "ZV1", "24 cards: the IXs added, 6 cards each, the talon 11 + the turned card"),
    ("match_points", "ZV2", "game points that win the match (Z12)"),
    ("min_talon", "ZV3", "talon size (turned card included) Z6 and Z8 need at least"),
    ("last_trick_ten", "ZV4", "the last trick counts 10 more (the Sixty-Six custom)"),
)

#: Named presets.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "sixty-six": {"twenty_four": True, "last_trick_ten": True},
    "short": {"match_points": 3},
}


# -- actions -----------------------------------------------------------------------------------


class Kind(IntEnum):
    PLAY = 0
    MARRIAGE = 1
    EXCHANGE = 2
    CLOSE = 3
    CLAIM = 4


class SnapAction(NamedTuple):
    """One action.  ``id``: plays 0-31 (the card), marriages 32-35, exchange 36, close 37,
    claim 38 (:data:`NUM_ACTIONS` in all)."""

    kind: Kind
    card: int = -1
    suit: int = -1

    def __str__(self) -> str:
        k = self.kind
        if k == Kind.PLAY:
            return f"play {symbol(self.card)}"
        if k == Kind.MARRIAGE:
            return f"marriage {SUIT_NAMES_EN[self.suit].lower()}"
        return k.name.lower()

    @property
    def id(self) -> int:
        k = self.kind
        if k == Kind.PLAY:
            return self.card
        if k == Kind.MARRIAGE:
            return 32 + self.suit
        return 36 + int(k) - int(Kind.EXCHANGE)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": str(self), "kind": self.kind.name.lower(), "id": self.id}
        if self.kind == Kind.PLAY:
            out["card"] = self.card
        elif self.kind == Kind.MARRIAGE:
            out["suit"] = self.suit
        return out


NUM_ACTIONS = 39


class SnapParseError(UltiError):
    """A text that is no Snapszli action."""


def play(card: int) -> SnapAction:
    return SnapAction(Kind.PLAY, card=card)


def marriage(suit: int) -> SnapAction:
    return SnapAction(Kind.MARRIAGE, suit=suit)


EXCHANGE = SnapAction(Kind.EXCHANGE)
CLOSE = SnapAction(Kind.CLOSE)
CLAIM = SnapAction(Kind.CLAIM)

_WORDS = {
    "exchange": EXCHANGE,
    "csere": EXCHANGE,
    "close": CLOSE,
    "betakar": CLOSE,
    "betakaras": CLOSE,
    "takar": CLOSE,
    "claim": CLAIM,
    "eleg": CLAIM,
    "66": CLAIM,
}
_MARRIAGE_WORDS = ("marriage", "husz", "negyven", "bemondas", "bemond")


def parse_action(raw: str) -> SnapAction:
    """An action from its text: the canonical form and the other notations (module doc)."""
    if not isinstance(raw, str):
        raise SnapParseError(f"an action is a text, not {type(raw).__name__}")
    t = fold(raw).strip()
    if t in _WORDS:
        return _WORDS[t]
    word, _, rest = t.partition(" ")
    rest = rest.strip()
    try:
        if word in ("play", "hiv", "lap") and rest:
            return play(parse_card(rest))
        if word in _MARRIAGE_WORDS and rest:
            return marriage(parse_suit(rest))
        if word not in ("play",) and not rest:
            return play(parse_card(t))
    except (CardParseError, UltiError):
        pass
    raise SnapParseError(
        f"{raw!r} is not a Snapszli action (play ♥A, marriage hearts, exchange, close, claim)"
    )


def action_from_id(ident: int) -> SnapAction:
    if not isinstance(ident, int) or not 0 <= ident < NUM_ACTIONS:
        raise SnapParseError(f"no action has id {ident!r} (0-{NUM_ACTIONS - 1})")
    if ident < 32:
        return play(ident)
    if ident < 36:
        return marriage(ident - 32)
    return (EXCHANGE, CLOSE, CLAIM)[ident - 36]


def describe(a: SnapAction, lang: str = "en", trump: int = -1) -> str:
    """An action in a player's words (buttons and logs)."""
    if a.kind == Kind.PLAY:
        return name(a.card, "hu" if lang == "hu" else "en")
    if a.kind == Kind.MARRIAGE:
        suit = (
            f"{SUIT_SYMBOLS[a.suit]} {(SUIT_NAMES_HU if lang == 'hu' else SUIT_NAMES_EN)[a.suit]}"
        )
        return text("snap.act-marriage", lang, points=40 if a.suit == trump else 20, suit=suit)
    return text(f"snap.act-{a.kind.name.lower()}", lang)


# -- refusals ----------------------------------------------------------------------------------


class SnapIllegal(UltiError):
    """An action the rules do not allow now: ``rule`` (a SNAPSZLI.md id), ``code`` and
    ``params``; :meth:`text` says why in English or Hungarian.  The state is unchanged."""

    def __init__(self, rule: str, code: str, **params: Any) -> None:
        self.rule = rule
        self.code = code
        self.params = params
        super().__init__(f"{rule}: {self.text('en')}")

    def text(self, lang: str = "en") -> str:
        words: dict[str, Any] = {}
        for k, v in self.params.items():
            if k in ("card", "best"):
                words[k] = name(v, "hu") if lang == "hu" else symbol(v)
            elif k == "suit":
                words[k] = (SUIT_NAMES_HU if lang == "hu" else SUIT_NAMES_EN)[v]
            else:
                words[k] = v
        return text(f"snap.no-{self.code}", lang, **words)


# -- the deal ----------------------------------------------------------------------------------


class End(NamedTuple):
    """How a deal ended: ``rule`` (Z9/Z10/Z11), ``code`` (its words: ``snap.end-CODE``), the
    winner of the deal, the game points won and ``params`` for the words."""

    rule: str
    code: str
    winner: int
    game_points: int
    params: Mapping[str, Any] = {}

    def text(self, lang: str = "en", names: Sequence[str] = ("0", "1")) -> str:
        words = {k: (names[v] if k in ("seat", "other") else v) for k, v in self.params.items()}
        return f"{self.rule}: " + text(f"snap.end-{self.code}", lang, **words)


class SnapEvent(NamedTuple):
    """One entry of the event log: ``kind`` (action, trick, draw, end), the seat, the action
    taken, the cards concerned and a value (a trick's points, the game points of the end)."""

    kind: str
    seat: int
    action: SnapAction | None = None
    cards: tuple[int, ...] = ()
    value: int = 0


@dataclass
class _State:
    """Every field of a deal (copied whole for undo: a deal is small)."""

    hands: list[int]
    talon: list[int]  # top first; the last is the turned card while the talon is open
    trump: int
    leader: int
    trick: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    marriages: list[tuple[int, int]] = field(default_factory=list)  # (seat, suit) announced
    pending: int = -1  # a marriage announced this lead: its suit (the card follows)
    closed_by: int = -1
    closing: tuple[int, int] = (0, 0)  # Z11: the opponent's tricks and points when closed
    last_winner: int = -1
    end: End | None = None
    history: list[tuple[int, SnapAction]] = field(default_factory=list)
    events: list[SnapEvent] = field(default_factory=list)


def _copy(s: _State) -> _State:
    """A copy of the state for undo (its lists copied; the rest is immutable)."""
    return dataclasses.replace(
        s,
        hands=list(s.hands),
        talon=list(s.talon),
        trick=list(s.trick),
        won=list(s.won),
        tricks=list(s.tricks),
        marriages=list(s.marriages),
        history=list(s.history),
        events=list(s.events),
    )


class SnapDeal:
    """One deal of Snapszli between seats 0 and 1; ``dealer`` deals, the other is forehand."""

    def __init__(
        self,
        rules: SnapRules | None = None,
        seed: int = 0,
        dealer: int = 0,
        deck: Sequence[int] | None = None,
    ) -> None:
        self.rules = rules or SnapRules()
        self.seed = seed
        self.dealer = dealer
        cards = pack(self.rules.twenty_four)
        if deck is None:
            from ulti.core.seeds import shuffled_deck

            in_pack = set(cards)
            order = [c for c in shuffled_deck(seed) if c in in_pack]
            self.custom_deck = False
        else:
            order = list(deck)
            if sorted(order) != cards:
                raise UltiError(
                    f"Z1: a deck of this game holds the {len(cards)} cards of the pack, once each"
                )
            self.custom_deck = True
        self.deck = tuple(order)
        fh = 1 - dealer
        hands = [0, 0]
        second = 3 if self.rules.twenty_four else 2
        i = 0
        for seat, n in ((fh, 3), (dealer, 3)):  # Z2: three each
            for c in order[i : i + n]:
                hands[seat] |= 1 << c
            i += n
        turned = order[i]
        i += 1
        for seat, n in ((fh, second), (dealer, second)):  # then two (three in ZV1) each
            for c in order[i : i + n]:
                hands[seat] |= 1 << c
            i += n
        talon = [*order[i:], turned]
        self._s = _State(hands=hands, talon=talon, trump=turned >> 3, leader=fh)
        self._undo: list[_State] = []
        self._s.events.append(SnapEvent("deal", dealer, cards=(turned,)))

    # -- reading the state ----------------------------------------------------------------------

    @property
    def forehand(self) -> int:
        return 1 - self.dealer

    @property
    def hands(self) -> tuple[int, int]:
        return (self._s.hands[0], self._s.hands[1])

    @property
    def trump(self) -> int:
        return self._s.trump

    @property
    def talon(self) -> tuple[int, ...]:
        return tuple(self._s.talon)

    @property
    def turned(self) -> int:
        """The face-up trump card while the talon is open and holds it (-1 otherwise)."""
        s = self._s
        return s.talon[-1] if s.talon and s.closed_by < 0 else -1

    @property
    def trick(self) -> tuple[int, ...]:
        return tuple(self._s.trick)

    @property
    def leader(self) -> int:
        return self._s.leader

    @property
    def closed_by(self) -> int:
        return self._s.closed_by

    @property
    def history(self) -> list[tuple[int, SnapAction]]:
        return list(self._s.history)

    @property
    def events(self) -> list[SnapEvent]:
        return list(self._s.events)

    @property
    def marriages(self) -> list[tuple[int, int]]:
        return list(self._s.marriages)

    @property
    def outcome(self) -> End | None:
        return self._s.end

    def strict(self) -> bool:
        """Whether Z5's strict play applies: the talon is empty or closed."""
        return not self._s.talon or self._s.closed_by >= 0

    def tricks_won(self, seat: int) -> int:
        return self._s.tricks[seat]

    def won_cards(self, seat: int) -> int:
        return self._s.won[seat]

    def points(self, seat: int) -> int:
        """Card points won plus marriages credited (Z7: once a trick is won; one announced whose
        card is still to be led counts too — "twenty and out"), plus the last trick's ten in
        ZV4."""
        s = self._s
        total = card_points(s.won[seat])
        if s.tricks[seat]:
            total += sum(40 if suit == s.trump else 20 for who, suit in s.marriages if who == seat)
            if s.pending >= 0 and seat == s.leader:  # announced, its card not yet led (Z7)
                total += 40 if s.pending == s.trump else 20
        if self.rules.last_trick_ten and s.last_winner == seat and not any(s.hands):
            total += 10
        return total

    def is_over(self) -> bool:
        return self._s.end is not None

    @property
    def current_player(self) -> int:
        s = self._s
        if s.end is not None:
            return -1
        return s.leader if not s.trick else 1 - s.leader

    def returns(self) -> tuple[int, int]:
        """Game points won by each seat (zero-sum: one wins what the other does not)."""
        e = self._s.end
        if e is None:
            return (0, 0)
        return (e.game_points, -e.game_points) if e.winner == 0 else (-e.game_points, e.game_points)

    def game_points(self) -> tuple[int, int]:
        """The game points each seat scores for the match (Z12): the winner's, and 0."""
        e = self._s.end
        if e is None:
            return (0, 0)
        return (e.game_points, 0) if e.winner == 0 else (0, e.game_points)

    # -- legality -----------------------------------------------------------------------------

    def _can_exchange_or_close(self) -> bool:
        s = self._s
        return s.closed_by < 0 and len(s.talon) >= self.rules.min_talon

    def _exchange_card(self) -> int:
        """The trump card that exchanges for the turned card (Z6; the IX in ZV1)."""
        return self._s.trump * 8 + (NINE if self.rules.twenty_four else UNDER)

    def legal_cards(self) -> list[int]:
        """The cards the player to move may play now (Z4, Z5, Z7)."""
        s = self._s
        if s.end is not None:
            return []
        p = self.current_player
        hand = s.hands[p]
        if not s.trick:
            if s.pending >= 0:  # Z7: lead one of the marriage's two cards
                return [c for c in (s.pending * 8 + KING, s.pending * 8 + OVER) if hand >> c & 1]
            return cards_of(hand)
        if not self.strict():
            return cards_of(hand)
        return cards_of(self._strict_mask(hand, s.trick[0]))

    def _strict_mask(self, hand: int, led: int) -> int:
        """Z5: follow and win if you can; void, trump if you can; else anything."""
        suit = led >> 3
        same = hand & (0xFF << (8 * suit))
        if same:
            higher = sum(1 << c for c in cards_of(same) if STRENGTH[c & 7] > STRENGTH[led & 7])
            return higher or same
        trumps = hand & (0xFF << (8 * self._s.trump))
        return trumps or hand

    def legal_actions(self) -> list[SnapAction]:
        s = self._s
        if s.end is not None:
            return []
        p = self.current_player
        out: list[SnapAction] = []
        if not s.trick and s.pending < 0:
            if self._can_exchange_or_close() and s.hands[p] >> self._exchange_card() & 1:
                out.append(EXCHANGE)
            if self._can_exchange_or_close():
                out.append(CLOSE)
            for suit in range(4):
                if s.hands[p] >> (suit * 8 + KING) & 1 and s.hands[p] >> (suit * 8 + OVER) & 1:
                    out.append(marriage(suit))
        out.extend(play(c) for c in self.legal_cards())
        out.append(CLAIM)
        return out

    def why_illegal(self, a: SnapAction) -> SnapIllegal | None:
        """Why ``a`` may not be taken now (None: it may)."""
        s = self._s
        if s.end is not None:
            return SnapIllegal("Z9", "over")
        p = self.current_player
        if a.kind == Kind.CLAIM:
            return None
        if a.kind in (Kind.EXCHANGE, Kind.CLOSE, Kind.MARRIAGE):
            rule = {Kind.EXCHANGE: "Z6", Kind.CLOSE: "Z8", Kind.MARRIAGE: "Z7"}[a.kind]
            if s.trick:
                return SnapIllegal(rule, "on-lead")
            if s.pending >= 0:
                return SnapIllegal("Z7", "one-marriage")
            if a.kind == Kind.MARRIAGE:
                k, o = a.suit * 8 + KING, a.suit * 8 + OVER
                if not (s.hands[p] >> k & 1 and s.hands[p] >> o & 1):
                    return SnapIllegal("Z7", "no-marriage", suit=a.suit)
                return None
            if s.closed_by >= 0:
                return SnapIllegal(rule, "closed")
            if len(s.talon) < self.rules.min_talon:
                return SnapIllegal(
                    "ZV3" if self.rules.min_talon != 3 else rule,
                    "talon-small",
                    size=len(s.talon),
                    need=self.rules.min_talon,
                )
            if a.kind == Kind.EXCHANGE:
                want = self._exchange_card()
                if not s.hands[p] >> want & 1:
                    return SnapIllegal("Z6", "no-exchange-card", card=want)
            return None
        c = a.card
        if not 0 <= c < 32 or not s.hands[p] >> c & 1:
            return (
                SnapIllegal("Z4", "not-held", card=c)
                if 0 <= c < 32
                else SnapIllegal("Z1", "not-a-card")
            )
        if c in self.legal_cards():
            return None
        if s.pending >= 0:
            return SnapIllegal("Z7", "marriage-card", suit=s.pending)
        led = s.trick[0]
        hand = s.hands[p]
        if hand & (0xFF << (8 * (led >> 3))):
            if c >> 3 != led >> 3:
                return SnapIllegal("Z5", "follow", suit=led >> 3)
            return SnapIllegal("Z5", "overtake", best=led)
        return SnapIllegal("Z5", "trump", suit=s.trump)

    # -- applying -----------------------------------------------------------------------------

    def apply(self, a: SnapAction | str) -> None:
        """Take an action (its text is read too); SnapIllegal and nothing changes when the
        rules refuse it."""
        if isinstance(a, str):
            a = parse_action(a)
        why = self.why_illegal(a)
        if why is not None:
            raise why
        self._undo.append(_copy(self._s))
        s = self._s
        p = self.current_player
        s.history.append((p, a))
        s.events.append(SnapEvent("action", p, a, (a.card,) if a.kind == Kind.PLAY else ()))
        if a.kind == Kind.CLAIM:
            self._claim(p)
        elif a.kind == Kind.EXCHANGE:
            want = self._exchange_card()
            taken = s.talon[-1]
            s.hands[p] = s.hands[p] & ~(1 << want) | (1 << taken)
            s.talon[-1] = want
        elif a.kind == Kind.CLOSE:
            opp = 1 - p
            s.closed_by = p
            s.closing = (s.tricks[opp], self.points(opp))
        elif a.kind == Kind.MARRIAGE:
            s.pending = a.suit
        else:
            self._play(p, a.card)

    push = apply

    def undo(self) -> None:
        if not self._undo:
            raise UltiError("nothing to undo")
        self._s = self._undo.pop()

    pop = undo

    def clone(self) -> SnapDeal:
        other = copy.copy(self)
        other._s = _copy(self._s)
        other._undo = list(self._undo)
        return other

    def _play(self, p: int, c: int) -> None:
        s = self._s
        s.hands[p] &= ~(1 << c)
        if not s.trick:
            if s.pending >= 0:
                s.marriages.append((p, s.pending))
                s.pending = -1
            s.trick.append(c)
            return
        led = s.trick[0]
        winner = p if beats(c, led, s.trump) else s.leader
        s.won[winner] |= (1 << led) | (1 << c)
        s.tricks[winner] += 1
        s.trick = []
        s.last_winner = winner
        s.leader = winner
        s.events.append(
            SnapEvent("trick", winner, cards=(led, c), value=POINTS[led & 7] + POINTS[c & 7])
        )
        if s.talon and s.closed_by < 0:  # Z4: the winner draws first; the last is the trump
            first, second = s.talon[0], s.talon[1]
            s.talon = s.talon[2:]
            s.hands[winner] |= 1 << first
            s.hands[1 - winner] |= 1 << second
            s.events.append(SnapEvent("draw", winner, value=len(s.talon)))
        if not any(s.hands):
            self._last_trick(winner)

    def _last_trick(self, w: int) -> None:
        """The hands are played out: a winner of the last trick who holds 66 claims it (Z9:
        right after winning a trick); else Z10 or Z11 decide."""
        s = self._s
        if self.points(w) >= TARGET:
            self._claim(w, automatic=True)
            return
        if s.closed_by < 0:  # Z10: the last trick wins the deal, scored as a true claim
            self._finish("Z10", "last-trick", w, self._by_points(1 - w), seat=w)
        else:
            self._closer_fails("last-trick-closed")

    def _by_points(self, opp: int, tricks: int | None = None, points: int | None = None) -> int:
        """Z9's scale by the opponent's tricks and points: 3 with no trick, 2 below 33, else 1."""
        t = self._s.tricks[opp] if tricks is None else tricks
        pts = self.points(opp) if points is None else points
        return 3 if t == 0 else 2 if pts < SCHNEIDER else 1

    def _closer_fails(self, code: str) -> None:
        s = self._s
        closer = s.closed_by
        opp = 1 - closer
        gp = 3 if s.closing[0] == 0 else 2
        self._finish("Z11", code, opp, gp, seat=closer, other=opp)

    def _claim(self, p: int, automatic: bool = False) -> None:
        s = self._s
        opp = 1 - p
        true = self.points(p) >= TARGET
        pts = self.points(p)
        if s.closed_by < 0 or (s.closed_by == opp and not true):
            if true:
                code = "claim-last" if automatic else "claim"
                self._finish("Z9", code, p, self._by_points(opp), seat=p, points=pts)
            else:
                gp = 3 if s.tricks[opp] == 0 else 2
                self._finish("Z9", "false-claim", opp, gp, seat=p, points=pts, other=opp)
        elif s.closed_by == p:
            if true:
                tricks, points = s.closing
                gp = self._by_points(opp, tricks, points)
                self._finish("Z11", "closer-claims", p, gp, seat=p, points=pts)
            else:
                self._closer_fails("closer-false-claim")
        else:  # the closer's opponent makes a true claim first: the closing fails (Z11)
            self._closer_fails("opponent-claims")

    def _finish(self, rule: str, code: str, winner: int, gp: int, **params: Any) -> None:
        s = self._s
        s.end = End(rule, code, winner, gp, params)
        s.events.append(SnapEvent("end", winner, value=gp))

    # -- observation (Z13) --------------------------------------------------------------------

    def observation(self, seat: int, show_points: bool = False) -> SnapObservation:
        """What ``seat`` may know (Z13): its hand, the turned card while it lies face up (and
        which card was turned at the deal: both saw it, Z2), every card played, the shown card
        of each marriage, the talon's size; its own points only when ``show_points`` (a
        learner's option), never the opponent's."""
        if seat not in (0, 1, -1):
            raise UltiError("seat: 0 or 1 (or -1, a spectator)")
        s = self._s
        shown = []
        announced = s.marriages + ([(s.leader, s.pending)] if s.pending >= 0 else [])
        for who, suit in announced:
            played_by_them = [
                a.card
                for w, a in s.history
                if w == who and a.kind == Kind.PLAY and a.card >> 3 == suit
            ]
            for c in (suit * 8 + KING, suit * 8 + OVER):
                if c not in played_by_them:
                    shown.append(c)
        return SnapObservation(
            seat=seat,
            hand=()
            if seat < 0
            else tuple(sorted(cards_of(s.hands[seat]), key=lambda c: (c >> 3, -STRENGTH[c & 7]))),
            trump=s.trump,
            turned=self.turned,
            turned_at_deal=self.deck[6],
            talon_size=len(s.talon),
            closed_by=s.closed_by,
            leader=s.leader,
            trick=tuple(s.trick),
            current_player=self.current_player,
            history=tuple(s.history),
            marriages=tuple(s.marriages),
            pending=s.pending,
            shown=tuple(shown),
            tricks=(s.tricks[0], s.tricks[1]),
            own_points=self.points(seat) if show_points and seat >= 0 else None,
            legal=tuple(self.legal_actions()) if self.current_player == seat >= 0 else (),
            over=s.end is not None,
            outcome=s.end,
        )

    def key(self) -> tuple[Any, ...]:
        return (self.rules, self.seed, self.dealer, self.deck, tuple(self._s.history))


@dataclass(frozen=True)
class SnapObservation:
    """A seat's view of a deal (Z13)."""

    seat: int
    hand: tuple[int, ...]
    trump: int
    turned: int
    turned_at_deal: int  # Z2: both players saw it turned; remembering it is no peeking
    talon_size: int
    closed_by: int
    leader: int
    trick: tuple[int, ...]
    current_player: int
    history: tuple[tuple[int, SnapAction], ...]
    marriages: tuple[tuple[int, int], ...]
    pending: int  # a marriage the leader announced, its card still to lead (-1: none)
    shown: tuple[int, ...]
    tricks: tuple[int, int]
    own_points: int | None
    legal: tuple[SnapAction, ...]
    over: bool
    outcome: End | None

    def played(self) -> tuple[int, ...]:
        """Every card played so far."""
        return tuple(a.card for _, a in self.history if a.kind == Kind.PLAY)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hand": list(self.hand),
            "trump": self.trump,
            "turned": self.turned,
            "turned_at_deal": self.turned_at_deal,
            "talon_size": self.talon_size,
            "closed_by": self.closed_by,
            "leader": self.leader,
            "trick": list(self.trick),
            "current_player": self.current_player,
            "history": [{"seat": w, "action": a.to_dict()} for w, a in self.history],
            "marriages": [list(m) for m in self.marriages],
            "pending": self.pending,
            "shown": list(self.shown),
            "tricks": list(self.tricks),
            "own_points": self.own_points,
            "legal": [a.to_dict() for a in self.legal],
            "over": self.over,
            "outcome": None
            if self.outcome is None
            else {
                "rule": self.outcome.rule,
                "code": self.outcome.code,
                "winner": self.outcome.winner,
                "game_points": self.outcome.game_points,
                "text": self.outcome.text("en"),
                "text_hu": self.outcome.text("hu"),
            },
        }


# -- records -----------------------------------------------------------------------------------

FORMAT = "ulti-snapszli-record"
VERSION = 1


def to_record(d: SnapDeal, players: Sequence[str] | None = None) -> dict[str, Any]:
    """A deal as a JSON-ready record: rules, seed, dealer, deck when not from the seed, and
    every action's text."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": d.rules.to_dict(),
        "seed": d.seed,
        "dealer": d.dealer,
        "players": list(players or ("0", "1")),
        "actions": [[who, str(a)] for who, a in d.history],
    }
    if d.custom_deck:
        rec["deck"] = [code(c) for c in d.deck]
    if d.outcome is not None:
        rec["result"] = list(d.returns())
    return rec


def from_record(rec: Any) -> SnapDeal:
    """A record read back and replayed (every action checked again): UltiError naming what is
    wrong, never a half-read deal."""
    if not isinstance(rec, dict) or rec.get("format") != FORMAT:
        raise UltiError(f"not a Snapszli record (the format is {FORMAT!r})")
    if rec.get("version") != VERSION:
        raise UltiError(f"a Snapszli record of version {rec.get('version')!r} is not read here")
    rules = SnapRules.from_dict(rec.get("rules") or {})
    seed, dealer = rec.get("seed", 0), rec.get("dealer", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise UltiError("seed: a non-negative integer")
    if dealer not in (0, 1):
        raise UltiError("dealer: 0 or 1")
    deck = None
    if "deck" in rec:
        try:
            deck = [parse_card(c) for c in rec["deck"]]
        except (CardParseError, TypeError) as exc:
            raise UltiError(f"deck: {exc}") from None
    d = SnapDeal(rules, seed, dealer, deck)
    actions = rec.get("actions", [])
    if not isinstance(actions, list):
        raise UltiError("actions: a list of [seat, text]")
    for i, item in enumerate(actions):
        if not (isinstance(item, list) and len(item) == 2):
            raise UltiError(f"action {i + 1}: [seat, text]")
        who, txt = item
        if who != d.current_player:
            raise UltiError(f"action {i + 1}: seat {who} is not to move")
        try:
            d.apply(str(txt))
        except UltiError as exc:
            raise UltiError(f"action {i + 1} ({txt}): {exc}") from None
    if "result" in rec and d.is_over() and list(d.returns()) != rec["result"]:
        raise UltiError("the record's result differs from its replay")
    return d


def dumps(d: SnapDeal, players: Sequence[str] | None = None) -> str:
    return json.dumps(to_record(d, players), ensure_ascii=False, indent=1)


def render(d: SnapDeal, players: Sequence[str] = ("0", "1"), lang: str = "en") -> str:
    """A readable account of a deal: the hands dealt, every action, the end."""
    fresh = SnapDeal(d.rules, d.seed, d.dealer, d.deck if d.custom_deck else None)
    lines = [
        text("snap.render-head", lang, seed=d.seed, dealer=players[d.dealer]),
        text(
            "snap.render-trump",
            lang,
            card=name(fresh.turned, "hu" if lang == "hu" else "en"),
        ),
    ]
    for seat in (0, 1):
        hand = ", ".join(
            name(c, "hu" if lang == "hu" else "en") for c in cards_of(fresh.hands[seat])
        )
        lines.append(f"  {players[seat]}: {hand}")
    for who, a in d.history:
        lines.append(f"  {players[who]}: {describe(a, lang, d.trump)}")
    if d.outcome is not None:
        lines.append(d.outcome.text(lang, players))
        gp = d.game_points()
        lines.append(text("snap.render-score", lang, a=players[0], b=players[1], x=gp[0], y=gp[1]))
    return "\n".join(lines)


# -- a match (Z12) -----------------------------------------------------------------------------


class SnapMatch:
    """Deals between two players until one reaches the match points (Z12, ZV2); the dealer
    alternates; each deal's seed is derived from the match's."""

    def __init__(
        self,
        rules: SnapRules | None = None,
        seed: int = 0,
        first_dealer: int = 0,
        players: Sequence[str] = ("0", "1"),
    ) -> None:
        self.rules = rules or SnapRules()
        self.seed = seed
        self.first_dealer = first_dealer
        self.players = list(players)
        self.deals: list[SnapDeal] = []
        self.next_deal()

    @property
    def deal(self) -> SnapDeal:
        return self.deals[-1]

    def totals(self) -> tuple[int, int]:
        t = [0, 0]
        for d in self.deals:
            g = d.game_points()
            t[0] += g[0]
            t[1] += g[1]
        return (t[0], t[1])

    def is_over(self) -> bool:
        return max(self.totals()) >= self.rules.match_points

    def winner(self) -> int:
        t = self.totals()
        return -1 if not self.is_over() else (0 if t[0] > t[1] else 1)

    def next_deal(self) -> SnapDeal:
        if self.deals and not self.deal.is_over():
            raise UltiError("the deal in progress is not over")
        if self.deals and self.is_over():
            raise UltiError(f"Z12: the match is over ({self.totals()[0]}-{self.totals()[1]})")
        from ulti.core.seeds import derive_seed

        n = len(self.deals)
        d = SnapDeal(self.rules, derive_seed(self.seed, n), (self.first_dealer + n) % 2)
        self.deals.append(d)
        return d

    def to_record(self) -> dict[str, Any]:
        return {
            "format": MATCH_FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "players": self.players,
            "deals": [to_record(d, self.players) for d in self.deals],
        }

    @classmethod
    def from_record(cls, rec: Any) -> SnapMatch:
        if not isinstance(rec, dict) or rec.get("format") != MATCH_FORMAT:
            raise UltiError(f"not a Snapszli match (the format is {MATCH_FORMAT!r})")
        rules = SnapRules.from_dict(rec.get("rules") or {})
        players = rec.get("players") or ["0", "1"]
        m = cls(rules, int(rec.get("seed", 0)), int(rec.get("first_dealer", 0)), players)
        deals = rec.get("deals") or []
        if not isinstance(deals, list):
            raise UltiError("deals: a list of records")
        m.deals = []
        for i, dr in enumerate(deals):
            try:
                d = from_record(dr)
            except UltiError as exc:
                raise UltiError(f"deal {i + 1}: {exc}") from None
            m.deals.append(d)
        if not m.deals:
            m.next_deal()
        return m

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_record(), ensure_ascii=False), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> SnapMatch:
        return cls.from_record(json.loads(Path(path).read_text(encoding="utf-8")))


MATCH_FORMAT = "ulti-snapszli-match"


def play_out(d: SnapDeal, choose: Any) -> Iterator[tuple[int, SnapAction]]:
    """Play ``d`` to its end with ``choose(deal) -> action``, yielding each move."""
    while not d.is_over():
        p = d.current_player
        a = choose(d)
        d.apply(a)
        yield p, a


def decision_kind(obs: SnapObservation, legal: Sequence[SnapAction]) -> str:
    """``call`` when more than a card may be chosen (a marriage, the exchange, closing, a
    claim), else ``card``."""
    return "card" if all(a.kind == Kind.PLAY for a in legal) else "call"


def _deal(rules: SnapRules | None, seed: int, dealer: int, deck: Sequence[int] | None) -> SnapDeal:
    return SnapDeal(rules, seed, dealer, deck)


#: Snapszli as the framework sees it (:mod:`ulti.games.base`): two seats.
SNAPSZLI: GameInfo[SnapDeal, SnapAction] = GameInfo(
    name="snapszli",
    seats=2,
    deal=_deal,
    parse_action=parse_action,
    decision_kind=decision_kind,
    kinds=("card", "call"),
)


__all__ = [
    "CLAIM",
    "CLOSE",
    "EXCHANGE",
    "NUM_ACTIONS",
    "OPTIONS",
    "POINTS",
    "PRESETS",
    "SNAPSZLI",
    "STRENGTH",
    "TARGET",
    "End",
    "Kind",
    "SnapAction",
    "SnapDeal",
    "SnapEvent",
    "SnapIllegal",
    "SnapMatch",
    "SnapObservation",
    "SnapParseError",
    "SnapRules",
    "SnapRulesError",
    "action_from_id",
    "beats",
    "card_points",
    "decision_kind",
    "describe",
    "from_record",
    "marriage",
    "pack",
    "parse_action",
    "play",
    "render",
    "to_record",
]
