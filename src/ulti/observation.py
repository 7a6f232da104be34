"""Per-seat projections of a deal: the only way hidden information leaves the engine.

A seat sees its own hand; the talon only while it is the talon that seat laid; its own discards;
every public act (bids, passes, pick-ups, trump, kontras, marriages, cards played); the hands
laid open in an open contract after the first trick (R7, V10).  It never sees another hand, a
talon laid by someone else, the deck order or the seed (D2) — until the deal is over, when the
seed and the whole deal are shown (the talon's points count in the settlement, P3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from ulti.actions import Action, ActionKind
from ulti.bids import Kind
from ulti.cards import card_points, cards_of
from ulti.scoring import Outcome

if TYPE_CHECKING:
    from ulti.deal import Deal


class Move(NamedTuple):
    """One entry of the public course of a deal: ``seat`` took ``action`` (``None`` for
    another seat's discard, whose cards are hidden: ``kind`` is still ``DISCARD``)."""

    seat: int
    kind: ActionKind
    action: Action | None

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind.name.lower(),
                "action": self.action.to_dict() if self.action is not None else None}


@dataclass(frozen=True)
class Observation:
    """What one seat may know of a deal at one moment.  Cards are ints (see :mod:`ulti.cards`)."""

    seat: int
    phase: str
    current_player: int
    dealer: int
    forehand: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, int, int]
    talon: tuple[int, ...] | None  # the current talon, only for the seat that laid it
    talon_owner: int  # who laid the current talon (public), -1 if nobody
    bid: str | None
    bidder: int
    bid_multiplier: int
    soloist: int
    contract: str | None
    trump: int
    history: tuple[Move, ...]  # every action, others' discards without their cards
    marriages: tuple[tuple[int, int], ...]  # (seat, suit) declared
    kontras: tuple[tuple[Kind, int, int], ...]  # (component, level vs 1st, vs 2nd defender)
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # (leader, cards in play order, winner)
    trick: tuple[int, ...]  # the cards of the trick in progress
    trick_leader: int
    exposed: tuple[tuple[int, tuple[int, ...]], ...]  # hands laid open (R7)
    points_taken: tuple[int, int, int]  # card points in each seat's tricks (public: cards seen)
    legal_actions: tuple[Action, ...]  # only for the player to act
    over: bool
    end_reason: str  # in English; ``outcome`` as data
    outcome: Outcome | None
    settlement: dict[str, Any] | None
    seed: int | None  # only when the deal is over (D2)
    dealt_hands: tuple[tuple[int, ...], ...] | None  # the dealt hands, only when over
    final_talon: tuple[int, ...] | None  # the talon, only when over

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        d: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            v = getattr(self, name)
            d[name] = _jsonable(v)
        return d

    def visible_cards(self) -> int:
        """Every card this observation names, as a mask (used to test that nothing leaks)."""
        m = 0
        for c in self.hand:
            m |= 1 << c
        for c in self.talon or ():
            m |= 1 << c
        for _, cs, _ in self.tricks:
            for c in cs:
                m |= 1 << c
        for c in self.trick:
            m |= 1 << c
        for _, cs in self.exposed:
            for c in cs:
                m |= 1 << c
        for hand in self.dealt_hands or ():
            for c in hand:
                m |= 1 << c
        for c in self.final_talon or ():
            m |= 1 << c
        for move in self.history:
            for c in move.action.cards if move.action is not None else ():
                m |= 1 << c
        for a in self.legal_actions:
            for c in a.cards:
                m |= 1 << c
        return m


def _jsonable(v: Any) -> Any:
    if isinstance(v, Move | Action | Outcome):
        return v.to_dict()
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    if isinstance(v, Enum):
        return v.value
    return v


def observe(d: Deal, seat: int) -> Observation:
    if seat not in (0, 1, 2):
        raise ValueError("C3: a seat is 0, 1 or 2")
    over = d.is_over()
    history = []
    for who, act in d.history:
        if act.kind == ActionKind.DISCARD and who != seat and not over:
            history.append(Move(who, act.kind, None))
        else:
            history.append(Move(who, act.kind, act))
    exposed = tuple((p, tuple(cards_of(d.hands[p]))) for p in range(3)
                    if d.exposed >> p & 1 and p != seat)
    show_talon = over or (d.talon_owner == seat and d.talon_owner >= 0)
    kontras = tuple((Kind(k), v[0], v[1]) for k, v in sorted(d.kontra.items()))
    legal = tuple(d.legal_actions()) if d.current_player == seat else ()
    settlement = d.settlement.to_dict() if d.settlement is not None else None
    return Observation(
        seat=seat,
        phase=d.phase.name,
        current_player=d.current_player,
        dealer=d.dealer,
        forehand=d.forehand,
        hand=tuple(cards_of(d.hands[seat])),
        hand_sizes=(d.hands[0].bit_count(), d.hands[1].bit_count(), d.hands[2].bit_count()),
        talon=tuple(cards_of(d.talon)) if show_talon else None,
        talon_owner=d.talon_owner,
        bid=d.bid.key if d.bid else None,
        bidder=d.bidder,
        bid_multiplier=d.bid_multiplier,
        soloist=d.soloist,
        contract=d.contract.key if d.contract else None,
        trump=d.trump,
        history=tuple(history),
        marriages=tuple(d.marriages),
        kontras=kontras,
        tricks=tuple(d.tricks),
        trick=tuple(d.trick),
        trick_leader=d.leader if d.trick else -1,
        exposed=exposed,
        points_taken=(card_points(d.taken[0]), card_points(d.taken[1]), card_points(d.taken[2])),
        legal_actions=legal,
        over=over,
        end_reason=d.end_reason,
        outcome=d.outcome,
        settlement=settlement,
        seed=d.seed if over else None,
        dealt_hands=tuple(tuple(cards_of(h)) for h in d.initial_hands) if over else None,
        final_talon=tuple(cards_of(d.talon)) if over else None,
    )
