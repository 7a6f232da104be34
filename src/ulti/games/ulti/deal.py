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
from typing import TYPE_CHECKING, Any

from ulti.core.cards import cards_of
from ulti.core.seeds import derive_seed, shuffled_deck
from ulti.games.ulti import actions as A
from ulti.games.ulti import auction, kontra, play
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.legality import Reason, marriage_options, play_rule
from ulti.games.ulti.observation import observe
from ulti.games.ulti.play import play_actions
from ulti.games.ulti.rules import STANDARD, Ruleset
from ulti.games.ulti.scoring import Settlement
from ulti.games.ulti.state import DealState, Event, IllegalAction, Phase, Snapshot

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
#: Why each phase refuses an action (``None``: allowed); the apply functions above ask the same.
_REFUSE: tuple[Callable[[DealState, Action], Reason | None], ...] = (
    auction.refuse_round1,  # ROUND1
    auction.refuse_discard,  # DISCARD
    auction.refuse_bid,  # BID
    auction.refuse,  # AUCTION
    auction.refuse_trump,  # TRUMP
    play.refuse_extra,  # PLAY (not cards)
    kontra.refuse,  # KONTRA
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

    def refusal(self, action: Action) -> Reason | None:
        """Why the rules refuse ``action`` now, as :meth:`apply` would say it (``None``: it is
        allowed), without applying it."""
        ph = self.phase
        if ph == _PH_OVER:
            return Reason("R8", "deal-over")
        if ph == _PH_PLAY and action.kind == _AK_PLAY:
            return play.refuse_card(self, action)
        return _REFUSE[ph](self, action)

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
        why = play.refuse_claim(self)
        if why is not None:
            raise IllegalAction(why)
        entry = Snapshot(self)
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
        """Take back the last action; the state becomes exactly what it was before it (each
        action's undo record, :class:`~ulti.games.ulti.state.Undo`, restores what it changed)."""
        if not self.history:
            raise IllegalAction(Reason("undo", "nothing-to-undo"))
        record = self._stack.pop()
        seat, action = self.history.pop()
        self._claim = None
        self._legal_mask = None
        record.restore(self, seat, action)
        return action

    def undo(self) -> Action:
        """Take back the last action (:meth:`pop`)."""
        return self.pop()

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
