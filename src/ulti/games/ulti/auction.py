"""The auction and the talon (A1-A5, B5, B6, V1, V4).

Forehand takes the talon and holds twelve cards (D1); whoever holds twelve lays two face down and
names a bid (A1); each player in turn passes or picks up the talon to overcall (A2-A4); the
auction ends after three passes in a row, and the last bidder is the soloist, who then names the
trump of a trump bid that is not a Hearts bid (B6).  Without a talon (V4) players bid in turn;
in the two-round auction (V1) a first round on five cards comes before the rest is dealt, its
winner confirming or raising the bid with the same trump.  In the how-to-play game (W1, W2,
W4) the talon lies aside: at their turn a player passes or names a higher contract, picking up
the talon and laying two cards first if they like, and names the trump with the bid; two passes
after a contract end the auction, and when nobody names one the deal is thrown in.
"""

from __future__ import annotations

from ulti.core.cards import ACORNS, BELLS, HEARTS, LEAVES, SUIT_NAMES_EN
from ulti.games.ulti import actions as A
from ulti.games.ulti import play
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.bids import Bid
from ulti.games.ulti.legality import Reason, bid_rule, same_trump_kind
from ulti.games.ulti.scoring import Outcome, Termination, forfeit, thrown_in
from ulti.games.ulti.state import DealState, Event, IllegalAction, Kept, Phase, Snapshot, Undo


def legal(d: DealState) -> list[Action]:
    """Auction turns: pass or pick up the talon (pass or bid without a talon, V4; W2: pass,
    pick up the talon, or bid)."""
    if d.rules.talon_aside:
        above = d._bid_table[d.bid_rank]
        return [A.PASS, A.PICKUP, *above] if above else [A.PASS]
    if not d.rules.talon:
        return [A.PASS, *d._bid_table[d.bid_rank]]
    if d._bid_table[d.bid_rank]:
        return [A.PASS, A.PICKUP]
    return [A.PASS]


def legal_bids(d: DealState) -> list[Action]:
    """The bids the current player may name (B5; V1's confirm-or-raise)."""
    if d.round1_bid is not None and d.player == d.bidder and d.passes == -1:
        b = d.round1_bid
        same = [a for a in d._bid_table[d.bid_rank] if same_trump_kind(d.ladder[a.bid], b)]
        return [A.BID[b.key], *same]
    return list(d._bid_table[d.bid_rank])


def legal_round1(d: DealState) -> list[Action]:
    return [A.PASS, *d._bid_table[d.bid_rank]]


def legal_trump(d: DealState) -> list[Action]:
    return [A.TRUMP[s] for s in (ACORNS, LEAVES, BELLS)]


def refuse(d: DealState, action: Action) -> Reason | None:
    """Why an auction turn refuses ``action`` (``None``: it is allowed): pass, pick up the
    talon, or (V4, W2) bid."""
    k = action.kind
    if k == ActionKind.PASS:
        return None
    rules = d.rules
    if k == ActionKind.PICKUP:  # A2, W2: while a bid above the standing one remains
        if not (rules.talon or rules.talon_aside):
            return Reason("V4", "no-talon")
        return None if d._bid_table[d.bid_rank] else Reason("A2", "pickup-top")
    if rules.talon_aside:  # W2
        if k == ActionKind.BID:
            return refuse_bid(d, action)
        return d._wrong_phase(action, "pass-or-bid", "W2")
    if k == ActionKind.BID and not rules.talon:
        return refuse_bid(d, action)
    return d._wrong_phase(action, "pass-or-bid" if not rules.talon else "pickup", "A2")


def apply(d: DealState, action: Action) -> None:
    """An auction turn: pass, pick up the talon, or (V4, W2) bid."""
    p = d.player
    if action.kind == ActionKind.PASS and not d.rules.talon_aside:
        ev = d._events
        if d.passes < 2:
            d._stack.append(PASSED)
        else:
            d._stack.append(AuctionTurn(d))
        if ev is None:  # (d._log, inlined: the commonest action of a random deal)
            d.history.append((p, action))
        else:
            d._log(action)
        d.passes += 1
        if d.passes >= 3:
            _end(d)
        else:
            d.player = (p + 1) % 3
        return
    why = refuse(d, action)
    if why is not None:
        raise IllegalAction(why)
    if action.kind == ActionKind.PICKUP:
        _pickup(d, action)
    elif action.kind == ActionKind.BID:
        _bid(d, action)
    else:
        _pass_aside(d, action)


def _pass_aside(d: DealState, action: Action) -> None:
    """W2: a pass; two passes after a contract end the auction, three without one throw the
    deal in."""
    p = d.player
    n = d.passes + 1
    ends = n >= 3 if d.bid is None else n >= 2
    d._stack.append(Snapshot(d) if ends else PASSED)
    d._log(action)
    d.passes = n
    if not ends:
        d.player = (p + 1) % 3
    elif d.bid is None:  # W2: nobody named a contract
        d._finish(Outcome(Termination.THROWN_IN), thrown_in())
    else:
        _end(d)


