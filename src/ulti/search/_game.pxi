# The compiled full-game state (included by _core.pyx, so that it shares the play core's
# Game/Pos/legal_mask/play and the item statuses with the solver).
#
# FastDeal is the twin of ulti.games.ulti.deal.Deal for learning loops: the deal (D1, D2, V1, V4), the
# auction and the talon (A1-A5, B5, B6), kontras (K1-K4, V11), marriages (R5), card play
# (R1-R6), the end of play (R8), open contracts (R7: the same solver questions as the
# engine's adjudicator) and the settlement (S1, S2).  Actions are ulti.games.ulti.actions ids.  The
# Python engine stays the reference: tests/test_fast.py plays both on many random deals and
# demands identical legal actions, players, phases and returns.  ulti.search.ulti.fast documents it.

import threading

import numpy

from ulti.games.ulti.actions import from_id
from ulti.games.ulti.bids import ALL_BIDS, Kind, Silent
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.game import RESEARCH_MAX_KONTRA
from ulti.games.ulti.game import Game as UltiGame
from ulti.games.ulti.infostate import MOVE_LAYOUT, OBSERVATION_LAYOUT
from ulti.games.ulti.legality import Reason
from ulti.games.ulti.rules import STANDARD, Ruleset
from ulti.games.ulti.state import IllegalAction

#: Each thread's solver, and what is loaded into it (ulti.search.ulti.solver keeps its contract
#: there): a search belongs to one thread.
THREAD = threading.local()


def thread_solver():
    """This thread's :class:`Solver` (its transposition table is 8 MB, made once per thread)."""
    sv = getattr(THREAD, "solver", None)
    if sv is None:
        sv = Solver()
        THREAD.solver = sv
    return sv


cdef extern from *:
    """
    /* D2 in C: three SplitMix64 outputs a, b, c make X = a<<128 | b<<64 | c; for i = 31..1
       X, j = divmod(X, i + 1) and cards i and j swap.  (ulti.core.seeds.shuffled_deck reduces X
       mod 32! first: the mixed-radix digits are the same.) */
    static inline uint64_t ulti_sm64(uint64_t* x) {
        uint64_t z;
        *x += 0x9E3779B97F4A7C15ULL;
        z = *x;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    static inline void ulti_shuffle(uint64_t seed, signed char* deck) {
        uint64_t st = seed;
        uint64_t limb[3];
        int i, k, j;
        signed char t;
        limb[0] = ulti_sm64(&st);
        limb[1] = ulti_sm64(&st);
        limb[2] = ulti_sm64(&st);
        for (i = 0; i < 32; i++) deck[i] = (signed char)i;
        for (i = 31; i >= 1; i--) {
            unsigned __int128 rem = 0, cur;
            uint64_t d = (uint64_t)(i + 1);
            for (k = 0; k < 3; k++) {
                cur = (rem << 64) | limb[k];
                limb[k] = (uint64_t)(cur / d);
                rem = cur % d;
            }
            j = (int)rem;
            t = deck[i]; deck[i] = deck[j]; deck[j] = t;
        }
    }
    """
    void ulti_shuffle(uint64_t seed, signed char* deck) nogil

DEF NBIDS = 56
DEF NKINDS = 7
DEF MAXRANK = 64
DEF LBUF = 160

DEF PH_ROUND1 = 0
DEF PH_DISCARD = 1
DEF PH_BID = 2
DEF PH_AUCTION = 3
DEF PH_TRUMP = 4
DEF PH_PLAY = 5
DEF PH_KONTRA = 6
DEF PH_OVER = 7

DEF A_DISCARD = 32
DEF A_BID = 528
DEF A_PASS = 584
DEF A_PICKUP = 585
DEF A_CLAIM = 586
DEF A_TRUMP = 587
DEF A_MARRIAGE = 591
DEF A_KONTRA = 595
DEF A_END = 707
DEF KLEVELS = 16

DEF K_SIMPLE = 0
DEF K_FORTY = 1
DEF K_ACES = 2
DEF K_ULTI = 3
DEF K_BETLI = 4
DEF K_DURCH = 5
DEF K_TWENTY = 6

# how a deal ended (ulti.games.ulti.scoring.Termination, in this order: FAST_TERMINATIONS)
DEF T_NONE = -1
DEF T_TEN = 0
DEF T_DECIDED = 1
DEF T_PROVED = 2
DEF T_CLAIM = 3
DEF T_FORFEIT = 4

DEF R7_BUDGET = 150
DEF CLIP = 288230376151711744  # 2**58, ulti.search.ulti.solver.CLIP

FAST_TERMINATIONS = ("ten-tricks", "decided", "proved", "claim", "simple-not-played")

# discard ids: DISC_ID[a][b] (a < b) and back
cdef short DISC_ID[32][32]
cdef signed char DISC_A[496]
cdef signed char DISC_B[496]
cdef uint32_t KINGS_M = 0
cdef uint32_t KO_M[4]
_k = 0
for _a in range(32):
    for _b in range(_a + 1, 32):
        DISC_ID[_a][_b] = A_DISCARD + _k
        DISC_A[_k] = _a
        DISC_B[_k] = _b
        _k += 1
for _s in range(4):
    KINGS_M |= (<uint32_t>1) << (_s * 8 + 6)
    KO_M[_s] = ((<uint32_t>1) << (_s * 8 + 6)) | ((<uint32_t>1) << (_s * 8 + 5))



# the research tensors' layouts (ulti.games.ulti.infostate): segment offsets, filled from the Python
# definitions on first use so that the two cannot drift apart
DEF OBS_SIZE = 639
DEF MOVE_SIZE = 127
DEF NSEG = 24
DEF G_SEAT = 0
DEF G_PHASE = 1
DEF G_PLAYER = 2
DEF G_DEALER = 3
DEF G_HAND = 4
DEF G_TALON = 5
DEF G_TALON_OWNER = 6
DEF G_BID = 7
DEF G_BIDDER = 8
DEF G_MULT = 9
DEF G_CONTRACT = 10
DEF G_SOLOIST = 11
DEF G_TRUMP = 12
DEF G_MARRIAGES = 13
DEF G_KONTRA = 14
DEF G_PLAYED = 15
DEF G_TAKEN = 16
DEF G_TRICK = 17
DEF G_TRICK_LEADER = 18
DEF G_EXPOSED = 19
DEF G_HAND_SIZES = 20
DEF G_TRICKS_WON = 21
DEF G_POINTS = 22
DEF G_OVER = 23
cdef int SEG_AT[NSEG]
cdef int SEG_N[NSEG]
cdef int MV_AT[7]
cdef int _LAYOUT_READY = 0
_SEGMENTS = ("seat", "phase", "current_player", "dealer", "hand", "talon", "talon_owner", "bid",
             "bidder", "bid_multiplier", "contract", "soloist", "trump", "marriages", "kontra",
             "played", "taken", "trick", "trick_leader", "exposed", "hand_sizes", "tricks_won",
             "points_taken", "over")
