"""Card play (R1-R8): tricks, marriages, the end of play, and R7's open contracts.

The soloist leads the first trick (R1); :func:`legality.play_rule` says which cards may be played
(R2, R3, R6); :func:`overtakes` is the one place that says which card wins a trick. With the first
trick's cards come marriages (R5) and kontras (:mod:`ulti.games.ulti.kontra`).  After each trick the
open items are re-evaluated (:func:`ulti.games.ulti.scoring.status`) and the deal ends when every
item is decided (R8).  In an open contract (R7) the hands are laid face up after the first trick,
the deal ends when the adjudicator proves nothing can change, and claims are checked by it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ulti.core.cards import BEATS_PLAIN_ORDER, BEATS_TRUMP_ORDER, SEVEN, card, cards_of
from ulti.games.ulti import actions as A
from ulti.games.ulti import adjudicator, kontra
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.legality import (
    KINGS,
    KINGS_OVERS,
    Reason,
    can_declare,
    marriage_options,
    marriage_rule,
    play_rule,
)
from ulti.games.ulti.scoring import Outcome, Status, Termination, items_of, settle, status
from ulti.games.ulti.state import (
    DealState,
    Event,
    Extra,
    IllegalAction,
    Phase,
    Snapshot,
    Undo,
    key_of,
)

if TYPE_CHECKING:
    from ulti.games.ulti.adjudicator import Adjudicator
    from ulti.games.ulti.deal import Deal

#: Nodes the adjudicator may spend, after each trick of an open contract, on proving that no
#: play can change the result (R7); a proof that needs more waits for a later, smaller position.
R7_BUDGET = 150

_PLAY = Phase.PLAY
_OPEN = Status.OPEN


def _play_tables() -> tuple[tuple[tuple[Action, ...], ...], ...]:
    out = []
    for s in range(4):
        row = []
        for byte in range(256):
            row.append(tuple(A.PLAY[s * 8 + r] for r in range(8) if byte >> r & 1))
        out.append(tuple(row))
    return tuple(out)


_PLAY_T = _play_tables()


def play_actions(mask: int) -> list[Action]:
    """The play actions of a set of cards, in card order."""
    t = _PLAY_T
    return [
        *t[0][mask & 255],
        *t[1][(mask >> 8) & 255],
        *t[2][(mask >> 16) & 255],
        *t[3][mask >> 24],
    ]


# --------------------------------------------------------------------------------------------
# who wins a trick (R4)


def overtakes(c: int, best: int, trumped: bool, trump: int, beats: Sequence[int]) -> bool:
    """Whether card ``c``, played to a trick that ``best`` wins so far (``trumped``: by a trump),
    takes the trick over (R4): a higher card of the suit that wins it (``beats`` is the rank order,
    :data:`~ulti.core.cards.BEATS_TRUMP_ORDER` or :data:`~ulti.core.cards.BEATS_PLAIN_ORDER`), or
    the first trump on a trick of another suit."""
    return bool(beats[best] >> c & 1) or (not trumped and trump >= 0 and c >> 3 == trump)


def trick_winner(cards: Sequence[int], trump: int, no_trump: bool = False) -> tuple[int, bool]:
    """The index (from the leader) of the card that wins ``cards``, and whether a trump
    wins it."""
    beats = BEATS_PLAIN_ORDER if no_trump else BEATS_TRUMP_ORDER
    best = 0
    trumped = cards[0] >> 3 == trump
    for i in range(1, len(cards)):
        c = cards[i]
        if overtakes(c, cards[best], trumped, trump, beats):
            best = i
            trumped = trumped or c >> 3 == trump
    return best, trumped


# --------------------------------------------------------------------------------------------
# the start of play


def start(d: DealState, trump: int) -> None:
    """The auction is over and the trump known: play begins, the soloist leading (R1)."""
    c = d.contract
    assert c is not None
    s = d.soloist
    d.trump = trump
    d.beats = BEATS_TRUMP_ORDER if c.trump else BEATS_PLAIN_ORDER
    if trump >= 0:
        d.ulti_card = card(trump, SEVEN)
        d.soloist_had_seven = bool(d.hands[s] >> d.ulti_card & 1)
        if Kind.ULTI in c.kinds:
            d.ulti_bit = 1 << d.ulti_card
    d.kontra = {comp.kind: [0, 0] for comp in c.components}
    d.kontra_key = key_of(d.kontra)
    d.pending = items_of(c, d.rules.four_aces)
    d.statuses = {}
    d.phase = Phase.PLAY
    first = d.forehand if d.rules.forehand_leads else s  # R1 (W6: forehand leads)
    d.leader = first
    d.player = first
    update_statuses(d)


# --------------------------------------------------------------------------------------------
# legal actions


def legal(d: DealState) -> list[Action]:
    """Cards, and in the first trick marriages and kontras; after it, in an open contract, a
    claim when the adjudicator upholds it (R7)."""
    p = d.player
    m = play_rule(d, p)[0]
    if d.rules.marriages_with_card:
        return _legal_with_card(d, p, m)
    d._legal_mask = (len(d.history), m)  # for the card that follows (cleared by pop)
    t = _PLAY_T
    cards = [*t[0][m & 255], *t[1][(m >> 8) & 255], *t[2][(m >> 16) & 255], *t[3][m >> 24]]
    if d.tricks_played == 0:
        extra = first_trick_extras(d, p)
        if extra:
            return extra + cards
    elif d.exposed and claim_sound(d, p):
        return [A.CLAIM, *cards]
    return cards


def _legal_with_card(d: DealState, p: int, m: int) -> list[Action]:
    """W9: marriages with a card of the pair in any trick; a declared marriage's card next."""
    if d.pair_due >= 0:
        m &= KINGS_OVERS[d.pair_due]
    d._legal_mask = (len(d.history), m)
    out: list[Action] = []
    if d.pair_due < 0:
        out.extend(A.MARRIAGE[s] for s in with_card_marriages(d, p, m))
    if d.tricks_played == 0 and p != d.soloist:
        out.extend(kontra.raises(d, p, answering=False))
    elif d.tricks_played and d.exposed and claim_sound(d, p):
        out.insert(0, A.CLAIM)
    out.extend(play_actions(m))
    return out


