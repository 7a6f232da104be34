"""The fields of a deal's state, shared by the modules that each run one part of it.

:class:`DealState` holds every field (``__slots__``); :mod:`ulti.games.ulti.auction`,
:mod:`ulti.games.ulti.kontra` and :mod:`ulti.games.ulti.play` are functions over it, one concern
each; :class:`ulti.games.ulti.deal.Deal` puts them behind the public API.  Nothing outside the
engine writes these fields.
"""

from __future__ import annotations

from enum import IntEnum
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple, get_args

from ulti.core.cards import BEATS_TRUMP_ORDER
from ulti.core.errors import UltiError
from ulti.games.ulti.legality import Reason
from ulti.games.ulti.scoring import money

if TYPE_CHECKING:
    from ulti.games.ulti.actions import Action
    from ulti.games.ulti.adjudicator import Adjudicator
    from ulti.games.ulti.bids import Bid, Kind, Ladder
    from ulti.games.ulti.rules import Ruleset
    from ulti.games.ulti.scoring import Item, Money, Outcome, Settlement, Status


class Phase(IntEnum):
    ROUND1 = 0
    DISCARD = 1
    BID = 2
    AUCTION = 3
    TRUMP = 4
    PLAY = 5
    KONTRA = 6
    OVER = 7


#: A phase as an observation, a record or a client names it (``Phase.PLAY.name``).
PhaseName = Literal["ROUND1", "DISCARD", "BID", "AUCTION", "TRUMP", "PLAY", "KONTRA", "OVER"]
#: Each phase's name, by phase.
PHASE_NAMES: tuple[PhaseName, ...] = get_args(PhaseName)
assert tuple(p.name for p in Phase) == PHASE_NAMES


class IllegalAction(UltiError):
    """An action the rules do not allow now.  ``reason`` says why as data (rule id, code,
    parameters); ``rule`` is its RULES.md id.  The state is unchanged."""

    def __init__(self, reason: Reason | str, message: str | None = None) -> None:
        if not isinstance(reason, Reason):
            reason = Reason(reason, "grammar", {"message": message or ""})
        super().__init__(str(reason))
        self.reason = reason
        self.rule = reason.rule


class Event(NamedTuple):
    """One entry of the event log: an action taken, or what followed from it.  Typed: front
    ends render from the fields; ``text`` is the English line for logs.

    ========  ================================================================================
    kind      fields
    ========  ================================================================================
    deal      ``seat``: the dealer; ``value``: forehand
    action    ``seat`` acted: ``action``; ``cards`` its cards; a marriage's ``value`` (20/40)
    auction   ``seat``: who won it; ``name``: the contract's bid key ("" after V1's first round)
    trump     ``seat``: the soloist; ``value``: the trump suit
    trick     ``seat``: the winner; ``cards`` in play order, ``seats`` who played each;
              ``value``: the trick's number (1-10)
    expose    ``cards`` laid face up (R7), ``seats`` whose each is
    over      ``outcome``
    ========  ================================================================================
    """

    kind: str
    seat: int
    text: str
    cards: tuple[int, ...] = ()
    seats: tuple[int, ...] = ()
    action: Action | None = None
    value: int = 0
    name: str = ""
    outcome: Outcome | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "text": self.text,
            "cards": list(self.cards),
            "seats": list(self.seats),
            "action": self.action.to_dict() if self.action is not None else None,
            "value": self.value,
            "name": self.name,
            "outcome": self.outcome.to_dict() if self.outcome is not None else None,
        }