_MOVE_FIELDS = ("seat", "kind", "cards", "bid", "suit", "component", "level")


cdef void _init_layout() except *:
    global _LAYOUT_READY
    cdef int at = 0, i
    if _LAYOUT_READY:
        return
    where = {}
    for name, n in OBSERVATION_LAYOUT:
        where[name] = (at, n)
        at += n
    if at != OBS_SIZE or tuple(name for name, _ in OBSERVATION_LAYOUT[1:]) != _SEGMENTS:
        raise AssertionError("the compiled observation layout is not ulti.games.ulti.infostate's")
    for i in range(NSEG):
        SEG_AT[i], SEG_N[i] = where[_SEGMENTS[i]]
    at = 0
    for i, (name, n) in enumerate(MOVE_LAYOUT):
        if name != _MOVE_FIELDS[i]:
            raise AssertionError("the compiled move layout is not ulti.games.ulti.infostate's")
        MV_AT[i] = at
        at += n
    if at != MOVE_SIZE:
        raise AssertionError("the compiled move layout is not ulti.games.ulti.infostate's")
    _LAYOUT_READY = 1


cdef inline void _t_hot(float* t, int seg, int index) noexcept nogil:
    """``index`` -1: the segment's "none" slot (its last)."""
    t[SEG_AT[seg] + (index if index >= 0 else SEG_N[seg] - 1)] = 1.0


cdef inline void _t_cards(float* t, int at, uint32_t m) noexcept nogil:
    while m:
        t[at + ctz(m)] = 1.0
        m &= m - 1


cdef struct RulesT:
    int two_round
    int talon
    int hearts_always
    int simple_forfeit
    int alone_exposes
    int talon_ace_loses
    int forehand_leads
    int silent_losses
    int cap
    int top_rank
    int in_ladder[NBIDS]
    int rank[NBIDS]
    int trump[NBIDS]
    int hearts[NBIDS]
    int open_[NBIDS]
    int simple_key[NBIDS]
    int hundred[NBIDS]
    int ncomp[NBIDS]
    int comp_kind[NBIDS][4]
    long long comp_value[NBIDS][4]
    int nsil[NBIDS]
    int sil_item[NBIDS][4]
    long long sil_value[NBIDS][4]
    int carrier[NBIDS]
    int above_n[MAXRANK]
    signed char above[MAXRANK][NBIDS]


cdef class FastRules:
    """A ruleset's tables for :class:`FastDeal` (made once per ruleset: :func:`fast_rules`)."""

    cdef RulesT r
    cdef readonly object rules
    cdef readonly int max_moves
    cdef readonly int info_size

    def __init__(self, rules):
        cdef int o, k, i
        cap = rules.kontra_cap
        if not 2 <= cap <= KLEVELS:
            raise ValueError(
                "V11: the compiled state needs a kontra cap (max_kontra) of 2 to 16, whose "
                f"kontras all have action ids; these rules have {rules.max_kontra or 'none'}"
            )
        for name, rule in (("talon_aside", "W1/W2"), ("trump_with_bid", "W4"),
                           ("marriages_with_card", "W9"), ("kontra_until_second_trick", "W13")):
            if getattr(rules, name):
                raise ValueError(
                    f"{rule}: the compiled state does not play {name} yet; use ulti.games.ulti.deal.Deal"
                )
        self.rules = rules
        self.max_moves = UltiGame(rules).max_game_length()
        self.info_size = OBS_SIZE + 32 + self.max_moves * MOVE_SIZE
        _init_layout()
        memset(&self.r, 0, sizeof(RulesT))
        self.r.two_round = rules.two_round_auction
        self.r.talon = rules.talon
        self.r.hearts_always = rules.hearts_always_trump
        self.r.simple_forfeit = rules.simple_forfeit
        self.r.alone_exposes = rules.soloist_alone_exposes
        self.r.talon_ace_loses = rules.talon_ace_loses_four_aces
        self.r.forehand_leads = rules.forehand_leads
        self.r.silent_losses = rules.silent_losses
        self.r.cap = cap
        ladder = rules.ladder
        self.r.top_rank = ladder.top_rank
        if ladder.top_rank + 1 > MAXRANK:
            raise ValueError("B5: too many ranks for the compiled state")
        for b in ALL_BIDS:
            if b.order >= NBIDS:
                raise ValueError("B5: a bid beyond the action ids")
        for b in ladder.bids:
            o = b.order
            self.r.in_ladder[o] = 1
            self.r.rank[o] = b.rank
            self.r.trump[o] = b.trump
            self.r.hearts[o] = b.hearts
            self.r.open_[o] = b.open
            self.r.simple_key[o] = b.key == "simple"
            self.r.hundred[o] = -1 if b.hundred is None else int(b.hundred)
            self.r.ncomp[o] = len(b.components)
            for k, comp in enumerate(b.components):
                self.r.comp_kind[o][k] = int(comp.kind)
                self.r.comp_value[o][k] = comp.value
            i = 0
            for sil, value in b.silent:  # ulti.games.ulti.scoring.money_for's filters
                if sil == Silent.FOUR_ACES and not rules.four_aces:
                    continue
                if sil == Silent.DURCHMARS and b.key in ("simple", "simple of hearts"):
                    value = value // 3 * rules.silent_durchmars_in_simple
                self.r.sil_item[o][i] = I_S100 + int(sil)
                self.r.sil_value[o][i] = value
                i += 1
            self.r.nsil[o] = i
            self.r.carrier[o] = int(b.silent_carrier)
        for k in range(ladder.top_rank + 1):
            above = ladder.above(k)
            self.r.above_n[k] = len(above)
            for i, b in enumerate(above):
                self.r.above[k][i] = b.order


cdef struct FState:
    uint32_t hand[3]
    uint32_t talon
    signed char deck[32]
    int phase
    int player
    int dealer
    int forehand
    int talon_owner
    int bid
    int bid_rank
    int bidder
    int passes
    int mult
    int round1
    int contract
    int soloist
    int trump
    int had_seven
    int exposed
    int has_comp[NKINDS]
    int lv[NKINDS][2]
    int kq[8]
    int kqn
    int kraised
    int nmar
    int mar_seat[12]
    int mar_suit[12]
    int nitems
    int status[MAX_ITEMS]
    Game g
    Pos p
    Items it
    uint32_t start[3]       # the hands when the deal was complete
    uint32_t played[3]      # the cards each seat played in finished tricks
    uint32_t taken[3]       # the cards in each seat's tricks
    int termination
    int claimant
    int end_tricks
    long long ret[3]
    int claim_key
    int claim_made


cdef inline int _card_points(uint32_t m) noexcept nogil:
    return popcount(m & POINT_CARDS) * 10