def counted_marriages(d: DealState) -> list[tuple[int, int]]:
    """The marriages that will count: those declared, and (W9) every one a seat may still
    declare, as it will with a card of the pair (declaring only helps its side)."""
    if not d.rules.marriages_with_card:
        return d.marriages
    return d.marriages + [
        (seat, suit) for seat in range(3) for suit in range(4) if can_declare(d, seat, suit)
    ]


def with_card_marriages(d: DealState, seat: int, legal: int) -> list[int]:
    """W9: the suits whose marriage ``seat`` may declare now (with a legal card of the pair)."""
    c = d.contract
    if c is None or not c.trump:
        return []
    return [s for s in range(4) if legal & KINGS_OVERS[s] and can_declare(d, seat, s)]


def first_trick_extras(d: DealState, seat: int) -> list[Action]:
    """Marriages (R5) and kontras (K1) open to ``seat`` at their first-trick turn."""
    hand = d.hands[seat]
    out = (
        [A.MARRIAGE[s] for s in seat_marriages(d, seat)] if hand & (hand << 1) & KINGS else []
    )  # (quick: no King with its Over)
    if seat != d.soloist:
        out.extend(kontra.raises(d, seat, answering=False))
    return out


def seat_marriages(d: DealState, seat: int) -> list[int]:
    c = d.contract
    if c is None:
        return []
    return marriage_options(c, d.trump, d.soloist, seat, d.hands[seat], _declared(d, seat))


def _declared(d: DealState, seat: int) -> list[int]:
    return [su for st, su in d.marriages if st == seat]


def why_illegal(d: DealState, c: int) -> Reason | None:
    """Why the current player may not play card ``c`` now (``None``: they may)."""
    if d.phase != _PLAY:
        return Reason("R1", "no-card-now")
    return play_rule(d, d.player, c)[1]


# --------------------------------------------------------------------------------------------
# playing a card


def apply_card(d: DealState, action: Action) -> None:
    """A card of the player to move (R2-R6), its undo record, and what follows (R4, R7, R8)."""
    p = d.player
    c = action.card
    if d.pair_due >= 0:
        _card_after_marriage(d, action)
        return
    known = d._legal_mask  # the legal cards of this very state, if they were just listed
    if known is None or known[0] != len(d.history) or not known[1] >> c & 1:
        why = play_rule(d, p, c)[1]
        if why is not None:
            raise IllegalAction(why)
    events = d._events
    d._stack.append(CARD_PLAYED if len(d.trick) < 2 else TrickEnded(d))
    d.history.append((p, action))
    if events is not None:
        events.append(Event("action", p, action._text, action.cards, action=action))
    play_card(d, p, c)