def _pickup(d: DealState, action: Action) -> None:
    """The player to act takes the talon into their hand, to lay two cards (A2, W2)."""
    p = d.player
    d._stack.append(TalonMoved(d))
    d._log(action)
    d.hands[p] |= d.talon
    d.talon = 0
    d.talon_owner = -1
    d.phase = Phase.DISCARD


def refuse_discard(d: DealState, action: Action) -> Reason | None:
    """A1, A2: two cards of the hand laid face down."""
    if action.kind != ActionKind.DISCARD:
        return d._wrong_phase(action, "discard", "A1")
    p = d.player
    a, b = action.cards
    m = (1 << a) | (1 << b)
    if d.hands[p] & m != m:
        missing = tuple(c for c in (a, b) if not d.hands[p] >> c & 1)
        return Reason("A1", "discard-not-held", {"seat": p, "cards": missing})
    return None


def apply_discard(d: DealState, action: Action) -> None:
    """Lay two cards face down as the talon (A1, A2)."""
    why = refuse_discard(d, action)
    if why is not None:
        raise IllegalAction(why)
    p = d.player
    a, b = action.cards
    m = (1 << a) | (1 << b)
    d._stack.append(TalonMoved(d))
    d._log(action)
    d.hands[p] ^= m
    d.talon = m
    d.talon_owner = p
    d.phase = Phase.BID


def refuse_bid(d: DealState, action: Action, doing: str = "bid", rule: str = "A1") -> Reason | None:
    """A bid of the ladder that the rules allow now (B5; V1's confirm-or-raise)."""
    if action.kind != ActionKind.BID:
        return d._wrong_phase(action, doing, rule)
    b = d.ladder.by_key.get(action.bid)
    if b is None:
        return Reason("B5", "unknown-bid", {"bid": action.bid})
    return bid_rule(d, d.player, b)


def apply_bid(d: DealState, action: Action) -> None:
    """Name a bid (A1, A2, B5; V1's confirm-or-raise)."""
    why = refuse_bid(d, action)
    if why is not None:
        raise IllegalAction(why)
    _bid(d, action)


def _bid(d: DealState, action: Action) -> None:
    """An allowed bid stands (A1, A2; V1's confirm-or-raise; W4's trump named with it)."""
    b = d.ladder.by_key[action.bid]
    p = d.player
    r1 = d.round1_bid
    confirming = r1 is not None and d.passes == -1 and p == d.bidder and b.key == r1.key
    _record_bid(d, action, b, d.bid_multiplier if confirming else 1)
    d.phase = Phase.AUCTION
    if d.rules.trump_with_bid and _names_trump(d, b):  # W4: the bidder names it at once
        d.phase = Phase.TRUMP
        d.player = p


def _names_trump(d: DealState, b: Bid) -> bool:
    """Whether the soloist of ``b`` names a trump (B6, W4): a trump bid not of Hearts."""
    return b.trump and not b.hearts and not d.rules.hearts_always_trump


def _record_bid(d: DealState, action: Action, b: Bid, multiplier: int) -> None:
    """An allowed bid stands: its undo entry, the log, the bid and the next player."""
    p = d.player
    d._stack.append(Bidden(d))
    d._log(action)
    d.bid = b
    d.bid_rank = b.rank
    d.bidder = p
    d.passes = 0
    d.bid_multiplier = multiplier
    d.player = (p + 1) % 3


def refuse_round1(d: DealState, action: Action) -> Reason | None:
    """V1: a turn of the first round: pass, or a bid."""
    if action.kind == ActionKind.PASS:
        return None
    return refuse_bid(d, action, "round1", "V1")


def apply_round1(d: DealState, action: Action) -> None:
    """V1: a turn of the first round on five cards (pass or bid; a first-round bid counts
    double)."""
    why = refuse_round1(d, action)
    if why is not None:
        raise IllegalAction(why)
    p = d.player
    if action.kind == ActionKind.PASS:
        d._stack.append(AuctionTurn(d))
        d._log(action)
        d.passes += 1
        if (d.bid is not None and d.passes >= 2) or d.passes >= 3:
            _end_round1(d)
        else:
            d.player = (p + 1) % 3
        return
    _record_bid(d, action, d.ladder[action.bid], 2)  # V1: a first-round bid counts double


def _end_round1(d: DealState) -> None:
    """V1: the winner takes two cards, then five more to each from forehand."""
    deck = d._deck
    fh = d.forehand
    winner = d.bidder if d.bid is not None else fh
    pos = 15
    for c in deck[pos : pos + 2]:
        d.hands[winner] |= 1 << c
    pos += 2
    for seat in (fh, (fh + 1) % 3, (fh + 2) % 3):
        for c in deck[pos : pos + 5]:
            d.hands[seat] |= 1 << c
        pos += 5
    d.initial_hands = (d.hands[0], d.hands[1], d.hands[2])
    if d._events is not None:
        d._events.append(Event("auction", winner, "first round over; the rest is dealt"))
    d.player = winner
    d.phase = Phase.DISCARD
    if d.bid is not None:
        d.round1_bid = d.bid
        d.passes = -1  # marks the winner's confirm-or-raise turn
    else:
        d.bid_multiplier = 1


