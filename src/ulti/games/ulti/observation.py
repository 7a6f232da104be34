"""Per-seat projections of a deal: the only way hidden information leaves the engine.

A seat sees its own hand; the talon only while it is the talon that seat laid; its own discards;
every public act (bids, passes, pick-ups, trump, kontras, marriages, cards played); the hands
laid open in an open contract after the first trick (R7, V10).  It never sees another hand, a
talon laid by someone else, the deck order or the seed (D2) — until the deal is over, when the
seed and the whole deal are shown (the talon's points count in the settlement, P3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from ulti.core.cards import card_points, cards_of, code
from ulti.games.ulti.actions import Action, ActionKind, kontra_title
from ulti.games.ulti.bids import BID_BY_KEY, KIND_TITLES, KIND_TITLES_HU, Kind
from ulti.games.ulti.scoring import Outcome
from ulti.games.ulti.state import PHASE_NAMES, PhaseName

if TYPE_CHECKING:
    from ulti.games.ulti.deal import Deal


class Move(NamedTuple):
    """One entry of the public course of a deal: ``seat`` took ``action`` (``None`` for
    another seat's discard, whose cards are hidden: ``kind`` is still ``DISCARD``)."""

    seat: int
    kind: ActionKind
    action: Action | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind.name.lower(),
            "action": self.action.to_dict() if self.action is not None else None,
        }


@dataclass(frozen=True)
class Observation:
    """What one seat may know of a deal at one moment.  Cards are ints (see
    :mod:`ulti.core.cards`)."""

    seat: int
    phase: PhaseName
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

    def tensor(self) -> list[float]:
        """This observation as numbers, in the layout of :data:`TENSOR_LAYOUT` (the same for
        every ruleset; :func:`tensor_layout` names each segment's offset)."""
        return observation_tensor(self)

    def text(self) -> str:
        """This observation as one deterministic string (OpenSpiel's observation string):
        the same observation gives the same text, and the text names nothing the
        observation does not hold."""
        return observation_text(self)

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


#: The seat of a spectator's observation: what every player may see, and nothing more.
SPECTATOR = -1