def refuse_card(d: DealState, action: Action) -> Reason | None:
    """A card of the player to move: R2-R6, and W9's pair card after a marriage."""
    why = play_rule(d, d.player, action.card)[1]
    if why is None and d.pair_due >= 0 and not KINGS_OVERS[d.pair_due] >> action.card & 1:
        why = Reason("W9", "marriage-card-due", {"suit": d.pair_due})
    return why


def _card_after_marriage(d: DealState, action: Action) -> None:
    """W9: the card that follows a marriage's declaration is one of its pair."""
    why = refuse_card(d, action)
    if why is not None:
        raise IllegalAction(why)
    d._stack.append(Snapshot(d))
    d._log(action)
    d.pair_due = -1
    play_card(d, d.player, action.card)


def play_card(d: DealState, p: int, c: int, r7: bool = True) -> None:
    """Seat ``p`` plays card ``c`` (already checked): the trick, its winner, R8 (and R7's
    adjudication when ``r7``)."""
    bit = 1 << c
    d.hands[p] ^= bit
    trick = d.trick
    if c == d.ulti_card:
        d.seven_trick = d.tricks_played
    if not trick:
        d.leader = p
        d.led_suit = c >> 3
        d.best_card = c
        d.best_seat = p
        d.trumped = (c >> 3) == d.trump
    elif overtakes(c, d.best_card, d.trumped, d.trump, d.beats):
        d.best_card = c
        d.best_seat = p
        d.trumped = d.trumped or (c >> 3) == d.trump
    trick.append(c)
    d.trick_seats.append(p)
    d.trick_mask |= bit
    if len(trick) < 3:
        d.player = (p + 1) % 3
        return
    _finish_trick(d, r7)


def _finish_trick(d: DealState, r7: bool) -> None:
    w = d.best_seat
    d.tricks.append((d.leader, tuple(d.trick), w))
    d.taken[w] |= d.trick_mask
    d.tricks_won[w] += 1
    d.tricks_played += 1
    if d._events is not None:
        d._events.append(
            Event(
                "trick",
                w,
                f"trick {d.tricks_played} to seat {w}",
                tuple(d.trick),
                tuple(d.trick_seats),
                value=d.tricks_played,
            )
        )
    d.trick = []
    d.trick_seats = []
    d.trick_mask = 0
    d.led_suit = d.best_card = d.best_seat = -1  # no trick in progress (as before the first)
    d.trumped = False
    if d.tricks_played == 10:
        d.last_winner = w
    d.leader = w
    d.player = w
    if update_statuses(d):
        return
    c = d.contract
    assert c is not None
    if d.tricks_played == 1 and c.open:  # R7 (V10: the soloist alone)
        s = d.soloist
        d.exposed = 0b111 if not d.rules.soloist_alone_exposes else 1 << s
        if d._events is not None:
            shown = [(x, p) for p in range(3) if d.exposed >> p & 1 for x in cards_of(d.hands[p])]
            d._events.append(
                Event(
                    "expose",
                    s,
                    "hands laid face up",
                    tuple(x for x, _ in shown),
                    tuple(p for _, p in shown),
                )
            )
    if c.open and r7 and _settle_if_fixed(d):
        return
    if d.tricks_played == 1:
        kontra.open_answers(d)


def update_statuses(d: DealState) -> bool:
    """Re-evaluate the open items; end the deal when all are decided (R8)."""
    still = []
    for item in d.pending:
        st = status(d, item)
        if st == _OPEN:
            still.append(item)
        else:
            d.statuses[item] = st
    d.pending = still
    if still:
        return False
    end = Termination.TEN_TRICKS if d.tricks_played == 10 else Termination.DECIDED
    d._finish(Outcome(end, d.tricks_played), settle(d, d.statuses))
    return True


# --------------------------------------------------------------------------------------------
# R7: open contracts


def _adj(d: DealState) -> Adjudicator:
    """The deal's adjudicator (the default one, made on first use)."""
    if d.adjudicator is None:
        d.adjudicator = adjudicator.default()
    return d.adjudicator