def _end(d: DealState) -> None:
    """Three passes: the last bidder is the soloist (A3)."""
    b = d.bid
    assert b is not None
    s = d.bidder
    d.soloist = s
    d.contract = b
    if d._events is not None:
        d._events.append(Event("auction", s, f"auction over: seat {s} plays {b.key}", name=b.key))
    if b.key == "simple" and d.rules.simple_forfeit:
        d._finish(Outcome(Termination.SIMPLE_NOT_PLAYED), forfeit(d))
        return
    if _names_trump(d, b):
        if d.rules.trump_with_bid:  # W4: named with the bid
            play.start(d, d.bid_trump)
            return
        d.phase = Phase.TRUMP
        d.player = s
        return
    play.start(d, HEARTS if b.trump else -1)


def refuse_trump(d: DealState, action: Action) -> Reason | None:
    """B6: the soloist names a suit other than Hearts."""
    if action.kind != ActionKind.TRUMP:
        return d._wrong_phase(action, "trump", "B6")
    if action.suit == HEARTS:
        return Reason("B6", "hearts-bid")
    return None


def apply_trump(d: DealState, action: Action) -> None:
    """The soloist names the trump suit (B6)."""
    why = refuse_trump(d, action)
    if why is not None:
        raise IllegalAction(why)
    if d.contract is None:  # W4: the trump of the bid just made; the auction goes on
        d._stack.append(Snapshot(d))
        d._log(action)
        if d._events is not None:
            d._events.append(
                Event("trump", d.player, f"trump: {SUIT_NAMES_EN[action.suit]}", value=action.suit)
            )
        d.bid_trump = action.suit
        d.phase = Phase.AUCTION
        d.player = (d.bidder + 1) % 3
        return
    d._stack.append(AuctionTurn(d))
    d._log(action)
    if d._events is not None:
        d._events.append(
            Event("trump", d.player, f"trump: {SUIT_NAMES_EN[action.suit]}", value=action.suit)
        )
    play.start(d, action.suit)


# --------------------------------------------------------------------------------------------
# undo records of auction turns (:class:`ulti.games.ulti.state.Undo`)


class Passed(Undo):
    """A pass that does not end the auction: it only counted a pass and moved the turn on, so
    the pass itself tells what to take back (one shared record, :data:`PASSED`)."""

    __slots__ = ()

    def restore(self, d: DealState, seat: int, action: Action) -> None:
        d.passes -= 1
        d.player = seat
        if d._events is not None:
            d._events.pop()  # the pass's own event


PASSED = Passed()


class TalonMoved(Kept):
    """The talon picked up or laid: the seat's hand and the talon as they were."""

    KEPT = ("talon", "talon_owner", "phase")
    __slots__ = ("hand", "seat")

    def __init__(self, d: DealState) -> None:
        self.n_history = len(d.history)  # (Kept's fields, set here: the hot path)
        self.n_events = -1 if d._events is None else len(d._events)
        self.kept = self._get_kept(d)
        self.seat = p = d.player
        self.hand = d.hands[p]

    def restore(self, d: DealState, seat: int, action: Action) -> None:
        d.hands[self.seat] = self.hand
        super().restore(d, seat, action)


#: The bidding as it stands: what a bid changes.
_BIDDING = ("bid", "bid_rank", "bidder", "passes", "bid_multiplier", "phase", "player")


class Bidden(Kept):
    """A bid (a bid never ends the auction): the standing bid as it was."""

    KEPT = _BIDDING
    __slots__ = ()


class AuctionTurn(Kept):
    """An auction action that may end the auction or a round (play has not begun): the hands,
    the talon and the bidding as they were; an ended auction's contract and trump are undone."""

    KEPT = (*_BIDDING, "talon", "talon_owner", "round1_bid", "initial_hands")
    __slots__ = ("hands",)

    def __init__(self, d: DealState) -> None:
        self.n_history = len(d.history)  # (Kept's fields, set here: the hot path)
        self.n_events = -1 if d._events is None else len(d._events)
        self.kept = self._get_kept(d)
        self.hands = tuple(d.hands)

    def restore(self, d: DealState, seat: int, action: Action) -> None:
        d.hands = list(self.hands)
        self._put_back(d)
        if d.phase == Phase.TRUMP:  # the soloist had still to name the trump
            d._unstart(keep_contract=True)
        elif d.soloist >= 0:  # the auction had not ended
            d._unstart(keep_contract=False)
        self._cut(d)


__all__ = [
    "PASSED",
    "AuctionTurn",
    "Bidden",
    "Passed",
    "TalonMoved",
    "apply",
    "apply_bid",
    "apply_discard",
    "apply_round1",
    "apply_trump",
    "legal",
    "legal_bids",
    "legal_round1",
    "legal_trump",
]