cdef inline int _floordiv(int a, int b) noexcept nogil:
    """Python's ``a // b`` (rounding down) for b > 0."""
    cdef int q = a // b
    if (a % b) and (a < 0):
        q -= 1
    return q


cdef inline int _next(int p) noexcept nogil:
    return p + 1 if p < 2 else 0


cdef class FastDeal:
    """One deal of Ulti in compiled code, driven by action ids (see :mod:`ulti.search.ulti.fast`)."""

    cdef FState s
    cdef FastRules R
    cdef const RulesT* r
    cdef list hist
    cdef list priv  # (move, cards received by seat 0, 1, 2): pickups, V1's rest
    cdef readonly uint64_t seed
    cdef readonly bint custom_deck
    cdef short lbuf[LBUF]
    cdef int ln
    cdef int lvalid

    def __init__(self, rules=None, seed=0, dealer=0, deck=None):
        cdef int i
        if rules is None:
            rules = _research_rules()
        tables = _tables(rules)
        if dealer not in (0, 1, 2) or isinstance(dealer, bool):
            raise ValueError("C3: the dealer is seat 0, 1 or 2")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed >= 1 << 64:
            raise ValueError("D2: a seed is an integer in [0, 2**64)")
        self.R = tables
        self.r = &self.R.r
        self.hist = []
        self.priv = []
        self.seed = seed
        memset(&self.s, 0, sizeof(FState))
        if deck is None:
            ulti_shuffle(self.seed, self.s.deck)
            self.custom_deck = False
        else:
            deck = list(deck)
            if sorted(deck) != list(range(32)):
                raise ValueError("D1: a deck is an order of the 32 cards, each once")
            for i in range(32):
                self.s.deck[i] = deck[i]
            self.custom_deck = True
        self._start(dealer)

    cdef void _start(self, int dealer) noexcept:
        cdef FState* s = &self.s
        cdef const RulesT* r = self.r
        cdef int fh = _next(dealer)
        cdef int i, k, pos = 0
        s.dealer = dealer
        s.forehand = fh
        if r.two_round:
            for i in range(3):
                for k in range(5):
                    s.hand[(fh + i) % 3] |= (<uint32_t>1) << s.deck[pos]
                    pos += 1
        else:
            for i in range(6):  # D1: 5-7-5 (V4: 5-5, two aside)
                for k in range(7 if (i == 3 and r.talon) else 5):
                    s.hand[(fh + i) % 3] |= (<uint32_t>1) << s.deck[pos]
                    pos += 1
        for i in range(3):
            s.start[i] = s.hand[i]
        s.talon = 0
        if not r.talon:
            s.talon = ((<uint32_t>1) << s.deck[30]) | ((<uint32_t>1) << s.deck[31])
        s.talon_owner = -1
        s.bid = -1
        s.bidder = -1
        s.round1 = -1
        s.contract = -1
        s.soloist = -1
        s.trump = -1
        s.mult = 1
        s.termination = T_NONE
        s.claimant = -1
        s.claim_key = -1
        s.phase = PH_ROUND1 if r.two_round else (PH_DISCARD if r.talon else PH_BID)
        s.player = fh
        self.lvalid = 0

    # -- queries ---------------------------------------------------------------------------

    @property
    def current_player(self):
        """The seat to act, or -1 when the deal is over."""
        return -1 if self.s.phase == PH_OVER else self.s.player

    @property
    def phase(self):
        """The phase as an int (:class:`ulti.games.ulti.state.Phase`)."""
        return self.s.phase

    @property
    def dealer(self):
        return self.s.dealer

    @property
    def forehand(self):
        return self.s.forehand

    @property
    def soloist(self):
        return self.s.soloist

    @property
    def trump(self):
        return self.s.trump

    @property
    def contract_order(self):
        """The contract's bid (its ``order``, action id - 528), -1 before the auction ends."""
        return self.s.contract

    @property
    def bid_multiplier(self):
        return self.s.mult

    @property
    def hands(self):
        return [self.s.hand[0], self.s.hand[1], self.s.hand[2]]

    @property
    def talon(self):
        return self.s.talon

    @property
    def deck(self):
        """The deck order (secret until the deal is over, D2)."""
        cdef int i
        return tuple([self.s.deck[i] for i in range(32)])

    @property
    def tricks_played(self):
        return self.s.p.tricks

    @property
    def rules(self):
        return self.R.rules

    @property
    def history(self):
        """Every action so far: (seat, action id)."""
        return [(h >> 10, h & 1023) for h in self.hist]

    @property
    def termination(self):
        """How the deal ended (``ulti.games.ulti.scoring.Termination`` value), or None while it runs."""
        return None if self.s.termination == T_NONE else FAST_TERMINATIONS[self.s.termination]

    def kontra_levels(self, int kind):
        """A component's kontra level against each defender (seat order after the soloist)."""
        if not 0 <= kind < NKINDS or not self.s.has_comp[kind]:
            return (0, 0)
        return (self.s.lv[kind][0], self.s.lv[kind][1])

    @property
    def marriages(self):
        return [(self.s.mar_seat[i], self.s.mar_suit[i]) for i in range(self.s.nmar)]

    def is_over(self):
        return self.s.phase == PH_OVER

    def is_terminal(self):
        return self.s.phase == PH_OVER

    def returns(self):
        """Units won by each seat (zero-sum); zeros while the deal is running."""
        if self.s.phase != PH_OVER:
            return [0, 0, 0]
        return [self.s.ret[0], self.s.ret[1], self.s.ret[2]]

    def legal_actions(self):
        """The ids of every action the current player may take, in the engine's order
        (:meth:`ulti.games.ulti.deal.Deal.legal_actions`)."""
        cdef int i
        if not self.lvalid:
            self.ln = self._gen()
            self.lvalid = 1
        return [self.lbuf[i] for i in range(self.ln)]

    def clone(self):
        cdef FastDeal c = FastDeal.__new__(FastDeal)
        c.s = self.s
        c.R = self.R
        c.r = self.r
        c.hist = list(self.hist)
        c.priv = list(self.priv)
        c.seed = self.seed
        c.custom_deck = self.custom_deck
        c.lvalid = 0
        return c

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        return (_restore_fast, (self.R.rules, self.seed, self.s.dealer,
                                self.deck if self.custom_deck else None, self.history))

    # -- the research tensors (ulti.games.ulti.infostate's layouts) ------------------------------------

    @property
    def information_state_size(self):
        """The information-state tensor's length (671 + max_moves * 127)."""
        return self.R.info_size

    def observation_tensor(self, int seat, out=None):
        """``seat``'s observation tensor (float32, 639): ``python_ulti``'s
        ``observation_tensor`` of the same state (written into ``out`` when given)."""
        cdef float[::1] t
        if not 0 <= seat <= 2:
            raise ValueError("C3: a seat is 0, 1 or 2")
        if out is None:
            out = numpy.zeros(OBS_SIZE, numpy.float32)
        t = out
        if t.shape[0] != OBS_SIZE:
            raise ValueError(f"the observation tensor has {OBS_SIZE} floats")
        memset(&t[0], 0, OBS_SIZE * sizeof(float))
        self._observation(seat, &t[0])
        return out

    def information_state_tensor(self, int seat, out=None):
        """``seat``'s perfect-recall information-state tensor (float32): ``python_ulti``'s
        ``information_state_tensor`` of the same state (written into ``out`` when given)."""
        cdef float[::1] t
        cdef int n = self.R.info_size
        if not 0 <= seat <= 2:
            raise ValueError("C3: a seat is 0, 1 or 2")
        if out is None:
            out = numpy.zeros(n, numpy.float32)
            t = out
        else:
            t = out
            if t.shape[0] != n:
                raise ValueError(f"the information-state tensor has {n} floats")
            memset(&t[0], 0, n * sizeof(float))
        self._observation(seat, &t[0])
        self._recall(seat, &t[0])
        return out

    cdef void _observation(self, int seat, float* t) noexcept:
        """ulti.games.ulti.observation.observation_tensor(observe(deal, seat)) after ``dealt`` (32)."""
        cdef FState* s = &self.s
        cdef int over = s.phase == PH_OVER
        cdef int i, k, kind, c, pl
        cdef uint32_t m
        t[0] = 32.0
        _t_hot(t, G_SEAT, seat)
        _t_hot(t, G_PHASE, s.phase)
        _t_hot(t, G_PLAYER, -1 if over else s.player)
        _t_hot(t, G_DEALER, s.dealer)
        _t_cards(t, SEG_AT[G_HAND], s.hand[seat])
        if over or s.talon_owner == seat:
            _t_cards(t, SEG_AT[G_TALON], s.talon)
        _t_hot(t, G_TALON_OWNER, s.talon_owner)
        _t_hot(t, G_BID, s.bid)
        _t_hot(t, G_BIDDER, s.bidder)
        t[SEG_AT[G_MULT]] = s.mult
        _t_hot(t, G_CONTRACT, s.contract)
        _t_hot(t, G_SOLOIST, s.soloist)
        _t_hot(t, G_TRUMP, s.trump)
        for i in range(s.nmar):
            t[SEG_AT[G_MARRIAGES] + s.mar_seat[i] * 4 + s.mar_suit[i]] = 1.0
        for kind in range(NKINDS):
            if s.has_comp[kind]:
                t[SEG_AT[G_KONTRA] + kind * 2] = s.lv[kind][0]
                t[SEG_AT[G_KONTRA] + kind * 2 + 1] = s.lv[kind][1]
        for i in range(3):
            _t_cards(t, SEG_AT[G_PLAYED] + 32 * i, s.played[i])
            _t_cards(t, SEG_AT[G_TAKEN] + 32 * i, s.taken[i])
            if (s.exposed >> i) & 1 and i != seat:
                _t_cards(t, SEG_AT[G_EXPOSED] + 32 * i, s.hand[i])
            t[SEG_AT[G_HAND_SIZES] + i] = popcount(s.hand[i])
            t[SEG_AT[G_TRICKS_WON] + i] = s.p.won[i]
            t[SEG_AT[G_POINTS] + i] = _card_points(s.taken[i])
        pl = s.p.leader
        for i in range(s.p.nt):
            t[SEG_AT[G_TRICK] + 32 * ((pl + i) % 3) + s.p.tcard[i]] = 1.0
        _t_hot(t, G_TRICK_LEADER, pl if s.p.nt else -1)
        t[SEG_AT[G_OVER]] = over

    cdef void _recall(self, int seat, float* t) noexcept:
        """ulti.games.ulti.infostate.fill_tensor's start hand and move rows."""
        cdef FState* s = &self.s
        cdef int over = s.phase == PH_OVER
        cdef int i, a, p, at, n = len(self.hist)
        cdef int got_i = -1, pi = 0, npriv = len(self.priv)
        cdef uint32_t got = 0
        _t_cards(t, OBS_SIZE, s.start[seat])
        if npriv:
            got_i = self.priv[0][0]
        for i in range(n):
            h = self.hist[i]
            a = h & 1023
            p = h >> 10
            at = OBS_SIZE + 32 + i * MOVE_SIZE
            t[at + MV_AT[0] + p] = 1.0
            if i == got_i:
                got = self.priv[pi][1 + seat]
                _t_cards(t, at + MV_AT[2], got)
                pi += 1
                got_i = self.priv[pi][0] if pi < npriv else -1
            if a < A_DISCARD:
                t[at + MV_AT[1] + 0] = 1.0
                t[at + MV_AT[2] + a] = 1.0
            elif a < A_BID:
                t[at + MV_AT[1] + 1] = 1.0
                if p == seat or over:
                    t[at + MV_AT[2] + DISC_A[a - A_DISCARD]] = 1.0
                    t[at + MV_AT[2] + DISC_B[a - A_DISCARD]] = 1.0
            elif a < A_PASS:
                t[at + MV_AT[1] + 2] = 1.0
                t[at + MV_AT[3] + a - A_BID] = 1.0
            elif a == A_PASS:
                t[at + MV_AT[1] + 3] = 1.0
            elif a == A_PICKUP:
                t[at + MV_AT[1] + 4] = 1.0
            elif a == A_CLAIM:
                t[at + MV_AT[1] + 5] = 1.0
            elif a < A_MARRIAGE:
                t[at + MV_AT[1] + 6] = 1.0
                t[at + MV_AT[4] + a - A_TRUMP] = 1.0
            elif a < A_KONTRA:
                t[at + MV_AT[1] + 7] = 1.0
                t[at + MV_AT[4] + a - A_MARRIAGE] = 1.0
            else:
                t[at + MV_AT[1] + 8] = 1.0
                t[at + MV_AT[5] + (a - A_KONTRA) // KLEVELS] = 1.0
                t[at + MV_AT[6] + (a - A_KONTRA) % KLEVELS] = 1.0

    # -- applying ----------------------------------------------------------------------------

    def apply_action(self, int action):
        """Apply one action id of the current player; an illegal one raises
        :class:`ulti.games.ulti.state.IllegalAction` (the engine's reason) and changes nothing."""
        cdef int i
        if not self.lvalid:
            self.ln = self._gen()
            self.lvalid = 1
        for i in range(self.ln):
            if self.lbuf[i] == action:
                break
        else:
            self._refuse(action)
        self.lvalid = 0
        self._apply(action)

    def apply(self, action):
        """:meth:`apply_action` for an id or a :class:`ulti.games.ulti.actions.Action`."""
        if not isinstance(action, int):
            action = action.id
        self.apply_action(action)

    def _refuse(self, int action):
        try:
            act = from_id(action)
        except ValueError as exc:
            raise IllegalAction(Reason("grammar", "grammar", {"message": str(exc)})) from None
        why = self.to_deal().refusal(act)  # the engine's reason, from its legality alone
        if why is None:
            raise AssertionError(f"the engine allows {act} where the compiled state does not")
        raise IllegalAction(why)

    def to_deal(self, adjudicator=None):
        """The same deal as the Python engine's :class:`ulti.games.ulti.deal.Deal` (replayed), for its
        observations, records, events and explained settlement."""
        d = Deal(self.R.rules, self.seed, self.s.dealer,
                 self.deck if self.custom_deck else None, adjudicator)
        for h in self.hist:
            ident = h & 1023
            for a in d.legal_actions():
                if a.id == ident:
                    d.apply(a)
                    break
            else:
                raise AssertionError(f"action {ident} is not legal in the engine")
        return d

    cdef void _log(self, int action) noexcept:
        self.hist.append((self.s.player << 10) | action)

    cdef int _apply(self, int a) except -1:
        cdef FState* s = &self.s
        cdef int ph = s.phase
        cdef int p = s.player
        cdef uint32_t m, h0, h1, h2
        self._log(a)
        if ph == PH_PLAY:
            if a < 32:
                self._card(a)
            elif a >= A_KONTRA:
                self._raise(p, (a - A_KONTRA) // KLEVELS, (a - A_KONTRA) % KLEVELS + 1)
            elif a >= A_MARRIAGE:
                self._marriage(p, a - A_MARRIAGE)
            else:
                self._claim()
        elif ph == PH_DISCARD:
            m = ((<uint32_t>1) << DISC_A[a - A_DISCARD]) | ((<uint32_t>1) << DISC_B[a - A_DISCARD])
            s.hand[p] ^= m
            s.talon = m
            s.talon_owner = p
            s.phase = PH_BID
        elif ph == PH_BID:
            self._bid(a - A_BID, s.mult if (s.round1 >= 0 and s.passes == -1 and p == s.bidder
                                           and a - A_BID == s.round1) else 1)
            s.phase = PH_AUCTION
        elif ph == PH_AUCTION:
            if a == A_PASS:
                s.passes += 1
                if s.passes >= 3:
                    self._end_auction()
                else:
                    s.player = _next(p)
            elif a == A_PICKUP:
                self.priv.append((len(self.hist) - 1, s.talon if p == 0 else 0,
                                  s.talon if p == 1 else 0, s.talon if p == 2 else 0))
                s.hand[p] |= s.talon
                s.talon = 0
                s.talon_owner = -1
                s.phase = PH_DISCARD
            else:
                self._bid(a - A_BID, 1)
        elif ph == PH_ROUND1:
            if a == A_PASS:
                s.passes += 1
                if (s.bid >= 0 and s.passes >= 2) or s.passes >= 3:
                    h0, h1, h2 = s.hand[0], s.hand[1], s.hand[2]
                    self._end_round1()
                    self.priv.append((len(self.hist) - 1, s.hand[0] & ~h0, s.hand[1] & ~h1,
                                      s.hand[2] & ~h2))
                else:
                    s.player = _next(p)
            else:
                self._bid(a - A_BID, 2)
        elif ph == PH_TRUMP:
            self._start_play(a - A_TRUMP)
        elif ph == PH_KONTRA:
            if a == A_PASS:
                self._next_turn()
            else:
                self._raise(p, (a - A_KONTRA) // KLEVELS, (a - A_KONTRA) % KLEVELS + 1)
                s.kraised = 1
                if not self._raises(p, 1, NULL):
                    self._next_turn()
        return 0

    # -- the auction (A1-A5, B5, B6, V1, V4) ------------------------------------------------

    cdef void _bid(self, int b, int mult) noexcept:
        cdef FState* s = &self.s
        s.bid = b
        s.bid_rank = self.r.rank[b]
        s.bidder = s.player
        s.passes = 0
        s.mult = mult
        s.player = _next(s.player)

    cdef void _end_round1(self) noexcept:
        cdef FState* s = &self.s
        cdef int fh = s.forehand
        cdef int winner = s.bidder if s.bid >= 0 else fh
        cdef int pos = 15, i, k
        for i in range(2):
            s.hand[winner] |= (<uint32_t>1) << s.deck[pos]
            pos += 1
        for i in range(3):
            for k in range(5):
                s.hand[(fh + i) % 3] |= (<uint32_t>1) << s.deck[pos]
                pos += 1
        s.player = winner
        s.phase = PH_DISCARD
        if s.bid >= 0:
            s.round1 = s.bid
            s.passes = -1
        else:
            s.mult = 1

    cdef int _end_auction(self) except -1:
        cdef FState* s = &self.s
        cdef const RulesT* r = self.r
        cdef int b = s.bid
        s.soloist = s.bidder
        s.contract = b
        if r.simple_key[b] and r.simple_forfeit:
            s.ret[0] = s.ret[1] = s.ret[2] = 0
            self._pay(-2 * s.mult, -2 * s.mult)
            self._finish(T_FORFEIT)
            return 0
        if r.trump[b] and not r.hearts[b] and not r.hearts_always:
            s.phase = PH_TRUMP
            s.player = s.soloist
            return 0
        self._start_play(0 if r.trump[b] else -1)
        return 0

    # -- play (R1-R8) ------------------------------------------------------------------------

    cdef int _start_play(self, int trump) except -1:
        cdef FState* s = &self.s
        cdef const RulesT* r = self.r
        cdef int c = s.contract
        cdef int sol = s.soloist
        cdef int k, i, n = 0, first
        cdef bint ulti = 0
        s.trump = trump
        for k in range(r.ncomp[c]):
            s.has_comp[r.comp_kind[c][k]] = 1
            s.it.code[n] = r.comp_kind[c][k]
            n += 1
            if r.comp_kind[c][k] == K_ULTI:
                ulti = 1
        for k in range(r.nsil[c]):
            s.it.code[n] = r.sil_item[c][k]
            n += 1
        s.nitems = n
        s.it.n = n
        for i in range(n):
            s.status[i] = ST_OPEN
        _init_game(&s.g, trump, not r.trump[c], sol, ulti)
        s.had_seven = trump >= 0 and (s.hand[sol] >> (trump * 8)) & 1
        s.it.sm = 0
        s.it.dm = 0
        s.it.talon_pts = _card_points(s.talon) if r.trump[c] else 0
        s.it.talon_aces = s.talon & ACES_M
        s.it.talon_ace_loses = r.talon_ace_loses
        s.it.forty_declared = 0
        s.it.twenty_declared = 0
        s.it.had_seven = s.had_seven
        for i in range(3):
            s.p.hand[i] = s.hand[i]
            s.p.aces[i] = 0
            s.p.won[i] = 0
        s.p.sp = s.p.dp = s.p.last_points = 0
        first = s.forehand if r.forehand_leads else sol  # R1 (W6: forehand leads)
        s.p.nt = 0
        s.p.player = first
        s.p.leader = first
        s.p.best_card = 0
        s.p.best_seat = first
        s.p.trumped = 0
        s.p.led = 0
        s.p.tricks = 0
        s.p.seven_trick = -1
        s.p.last_winner = -1
        s.phase = PH_PLAY
        s.player = first
        self._update_statuses()
        return 0

    cdef int _card(self, int c) except -1:
        cdef FState* s = &self.s
        cdef int i, leader
        cdef uint32_t tm
        if s.p.nt == 2:  # the trick's last card: who played what, who takes it
            leader = s.p.leader
            s.played[leader] |= (<uint32_t>1) << s.p.tcard[0]
            s.played[_next(leader)] |= (<uint32_t>1) << s.p.tcard[1]
            s.played[_next(_next(leader))] |= (<uint32_t>1) << c
            tm = ((<uint32_t>1) << s.p.tcard[0]) | ((<uint32_t>1) << s.p.tcard[1]) | (
                (<uint32_t>1) << c)
            play(&s.g, &s.p, c)
            s.taken[s.p.player] |= tm
        else:
            play(&s.g, &s.p, c)
        s.hand[s.player] ^= (<uint32_t>1) << c
        if s.p.nt:
            s.player = s.p.player
            return 0
        s.player = s.p.player
        return self._end_trick()

    cdef int _end_trick(self) except -1:
        cdef FState* s = &self.s
        cdef const RulesT* r = self.r
        cdef int c = s.contract
        if self._update_statuses():
            return 0
        if s.p.tricks == 1 and r.open_[c]:  # R7 (V10: the soloist alone)
            s.exposed = (1 << s.soloist) if r.alone_exposes else 7
        if r.open_[c] and self._settle_if_fixed():
            return 0
        if s.p.tricks == 1:
            self._open_answers()
        return 0

    cdef int _update_statuses(self) except -1:
        """Re-evaluate the open items; end the deal when all are decided (R8)."""
        cdef FState* s = &self.s
        cdef int i, code, st, still = 0
        for i in range(s.nitems):
            if s.status[i] != ST_OPEN:
                continue
            code = s.it.code[i]
            if s.p.tricks == 0 and (code == I_SIMPLE or code == I_S100 or code == I_FORTY
                                    or code == I_TWENTY):
                st = ST_OPEN  # marriages may still be declared (R5)
            else:
                st = item_status(&s.g, &s.it, &s.p, code)
            if st == ST_OPEN:
                still += 1
            else:
                s.status[i] = st
        if still:
            return 0
        self._settle()
        self._finish(T_TEN if s.p.tricks == 10 else T_DECIDED)
        return 1

    cdef void _finish(self, int termination) noexcept:
        self.s.termination = termination
        self.s.end_tricks = self.s.p.tricks if self.s.contract >= 0 else 0
        self.s.phase = PH_OVER
        self.s.player = -1

    cdef void _pay(self, long long d1, long long d2) noexcept:
        """The defenders pay the soloist ``d1`` and ``d2`` (negative: they receive)."""
        cdef FState* s = &self.s
        cdef int sol = s.soloist
        s.ret[sol] += d1 + d2
        s.ret[_next(sol)] -= d1
        s.ret[_next(_next(sol))] -= d2

    cdef void _money(self, int i, long long* first, long long* second, long long* pen,
                     int* silent) noexcept:
        """Item ``i``'s money (ulti.games.ulti.scoring.money_for): what each defender pays when it is
        won, the Ulti penalty, and whether it is a silent bonus."""
        cdef FState* s = &self.s
        cdef const RulesT* r = self.r
        cdef int c = s.contract
        cdef int nc = r.ncomp[c]
        cdef int kind
        cdef long long v
        if i < nc:
            kind = r.comp_kind[c][i]
            v = r.comp_value[c][i] * s.mult
            first[0] = v << s.lv[kind][0]
            second[0] = v << s.lv[kind][1]
            pen[0] = v if kind == K_ULTI else 0
            silent[0] = 0
        else:
            kind = r.carrier[c]
            v = r.sil_value[c][i - nc] * s.mult
            first[0] = v << s.lv[kind][0]
            second[0] = v << s.lv[kind][1]
            pen[0] = 0
            silent[0] = 1

    cdef void _settle(self) noexcept:
        """S1, S2, K3, K4: the settlement from every item's final status."""
        cdef FState* s = &self.s
        cdef long long first, second, pen
        cdef int silent, i, st
        s.ret[0] = s.ret[1] = s.ret[2] = 0
        for i in range(s.nitems):
            st = s.status[i]
            if st == ST_VOID or st == ST_OPEN:
                continue
            self._money(i, &first, &second, &pen, &silent)
            if st == ST_WON:
                self._pay(first, second)
            elif silent:
                if self.r.silent_losses:  # W12: a failed silent bonus is not charged
                    self._pay(-2 * first, -2 * second)
            else:
                self._pay(-first, -second)
                if pen:
                    self._pay(-pen, -pen)

    # -- marriages (R5) and kontras (K1-K4) --------------------------------------------------

    cdef int _marriage_ok(self, int seat, int suit) noexcept:
        """ulti.games.ulti.legality.marriage_rule allows it (the contract has trump: checked by the
        caller)."""
        cdef FState* s = &self.s
        cdef int h = self.r.hundred[s.contract]
        cdef int i, declared = 0
        if h >= 0 and seat != s.soloist:
            return 0
        if h == K_FORTY and suit != s.trump:
            return 0
        if h == K_TWENTY and suit == s.trump:
            return 0
        for i in range(s.nmar):
            if s.mar_seat[i] == seat:
                declared += 1
                if s.mar_suit[i] == suit:
                    return 0
        if h == K_TWENTY and declared:
            return 0
        return (s.hand[seat] & KO_M[suit]) == KO_M[suit]

    cdef void _marriage(self, int seat, int suit) noexcept:
        cdef FState* s = &self.s
        cdef int v = 40 if suit == s.trump else 20
        s.mar_seat[s.nmar] = seat
        s.mar_suit[s.nmar] = suit
        s.nmar += 1
        if seat == s.soloist:
            s.it.sm += v
            if suit == s.trump:
                s.it.forty_declared = 1
            else:
                s.it.twenty_declared = 1
        else:
            s.it.dm += v

    cdef int _kontra_ok(self, int seat, int kind, int level, int answering) noexcept:
        """ulti.games.ulti.legality.kontra_rule allows it."""
        cdef FState* s = &self.s
        cdef int sol = s.soloist
        cdef int a = s.lv[kind][0]
        cdef int b = s.lv[kind][1]
        cdef int x
        if not s.has_comp[kind] or level > self.r.cap:
            return 0
        if seat == sol:
            if not (a & 1 or b & 1):
                return 0
            if level % 2 or not (a == level - 1 or b == level - 1):
                return 0
            return 1
        x = a if seat == _next(sol) else b
        if x & 1:
            return 0
        if answering and x == 0:
            return 0
        if level != x + 1 or (x > 0) != (answering != 0):
            return 0
        return 1

    cdef int _raises(self, int seat, int answering, short* out) noexcept:
        """The kontras ``seat`` may make now (ulti.games.ulti.kontra.raises), written to ``out`` when it
        is given; their number."""
        cdef FState* s = &self.s
        cdef const RulesT* r = self.r
        cdef int c = s.contract
        cdef int k, kind, a, b, n = 0
        for k in range(r.ncomp[c]):
            kind = r.comp_kind[c][k]
            a = s.lv[kind][0]
            b = s.lv[kind][1]
            if self._kontra_ok(seat, kind, a + 1, answering):
                if out == NULL:
                    return 1
                out[n] = A_KONTRA + kind * KLEVELS + a
                n += 1
            if a != b and self._kontra_ok(seat, kind, b + 1, answering):
                if out == NULL:
                    return 1
                out[n] = A_KONTRA + kind * KLEVELS + b
                n += 1
        return n

    cdef void _raise(self, int seat, int kind, int level) noexcept:
        """ulti.games.ulti.kontra.apply_raise (K2, K3)."""
        cdef FState* s = &self.s
        cdef const RulesT* r = self.r
        cdef int sol = s.soloist
        cdef int i
        if seat == sol:
            for i in range(2):
                if s.lv[kind][i] == level - 1:
                    s.lv[kind][i] = level
        elif not r.trump[s.contract] and (kind == K_BETLI or kind == K_DURCH):
            s.lv[kind][0 if seat == _next(sol) else 1] = level  # K3: this defender only
        else:
            s.lv[kind][0] = level
            s.lv[kind][1] = level

    cdef void _open_answers(self) noexcept:
        cdef FState* s = &self.s
        if self._raises(s.soloist, 1, NULL):
            s.kq[0] = s.soloist
            s.kqn = 1
            s.kraised = 0
            s.phase = PH_KONTRA
            s.player = s.soloist

    cdef void _pop_queue(self) noexcept:
        cdef FState* s = &self.s
        cdef int i
        for i in range(1, s.kqn):
            s.kq[i - 1] = s.kq[i]
        s.kqn -= 1

    cdef void _next_turn(self) noexcept:
        """ulti.games.ulti.kontra._next_turn: the next seat with a double to answer, else play on."""
        cdef FState* s = &self.s
        cdef int sol = s.soloist
        cdef int x
        self._pop_queue()
        while True:
            if s.kqn:
                s.player = s.kq[0]
                if self._raises(s.player, 1, NULL):
                    return
                self._pop_queue()
                continue
            if not s.kraised:
                break
            s.kraised = 0
            if s.player == sol:
                x = _next(sol)
                if self._raises(x, 1, NULL):
                    s.kq[s.kqn] = x
                    s.kqn += 1
                x = _next(x)
                if self._raises(x, 1, NULL):
                    s.kq[s.kqn] = x
                    s.kqn += 1
            elif self._raises(sol, 1, NULL):
                s.kq[s.kqn] = sol
                s.kqn += 1
            if not s.kqn:
                break
        s.kqn = 0
        s.phase = PH_PLAY
        s.player = s.p.leader

    # -- legal actions --------------------------------------------------------------------------

    cdef int _gen(self) except -1:
        cdef FState* s = &self.s
        cdef const RulesT* r = self.r
        cdef short* out = self.lbuf
        cdef int ph = s.phase
        cdef int n = 0, i, k, b, p = s.player
        cdef uint32_t m, hand, pairs
        if ph == PH_PLAY:
            m = legal_mask(&s.g, &s.p)
            if s.p.tricks == 0:
                hand = s.hand[p]
                pairs = hand & (hand << 1) & KINGS_M
                if pairs and r.trump[s.contract]:
                    for i in range(4):
                        if (pairs >> (i * 8 + 6)) & 1 and self._marriage_ok(p, i):
                            out[n] = A_MARRIAGE + i
                            n += 1
                if p != s.soloist:
                    n += self._raises(p, 0, out + n)
            elif s.exposed and self._claim_sound(p):
                out[n] = A_CLAIM
                n += 1
            while m:
                out[n] = ctz(m)
                n += 1
                m &= m - 1
            return n
        if ph == PH_DISCARD:
            hand = s.hand[p]
            m = hand
            while m:
                i = ctz(m)
                m &= m - 1
                hand = m
                while hand:
                    out[n] = DISC_ID[i][ctz(hand)]
                    n += 1
                    hand &= hand - 1
            return n
        if ph == PH_AUCTION:
            if not r.talon:
                out[0] = A_PASS
                n = 1
                for i in range(r.above_n[s.bid_rank]):
                    out[n] = A_BID + r.above[s.bid_rank][i]
                    n += 1
                return n
            out[0] = A_PASS
            if r.above_n[s.bid_rank]:
                out[1] = A_PICKUP
                return 2
            return 1
        if ph == PH_BID:
            if s.round1 >= 0 and p == s.bidder and s.passes == -1:
                out[0] = A_BID + s.round1
                n = 1
                for i in range(r.above_n[s.bid_rank]):
                    b = r.above[s.bid_rank][i]
                    if r.trump[b] == r.trump[s.round1] and (
                            r.hearts[b] == r.hearts[s.round1] or not r.trump[b]):
                        out[n] = A_BID + b
                        n += 1
                return n
            for i in range(r.above_n[s.bid_rank]):
                out[n] = A_BID + r.above[s.bid_rank][i]
                n += 1
            return n
        if ph == PH_KONTRA:
            out[0] = A_PASS
            return 1 + self._raises(p, 1, out + 1)
        if ph == PH_ROUND1:
            out[0] = A_PASS
            n = 1
            for i in range(r.above_n[s.bid_rank]):
                out[n] = A_BID + r.above[s.bid_rank][i]
                n += 1
            return n
        if ph == PH_TRUMP:
            out[0] = A_TRUMP + 1  # acorns, leaves, bells (B6: not hearts)
            out[1] = A_TRUMP + 2
            out[2] = A_TRUMP + 3
            return 3
        return 0

    # -- R7: open contracts, through the thread's solver ------------------------------------------

    cdef object _core_position(self):
        """ulti.search.ulti.solver.core_of_deal's position."""
        cdef FState* s = &self.s
        cdef int trump_game = self.r.trump[s.contract]
        cdef int i
        trick = tuple([s.p.tcard[i] for i in range(s.p.nt)])
        return CorePosition(
            [s.hand[0], s.hand[1], s.hand[2]],
            s.trump,
            not trump_game,
            s.soloist,
            s.g.ulti_bit != 0,
            s.p.leader if s.p.nt else s.player,
            s.p.tricks,
            s.p.sp if trump_game else 0,
            s.p.dp if trump_game else 0,
            (s.p.won[0], s.p.won[1], s.p.won[2]),
            (s.p.aces[0], s.p.aces[1], s.p.aces[2]),
            s.p.seven_trick,
            trick,
        )

    cdef object _load(self):
        """The thread's solver with this contract's items (ulti.search.ulti.solver.fixed_in_deal)."""
        cdef FState* s = &self.s
        cdef long long first, second, pen
        cdef int silent, i
        cdef int trump_game = self.r.trump[s.contract]
        sv = thread_solver()
        items = []
        for i in range(s.nitems):
            self._money(i, &first, &second, &pen, &silent)
            won = first + second
            if silent:
                lost = -2 * (first + second) if self.r.silent_losses else 0
            else:
                lost = -(first + second) - 2 * pen
            items.append((s.it.code[i], max(-CLIP, min(CLIP, won)), max(-CLIP, min(CLIP, lost))))
        sv.set_items(items, s.it.sm if trump_game else 0, s.it.dm if trump_game else 0,
                     _card_points(s.talon) if trump_game else 0, s.talon & ACES_M,
                     self.r.talon_ace_loses, s.it.forty_declared, s.it.twenty_declared,
                     s.had_seven)
        THREAD.items = None  # the solver's contract is no longer the engine's
        return sv

    cdef int _settle_if_fixed(self) except -1:
        cdef FState* s = &self.s
        cdef int i
        sv = self._load()
        got = sv.fixed(self._core_position(), R7_BUDGET)
        if got is None:
            return 0
        for i in range(s.nitems):
            s.status[i] = got[i]
        self._settle()
        self._finish(T_PROVED)
        return 1

    cdef int _claim_sound(self, int seat) except -1:
        cdef FState* s = &self.s
        cdef int key = s.p.tricks * 3 + s.p.nt
        if s.claim_key != key:
            s.claim_made = self._open_made()
            s.claim_key = key
        return s.claim_made if seat == s.soloist else not s.claim_made

    cdef int _open_made(self) except -1:
        """ulti.search.ulti.solver.open_component_made: the soloist makes the open component against any
        defence from here."""
        cdef FState* s = &self.s
        cdef int sol = s.soloist
        cdef int obj
        if s.has_comp[K_BETLI]:
            if s.p.won[sol]:
                return 0
            obj = OBJ_NONE
        elif s.has_comp[K_DURCH]:
            if s.p.won[_next(sol)] or s.p.won[_next(_next(sol))]:
                return 0
            obj = OBJ_ALL
        else:
            if not s.had_seven or 0 <= s.p.seven_trick < 9:
                return 0
            obj = OBJ_ULTI
        return bool(thread_solver().objective(self._core_position(), obj))

    cdef int _claim(self) except -1:
        """R7: a sound claim settles the deal as best play to the end would
        (ulti.games.ulti.play.best_play_to_end's line).  Items decided now keep their status whatever
        is played; when a single component is still open, best play makes it exactly when
        the soloist can force it (one objective search); otherwise the line itself is
        followed (:meth:`Solver.best_line`)."""
        cdef FState* s = &self.s
        cdef int claimant = s.player
        cdef int tricks = s.p.tricks
        cdef int i, st, n_open = 0, open_i = -1
        cdef int sts[MAX_ITEMS]
        for i in range(s.nitems):
            st = s.status[i]
            if st == ST_OPEN:
                st = item_status(&s.g, &s.it, &s.p, s.it.code[i])
            sts[i] = st
            if st == ST_OPEN:
                n_open += 1
                open_i = i
        if n_open == 1 and s.it.code[open_i] < I_S100:
            sts[open_i] = ST_WON if self._can_make(s.it.code[open_i]) else ST_LOST
        elif n_open:
            got = self._load().best_line(self._core_position())
            for i in range(s.nitems):
                sts[i] = got[i]
        for i in range(s.nitems):
            s.status[i] = sts[i]
        self._settle()
        self._finish(T_CLAIM)
        s.claimant = claimant
        s.end_tricks = tricks
        return 0

    cdef int _can_make(self, int code) except -1:
        """Whether the soloist makes the open component ``code`` against best defence from
        here (ulti.search.ulti.solver.objective's targets)."""
        cdef FState* s = &self.s
        cdef int obj, need = 0
        if code == I_SIMPLE:  # S > D  <=>  2 sp > 90 + dm - sm (P1-P3)
            obj = OBJ_POINTS
            need = _floordiv(90 + s.it.dm - s.it.sm, 2) + 1
        elif code == I_FORTY or code == I_TWENTY:
            obj = OBJ_POINTS
            need = 60 if code == I_FORTY else 80
        elif code == I_ULTI:
            obj = OBJ_ULTI
        elif code == I_BETLI:
            obj = OBJ_NONE
        elif code == I_DURCH:
            obj = OBJ_ALL
        else:
            obj = OBJ_ACES
        if obj == OBJ_POINTS:
            need = -_floordiv(-need, 10) * 10  # trick points come in tens
            if need < 0:
                need = 0
        return bool(thread_solver().objective(self._core_position(), obj, need))

    # -- random play, for learning loops and benchmarks ----------------------------------------------

    def play_random(self, uint64_t rng_seed, int max_actions=-1):
        """Play uniformly random legal actions until the end (or ``max_actions``); returns
        the number of actions applied.  The generator is xorshift64* from ``rng_seed``."""
        cdef uint64_t rng = rng_seed * <uint64_t>0x9E3779B97F4A7C15ULL + 1
        cdef int n = 0, k
        while self.s.phase != PH_OVER and n != max_actions:
            if not self.lvalid:
                self.ln = self._gen()
            self.lvalid = 0
            k = <int>((rng_next(&rng) >> 32) % <uint64_t>self.ln)
            self._apply(self.lbuf[k])
            n += 1
        return n


_RESEARCH = []


def _research_rules():
    """The standard rules with the research faces' kontra cap (made once)."""
    if not _RESEARCH:
        _RESEARCH.append(STANDARD.with_options(max_kontra=RESEARCH_MAX_KONTRA))
    return _RESEARCH[0]


def _tables(rules):
    """The ruleset's :class:`FastRules`, made once (kept in the ruleset's cache)."""
    if not isinstance(rules, Ruleset):
        raise TypeError("rules must be a Ruleset")
    t = rules.cache.get("fast")
    if t is None:
        t = rules.cache["fast"] = FastRules(rules)
    return t


def _restore_fast(rules, seed, dealer, deck, history):
    d = FastDeal(rules, seed, dealer, deck)
    for _seat, a in history:
        d.apply_action(a)
    return d
