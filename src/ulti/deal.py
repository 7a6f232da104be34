"""One deal of Ulti as a state machine (in the spirit of OpenSpiel's game/state API).

>>> from ulti.deal import Deal
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

import hashlib
from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations
from typing import Any, NamedTuple

from ulti import actions as A
from ulti.actions import Action, ActionKind
from ulti.bids import KIND_NAMES, Bid, Kind
from ulti.cards import (
    ACORNS,
    BEATS_PLAIN_ORDER,
    BEATS_TRUMP_ORDER,
    BELLS,
    HEARTS,
    KING,
    LEAVES,
    OVER,
    SEVEN,
    SUIT_MASKS,
    SUIT_NAMES_EN,
    card,
    cards_of,
    symbol,
)
from ulti.rules import STANDARD, Ruleset
from ulti.scoring import Item, Settlement, Status, forfeit, items_of, settle, status

#: Nodes the solver may spend, after each trick of an open contract, on proving that no play
#: can change the result (R7); a proof that needs more waits for a later, smaller position.
R7_BUDGET = 150


class Phase(IntEnum):
    ROUND1 = 0
    DISCARD = 1
    BID = 2
    AUCTION = 3
    TRUMP = 4
    PLAY = 5
    KONTRA = 6
    OVER = 7


class IllegalAction(ValueError):
    """An action the rules do not allow now.  ``rule`` is the RULES.md id it breaks.  The state
    is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule


# --------------------------------------------------------------------------------------------
# seeded shuffling (D2)

_MASK64 = (1 << 64) - 1


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x, z ^ (z >> 31)


_FACT32 = 263130836933693530167218012160000000  # 32!