def _settle_if_fixed(d: DealState) -> bool:
    """R7: in an open contract every hand is known, so the deal ends as soon as the
    adjudicator proves that no continuation can change any item's outcome."""
    got = _adj(d).fixed(d, R7_BUDGET)
    if got is None:
        return False
    d.statuses.update(got)
    d.pending = []
    d._finish(Outcome(Termination.PROVED, d.tricks_played), settle(d, d.statuses))
    return True


def claim_sound(d: DealState, seat: int) -> bool:
    """Whether ``seat``'s side wins the open component against any play of the other side
    (R7): the adjudicator's verdict, cached for the current position."""
    state = d.tricks_played * 3 + len(d.trick)
    if d._claim is None or d._claim[0] != state:
        d._claim = (state, bool(_adj(d).open_component_made(d)))
    made = d._claim[1]
    return made if seat == d.soloist else not made


def best_play_to_end(d: Deal) -> None:
    """Play ``d`` to its end along a line of best play (the adjudicator's cards; kontra
    answers passed): its settlement is the best-play settlement."""
    adj = _adj(d)
    while d.phase != Phase.OVER:
        d.apply(A.PASS if d.phase == Phase.KONTRA else A.PLAY[adj.best_card(d)])


# --------------------------------------------------------------------------------------------
# marriages, kontras and claims with a card's turn


def refuse_extra(d: DealState, action: Action) -> Reason | None:
    """What the play phase allows besides a card: a marriage (R5, W9), a kontra with a first
    trick card (K1), a claim (R7)."""
    k = action.kind
    if k == ActionKind.MARRIAGE:
        if d.rules.marriages_with_card:
            return _refuse_marriage_with_card(d, action)
        if d.tricks_played != 0:
            return Reason("R5", "marriage-first-trick")
        c = d.contract
        assert c is not None
        p = d.player
        return marriage_rule(c, d.trump, d.soloist, p, d.hands[p], _declared(d, p), action.suit)
    if k == ActionKind.KONTRA:
        return kontra.refuse_first_trick(d, action)
    if k == ActionKind.CLAIM:
        return refuse_claim(d)
    return d._wrong_phase(action, "play", "R2")


def apply_extra(d: DealState, action: Action) -> None:
    """A marriage (R5) or a kontra (K1) with a first-trick card; a claim is
    :func:`refuse_claim` then :func:`settle_claim`."""
    why = refuse_extra(d, action)
    if why is not None:
        raise IllegalAction(why)
    p = d.player
    if action.kind == ActionKind.KONTRA:
        kontra.apply_first_trick(d, action)
    elif d.rules.marriages_with_card:
        _marriage_with_card(d, action)
    else:
        d._stack.append(Extra(d))
        d._log(action, 40 if action.suit == d.trump else 20)  # R5
        d.marriages.append((p, action.suit))


def _refuse_marriage_with_card(d: DealState, action: Action) -> Reason | None:
    """W9: a marriage declared with a card of its pair (which must follow), in any trick."""
    p = d.player
    s = action.suit
    c = d.contract
    assert c is not None
    if not c.trump:
        return Reason("P4", "marriage-no-trump")
    if (p, s) in d.marriages:
        return Reason("W9", "marriage-declared", {"suit": s})
    if d.pair_due >= 0 or not can_declare(d, p, s):
        return Reason("W9", "marriage-not-held", {"seat": p, "suit": s})
    if not play_rule(d, p)[0] & KINGS_OVERS[s]:
        return Reason("W9", "marriage-card", {"seat": p})
    return None


def _marriage_with_card(d: DealState, action: Action) -> None:
    """W9: an allowed marriage with a card: its pair must follow."""
    s = action.suit
    d._stack.append(Snapshot(d))
    d._log(action, 40 if s == d.trump else 20)
    d.marriages.append((d.player, s))
    d.pair_due = s
    d._money = None


def refuse_claim(d: DealState) -> Reason | None:
    """R7: the player to move claims that their side wins the open component (the soloist:
    the Betli, Durchmars or Open Ulti is made; a defender: it is defeated).  The adjudicator
    checks the claim against any play of the other side; an unsound claim is refused."""
    c = d.contract
    assert c is not None
    if not c.open:
        return Reason("R7", "claim-not-open")
    if not d.exposed:
        return Reason("R7", "claim-too-early")
    p = d.player
    if not claim_sound(d, p):
        side = "the defenders" if p == d.soloist else "the soloist"
        return Reason("R7", "claim-refused", {"side": side})
    return None