def observe(d: Deal, seat: int) -> Observation:
    """``seat``'s projection of ``d``; :data:`SPECTATOR` (-1) is the public one a watcher
    gets: no hand, no talon, nobody's discards, until the deal is over."""
    if seat not in (0, 1, 2, SPECTATOR):
        raise ValueError("C3: a seat is 0, 1 or 2 (or -1, a spectator)")
    over = d.is_over()
    history = []
    for who, act in d.history:
        if act.kind == ActionKind.DISCARD and who != seat and not over:
            history.append(Move(who, act.kind, None))
        else:
            history.append(Move(who, act.kind, act))
    exposed = tuple(
        (p, tuple(cards_of(d.hands[p]))) for p in range(3) if d.exposed >> p & 1 and p != seat
    )
    show_talon = over or (d.talon_owner == seat and d.talon_owner >= 0)
    kontras = tuple((Kind(k), v[0], v[1]) for k, v in sorted(d.kontra.items()))
    legal = tuple(d.legal_actions()) if d.current_player == seat != SPECTATOR else ()
    settlement = d.settlement.to_dict() if d.settlement is not None else None
    return Observation(
        seat=seat,
        phase=PHASE_NAMES[d.phase],
        current_player=d.current_player,
        dealer=d.dealer,
        forehand=d.forehand,
        hand=tuple(cards_of(d.hands[seat])) if seat != SPECTATOR else (),
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


# --------------------------------------------------------------------------------------------
# one observer, two forms: numbers and text


#: The observation tensor, segment by segment: (name, size).  Cards are bits in card order
#: (``suit * 8 + rank``, :mod:`ulti.core.cards`); seats are absolute (0-2); "one-hot + none"
#: segments have a last slot for "nobody" / "not yet"; kontra levels and counts are plain numbers.
TENSOR_LAYOUT: tuple[tuple[str, int], ...] = (
    ("seat", 3),  # one-hot: the observing seat (all zero for a spectator)
    ("phase", len(PHASE_NAMES)),  # one-hot
    ("current_player", 4),  # one-hot + none (the deal is over)
    ("dealer", 3),
    ("hand", 32),  # the seat's own cards
    ("talon", 32),  # the talon, while it is the one this seat laid; all of it once over
    ("talon_owner", 4),
    ("bid", 57),  # one-hot over every bid (ulti.games.ulti.bids.ALL_BIDS order) + none
    ("bidder", 4),
    ("bid_multiplier", 1),  # 1, or 2 when V1's first-round bid stood
    ("contract", 57),
    ("soloist", 4),
    ("trump", 5),  # one-hot over the suits + none (no trump, or not yet named)
    ("marriages", 12),  # seat * 4 + suit: declared (R5)
    ("kontra", 14),  # kind * 2 + defender: the level (K2, K3)
    ("played", 96),  # seat * 32 + card: the cards each seat played in finished tricks
    ("taken", 96),  # seat * 32 + card: the cards in each seat's tricks
    ("trick", 96),  # seat * 32 + card: the trick in progress, by who played each card
    ("trick_leader", 4),
    ("exposed", 96),  # seat * 32 + card: hands laid open (R7)
    ("hand_sizes", 3),  # cards held by each seat
    ("tricks_won", 3),
    ("points_taken", 3),  # card points in each seat's tricks
    ("over", 1),
)


def segment_offsets(layout: Sequence[tuple[str, int]]) -> dict[str, tuple[int, int]]:
    """Each segment's (offset, size) in a tensor laid out as ``layout``: (name, size) in order."""
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for name, size in layout:
        out[name] = (at, size)
        at += size
    return out


def tensor_layout() -> dict[str, tuple[int, int]]:
    """Each segment's (offset, size) in the tensor."""
    return segment_offsets(TENSOR_LAYOUT)


TENSOR_SIZE = sum(size for _, size in TENSOR_LAYOUT)
_LAYOUT = tensor_layout()


def observation_tensor(o: Observation) -> list[float]:
    t = [0.0] * TENSOR_SIZE

    def one_hot(name: str, index: int) -> None:  # index -1: the "none" slot
        at, size = _LAYOUT[name]
        t[at + (index if index >= 0 else size - 1)] = 1.0

    def cards(name: str, cs: Any, block: int = 0) -> None:
        at = _LAYOUT[name][0] + 32 * block
        for c in cs:
            t[at + c] = 1.0

    def numbers(name: str, values: Any) -> None:
        at = _LAYOUT[name][0]
        for i, v in enumerate(values):
            t[at + i] = float(v)

    if o.seat != SPECTATOR:  # a spectator is no seat: its seat segment stays all zero
        one_hot("seat", o.seat)
    one_hot("phase", PHASE_NAMES.index(o.phase))
    one_hot("current_player", o.current_player)
    one_hot("dealer", o.dealer)
    cards("hand", o.hand)
    cards("talon", o.talon or ())
    one_hot("talon_owner", o.talon_owner)
    one_hot("bid", BID_BY_KEY[o.bid].order if o.bid else -1)
    one_hot("bidder", o.bidder)
    numbers("bid_multiplier", (o.bid_multiplier,))
    one_hot("contract", BID_BY_KEY[o.contract].order if o.contract else -1)
    one_hot("soloist", o.soloist)
    one_hot("trump", o.trump)
    for seat, suit in o.marriages:
        t[_LAYOUT["marriages"][0] + seat * 4 + suit] = 1.0
    for kind, a, b in o.kontras:
        at = _LAYOUT["kontra"][0] + int(kind) * 2
        t[at], t[at + 1] = float(a), float(b)
    won = [0, 0, 0]
    for leader, cs, winner in o.tricks:
        for i, c in enumerate(cs):
            cards("played", (c,), (leader + i) % 3)
        cards("taken", cs, winner)
        won[winner] += 1
    for i, c in enumerate(o.trick):
        cards("trick", (c,), (o.trick_leader + i) % 3)
    one_hot("trick_leader", o.trick_leader)
    for seat, cs in o.exposed:
        cards("exposed", cs, seat)
    numbers("hand_sizes", o.hand_sizes)
    numbers("tricks_won", won)
    numbers("points_taken", o.points_taken)
    numbers("over", (1 if o.over else 0,))
    return t


def observation_text(o: Observation) -> str:
    def cs(cards: Any) -> str:
        return " ".join(code(c) for c in cards) or "-"

    lines = [
        f"seat {o.seat} phase {o.phase} to-act {o.current_player} dealer {o.dealer}",
        f"hand {cs(o.hand)}",
    ]
    if o.talon is not None:
        lines.append(f"talon {cs(o.talon)}")
    if o.bid:
        lines.append(f"bid {o.bid} by {o.bidder} x{o.bid_multiplier}")
    if o.contract:
        lines.append(f"contract {o.contract} soloist {o.soloist} trump {o.trump}")
    for seat, suit in o.marriages:
        lines.append(f"marriage {seat} {suit}")
    for kind, a, b in o.kontras:
        if a or b:
            lines.append(f"kontra {int(kind)} {a}/{b}")
    for leader, cards, winner in o.tricks:
        lines.append(f"trick {leader}: {cs(cards)} -> {winner}")
    if o.trick:
        lines.append(f"trick {o.trick_leader}: {cs(o.trick)}")
    for seat, cards in o.exposed:
        lines.append(f"open {seat}: {cs(cards)}")
    for move in o.history if o.soloist < 0 else ():
        lines.append(f"move {move.seat} {move.action if move.action is not None else 'discard'}")
    if o.over:
        totals = o.settlement["totals"] if o.settlement else ""
        lines.append(f"over {o.end_reason} returns {totals}")
    return "\n".join(lines)


def kontra_info(obs: Observation) -> list[dict[str, Any]]:
    """The doubled components, in words (K1, K2): ``Ulti: Rekontra`` / ``ulti: rekontra``,
    with the two defenders' levels where they differ."""

    def words(kind: Kind, a: int, b: int, lang: str, titles: Mapping[Kind, str]) -> str:
        both = f" / {kontra_title(b, lang)}" if a != b else ""
        return f"{titles[kind]}: {kontra_title(a, lang)}{both}"

    return [
        {
            "component": int(kind),
            "levels": [a, b],
            "title": words(kind, a, b, "en", KIND_TITLES),
            "title_hu": words(kind, a, b, "hu", KIND_TITLES_HU),
        }
        for kind, a, b in obs.kontras
        if a or b
    ]