class DealState:
    """Every field of a deal (see :class:`ulti.games.ulti.deal.Deal` for their meaning)."""

    __slots__ = (
        "_bid_table",
        "_claim",
        "_deck",
        "_events",
        "_legal_mask",
        "_money",
        "_settlement",
        "_stack",
        "adjudicator",
        "beats",
        "best_card",
        "best_seat",
        "bid",
        "bid_multiplier",
        "bid_rank",
        "bid_trump",
        "bidder",
        "contract",
        "custom_deck",
        "dealer",
        "exposed",
        "forehand",
        "hands",
        "history",
        "initial_hands",
        "initial_talon",
        "kontra",
        "kontra_cap",
        "kontra_key",
        "kontra_queue",
        "kontra_raised",
        "ladder",
        "last_winner",
        "leader",
        "led_suit",
        "marriages",
        "outcome",
        "pair_due",
        "passes",
        "pending",
        "phase",
        "player",
        "round1_bid",
        "rules",
        "seed",
        "seven_trick",
        "soloist",
        "soloist_had_seven",
        "statuses",
        "taken",
        "talon",
        "talon_owner",
        "trick",
        "trick_mask",
        "trick_seats",
        "tricks",
        "tricks_played",
        "tricks_won",
        "trump",
        "trumped",
        "ulti_bit",
        "ulti_card",
    )

    _bid_table: list[list[Action]]
    _claim: tuple[int, bool] | None  # (position, open component made): R7's cached verdict
    _deck: list[int]
    _events: list[Event] | None
    _legal_mask: tuple[int, int] | None  # (history length, the play rule's mask) just listed
    _money: list[Any] | None
    _stack: list[Undo]
    _settlement: Settlement | None
    adjudicator: Adjudicator | None
    beats: tuple[int, ...]
    best_card: int
    best_seat: int
    bid: Bid | None
    bid_multiplier: int
    bid_rank: int
    bid_trump: int  # W4: the trump named with the standing bid (-1: none named)
    bidder: int
    contract: Bid | None
    custom_deck: bool
    dealer: int
    exposed: int
    forehand: int
    hands: list[int]
    history: list[tuple[int, Action]]
    initial_hands: tuple[int, int, int]
    initial_talon: int
    kontra: dict[Kind, list[int]]
    kontra_cap: int
    kontra_key: tuple[tuple[Kind, int, int], ...]  # the levels, frozen (kontra.key_of)
    kontra_queue: list[int]
    kontra_raised: bool
    ladder: Ladder
    last_winner: int
    leader: int
    led_suit: int
    marriages: list[tuple[int, int]]
    outcome: Outcome | None
    pair_due: int  # W9: a marriage just declared; a card of this suit's pair must follow (-1)
    passes: int
    pending: list[Item]
    phase: Phase
    player: int
    round1_bid: Bid | None
    rules: Ruleset
    seed: int
    seven_trick: int
    soloist: int
    soloist_had_seven: bool
    statuses: dict[Item, Status]
    taken: list[int]
    talon: int
    talon_owner: int
    trick: list[int]
    trick_mask: int
    trick_seats: list[int]
    tricks: list[tuple[int, tuple[int, ...], int]]
    tricks_played: int
    tricks_won: list[int]
    trump: int
    trumped: bool
    ulti_bit: int
    ulti_card: int

    @property
    def defenders(self) -> tuple[int, int]:
        s = self.soloist
        return ((s + 1) % 3, (s + 2) % 3)

    def money(self) -> list[tuple[Item, Money]]:
        """The contract's items with their money (:func:`ulti.games.ulti.scoring.money`), cached."""
        return money(self)

    # -- what undo records need (:class:`Undo`) ---------------------------------------------

    def record_events(self) -> None:
        """Keep the event log live from now on (:class:`ulti.games.ulti.deal.Deal`)."""
        raise NotImplementedError

    def _cut_events(self, n_events: int) -> None:
        """The event log back to its first ``n_events`` entries (rebuilt when it was switched on
        after that point: ``-1``)."""
        if self._events is None:
            return
        if n_events < 0:
            self._events = None
            self.record_events()
        else:
            del self._events[n_events:]

    def _unstart(self, keep_contract: bool) -> None:
        """Back to the fields' values before play began (and, unless ``keep_contract``, before
        the end of the auction)."""
        if not keep_contract:
            self.soloist = -1
            self.contract = None
        self.trump = -1
        self.beats = BEATS_TRUMP_ORDER
        self.ulti_card = -1
        self.ulti_bit = 0
        self.soloist_had_seven = False
        self.kontra = {}
        self.kontra_key = ()
        self.pending = []
        self.statuses = {}
        self.leader = -1
        self.outcome = None
        self._settlement = None
        self._money = None

    def _log(self, action: Action, value: int = 0) -> None:
        p = self.player
        self.history.append((p, action))
        if self._events is not None:
            self._events.append(
                Event("action", p, action._text, action.cards, action=action, value=value)
            )

    def _wrong_phase(self, action: Action, doing: str, rule: str) -> Reason:
        """The refusal of an action of another part of the deal than the one under way."""
        return Reason(
            rule, "wrong-phase", {"seat": self.player, "doing": doing, "action": str(action)}
        )

    @property
    def talon_ace_loses_four_aces(self) -> bool:
        """The rules' option (the Four Aces lost to an Ace in the talon)."""
        return self.rules.talon_ace_loses_four_aces

    @property
    def end_reason(self) -> str:
        """How the deal ended, in English (``""`` while it runs); :attr:`outcome` as data."""
        return self.outcome.text() if self.outcome is not None else ""

    def _finish(self, outcome: Outcome, settlement: Settlement) -> None:
        self.outcome = outcome
        self._settlement = settlement
        self.phase = Phase.OVER
        self.player = -1
        if self._events is not None:
            self._events.append(Event("over", -1, outcome.text(), outcome=outcome))


def key_of(levels: dict[Kind, list[int]]) -> tuple[tuple[Kind, int, int], ...]:
    """The kontra levels frozen: kept in ``d.kontra_key`` whenever they change."""
    return tuple([(k, lv[0], lv[1]) for k, lv in levels.items()])


# --------------------------------------------------------------------------------------------
# undo records (:meth:`ulti.games.ulti.deal.Deal.pop`)


class Undo:
    """What one action changed, to take it back: the module that makes a change pushes its
    record on ``d._stack`` after its checks, just before it changes anything, and the record's
    :meth:`restore` puts the state back as it was (the action is already off the history).
    Each kind of record is kept beside the code that makes its change: a card
    (:mod:`ulti.games.ulti.play`), an auction turn (:mod:`ulti.games.ulti.auction`), a marriage
    or kontra (:class:`Extra`), anything else (:class:`Snapshot`)."""

    __slots__ = ()

    def restore(self, d: DealState, seat: int, action: Action) -> None:
        raise NotImplementedError


