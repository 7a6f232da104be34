"""One deal of Ulti as a state machine (in the spirit of OpenSpiel's game/state API).

>>> from ulti.games.ulti.deal import Deal
>>> d = Deal(seed=7)
>>> d.current_player          # forehand: dealer + 1 (C3)
1
>>> len(d.legal_actions())    # 12 cards: every pair may be laid (A1)
66

The state advances only through :meth:`Deal.apply`; every action is checked against the rules and
a refused action raises :class:`IllegalAction` (naming the RULES.md id) and changes nothing.
:meth:`Deal.observation` is the only way hidden information leaves: a projection for one seat.

Phases (``Deal.phase``):

``ROUND1``   V1 only: the first auction round on five cards (pass or bid).
``DISCARD``  the current player holds 12 cards and lays two (A1, A2).
``BID``      the current player, having laid the talon, names a bid (A1, A2).
``AUCTION``  the current player passes or picks up the talon (A2-A4); without a talon (V4) bids.
``TRUMP``    the soloist announces the trump suit (B6).
``PLAY``     card play (R1-R8); in the first trick also kontras (K1) and marriages (R5).
``KONTRA``   after the first trick, the side with a double to answer may raise (K1, K2).
``OVER``     settled (S1, S2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ulti.core.cards import BEATS_PLAIN_ORDER, BEATS_TRUMP_ORDER, cards_of
from ulti.core.seeds import derive_seed, shuffled_deck
from ulti.games.ulti import actions as A
from ulti.games.ulti import auction, kontra, play
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.legality import Reason, marriage_options, play_rule
from ulti.games.ulti.play import play_actions
from ulti.games.ulti.rules import STANDARD, Ruleset
from ulti.games.ulti.scoring import Settlement
from ulti.games.ulti.state import (
    AUCTION,
    BIDDEN,
    CARD,
    EXTRA,
    FULL,
    LAST_CARD,
    PASSED,
    TALON,
    DealState,
    Event,
    IllegalAction,
    Phase,
)

if TYPE_CHECKING:
    from ulti.games.ulti.adjudicator import Adjudicator


def deck_for_hands(hands: Sequence[int], dealer: int = 0, aside: int = 0) -> list[int]:
    """The deck order that deals ``hands`` (three masks, by seat) with ``dealer`` dealing: the
    forehand's hand holds 12 cards (D1), or, without a talon (V4), every hand 10 and ``aside``
    the two spare cards.  Within a packet, cards go in card order."""
    fh = (dealer + 1) % 3
    sizes = [len(cards_of(h)) for h in hands]
    total = sum(sizes) + aside.bit_count()
    if total != 32 or (hands[0] | hands[1] | hands[2] | aside) != (1 << 32) - 1:
        raise ValueError("D1: the hands (and the cards aside) must hold the 32 cards once")
    plan = _PLAN_V4 if aside else _PLAN_D1
    want = {0: 12, 1: 10, 2: 10} if not aside else {0: 10, 1: 10, 2: 10}
    for off, n in want.items():
        if sizes[(fh + off) % 3] != n:
            raise ValueError(f"D1: seat {(fh + off) % 3} must hold {n} cards")
    rest = [cards_of(hands[(fh + off) % 3]) for off in range(3)]
    deck: list[int] = []
    for off, n in plan:
        deck.extend(rest[off][:n])
        rest[off] = rest[off][n:]
    deck.extend(cards_of(aside))
    return deck


# --------------------------------------------------------------------------------------------
# precomputed action lists

_DISCARD_T = [[A.DISCARD[(a, b)] if a < b else None for b in range(32)] for a in range(32)]


def _discard_actions(hand: int) -> list[Action]:
    cs = cards_of(hand)
    t = _DISCARD_T
    return [t[a][b] for a, b in combinations(cs, 2)]  # type: ignore[misc]


def _bids_above(rules: Ruleset) -> list[list[Action]]:
    """``table[r]``: the bid actions of rank above ``r`` (kept in the ruleset's cache)."""
    cache = rules.cache
    table = cache.get("bids_above")
    if table is None:
        ladder = rules.ladder
        table = [[A.BID[b.key] for b in ladder.above(r)] for r in range(ladder.top_rank + 1)]
        cache["bids_above"] = table
    return table


_BIT = tuple(1 << c for c in range(32))
#: Dealing plans: (seat offset from forehand, cards), in dealing order.
_PLAN_D1 = ((0, 5), (1, 5), (2, 5), (0, 7), (1, 5), (2, 5))  # D1: 5-7-5
_PLAN_V4 = ((0, 5), (1, 5), (2, 5), (0, 5), (1, 5), (2, 5))  # V4: 10 each, 2 aside
_PLAN_V1 = ((0, 5), (1, 5), (2, 5))  # V1: five each for the first round

_PH_ROUND1 = Phase.ROUND1
_PH_DISCARD = Phase.DISCARD
_PH_BID = Phase.BID
_PH_AUCTION = Phase.AUCTION
_PH_TRUMP = Phase.TRUMP
_PH_PLAY = Phase.PLAY
_PH_KONTRA = Phase.KONTRA
_PH_OVER = Phase.OVER
_AK_PLAY = ActionKind.PLAY
_AK_CLAIM = ActionKind.CLAIM

#: The fields an action may change, for the undo stack's full entries (list fields are kept as
#: tuples there and copied back to lists).
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
# undo entries: (tag, ...); a card within a trick, a trick's last card, anything else
_CARD, _LAST_CARD, _PASSED, _TALON, _BIDDEN, _AUCTION, _EXTRA, _FULL = (
    CARD,
    LAST_CARD,
    PASSED,
    TALON,
    BIDDEN,
    AUCTION,
    EXTRA,
    FULL,
)


def _over(d: DealState) -> list[Action]:
    return []


#: Each phase's part of the rules (the play phase is the Deal's own hot path).
_APPLY: tuple[Callable[[DealState, Action], None], ...] = (
    auction.apply_round1,  # ROUND1
    auction.apply_discard,  # DISCARD
    auction.apply_bid,  # BID
    auction.apply,  # AUCTION
    auction.apply_trump,  # TRUMP
    play.apply_extra,  # PLAY (not cards)
    kontra.apply,  # KONTRA
)
_LEGAL: tuple[Callable[[DealState], list[Action]], ...] = (
    auction.legal_round1,
    lambda d: _discard_actions(d.hands[d.player]),  # A1: any two cards
    auction.legal_bids,
    auction.legal,
    auction.legal_trump,
    play.legal,
    kontra.legal,
    _over,
)


class Deal(DealState):
    """The state of one deal.  See the module documentation."""

    __slots__ = ()

    def __init__(
        self,
        rules: Ruleset = STANDARD,
        seed: int = 0,
        dealer: int = 0,
        deck: Sequence[int] | None = None,
        adjudicator: Adjudicator | None = None,
    ) -> None:
        """A new deal of ``rules``.  The deck order comes from ``seed`` (D2), or is given as
        ``deck`` (a permutation of the 32 cards, dealt in order: see :func:`deck_for_hands`).
        ``adjudicator`` answers R7's questions in open contracts (default: the solver's)."""
        if not isinstance(rules, Ruleset):
            raise TypeError("rules must be a Ruleset")
        if dealer not in (0, 1, 2) or isinstance(dealer, bool):
            raise ValueError("C3: the dealer is seat 0, 1 or 2")
        if not isinstance(seed, int) or seed < 0 or seed >= 1 << 64:
            raise ValueError("D2: a seed is an integer in [0, 2**64)")
        self.rules = rules
        self.ladder = rules.ladder
        self.adjudicator = adjudicator
        self._bid_table = _bids_above(rules)
        self.kontra_cap = rules.kontra_cap
        self._claim = None
        self._legal_mask = None
        self._stack = []
        self.seed = seed
        self.dealer = dealer
        fh = (dealer + 1) % 3
        self.forehand = fh
        if deck is None:
            deck = shuffled_deck(seed)
            self.custom_deck = False
        else:
            deck = list(deck)
            if sorted(deck) != list(range(32)):
                raise ValueError("D1: a deck is an order of the 32 cards, each once")
            self.custom_deck = True
        self._deck = deck
        hands = [0, 0, 0]
        plan: tuple[tuple[int, int], ...]
        if rules.two_round_auction:
            plan = _PLAN_V1
        elif rules.talon and not rules.talon_aside:
            plan = _PLAN_D1
        else:
            plan = _PLAN_V4  # V4: 10 each, two aside (W1: the talon, aside)
        pos = 0
        bit = _BIT.__getitem__
        for offset, n in plan:
            hands[(fh + offset) % 3] |= sum(map(bit, deck[pos : pos + n]))
            pos += n
        self.hands = hands
        spare = sum(map(bit, deck[30:])) if not rules.talon or rules.talon_aside else 0
        self.talon = spare
        self.talon_owner = -1
        self.initial_hands = (hands[0], hands[1], hands[2])
        self.initial_talon = spare
        self.bid = None
        self.bidder = -1
        self.passes = 0
        self.bid_multiplier = 1
        self.round1_bid = None
        self.bid_rank = 0
        self.bid_trump = -1
        self.pair_due = -1
        self.seven_trick = -1
        self.trick = []
        self.trick_seats = []
        self.trick_mask = 0
        self.best_card = -1
        self.best_seat = -1
        self.trumped = False
        self.led_suit = -1
        self.tricks = []
        self.taken = [0, 0, 0]
        self.tricks_won = [0, 0, 0]
        self.tricks_played = 0
        self.last_winner = -1
        self.marriages = []
        self.kontra_queue = []
        self.kontra_raised = False
        self.exposed = 0
        self._unstart(keep_contract=False)  # the fields of the contract and of play
        self.history = []
        # The event log is recorded only on request: it is fully determined by the history, so
        # :attr:`events` rebuilds it by replay and the hot path pays nothing for it.
        self._events = None
        if rules.two_round_auction:
            self.phase = _PH_ROUND1
        elif rules.talon_aside:
            self.phase = _PH_AUCTION  # W2: forehand passes or names a contract
        elif rules.talon:
            self.phase = _PH_DISCARD
        else:
            self.phase = _PH_BID
        self.player = fh

    # ---------------------------------------------------------------------------------------
    # OpenSpiel-style queries

    @property
    def current_player(self) -> int:
        """The seat to act, or -1 when the deal is over."""
        return -1 if self.phase == _PH_OVER else self.player

    def is_over(self) -> bool:
        return self.phase == _PH_OVER

    @property
    def settlement(self) -> Settlement | None:
        """The settlement once the deal is over (S1, S2), else None."""
        return self._settlement

    def returns(self) -> list[int]:
        """Units won by each seat (zero-sum); zeros while the deal is running."""
        if self._settlement is None:
            return [0, 0, 0]
        return list(self._settlement.totals)

    @property
    def events(self) -> list[Event]:
        """The full event log: every action with its seat, and what followed from each (the
        end of the auction, trump, each trick's winner, the hands laid open, the end).  Built by
        replaying the history with recording on; :meth:`record_events` keeps it live."""
        if self._events is not None:
            return list(self._events)
        replay = self._fresh()
        replay._events = [self._deal_event()]
        for _, a in self.history:
            replay.apply(a)
        assert replay._events is not None
        return replay._events

    def _deal_event(self) -> Event:
        return Event(
            "deal",
            self.dealer,
            f"seat {self.dealer} deals; seat {self.forehand} is forehand",
            value=self.forehand,
        )

    def record_events(self) -> None:
        """Keep the event log live from now on (a server streaming events wants this)."""
        if self._events is None:
            self._events = self.events

    def kontra_levels(self, kind: Kind) -> tuple[int, int]:
        """The kontra level of a component against each defender (K2, K3), in seat order after
        the soloist."""
        lv = self.kontra.get(kind)
        return (lv[0], lv[1]) if lv else (0, 0)

    # ---------------------------------------------------------------------------------------
    # legal actions

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now, in a fixed order."""
        return _LEGAL[self.phase](self)

    def legal_cards(self, seat: int | None = None) -> list[int]:
        """The cards the current player (or ``seat`` when it is their turn) may play."""
        if self.phase != _PH_PLAY:
            return []
        return cards_of(play_rule(self, self.player if seat is None else seat)[0])

    def legal_mask(self) -> int:
        """The cards the current player may play, as a mask (0 outside card play)."""
        if self.phase != _PH_PLAY:
            return 0
        return play_rule(self, self.player)[0]

    def why_illegal(self, c: int) -> Reason | None:
        """Why the current player may not play card ``c`` now (``None``: they may)."""
        return play.why_illegal(self, c)

    # ---------------------------------------------------------------------------------------
    # applying actions: one stack, push and pop

    def apply(self, action: Action | str) -> None:
        """Apply one action of the current player (python-chess's ``push``; :meth:`pop` takes
        it back).  Raises :class:`IllegalAction` and leaves the state unchanged when the rules
        forbid it."""
        if type(action) is not Action:
            if not isinstance(action, Action):
                try:
                    action = A.parse_action(action)
                except A.ActionParseError as exc:
                    raise IllegalAction(
                        Reason("grammar", "grammar", {"message": str(exc)})
                    ) from None
        ph = self.phase
        if ph == _PH_PLAY and action.kind == _AK_PLAY:
            play.apply_card(self, action)
            return
        if ph == _PH_PLAY:
            if action.kind == _AK_CLAIM:
                self._claim_turn(action)
            else:
                play.apply_extra(self, action)
        elif ph == _PH_OVER:
            raise IllegalAction(Reason("R8", "deal-over"))
        else:  # each part pushes its undo entry after its checks, before it changes anything
            _APPLY[ph](self, action)

    push = apply

    def _claim_turn(self, action: Action) -> None:
        play.check_claim(self)
        entry = self._full_entry()
        end = self.clone()
        play.best_play_to_end(end)
        play.settle_claim(self, action, end, entry)

    def apply_text(self, text: str) -> Action:
        """Parse ``text`` and apply it; returns the action."""
        try:
            action = A.parse_action(text)
        except A.ActionParseError as exc:
            raise IllegalAction(Reason("grammar", "grammar", {"message": str(exc)})) from None
        self.apply(action)
        return action

    def pop(self) -> Action:
        """Take back the last action; the state becomes exactly what it was before it."""
        if not self.history:
            raise IllegalAction(Reason("undo", "nothing-to-undo"))
        entry = self._stack.pop()
        p, action = self.history.pop()
        self._claim = None
        self._legal_mask = None
        tag = entry[0]
        if tag >= _PASSED:
            self._restore(entry)
        else:
            c = action.card
            self.hands[p] |= 1 << c
            if c == self.ulti_card:
                self.seven_trick = -1  # the trump VII is played once
            if tag == _CARD:
                self.trick.pop()
                self.trick_seats.pop()
                self.trick_mask ^= 1 << c
                if self._events is not None:
                    self._events.pop()  # the card's own event
            else:  # the trick is read back from ``tricks``
                (
                    _,
                    self.last_winner,
                    pending,
                    statuses,
                    self.outcome,
                    self._settlement,
                    self.phase,
                    self.exposed,
                    queue,
                    self.kontra_raised,
                    n_events,
                ) = entry
                leader, cards, w = self.tricks.pop()
                a, b = cards[0], cards[1]
                self.trick = [a, b]
                self.trick_seats = [leader, (leader + 1) % 3]
                self.trick_mask = (1 << a) | (1 << b)
                self.leader = leader
                self.taken[w] ^= self.trick_mask | 1 << c
                self.tricks_won[w] -= 1
                self.tricks_played -= 1
                self.pending = list(pending)
                self.statuses = dict(statuses)
                self.kontra_queue = list(queue)
                self._cut_events(n_events)
            trick = self.trick
            if trick:  # the trick in progress, as it stood (R4)
                i, self.trumped = play.trick_winner(
                    trick, self.trump, self.beats is BEATS_PLAIN_ORDER
                )
                self.led_suit = trick[0] >> 3
                self.best_card = trick[i]
                self.best_seat = self.trick_seats[i]
            else:
                self.led_suit = self.best_card = self.best_seat = -1
                self.trumped = False
            self.player = p
        return action

    def undo(self) -> Action:
        """Take back the last action (:meth:`pop`)."""
        return self.pop()

    def _restore(self, entry: tuple[Any, ...]) -> None:
        tag = entry[0]
        if tag == _PASSED:
            _, self.passes, self.player, n_history, n_events = entry
        elif tag == _TALON:
            _, p, self.hands[p], self.talon, self.talon_owner, self.phase, n_history, n_events = (
                entry
            )
        elif tag == _BIDDEN:
            (
                _,
                self.bid,
                self.bid_rank,
                self.bidder,
                self.passes,
                self.bid_multiplier,
                self.phase,
                self.player,
                n_history,
                n_events,
            ) = entry
        elif tag == _AUCTION:
            (
                _,
                hands,
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
                n_history,
                n_events,
            ) = entry
            self.hands = list(hands)
            if self.phase == _PH_TRUMP:  # the soloist had still to name the trump
                self._unstart(keep_contract=True)
            elif self.soloist >= 0:  # the auction had not ended
                self._unstart(keep_contract=False)
        elif tag == _EXTRA:
            (
                _,
                self.kontra_key,
                self._money,
                n_marriages,
                queue,
                self.kontra_raised,
                self.phase,
                self.player,
                n_history,
                n_events,
            ) = entry
            self.kontra = {k: [a, b] for k, a, b in self.kontra_key}
            del self.marriages[n_marriages:]
            self.kontra_queue = list(queue)
        else:
            self._restore_full(entry)
            return
        del self.history[n_history:]
        self._cut_events(n_events)

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

    def _full_entry(self) -> tuple[Any, ...]:
        return (
            _FULL,
            tuple(map(tuple, _get_lists(self))),
            _get_scalars(self),
            {k: tuple(v) for k, v in self.kontra.items()},
            tuple(self.statuses.items()),
            len(self.history),
            -1 if self._events is None else len(self._events),
        )

    def _restore_full(self, entry: tuple[Any, ...]) -> None:
        _, lists, scalars, kontra_levels, statuses, n_history, n_events = entry
        for name, value in zip(_LISTS, lists, strict=True):
            setattr(self, name, list(value))
        for name, value in zip(_SCALARS, scalars, strict=True):
            setattr(self, name, value)
        self.kontra = {k: list(v) for k, v in kontra_levels.items()}
        self.kontra_key = kontra.key_of(self.kontra)
        self.statuses = dict(statuses)
        del self.history[n_history:]
        self._cut_events(n_events)

    def _cut_events(self, n_events: int) -> None:
        if self._events is None:
            return
        if n_events < 0:  # the log was switched on after this action: rebuild it
            self._events = None
            self.record_events()
        else:
            del self._events[n_events:]

    # ---------------------------------------------------------------------------------------
    # copying and equality

    def clone(self) -> Deal:
        new = Deal.__new__(Deal)
        for name in DealState.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = list(self.hands)
        new.trick = list(self.trick)
        new.trick_seats = list(self.trick_seats)
        new.tricks = list(self.tricks)
        new.taken = list(self.taken)
        new.tricks_won = list(self.tricks_won)
        new.marriages = list(self.marriages)
        new.kontra = {k: list(v) for k, v in self.kontra.items()}
        new.kontra_queue = list(self.kontra_queue)
        new.pending = list(self.pending)
        new.statuses = dict(self.statuses)
        new.history = list(self.history)
        new._stack = list(self._stack)
        new._events = list(self._events) if self._events is not None else None
        return new

    def _fresh(self) -> Deal:
        """The same deal before its first action."""
        return Deal(
            self.rules,
            self.seed,
            self.dealer,
            self._deck if self.custom_deck else None,
            self.adjudicator,
        )

    @property
    def deck(self) -> tuple[int, ...]:
        """The deck order (secret until the deal is over, D2; not part of any observation)."""
        return tuple(self._deck)

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the state (for equality and tests)."""
        return (
            self.rules,
            self.seed,
            self.dealer,
            tuple(self._deck),
            tuple(self.hands),
            self.talon,
            self.talon_owner,
            self.initial_hands,
            self.phase,
            self.player,
            self.bid.key if self.bid else None,
            self.bidder,
            self.passes,
            self.bid_multiplier,
            self.round1_bid,
            self.bid_trump,
            self.pair_due,
            self.soloist,
            self.trump,
            tuple(self.trick),
            tuple(self.trick_seats),
            self.trick_mask,
            self.leader,
            self.led_suit,
            self.best_card,
            self.best_seat,
            self.trumped,
            self.seven_trick,
            self.soloist_had_seven,
            self.ulti_bit,
            tuple(self.tricks),
            tuple(self.taken),
            tuple(self.tricks_won),
            self.tricks_played,
            self.last_winner,
            tuple(self.marriages),
            tuple(sorted((int(k), tuple(v)) for k, v in self.kontra.items())),
            tuple(self.kontra_queue),
            self.kontra_raised,
            self.exposed,
            tuple(self.pending),
            tuple(sorted(self.statuses.items())),
            self.outcome,
            tuple((s, str(a)) for s, a in self.history),
            self._settlement,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    # ---------------------------------------------------------------------------------------
    # views

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now: its own hand, the talon only if it laid it, the public
        course of the deal; never another hand (unless laid open, R7) or the seed (D2) before
        the deal is over."""
        from ulti.games.ulti.observation import observe

        return observe(self, seat)

    def __repr__(self) -> str:
        return (
            f"Deal(seed={self.seed}, dealer={self.dealer}, phase={self.phase.name}, "
            f"player={self.current_player})"
        )


from ulti.games.ulti.observation import Observation  # noqa: E402  (re-exported for typing)

__all__ = [
    "Deal",
    "Event",
    "IllegalAction",
    "Observation",
    "Phase",
    "Reason",
    "deck_for_hands",
    "derive_seed",
    "marriage_options",
    "play_actions",
    "shuffled_deck",
]