def settle_claim(d: DealState, action: Action, end: DealState, full_entry: Snapshot) -> None:
    """A sound claim settles the deal as ``end`` (a copy played to its end by best play,
    :func:`best_play_to_end`) settled."""
    assert end._settlement is not None
    p = d.player
    d._stack.append(full_entry)
    d._log(action)
    d.statuses = dict(end.statuses)
    d.pending = []
    d._finish(Outcome(Termination.CLAIM, d.tricks_played, p), end._settlement)


# --------------------------------------------------------------------------------------------
# undo records of cards (:class:`ulti.games.ulti.state.Undo`)


def _unplay(d: DealState, seat: int, c: int) -> None:
    """Card ``c`` back in ``seat``'s hand, and the trick in progress read again (R4)."""
    d.hands[seat] |= 1 << c
    if c == d.ulti_card:
        d.seven_trick = -1  # the trump VII is played once
    trick = d.trick
    if trick:
        i, d.trumped = trick_winner(trick, d.trump, d.beats is BEATS_PLAIN_ORDER)
        d.led_suit = trick[0] >> 3
        d.best_card = trick[i]
        d.best_seat = d.trick_seats[i]
    else:
        d.led_suit = d.best_card = d.best_seat = -1
        d.trumped = False
    d.player = seat


class CardPlayed(Undo):
    """A card within a trick: the trick itself tells what to take back (one shared record)."""

    __slots__ = ()

    def restore(self, d: DealState, seat: int, action: Action) -> None:
        c = action.card
        d.trick.pop()
        d.trick_seats.pop()
        d.trick_mask ^= 1 << c
        if d._events is not None:
            d._events.pop()  # the card's own event
        _unplay(d, seat, c)


CARD_PLAYED = CardPlayed()


class TrickEnded(Undo):
    """A trick's last card: what the end of a trick changes (its cards stay in ``tricks``)."""

    __slots__ = (
        "exposed",
        "kontra_raised",
        "last_winner",
        "n_events",
        "outcome",
        "pending",
        "phase",
        "queue",
        "settlement",
        "statuses",
    )

    def __init__(self, d: DealState) -> None:
        self.last_winner = d.last_winner
        self.pending = tuple(d.pending)
        self.statuses = tuple(d.statuses.items())
        self.outcome = d.outcome
        self.settlement = d._settlement
        self.phase = d.phase
        self.exposed = d.exposed
        self.queue = tuple(d.kontra_queue)
        self.kontra_raised = d.kontra_raised
        self.n_events = -1 if d._events is None else len(d._events)

    def restore(self, d: DealState, seat: int, action: Action) -> None:
        c = action.card
        d.last_winner = self.last_winner
        d.outcome = self.outcome
        d._settlement = self.settlement
        d.phase = self.phase
        d.exposed = self.exposed
        d.kontra_raised = self.kontra_raised
        leader, cards, w = d.tricks.pop()
        a, b = cards[0], cards[1]
        d.trick = [a, b]
        d.trick_seats = [leader, (leader + 1) % 3]
        d.trick_mask = (1 << a) | (1 << b)
        d.leader = leader
        d.taken[w] ^= d.trick_mask | 1 << c
        d.tricks_won[w] -= 1
        d.tricks_played -= 1
        d.pending = list(self.pending)
        d.statuses = dict(self.statuses)
        d.kontra_queue = list(self.queue)
        d._cut_events(self.n_events)
        _unplay(d, seat, c)


__all__ = [
    "CARD_PLAYED",
    "R7_BUDGET",
    "CardPlayed",
    "TrickEnded",
    "apply_card",
    "apply_extra",
    "best_play_to_end",
    "claim_sound",
    "first_trick_extras",
    "legal",
    "overtakes",
    "play_actions",
    "play_card",
    "refuse_card",
    "refuse_claim",
    "refuse_extra",
    "seat_marriages",
    "settle_claim",
    "start",
    "trick_winner",
    "update_statuses",
    "why_illegal",
]