class Logged(Undo):
    """A record that also cuts the history and the event log back to their lengths before
    (every kind sets ``n_history`` and ``n_events`` in its own ``__init__``, as
    :class:`Kept`'s kinds set ``kept``, rather than call its parent's: records are made at
    every action, and a call less is worth it there)."""

    __slots__ = ("n_events", "n_history")
    n_events: int
    n_history: int

    def _cut(self, d: DealState) -> None:
        del d.history[self.n_history :]
        d._cut_events(self.n_events)


class Kept(Logged):
    """A record that keeps the fields its kind names in ``KEPT`` as they were, and puts them
    back: fields whose values are never changed in place (a kind that keeps a list as well
    copies it itself)."""

    __slots__ = ("kept",)
    KEPT: ClassVar[tuple[str, ...]] = ()
    _get_kept: ClassVar[attrgetter[tuple[Any, ...]]]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls._get_kept = attrgetter(*cls.KEPT)

    def __init__(self, d: DealState) -> None:
        self.n_history = len(d.history)  # (Logged's fields, set here: the hot path)
        self.n_events = -1 if d._events is None else len(d._events)
        self.kept = self._get_kept(d)

    def _put_back(self, d: DealState) -> None:
        for name, value in zip(self.KEPT, self.kept, strict=True):
            setattr(d, name, value)

    def restore(self, d: DealState, seat: int, action: Action) -> None:
        self._put_back(d)
        self._cut(d)


class Extra(Kept):
    """Before a marriage, or a kontra or its answer: what they change."""

    KEPT = ("kontra_key", "_money", "kontra_raised", "phase", "player")
    __slots__ = ("marriages", "queue")

    def __init__(self, d: DealState) -> None:
        self.n_history = len(d.history)  # (Kept's fields, set here: the hot path)
        self.n_events = -1 if d._events is None else len(d._events)
        self.kept = self._get_kept(d)
        self.marriages = len(d.marriages)
        self.queue = tuple(d.kontra_queue)

    def restore(self, d: DealState, seat: int, action: Action) -> None:
        self._put_back(d)
        d.kontra = {k: [a, b] for k, a, b in d.kontra_key}
        del d.marriages[self.marriages :]
        d.kontra_queue = list(self.queue)
        self._cut(d)


#: The fields an action may change, for :class:`Snapshot` (list fields are kept as tuples and
#: copied back to lists).
_LISTS = (
    "hands",
    "trick",
    "trick_seats",
    "tricks",
    "taken",
    "tricks_won",
    "marriages",
    "kontra_queue",
    "pending",
)
_SCALARS = (
    "_money",
    "_settlement",
    "best_card",
    "best_seat",
    "bid",
    "bid_multiplier",
    "bid_rank",
    "bidder",
    "contract",
    "outcome",
    "exposed",
    "initial_hands",
    "last_winner",
    "leader",
    "led_suit",
    "passes",
    "phase",
    "player",
    "round1_bid",
    "seven_trick",
    "soloist",
    "soloist_had_seven",
    "talon",
    "talon_owner",
    "trick_mask",
    "beats",
    "trump",
    "trumped",
    "ulti_bit",
    "ulti_card",
    "kontra_raised",
    "tricks_played",
    "bid_trump",
    "pair_due",
)
_get_lists = attrgetter(*_LISTS)
_get_scalars = attrgetter(*_SCALARS)


class Snapshot(Logged):
    """Every field an action may change: for the rarer actions that change much at once (the
    end of the auction, a claim, W2's and W4's turns, W9's marriage and its card)."""

    __slots__ = ("kontra", "lists", "scalars", "statuses")

    def __init__(self, d: DealState) -> None:
        self.n_history = len(d.history)  # (Logged's fields, set here: the hot path)
        self.n_events = -1 if d._events is None else len(d._events)
        self.lists = tuple(map(tuple, _get_lists(d)))
        self.scalars = _get_scalars(d)
        self.kontra = {k: tuple(v) for k, v in d.kontra.items()}
        self.statuses = tuple(d.statuses.items())

    def restore(self, d: DealState, seat: int, action: Action) -> None:
        for name, value in zip(_LISTS, self.lists, strict=True):
            setattr(d, name, list(value))
        for name, value in zip(_SCALARS, self.scalars, strict=True):
            setattr(d, name, value)
        d.kontra = {k: list(v) for k, v in self.kontra.items()}
        d.kontra_key = key_of(d.kontra)
        d.statuses = dict(self.statuses)
        self._cut(d)


__all__ = [
    "PHASE_NAMES",
    "DealState",
    "Event",
    "Extra",
    "IllegalAction",
    "Kept",
    "Logged",
    "Phase",
    "PhaseName",
    "Snapshot",
    "Undo",
    "key_of",
]
