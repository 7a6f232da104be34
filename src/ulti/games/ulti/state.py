"""The fields of a deal's state, shared by the modules that each run one part of it.

:class:`DealState` holds every field (``__slots__``); :mod:`ulti.games.ulti.auction`,
:mod:`ulti.games.ulti.kontra` and :mod:`ulti.games.ulti.play` are functions over it, one concern
each; :class:`ulti.games.ulti.deal.Deal` puts them behind the public API.  Nothing outside the
engine writes these fields.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from ulti.core.errors import UltiError
from ulti.games.ulti.legality import Reason

if TYPE_CHECKING:
    from ulti.games.ulti.actions import Action
    from ulti.games.ulti.adjudicator import Adjudicator
    from ulti.games.ulti.bids import Bid, Kind, Ladder
    from ulti.games.ulti.rules import Ruleset
    from ulti.games.ulti.scoring import Item, Outcome, Settlement, Status


class Phase(IntEnum):
    ROUND1 = 0
    DISCARD = 1
    BID = 2
    AUCTION = 3
    TRUMP = 4
    PLAY = 5
    KONTRA = 6
    OVER = 7


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


# : Undo entries (:meth:`ulti.games.ulti.deal.Deal.pop`): each action pushes, just before it changes
# the
#: state, the smallest record of what it will change, tagged by its kind: a card within a trick,
#: a trick's last card, a pass that does not end the auction, a talon picked up or laid, a bid,
#: any other auction action, a marriage or kontra, anything else (a claim).
CARD, LAST_CARD, PASSED, TALON, BIDDEN, AUCTION, EXTRA, FULL = range(8)


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
    _stack: list[tuple[Any, ...]]
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

    def money(self) -> list[Any]:
        """The contract's items with their money (:func:`ulti.games.ulti.scoring.money`), cached."""
        if self._money is None:
            from ulti.games.ulti.scoring import money

            self._money = money(self)
        return self._money

    # -- undo entries (pushed by the module that makes the change, after its checks) ----------

    def _n_events(self) -> int:
        return -1 if self._events is None else len(self._events)

    def _push_auction(self) -> None:
        """Before an auction action that may end the auction or a round: what it changes
        (play has not begun)."""
        self._stack.append(
            (
                AUCTION,
                tuple(self.hands),
                self.talon,
                self.talon_owner,
                self.phase,
                self.player,
                self.bid,
                self.bid_rank,
                self.bidder,
                self.passes,
                self.bid_multiplier,
                self.round1_bid,
                self.initial_hands,
                len(self.history),
                self._n_events(),
            )
        )

    def _push_extra(self) -> None:
        """Before a marriage, or a kontra or its answer: what they change."""
        self._stack.append(
            (
                EXTRA,
                self.kontra_key,
                self._money,
                len(self.marriages),
                tuple(self.kontra_queue),
                self.kontra_raised,
                self.phase,
                self.player,
                len(self.history),
                self._n_events(),
            )
        )

    def _full_entry(self) -> tuple[Any, ...]:
        """An undo entry that restores every field (:class:`ulti.games.ulti.deal.Deal` writes
        it)."""
        raise NotImplementedError

    def _log(self, action: Action, value: int = 0) -> None:
        p = self.player
        self.history.append((p, action))
        if self._events is not None:
            self._events.append(
                Event("action", p, action._text, action.cards, action=action, value=value)
            )

    def _wrong_phase(self, action: Action, doing: str, rule: str) -> IllegalAction:
        return IllegalAction(
            Reason(
                rule, "wrong-phase", {"seat": self.player, "doing": doing, "action": str(action)}
            )
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


__all__ = ["DealState", "Event", "IllegalAction", "Phase"]