def shuffled_deck(seed: int) -> list[int]:
    """The deck order for ``seed`` (D2), fully specified so that any implementation reproduces
    it: three SplitMix64 outputs ``a, b, c`` from ``seed`` make ``R = (a<<128 | b<<64 | c) mod
    32!``; then for ``i = 31 .. 1``: ``R, j = divmod(R, i + 1)`` and cards ``i`` and ``j`` swap
    (Fisher-Yates with the digits of R in the factorial number system)."""
    state, a = _splitmix64(seed & _MASK64)
    state, b = _splitmix64(state)
    _, c = _splitmix64(state)
    r = ((a << 128) | (b << 64) | c) % _FACT32
    deck = list(range(32))
    for i in range(31, 0, -1):
        r, j = divmod(r, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def derive_seed(seed: int, index: int) -> int:
    """A sub-seed (deal ``index`` of a session seeded ``seed``).  One-way (BLAKE2b): the seed of
    a finished deal, which may be shown (D2), tells nothing of the session's or of other
    deals' seeds."""
    h = hashlib.blake2b(f"ulti:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(h, "big")


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
    return [*t[0][mask & 255], *t[1][(mask >> 8) & 255], *t[2][(mask >> 16) & 255],
            *t[3][mask >> 24]]


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
KINGS = sum(1 << card(s, KING) for s in range(4))
KINGS_OVERS = tuple((1 << card(s, KING)) | (1 << card(s, OVER)) for s in range(4))
NON_HEARTS_SUITS = (ACORNS, LEAVES, BELLS)


def marriage_options(contract: Bid, trump: int, soloist: int, seat: int, hand: int,
                     declared: Sequence[int]) -> list[int]:
    """The suits whose marriage ``seat`` may still declare (R5, P4): a King and Over held, in
    a trump contract; in 40-100 only the soloist's trump marriage, in 20-100 one non-trump
    marriage of the soloist, and no other marriage for anyone."""
    if not contract.trump:
        return []  # P4: no marriages in no-trump contracts
    if not hand & (hand << 1) & KINGS:  # no King whose Over is held
        return []
    hundred = contract.hundred
    if hundred is not None and seat != soloist:
        return []  # R5: in 40-100 / 20-100 no other marriage counts
    if hundred == Kind.TWENTY_HUNDRED and declared:
        return []  # R5: only the marriage of the bid
    out = []
    for s in range(4):
        if hand & KINGS_OVERS[s] == KINGS_OVERS[s] and s not in declared:
            if hundred == Kind.FORTY_HUNDRED and s != trump:
                continue
            if hundred == Kind.TWENTY_HUNDRED and s == trump:
                continue
            out.append(s)
    return out


class Event(NamedTuple):
    """One entry of the event log: an action taken, or what followed from it."""

    kind: str  # "deal", "action", "auction", "trump", "trick", "expose", "over"
    seat: int
    text: str
    cards: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "text": self.text,
                "cards": list(self.cards)}


#: ``KONTRA_T[kind][level]``: the interned kontra actions of the first 16 levels.
KONTRA_T = [[A.kontra(Kind(k), lv) if lv else None for lv in range(17)] for k in range(len(Kind))]


def _kontra_action(kind: int, level: int) -> Action:
    if level <= 16:
        return KONTRA_T[kind][level]  # type: ignore[return-value]
    return A.kontra(Kind(kind), level)


# enum members as plain globals: an enum attribute lookup costs ~0.15 µs on hot paths
_PH_ROUND1 = Phase.ROUND1
_PH_DISCARD = Phase.DISCARD
_PH_BID = Phase.BID
_PH_AUCTION = Phase.AUCTION
_PH_TRUMP = Phase.TRUMP
_PH_PLAY = Phase.PLAY
_PH_KONTRA = Phase.KONTRA
_PH_OVER = Phase.OVER
_AK_PLAY = ActionKind.PLAY
_AK_DISCARD = ActionKind.DISCARD
_AK_BID = ActionKind.BID
_AK_PASS = ActionKind.PASS
_AK_PICKUP = ActionKind.PICKUP
_AK_CLAIM = ActionKind.CLAIM
_AK_TRUMP = ActionKind.TRUMP
_AK_MARRIAGE = ActionKind.MARRIAGE
_AK_KONTRA = ActionKind.KONTRA
_K_ULTI = Kind.ULTI
_ST_OPEN = Status.OPEN


class Deal:
    """The state of one deal.  See the module documentation."""

    __slots__ = (
        "_bid_table",
        "_cap",
        "_claim",
        "_deck",
        "_events",
        "_money",
        "_rank",
        "_settlement",
        "beats",
        "best_card",
        "best_seat",
        "bid",
        "bid_multiplier",
        "bidder",
        "contract",
        "custom_deck",
        "dealer",
        "end_reason",
        "exposed",
        "forehand",
        "hands",
        "history",
        "initial_hands",
        "initial_talon",
        "kontra",
        "kontra_queue",
        "kontra_raised",
        "ladder",
        "last_winner",
        "leader",
        "led_suit",
        "marriages",
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

    def __init__(self, rules: Ruleset = STANDARD, seed: int = 0, dealer: int = 0,
                 deck: Sequence[int] | None = None) -> None:
        """A new deal of ``rules``.  The deck order comes from ``seed`` (D2), or is given as
        ``deck`` (a permutation of the 32 cards, dealt in order: see :func:`deck_for_hands`)."""
        if not isinstance(rules, Ruleset):
            raise TypeError("rules must be a Ruleset")
        if dealer not in (0, 1, 2) or isinstance(dealer, bool):
            raise ValueError("C3: the dealer is seat 0, 1 or 2")
        if not isinstance(seed, int) or seed < 0 or seed >= 1 << 64:
            raise ValueError("D2: a seed is an integer in [0, 2**64)")
        self.rules = rules
        self.ladder = rules.ladder
        self._bid_table = _bids_above(rules)
        self._cap = rules.kontra_cap
        self._claim: tuple[int, bool] | None = None  # (state, open component made) cache
        self._money: list[Any] | None = None  # the contract's items with their money (cached)
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
        elif rules.talon:
            plan = _PLAN_D1
        else:
            plan = _PLAN_V4
        pos = 0
        bit = _BIT.__getitem__
        for offset, n in plan:
            hands[(fh + offset) % 3] |= sum(map(bit, deck[pos:pos + n]))
            pos += n
        self.hands = hands
        spare = 0 if rules.talon else sum(map(bit, deck[30:]))
        self.talon = spare
        self.talon_owner = -1
        self.initial_hands = (hands[0], hands[1], hands[2])
        self.initial_talon = spare
        self.bid: Bid | None = None
        self.bidder = -1
        self.passes = 0
        self.bid_multiplier = 1
        self.round1_bid: Bid | None = None
        self._rank = 0
        self.soloist = -1
        self.contract: Bid | None = None
        self.trump = -1
        self.beats = BEATS_TRUMP_ORDER
        self.ulti_card = -1
        self.ulti_bit = 0
        self.soloist_had_seven = False
        self.seven_trick = -1
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.trick_mask = 0
        self.leader = -1
        self.best_card = -1
        self.best_seat = -1
        self.trumped = False
        self.led_suit = -1
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.taken = [0, 0, 0]
        self.tricks_won = [0, 0, 0]
        self.tricks_played = 0
        self.last_winner = -1
        self.marriages: list[tuple[int, int]] = []
        self.kontra: dict[Kind, list[int]] = {}
        self.kontra_queue: list[int] = []
        self.kontra_raised = False
        self.exposed = 0
        self.pending: list[Item] = []
        self.statuses: dict[Item, Status] = {}
        self.end_reason = ""
        self._settlement: Settlement | None = None
        self.history: list[tuple[int, Action]] = []
        # The event log is recorded only on request: it is fully determined by the history, so
        # :attr:`events` rebuilds it by replay and the hot path pays nothing for it.
        self._events: list[Event] | None = None
        if rules.two_round_auction:
            self.phase = _PH_ROUND1
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
    def defenders(self) -> tuple[int, int]:
        s = self.soloist
        return ((s + 1) % 3, (s + 2) % 3)

    @property
    def events(self) -> list[Event]:
        """The full event log: every action with its seat, and what followed from each (the
        end of the auction, trump, each trick's winner, the hands laid open, the end).  Built by
        replaying the history with recording on; :meth:`record_events` keeps it live."""
        if self._events is not None:
            return list(self._events)
        replay = self._fresh()
        replay._events = [Event("deal", self.dealer, f"seat {self.dealer} deals; seat "
                                                     f"{self.forehand} is forehand")]
        for _, a in self.history:
            replay.apply(a)
        assert replay._events is not None
        return replay._events

    def record_events(self) -> None:
        """Keep the event log live from now on (a server streaming events wants this)."""
        if self._events is None:
            self._events = self.events

    def money(self) -> list[Any]:
        """The contract's items with their money (:func:`ulti.scoring.money`), cached."""
        if self._money is None:
            from ulti.scoring import money

            self._money = money(self)
        return self._money

    def kontra_levels(self, kind: Kind) -> tuple[int, int]:
        """The kontra level of a component against each defender (K2, K3), in seat order after
        the soloist."""
        lv = self.kontra.get(kind)
        return (lv[0], lv[1]) if lv else (0, 0)

    # ---------------------------------------------------------------------------------------
    # legal actions

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now, in a fixed order."""
        ph = self.phase
        if ph == _PH_PLAY:
            m = self._play_mask(self.player)
            t = _PLAY_T
            cards = [*t[0][m & 255], *t[1][(m >> 8) & 255], *t[2][(m >> 16) & 255],
                     *t[3][m >> 24]]
            if self.tricks_played == 0:
                extra = self._first_trick_extras(self.player)
                if extra:
                    return extra + cards
            elif self.exposed and self._claim_sound(self.player):  # open contracts (R7)
                return [A.CLAIM, *cards]
            return cards
        if ph == _PH_AUCTION:
            if not self.rules.talon:
                return [A.PASS, *self._bid_table[self._rank]]
            if self._bid_table[self._rank]:
                return [A.PASS, A.PICKUP]
            return [A.PASS]
        if ph == _PH_DISCARD:
            return _discard_actions(self.hands[self.player])
        if ph == _PH_BID:
            return self._legal_bids()
        if ph == _PH_KONTRA:
            return [A.PASS, *self._raises(self.player, answering=True)]
        if ph == _PH_TRUMP:
            return [A.TRUMP[s] for s in NON_HEARTS_SUITS]
        if ph == _PH_ROUND1:
            return [A.PASS, *self._bid_table[self._rank]]
        return []

    def _legal_bids(self) -> list[Action]:
        if self.round1_bid is not None and self.player == self.bidder and self.passes == -1:
            # V1: the first round's winner confirms the bid or raises it, same trump kind.
            b = self.round1_bid
            same = [a for a in self._bid_table[self._rank]
                    if self._same_trump_kind(self.ladder[a.bid], b)]
            return [A.BID[b.key], *same]
        return list(self._bid_table[self._rank])

    @staticmethod
    def _same_trump_kind(a: Bid, b: Bid) -> bool:
        return a.trump == b.trump and (a.hearts == b.hearts or not a.trump)

    def _play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now (R2-R6)."""
        hand = self.hands[seat]
        if self.trick:
            led = self.led_suit
            follow = hand & SUIT_MASKS[led]
            if follow:
                if self.trumped and led != self.trump:
                    legal = follow  # R2: the trick is trumped, any card of the led suit
                else:
                    legal = follow & self.beats[self.best_card] or follow  # R2: overtake
            else:
                t = self.trump
                trumps = hand & SUIT_MASKS[t] if t >= 0 else 0
                if trumps:
                    if self.trumped:
                        legal = trumps & self.beats[self.best_card] or trumps  # R3: overtrump
                    else:
                        legal = trumps  # R3: must trump
                else:
                    legal = hand  # R3: neither suit nor trump
        else:
            legal = hand
        ub = self.ulti_bit
        if ub and legal & ub and legal != ub and seat == self.soloist:
            legal ^= ub  # R6: the trump VII is held back for the Ulti
        return legal

    def legal_cards(self, seat: int | None = None) -> list[int]:
        """The cards the current player (or ``seat`` when it is their turn) may play."""
        if self.phase != _PH_PLAY:
            return []
        return cards_of(self._play_mask(self.player if seat is None else seat))

    def _first_trick_extras(self, seat: int) -> list[Action]:
        """Marriages (R5) and kontras (K1) open to ``seat`` at their first-trick turn."""
        out = [A.MARRIAGE[s] for s in self._marriage_options(seat)]
        if seat != self.soloist:
            out.extend(self._raises(seat, answering=False))
        return out

    def _marriage_options(self, seat: int) -> list[int]:
        c = self.contract
        if c is None:
            return []
        return marriage_options(c, self.trump, self.soloist, seat, self.hands[seat],
                                [su for st, su in self.marriages if st == seat])

    def _raises(self, seat: int, answering: bool) -> list[Action]:
        """The kontras ``seat`` may make now (K1, K2, K3, V11).  ``answering``: the phase after
        the first trick, where only open doubles may be raised."""
        kontra = self.kontra
        if not kontra:
            return []
        cap = self._cap
        s = self.soloist
        if seat == s:
            out: list[Action] = []
            for kind, lv in kontra.items():
                a, b = lv
                if a & 1 and a < cap:
                    out.append(_kontra_action(kind, a + 1))
                if b & 1 and b != a and b < cap:
                    out.append(_kontra_action(kind, b + 1))
            return out
        di = 0 if seat == (s + 1) % 3 else 1
        if not answering:
            return [KONTRA_T[kind][1] for kind, lv in kontra.items()  # type: ignore[misc]
                    if lv[di] == 0]
        return [_kontra_action(kind, lv[di] + 1) for kind, lv in kontra.items()
                if lv[di] and not lv[di] & 1 and lv[di] < cap]

    # ---------------------------------------------------------------------------------------
    # applying actions

    def apply(self, action: Action | str) -> None:
        """Apply one action of the current player.  Raises :class:`IllegalAction` and leaves the
        state unchanged when the rules forbid it."""
        if type(action) is not Action:
            if not isinstance(action, Action):
                try:
                    action = A.parse_action(action)
                except A.ActionParseError as exc:
                    raise IllegalAction("grammar", str(exc)) from None
        ph = self.phase
        if ph == _PH_PLAY and action.kind == _AK_PLAY:
            self._apply_play(action)
        elif ph == _PH_OVER:
            raise IllegalAction("R8", "the deal is over")
        elif ph == _PH_AUCTION:
            self._apply_auction(action)
        elif ph == _PH_DISCARD:
            self._apply_discard(action)
        elif ph == _PH_BID:
            self._apply_bid(action)
        elif ph == _PH_PLAY:
            self._apply_play_extra(action)
        elif ph == _PH_KONTRA:
            self._apply_kontra_phase(action)
        elif ph == _PH_TRUMP:
            self._apply_trump(action)
        elif ph == _PH_ROUND1:
            self._apply_round1(action)
        else:  # pragma: no cover
            raise AssertionError(ph)

    def apply_text(self, text: str) -> Action:
        """Parse ``text`` and apply it; returns the action."""
        try:
            action = A.parse_action(text)
        except A.ActionParseError as exc:
            raise IllegalAction("grammar", str(exc)) from None
        self.apply(action)
        return action

    def _log(self, action: Action) -> None:
        p = self.player
        self.history.append((p, action))
        if self._events is not None:
            self._events.append(Event("action", p, action._text, action.cards))

    def _wrong_phase(self, action: Action, expected: str, rule: str) -> IllegalAction:
        return IllegalAction(rule, f"seat {self.player} must {expected} now, not {action}")

    # -- auction ------------------------------------------------------------------------

    def _apply_auction(self, action: Action) -> None:
        p = self.player
        if action.kind == _AK_PASS:
            self._log(action)
            self._pass()
            return
        if action.kind == _AK_PICKUP:
            if not self.rules.talon:
                raise IllegalAction("V4", "there is no talon in these rules")
            if not self._bid_table[self._rank]:
                raise IllegalAction("A2", "no bid ranks above the current one, so the talon "
                                          "cannot be picked up")
            self._log(action)
            self.hands[p] |= self.talon
            self.talon = 0
            self.talon_owner = -1
            self.phase = _PH_DISCARD
            return
        if action.kind == _AK_BID and not self.rules.talon:
            self._apply_bid(action)
            return
        expected = "pass or bid" if not self.rules.talon else "pass or pick up the talon"
        raise self._wrong_phase(action, expected, "A2")

    def _pass(self) -> None:
        self.passes += 1
        if self.passes >= 3:
            self._end_auction()
        else:
            self.player = (self.player + 1) % 3

    def _apply_discard(self, action: Action) -> None:
        if action.kind != _AK_DISCARD:
            raise self._wrong_phase(action, "lay two cards as the talon", "A1")
        p = self.player
        a, b = action.cards
        m = (1 << a) | (1 << b)
        if self.hands[p] & m != m:
            missing = [symbol(c) for c in (a, b) if not self.hands[p] >> c & 1]
            raise IllegalAction("A1", f"seat {p} does not hold {' '.join(missing)}")
        self._log(action)
        self.hands[p] ^= m
        self.talon = m
        self.talon_owner = p
        self.phase = _PH_BID

    def _apply_bid(self, action: Action) -> None:
        if action.kind != _AK_BID:
            raise self._wrong_phase(action, "bid", "A1")
        b = self.ladder.by_key.get(action.bid)
        if b is None:
            raise IllegalAction("B5", f"{action.bid!r} is not a bid in these rules")
        p = self.player
        confirming = self.round1_bid is not None and self.passes == -1 and p == self.bidder
        if confirming:
            r1 = self.round1_bid
            assert r1 is not None
            if b.key == r1.key:
                self._log(action)
                self._record_bid(p, b, keep_multiplier=True)
                return
            if not self._same_trump_kind(b, r1):
                raise IllegalAction("V1", f"the first round's bid {r1.key!r} may be raised "
                                          f"only with the same trump suit")
        if b.rank <= self._rank:
            cur = self.bid
            assert cur is not None
            raise IllegalAction("B5", f"{b.key!r} (rank {b.rank}) does not overcall "
                                      f"{cur.key!r} (rank {cur.rank})")
        self._log(action)
        self._record_bid(p, b, keep_multiplier=False)

    def _record_bid(self, p: int, b: Bid, keep_multiplier: bool) -> None:
        self.bid = b
        self._rank = b.rank
        self.bidder = p
        self.passes = 0
        if not keep_multiplier:
            self.bid_multiplier = 1
        self.phase = _PH_AUCTION
        self.player = (p + 1) % 3

    def _apply_round1(self, action: Action) -> None:
        p = self.player
        if action.kind == _AK_PASS:
            self._log(action)
            self.passes += 1
            if (self.bid is not None and self.passes >= 2) or self.passes >= 3:
                self._end_round1()
            else:
                self.player = (p + 1) % 3
            return
        if action.kind != _AK_BID:
            raise self._wrong_phase(action, "pass or bid (first round)", "V1")
        b = self.ladder.by_key.get(action.bid)
        if b is None:
            raise IllegalAction("B5", f"{action.bid!r} is not a bid in these rules")
        if b.rank <= self._rank:
            raise IllegalAction("B5", f"{b.key!r} does not overcall the current bid")
        self._log(action)
        self.bid = b
        self._rank = b.rank
        self.bidder = p
        self.passes = 0
        self.bid_multiplier = 2
        self.player = (p + 1) % 3

    def _end_round1(self) -> None:
        """V1: the winner takes two cards, then five more to each from forehand."""
        deck = self._deck
        fh = self.forehand
        winner = self.bidder if self.bid is not None else fh
        pos = 15
        for c in deck[pos:pos + 2]:
            self.hands[winner] |= 1 << c
        pos += 2
        for seat in (fh, (fh + 1) % 3, (fh + 2) % 3):
            for c in deck[pos:pos + 5]:
                self.hands[seat] |= 1 << c
            pos += 5
        self.initial_hands = (self.hands[0], self.hands[1], self.hands[2])
        if self._events is not None:
            self._events.append(Event("auction", winner, "first round over; the rest is dealt"))
        self.player = winner
        self.phase = _PH_DISCARD
        if self.bid is not None:
            self.round1_bid = self.bid
            self.passes = -1  # marks the winner's confirm-or-raise turn
        else:
            self.bid_multiplier = 1

    def _end_auction(self) -> None:
        b = self.bid
        assert b is not None
        s = self.bidder
        self.soloist = s
        self.contract = b
        if self._events is not None:
            self._events.append(Event("auction", s, f"auction over: seat {s} plays {b.key}"))
        if b.key == "simple" and self.rules.simple_forfeit:
            self.end_reason = "A5: a final Simple is not played"
            self._finish(forfeit(self))
            return
        if b.trump and not b.hearts and not self.rules.hearts_always_trump:
            self.phase = _PH_TRUMP
            self.player = s
            return
        self._start_play(HEARTS if b.trump else -1)

    def _apply_trump(self, action: Action) -> None:
        if action.kind != _AK_TRUMP:
            raise self._wrong_phase(action, "announce the trump suit", "B6")
        if action.suit == HEARTS:
            raise IllegalAction("B6", "Hearts must be bid as a Hearts bid; announce Acorns, "
                                      "Leaves or Bells")
        self._log(action)
        if self._events is not None:
            self._events.append(Event("trump", self.player,
                                      f"trump: {SUIT_NAMES_EN[action.suit]}"))
        self._start_play(action.suit)

    def _start_play(self, trump: int) -> None:
        c = self.contract
        assert c is not None
        s = self.soloist
        self.trump = trump
        self.beats = BEATS_TRUMP_ORDER if c.trump else BEATS_PLAIN_ORDER
        if trump >= 0:
            self.ulti_card = card(trump, SEVEN)
            self.soloist_had_seven = bool(self.hands[s] >> self.ulti_card & 1)
            if _K_ULTI in c.kinds:
                self.ulti_bit = 1 << self.ulti_card
        self.kontra = {comp.kind: [0, 0] for comp in c.components}
        self.pending = items_of(c, self.rules.four_aces)
        self.statuses = {}
        self.phase = _PH_PLAY
        self.leader = s  # R1
        self.player = s
        self._update_statuses()

    # -- play ---------------------------------------------------------------------------

    def _apply_play(self, action: Action) -> None:
        p = self.player
        c = action.card
        if not self._play_mask(p) >> c & 1:
            raise IllegalAction(*self.why_illegal(c))
        self.history.append((p, action))
        if self._events is not None:
            self._events.append(Event("action", p, action._text, action.cards))
        self._play_core(p, c)

    def _play_core(self, p: int, c: int, r7: bool = True) -> None:
        """Seat ``p`` plays card ``c`` (already checked): the trick, its winner, R8 (and R7's
        solver check when ``r7``)."""
        bit = 1 << c
        self.hands[p] ^= bit
        trick = self.trick
        if c == self.ulti_card:
            self.seven_trick = self.tricks_played
        if not trick:
            self.leader = p
            self.led_suit = c >> 3
            self.best_card = c
            self.best_seat = p
            self.trumped = (c >> 3) == self.trump
        elif bit & self.beats[self.best_card]:
            self.best_card = c
            self.best_seat = p
        elif not self.trumped and (c >> 3) == self.trump:
            self.best_card = c
            self.best_seat = p
            self.trumped = True
        trick.append(c)
        self.trick_seats.append(p)
        self.trick_mask |= bit
        if len(trick) < 3:
            self.player = (p + 1) % 3
            return
        self._finish_trick(r7)

    # -- snapshots for search: the play phase's mutable state, taken and put back in place --

    def _snapshot(self) -> tuple[Any, ...]:
        """The play phase's mutable state, frozen (tuples), for :meth:`_restore`."""
        return (tuple(self.hands), tuple(self.trick), tuple(self.trick_seats), self.trick_mask,
                self.leader, self.best_card, self.best_seat, self.trumped, self.led_suit,
                len(self.tricks), tuple(self.taken), tuple(self.tricks_won),
                self.tricks_played, self.last_winner, self.player, self.phase,
                tuple(self.pending), tuple(self.statuses.items()), self.end_reason,
                self._settlement, self.seven_trick, len(self.history),
                len(self._events) if self._events is not None else 0)

    def _restore(self, snap: tuple[Any, ...]) -> None:
        """Put back a :meth:`_snapshot` (which may be restored again later)."""
        (hands, trick, seats, self.trick_mask, self.leader, self.best_card, self.best_seat,
         self.trumped, self.led_suit, n_tricks, taken, won, self.tricks_played,
         self.last_winner, self.player, self.phase, pending, statuses, self.end_reason,
         self._settlement, self.seven_trick, n_history, n_events) = snap
        self.hands = list(hands)
        self.trick = list(trick)
        self.trick_seats = list(seats)
        self.taken = list(taken)
        self.tricks_won = list(won)
        self.pending = list(pending)
        self.statuses = dict(statuses)
        del self.tricks[n_tricks:]
        del self.history[n_history:]
        if self._events is not None:
            del self._events[n_events:]

    def _finish_trick(self, r7: bool = True) -> None:
        w = self.best_seat
        self.tricks.append((self.leader, tuple(self.trick), w))
        self.taken[w] |= self.trick_mask
        self.tricks_won[w] += 1
        self.tricks_played += 1
        if self._events is not None:
            self._events.append(Event("trick", w, f"trick {self.tricks_played} to seat {w}",
                                      tuple(self.trick)))
        self.trick = []
        self.trick_seats = []
        self.trick_mask = 0
        if self.tricks_played == 10:
            self.last_winner = w
        self.leader = w
        self.player = w
        if self._update_statuses():
            return
        c = self.contract
        assert c is not None
        if self.tricks_played == 1 and c.open:  # R7 (V10: the soloist alone)
            s = self.soloist
            self.exposed = 0b111 if not self.rules.soloist_alone_exposes else 1 << s
            shown = tuple(x for p in range(3) if self.exposed >> p & 1
                          for x in cards_of(self.hands[p]))
            if self._events is not None:
                self._events.append(Event("expose", s, "hands laid face up", shown))
        if c.open and r7 and self._settle_if_fixed():
            return
        if self.tricks_played == 1:
            self._open_kontra_answers()

    def _settle_if_fixed(self) -> bool:
        """R7: in an open contract every hand is known, so the engine ends the deal as soon as
        the solver proves that no continuation can change any item's outcome."""
        from ulti import solver

        got = solver.fixed_in_deal(self, R7_BUDGET)
        if got is None:
            return False
        self.statuses.update(got)
        self.pending = []
        self.end_reason = (f"R7: after trick {self.tricks_played} no play can change the result "
                           f"(proved by the solver)")
        self._finish(settle(self, self.statuses))
        return True

    def _update_statuses(self) -> bool:
        """Re-evaluate the open items; end the deal when all are decided (R8)."""
        still = []
        for item in self.pending:
            st = status(self, item)
            if st == _ST_OPEN:
                still.append(item)
            else:
                self.statuses[item] = st
        self.pending = still
        if still:
            return False
        if self.tricks_played == 10:
            self.end_reason = "R8: ten tricks played"
        else:
            self.end_reason = f"R8: every item decided after trick {self.tricks_played}"
        self._finish(settle(self, self.statuses))
        return True

    def _finish(self, settlement: Settlement) -> None:
        self._settlement = settlement
        self.phase = _PH_OVER
        self.player = -1
        if self._events is not None:
            self._events.append(Event("over", -1, self.end_reason))

    def _apply_play_extra(self, action: Action) -> None:
        p = self.player
        k = action.kind
        if k == _AK_MARRIAGE:
            if self.tricks_played != 0:
                raise IllegalAction("R5", "marriages are declared only with the first trick's "
                                          "card")
            if action.suit not in self._marriage_options(p):
                raise IllegalAction("R5", self._why_no_marriage(p, action.suit))
            self._log(action)
            self.marriages.append((p, action.suit))
            return
        if k == _AK_KONTRA:
            if self.tricks_played != 0:
                raise IllegalAction("K1", "doubling closed with the first trick")
            self._check_kontra(p, action, answering=False)
            self._log(action)
            self._raise(p, action)
            return
        if k == _AK_CLAIM:
            c = self.contract
            assert c is not None
            if not c.open:
                raise IllegalAction("R7", "claims are made only in open contracts")
            if not self.exposed:
                raise IllegalAction("R7", "the hands are laid open after the first trick; "
                                          "claim after it")
            self._apply_claim(action)
            return
        raise self._wrong_phase(action, "play a card", "R2")

    def _why_no_marriage(self, seat: int, suit: int) -> str:
        c = self.contract
        assert c is not None
        name = SUIT_NAMES_EN[suit]
        if not c.trump:
            return "P4: no marriages in a no-trump contract"
        if c.hundred is not None and seat != self.soloist:
            return "in 40-100 and 20-100 only the soloist's marriage of the bid counts"
        if c.hundred == Kind.FORTY_HUNDRED and suit != self.trump:
            return "in 40-100 the soloist declares only the trump marriage"
        if c.hundred == Kind.TWENTY_HUNDRED and suit == self.trump:
            return "in 20-100 the marriage is a non-trump one"
        if (seat, suit) in self.marriages:
            return f"the {name} marriage is already declared"
        if c.hundred == Kind.TWENTY_HUNDRED and any(st == seat for st, _ in self.marriages):
            return "in 20-100 only one marriage, the one of the bid, is declared"
        return f"seat {seat} does not hold the King and Over of {name}"

    def _check_kontra(self, p: int, action: Action, answering: bool) -> None:
        lv = self.kontra.get(action.component)
        level = action.level
        if lv is not None and level <= self._cap:
            s = self.soloist
            if p == s:
                if (lv[0] == level - 1 or lv[1] == level - 1) and level % 2 == 0:
                    return
            else:
                x = lv[0 if p == (s + 1) % 3 else 1]
                if x == level - 1 and level % 2 == 1 and (x > 0) == answering:
                    return
        self._explain_bad_kontra(p, action, answering)

    def _explain_bad_kontra(self, p: int, action: Action, answering: bool) -> None:
        c = self.contract
        assert c is not None
        comp = action.component
        if not c.has(comp):
            raise IllegalAction("K1", f"{KIND_NAMES[comp]} is not a component of {c.key!r}")
        lv = self.kontra[comp]
        s = self.soloist
        cap = self._cap
        if action.level > cap:
            raise IllegalAction("V11", f"kontra is capped at level {cap} in these rules")
        if p == s:
            if not any(x % 2 == 1 for x in lv):
                raise IllegalAction("K2", "only the defenders may start doubling; the "
                                          "soloist answers a defenders' double")
            raise IllegalAction("K2", f"{action} does not answer the open double of "
                                      f"{KIND_NAMES[comp]}")
        di = 0 if p == (s + 1) % 3 else 1
        x = lv[di]
        if x % 2 == 1:
            raise IllegalAction("K2", f"{KIND_NAMES[comp]} was doubled by the defenders "
                                      f"last; only the soloist may double it again")
        if answering and x == 0:
            raise IllegalAction("K1", "new doubles are made only up to the first trick's "
                                      "card; now only open doubles may be answered")
        raise IllegalAction("K2", f"{KIND_NAMES[comp]} stands at level {x}; the next "
                                  f"double is {A.kontra_word(x + 1)}")

    def _raise(self, p: int, action: Action) -> None:
        c = self.contract
        assert c is not None
        self._money = None
        comp = action.component
        lv = self.kontra[comp]
        s = self.soloist
        if p == s:
            for i in (0, 1):
                if lv[i] == action.level - 1:
                    lv[i] = action.level
        else:
            di = 0 if p == (s + 1) % 3 else 1
            if c.no_trump_component(comp):
                lv[di] = action.level  # K3: binds only this defender
            else:
                lv[0] = lv[1] = action.level  # K3: binds both defenders

    def _open_kontra_answers(self) -> None:
        """K1: after the first trick, the side with a double to answer may raise, in turn."""
        s = self.soloist
        if self._raises(s, answering=True):
            self.kontra_queue = [s]
            self.kontra_raised = False
            self.phase = _PH_KONTRA
            self.player = s

    def _apply_kontra_phase(self, action: Action) -> None:
        p = self.player
        if action.kind == _AK_PASS:
            self._log(action)
            self._next_kontra_turn()
            return
        if action.kind != _AK_KONTRA:
            raise self._wrong_phase(action, "answer the kontras (raise or pass)", "K1")
        self._check_kontra(p, action, answering=True)
        self._log(action)
        self._raise(p, action)
        self.kontra_raised = True
        if not self._raises(p, answering=True):
            self._next_kontra_turn()

    def _next_kontra_turn(self) -> None:
        queue = self.kontra_queue
        queue.pop(0)
        s = self.soloist
        while True:
            if queue:
                self.player = queue[0]
                if self._raises(self.player, answering=True):
                    return
                queue.pop(0)
                continue
            if not self.kontra_raised:
                break
            # the side that just raised is answered by the other side
            self.kontra_raised = False
            if self.player == s:
                queue.extend(d for d in self.defenders if self._raises(d, answering=True))
            elif self._raises(s, answering=True):
                queue.append(s)
            if not queue:
                break
        self.kontra_queue = []
        self.phase = _PH_PLAY
        self.player = self.leader

    # -- claims -------------------------------------------------------------------------

    def _claim_sound(self, seat: int) -> bool:
        """Whether ``seat``'s side wins the open component against any play of the other side
        (R7): the solver's verdict, cached for the current position."""
        state = self.tricks_played * 3 + len(self.trick)
        if self._claim is None or self._claim[0] != state:
            from ulti import solver

            self._claim = (state, solver.open_component_made(self))
        made = self._claim[1]
        return made if seat == self.soloist else not made

    def _apply_claim(self, action: Action) -> None:
        """R7: the player to move claims that their side wins the open component (the
        soloist: the Betli, Durchmars or Open Ulti is made; a defender: it is defeated).  The
        solver checks the claim against any play of the other side; a sound claim settles the
        deal by best play from here, an unsound one is refused."""
        from ulti import solver

        p = self.player
        if not self._claim_sound(p):
            other = "the defenders" if p == self.soloist else "the soloist"
            raise IllegalAction("R7", f"claim refused: {other} can still prevent it")
        end = solver.best_line(self)
        assert end.settlement is not None
        self._log(action)
        self.statuses = dict(end.statuses)
        self.pending = []
        self.end_reason = (f"R7: seat {p} claimed after trick {self.tricks_played}; the solver "
                           f"upheld the claim; settled by best play")
        self._finish(end.settlement)

    # ---------------------------------------------------------------------------------------
    # explanations

    def why_illegal(self, c: int) -> tuple[str, str]:
        """(rule id, reason) why the current player may not play card ``c`` now."""
        p = self.player
        hand = self.hands[p]
        name = symbol(c)
        if self.phase != _PH_PLAY:
            return ("R1", "no card is played now")
        if not hand >> c & 1:
            return ("R2", f"seat {p} does not hold {name}")
        if self._play_mask(p) >> c & 1:
            return ("", "legal")
        if c == self.ulti_card and self.ulti_bit and p == self.soloist:
            return ("R6", "the trump VII is held back for the Ulti until the last trick")
        if self.trick:
            led = self.led_suit
            follow = hand & SUIT_MASKS[led]
            if follow:
                if c >> 3 != led:
                    return ("R2", f"must follow suit ({SUIT_NAMES_EN[led]})")
                return ("R2", f"must overtake {symbol(self.best_card)}")
            t = self.trump
            if c >> 3 != t:
                return ("R3", "must trump")
            return ("R3", f"must overtrump {symbol(self.best_card)}")
        return ("R2", "not a legal card")  # pragma: no cover

    # ---------------------------------------------------------------------------------------
    # copying, undo, equality

    def clone(self) -> Deal:
        new = Deal.__new__(Deal)
        for name in Deal.__slots__:
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
        new._events = list(self._events) if self._events is not None else None
        return new

    def _fresh(self) -> Deal:
        """The same deal before its first action."""
        return Deal(self.rules, self.seed, self.dealer,
                    self._deck if self.custom_deck else None)

    @property
    def deck(self) -> tuple[int, ...]:
        """The deck order (secret until the deal is over, D2; not part of any observation)."""
        return tuple(self._deck)

    def undo(self) -> Action:
        """Take back the last action; the state becomes exactly what it was before it.

        The deal is rebuilt from its seed and replayed (actions are deterministic), so an undo
        cannot drift from the forward path."""
        if not self.history:
            raise IllegalAction("undo", "nothing to undo")
        last = self.history[-1][1]
        fresh = self._fresh()
        if self._events is not None:
            fresh._events = [Event("deal", self.dealer, f"seat {self.dealer} deals; seat "
                                                        f"{self.forehand} is forehand")]
        for _, a in self.history[:-1]:
            fresh.apply(a)
        for name in Deal.__slots__:
            setattr(self, name, getattr(fresh, name))
        return last

    def key(self) -> tuple[Any, ...]:
        """Everything that defines the state (for equality and tests)."""
        return (
            self.rules, self.seed, self.dealer, tuple(self._deck), tuple(self.hands), self.talon,
            self.talon_owner,
            self.phase, self.player, self.bid.key if self.bid else None, self.bidder,
            self.passes, self.bid_multiplier, self.soloist, self.trump, tuple(self.trick),
            tuple(self.tricks), tuple(self.taken), tuple(self.marriages),
            tuple(sorted((int(k), tuple(v)) for k, v in self.kontra.items())),
            tuple(self.kontra_queue), self.kontra_raised, self.exposed,
            tuple(sorted(self.statuses.items())), tuple((s, str(a)) for s, a in self.history),
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
        from ulti.observation import observe

        return observe(self, seat)

    def __repr__(self) -> str:
        return (f"Deal(seed={self.seed}, dealer={self.dealer}, phase={self.phase.name}, "
                f"player={self.current_player})")


from ulti.observation import Observation  # noqa: E402  (re-exported for typing)

__all__ = ["Deal", "Event", "IllegalAction", "Observation", "Phase", "deck_for_hands",
           "derive_seed", "play_actions", "shuffled_deck"]
