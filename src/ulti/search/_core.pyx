# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""The compiled play core and the double-dummy solver.

The twin of the play phase of :mod:`ulti.games.ulti.deal` on the same 32-bit masks (card = suit*8+rank):
legal cards (R2-R6), the trick winner (R4), play with copy-make undo, random playouts; and an
exact perfect-information search over the rest of a deal.

The search answers *objectives* about the future from a position, each a boolean asked with a
null window (can the soloist make it against best defence?) or a value found by a sequence of
such tests (MTD(f) over the points):

``POINTS``      the soloist's trick points (card points, last trick 10) reach a target
``ALL``         the soloist wins every remaining trick (Durchmars, Silent Durchmars)
``NONE``        the soloist wins no remaining trick (Betli)
``ULTI``        the soloist wins the last trick with the trump VII, not playing it before
``ACES``        the soloist wins every remaining trick in which an Ace is played (Four Aces)

and the settlement of a whole contract in units (``value``), by alpha-beta over the items'
outcomes with bounds from the items already decided.

Techniques: a transposition table keyed on the cards still out and the leader (at trick
starts), storing bounds; move ordering; equivalent cards merged; every node first asks whether
the objective is already decided (won, lost, or unreachable with the points left).
"""

from libc.stdint cimport uint32_t, uint64_t, int64_t
from libc.stdlib cimport free
from libc.string cimport memset

include "_native.pxi"

cdef extern from *:
    """
    #include <time.h>
    /* seconds on the monotonic clock (Python's time.monotonic) */
    static inline double ulti_now(void) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
    }
    """
    double ulti_now() nogil

from ulti.core import cards as _cards

# ------------------------------------------------------------------------------------------
# tables

cdef uint32_t SUIT[4]
cdef uint32_t BEATS_T[32]
cdef uint32_t BEATS_P[32]
cdef uint32_t POINT_CARDS = <uint32_t>_cards.POINT_CARDS
cdef uint32_t ACES_M = <uint32_t>_cards.ACES
# ORDER[kind][suit][i]: the cards of a suit from the lowest to the highest (kind 0 trump order,
# 1 no-trump order); POS[kind][card]: a card's place in that order
cdef int ORDER[2][4][8]
cdef int POS[2][32]

# PERM[kind][byte]: a suit's byte (bit = rank index) with its bits moved to strength order;
# PEXT[m][x]: the bits of x at the set positions of m, packed low (x a subset of m)
cdef unsigned char PERM[2][256]
cdef unsigned char PEXT[256][256]

cdef int _i, _s, _r
for _s in range(4):
    SUIT[_s] = <uint32_t>_cards.SUIT_MASKS[_s]
for _i in range(32):
    BEATS_T[_i] = <uint32_t>_cards.BEATS_TRUMP_ORDER[_i]
    BEATS_P[_i] = <uint32_t>_cards.BEATS_PLAIN_ORDER[_i]
for _s in range(4):
    for _r in range(8):
        ORDER[0][_s][_cards.TRUMP_ORDER_STRENGTH[_r]] = _s * 8 + _r
        ORDER[1][_s][_cards.PLAIN_ORDER_STRENGTH[_r]] = _s * 8 + _r
        POS[0][_s * 8 + _r] = _cards.TRUMP_ORDER_STRENGTH[_r]
        POS[1][_s * 8 + _r] = _cards.PLAIN_ORDER_STRENGTH[_r]

cdef int _b, _m, _x, _k, _j
for _b in range(256):
    for _k in range(2):
        _x = 0
        for _r in range(8):
            if (_b >> _r) & 1:
                _x |= 1 << (_cards.TRUMP_ORDER_STRENGTH[_r] if _k == 0
                            else _cards.PLAIN_ORDER_STRENGTH[_r])
        PERM[_k][_b] = _x
for _m in range(256):
    for _x in range(256):
        _j = 0
        _k = 0
        for _r in range(8):
            if (_m >> _r) & 1:
                if (_x >> _r) & 1:
                    _k |= 1 << _j
                _j += 1
        PEXT[_m][_x] = _k

# objectives
DEF OBJ_POINTS = 0
DEF OBJ_ALL = 1
DEF OBJ_NONE = 2
DEF OBJ_ULTI = 3
DEF OBJ_ACES = 4
DEF OBJ_VALUE = 5
DEF OBJ_SOME = 6
DEF OBJ_EXACT_POINTS = -1  # move_values: the exact final points, not a 0/1 objective

POINTS, ALL, NONE, ULTI, ACES, SOME = OBJ_POINTS, OBJ_ALL, OBJ_NONE, OBJ_ULTI, OBJ_ACES, OBJ_SOME
EXACT_POINTS = OBJ_EXACT_POINTS


# ------------------------------------------------------------------------------------------
# the game and the position

cdef struct Game:
    int trump               # -1: no trump
    int kind                # 0 trump order, 1 no-trump order (C2)
    int soloist
    int seven               # the trump VII, -1 without trump
    uint32_t ulti_bit       # R6: the VII held back (0 when the contract has no Ulti)
    const uint32_t* beats


cdef struct Pos:
    # small fields: the whole position is copied at every node (copy-make)
    uint32_t hand[3]
    uint32_t aces[3]        # Aces taken by each seat
    short sp                # soloist's trick points (last trick included when played)
    short dp                # defenders' trick points (the talon not included)
    short last_points       # points of the last completed trick (for the caller)
    signed char tcard[3]    # the trick in progress, in play order
    signed char nt          # cards in it
    signed char player
    signed char leader
    signed char best_card
    signed char best_seat
    signed char trumped
    signed char led
    signed char tricks      # completed tricks
    signed char won[3]      # tricks won by each seat
    signed char seven_trick # trick in which the trump VII fell, -1
    signed char last_winner


cdef inline uint32_t legal_mask(const Game* g, const Pos* p) noexcept nogil:
    """The cards the player to move may play (R2-R6)."""
    cdef int seat = p.player
    cdef uint32_t hand = p.hand[seat]
    cdef uint32_t follow, trumps, legal
    if p.nt == 0:
        legal = hand
    else:
        follow = hand & SUIT[p.led]
        if follow:
            if p.trumped and p.led != g.trump:
                legal = follow                       # R2: trumped, any card of the suit
            else:
                legal = follow & g.beats[p.best_card]  # R2: overtake if possible
                if not legal:
                    legal = follow
        else:
            trumps = hand & SUIT[g.trump] if g.trump >= 0 else 0
            if trumps:
                if p.trumped:
                    legal = trumps & g.beats[p.best_card]  # R3: overtrump if possible
                    if not legal:
                        legal = trumps
                else:
                    legal = trumps                   # R3: must trump
            else:
                legal = hand                         # R3: anything
    if g.ulti_bit and seat == g.soloist and (legal & g.ulti_bit) and legal != g.ulti_bit:
        legal ^= g.ulti_bit                          # R6
    return legal


cdef inline void play(const Game* g, Pos* p, int c) noexcept nogil:
    """The player to move plays ``c`` (legal); completes the trick when it is the third card."""
    cdef int seat = p.player
    cdef uint32_t bit = (<uint32_t>1) << c
    cdef uint32_t tm
    cdef int w, pts
    p.hand[seat] ^= bit
    if c == g.seven:
        p.seven_trick = p.tricks
    if p.nt == 0:
        p.leader = seat
        p.led = c >> 3
        p.best_card = c
        p.best_seat = seat
        p.trumped = (c >> 3) == g.trump
    elif bit & g.beats[p.best_card]:
        p.best_card = c
        p.best_seat = seat
    elif not p.trumped and (c >> 3) == g.trump:
        p.best_card = c
        p.best_seat = seat
        p.trumped = 1
    p.tcard[p.nt] = c
    p.nt += 1
    if p.nt < 3:
        p.player = seat + 1 if seat < 2 else 0
        return
    # R4: the trick is complete
    tm = ((<uint32_t>1) << p.tcard[0]) | ((<uint32_t>1) << p.tcard[1]) | ((<uint32_t>1) << p.tcard[2])
    w = p.best_seat
    pts = popcount(tm & POINT_CARDS) * 10
    p.tricks += 1
    if p.tricks == 10:
        pts += 10
        p.last_winner = w
    if w == g.soloist:
        p.sp += pts
    else:
        p.dp += pts
    p.last_points = pts
    p.won[w] += 1
    p.aces[w] |= tm & ACES_M
    p.nt = 0
    p.player = w
    p.leader = w


cdef inline uint32_t trick_mask(const Pos* p) noexcept nogil:
    cdef uint32_t m = 0
    cdef int i
    for i in range(p.nt):
        m |= (<uint32_t>1) << p.tcard[i]
    return m


# ------------------------------------------------------------------------------------------
# random numbers (xorshift64*) and playouts

cdef inline uint64_t rng_next(uint64_t* s) noexcept nogil:
    cdef uint64_t x = s[0]
    x ^= x >> 12
    x ^= x << 25
    x ^= x >> 27
    s[0] = x
    return x * <uint64_t>0x2545F4914F6CDD1D


cdef inline int pick(uint32_t mask, uint64_t* rng) noexcept nogil:
    """A uniformly random card of a non-empty mask."""
    cdef int k = <int>((rng_next(rng) >> 32) % <uint64_t>popcount(mask))
    while k:
        mask &= mask - 1
        k -= 1
    return ctz(mask)


cdef inline void playout(const Game* g, Pos* p, uint64_t* rng) noexcept nogil:
    while p.tricks < 10:
        play(g, p, pick(legal_mask(g, p), rng))


# ------------------------------------------------------------------------------------------
# Python face of the play core: a position with apply / undo (for tests and callers)

cdef void _init_game(Game* g, int trump, bint no_trump, int soloist, bint ulti):
    g.trump = trump
    g.kind = 1 if no_trump else 0
    if no_trump:
        g.beats = BEATS_P
    else:
        g.beats = BEATS_T
    g.soloist = soloist
    g.seven = trump * 8 if trump >= 0 else -1
    g.ulti_bit = ((<uint32_t>1) << g.seven) if (ulti and trump >= 0) else 0


cdef class CorePosition:
    """A play-phase position in the compiled core.

    ``CorePosition(hands, trump, no_trump, soloist, ulti, leader)`` starts a trick-less
    position; :meth:`from_state` copies one in the middle of a deal."""

    cdef Game g
    cdef Pos p
    cdef list _stack

    def __init__(self, hands, int trump, bint no_trump, int soloist, bint ulti, int leader,
                 int tricks=0, int sp=0, int dp=0, won=(0, 0, 0), aces=(0, 0, 0),
                 int seven_trick=-1, trick=()):
        cdef int i
        _init_game(&self.g, trump, no_trump, soloist, ulti)
        for i in range(3):
            self.p.hand[i] = <uint32_t>hands[i]
            self.p.won[i] = won[i]
            self.p.aces[i] = <uint32_t>aces[i]
        self.p.nt = 0
        self.p.player = leader
        self.p.leader = leader
        self.p.tricks = tricks
        self.p.sp = sp
        self.p.dp = dp
        self.p.seven_trick = seven_trick
        self.p.last_winner = -1
        self.p.last_points = 0
        self.p.best_card = 0
        self.p.best_seat = leader
        self.p.trumped = 0
        self.p.led = 0
        self._stack = []
        for c in trick:  # cards already in the trick, played from the leader on
            self.p.hand[self.p.player] |= (<uint32_t>1) << <int>c
            play(&self.g, &self.p, <int>c)

    def legal_mask(self):
        return legal_mask(&self.g, &self.p)

    def play(self, int c):
        if not (legal_mask(&self.g, &self.p) >> c) & 1:
            raise ValueError(f"card {c} is not legal here")
        self._stack.append(self._snapshot())
        play(&self.g, &self.p, c)

    def undo(self):
        self._restore(self._stack.pop())

    cdef tuple _snapshot(self):
        return (self.p.hand[0], self.p.hand[1], self.p.hand[2], self.p.tcard[0],
                self.p.tcard[1], self.p.tcard[2], self.p.nt, self.p.player, self.p.leader,
                self.p.best_card, self.p.best_seat, self.p.trumped, self.p.led, self.p.tricks,
                self.p.sp, self.p.dp, self.p.won[0], self.p.won[1], self.p.won[2],
                self.p.aces[0], self.p.aces[1], self.p.aces[2], self.p.seven_trick,
                self.p.last_winner, self.p.last_points)

    cdef void _restore(self, tuple t):
        (self.p.hand[0], self.p.hand[1], self.p.hand[2], self.p.tcard[0], self.p.tcard[1],
         self.p.tcard[2], self.p.nt, self.p.player, self.p.leader, self.p.best_card,
         self.p.best_seat, self.p.trumped, self.p.led, self.p.tricks, self.p.sp, self.p.dp,
         self.p.won[0], self.p.won[1], self.p.won[2], self.p.aces[0], self.p.aces[1],
         self.p.aces[2], self.p.seven_trick, self.p.last_winner, self.p.last_points) = t

    def state(self):
        """Everything of the position, as Python values (for comparisons)."""
        return {
            "hands": (self.p.hand[0], self.p.hand[1], self.p.hand[2]),
            "trick": tuple(self.p.tcard[i] for i in range(self.p.nt)),
            "player": self.p.player, "leader": self.p.leader, "tricks": self.p.tricks,
            "sp": self.p.sp, "dp": self.p.dp,
            "won": (self.p.won[0], self.p.won[1], self.p.won[2]),
            "aces": (self.p.aces[0], self.p.aces[1], self.p.aces[2]),
            "seven_trick": self.p.seven_trick, "last_winner": self.p.last_winner,
        }

    @property
    def player(self):
        return self.p.player

    @property
    def tricks(self):
        return self.p.tricks

    def playout(self, uint64_t seed):
        """Play the rest at random (seeded); returns the cards played, in order."""
        cdef uint64_t rng = seed * <uint64_t>0x9E3779B97F4A7C15 + 1
        cdef int c
        out = []
        while self.p.tricks < 10:
            c = pick(legal_mask(&self.g, &self.p), &rng)
            out.append(c)
            play(&self.g, &self.p, c)
        return out


def random_playouts(hands, int trump, bint no_trump, int soloist, bint ulti, int leader,
                    long n, uint64_t seed):
    """Play ``n`` random play phases from the given start (one process, no Python per card);
    returns the soloist's total trick points over them (a checksum)."""
    cdef Game g
    cdef Pos start, p
    cdef uint64_t rng = seed * <uint64_t>0x9E3779B97F4A7C15 + 1
    cdef long i, total = 0
    cdef int k
    _init_game(&g, trump, no_trump, soloist, ulti)
    for k in range(3):
        start.hand[k] = <uint32_t>hands[k]
        start.won[k] = 0
        start.aces[k] = 0
    start.nt = 0
    start.player = leader
    start.leader = leader
    start.tricks = 0
    start.sp = 0
    start.dp = 0
    start.seven_trick = -1
    start.last_winner = -1
    start.last_points = 0
    start.best_card = 0
    start.best_seat = leader
    start.trumped = 0
    start.led = 0
    with nogil:
        for i in range(n):
            p = start
            playout(&g, &p, &rng)
            total += p.sp
    return total


# ------------------------------------------------------------------------------------------
# the solver

cdef extern from *:
    """
    typedef struct {
        uint32_t h0, h1, h2;
        uint16_t gen;
        int8_t leader;
        int8_t pad;
        int32_t lo, hi;          /* bounds of the stored quantity, saturated (INT32_MIN and
                                    INT32_MAX stand for none) */
        uint32_t extra;          /* past summary (value search) or point marks */
        uint32_t pad2;           /* special-card marks (relative keys); 32 bytes in all, so a
                                    two-way bucket is one cache line */
    } UltiEntry;
    """
    ctypedef struct UltiEntry:
        uint32_t h0, h1, h2
        unsigned short gen
        signed char leader
        signed char pad
        int lo, hi
        uint32_t extra
        uint32_t pad2

DEF TT_BITS = 18
cdef uint32_t ABS_KEY = 0xFFFFFFFFu
DEF MAX_ITEMS = 12
DEF INF = 4611686018427387904  # 2**62: beyond any settlement the solver accepts
DEF SAT_LO = -2147483648
DEF SAT_HI = 2147483647
DEF MAX_AMOUNT = 1152921504606846976  # 2**60

# item codes: the scoring module's Item ints
DEF I_SIMPLE = 0
DEF I_FORTY = 1
DEF I_ACES4 = 2
DEF I_ULTI = 3
DEF I_BETLI = 4
DEF I_DURCH = 5
DEF I_TWENTY = 6
DEF I_S100 = 10
DEF I_SACES = 11
DEF I_SULTI = 12
DEF I_SDURCH = 13

DEF ST_OPEN = 0
DEF ST_WON = 1
DEF ST_LOST = 2
DEF ST_VOID = 3


cdef struct Items:
    int n
    int code[MAX_ITEMS]
    long long won[MAX_ITEMS]    # the soloist's total when the item is won
    long long lost[MAX_ITEMS]   # ... when lost (negative), the Ulti penalty included
    int sm, dm              # marriage points that count, soloist's and defenders'
    int talon_pts
    uint32_t talon_aces
    int talon_ace_loses
    int forty_declared
    int twenty_declared
    int had_seven


cdef inline int sat_lo(long long v) noexcept nogil:
    """A lower bound in 32 bits: rounded down (SAT_LO: no bound)."""
    if v <= SAT_LO:
        return SAT_LO
    if v >= SAT_HI:
        return SAT_HI - 1
    return <int>v


cdef inline int sat_hi(long long v) noexcept nogil:
    """An upper bound in 32 bits: rounded up (SAT_HI: no bound)."""
    if v >= SAT_HI:
        return SAT_HI
    if v <= SAT_LO:
        return SAT_LO + 1
    return <int>v


cdef inline void tighten(UltiEntry* e, long long lo, long long hi, int best) noexcept nogil:
    """A stored entry's bounds narrowed by a new search of the same position (and its best
    move, when the search found one)."""
    if best >= 0:
        e.pad = <signed char>(best + 1)
    if sat_lo(lo) > e.lo:
        e.lo = sat_lo(lo)
    if sat_hi(hi) < e.hi:
        e.hi = sat_hi(hi)


cdef inline long long read_lo(int v) noexcept nogil:
    return -INF if v == SAT_LO else v


cdef inline long long read_hi(int v) noexcept nogil:
    return INF if v == SAT_HI else v


cdef inline uint64_t mix(uint32_t h0, uint32_t h1, uint32_t h2, int leader, uint32_t extra) noexcept nogil:
    cdef uint64_t x = (<uint64_t>h0 * <uint64_t>0x9E3779B97F4A7C15ULL)
    x ^= (<uint64_t>h1 * <uint64_t>0xC2B2AE3D27D4EB4FULL)
    x ^= (<uint64_t>h2 * <uint64_t>0x165667B19E3779F9ULL)
    x ^= (<uint64_t>(extra * 4 + <uint32_t>leader) * <uint64_t>0x27D4EB2F165667C5ULL)
    x ^= x >> 31
    x *= <uint64_t>0x94D049BB133111EBULL
    x ^= x >> 29
    return x


cdef inline int item_status(const Game* g, const Items* it, const Pos* p, int code) noexcept nogil:
    """The status of one item now; the twin of :func:`ulti.games.ulti.scoring.status`."""
    cdef int s = g.soloist
    cdef int d1 = s + 1 if s < 2 else 0
    cdef int d2 = d1 + 1 if d1 < 2 else 0
    cdef uint32_t in_hands = p.hand[0] | p.hand[1] | p.hand[2] | trick_mask(p)
    cdef int rem = popcount(in_hands & POINT_CARDS) * 10 + (10 if p.tricks < 10 else 0)
    cdef int S = p.sp + it.sm
    cdef int D = p.dp + it.talon_pts + it.dm
    cdef int done = p.tricks == 10
    cdef int need, holders, holder, k
    cdef uint32_t in_play, t
    if code == I_SIMPLE:
        if S > D + rem:
            return ST_WON
        if S + rem <= D:
            return ST_LOST
        return ST_OPEN
    if code == I_FORTY or code == I_TWENTY:
        need = 60 if code == I_FORTY else 80
        if not (it.forty_declared if code == I_FORTY else it.twenty_declared):
            return ST_LOST
        if p.sp >= need:
            return ST_WON
        if p.sp + rem < need:
            return ST_LOST
        return ST_OPEN
    if code == I_DURCH:
        if p.won[d1] or p.won[d2]:
            return ST_LOST
        return ST_WON if done else ST_OPEN
    if code == I_BETLI:
        if p.won[s]:
            return ST_LOST
        return ST_WON if done else ST_OPEN
    if code == I_ULTI:
        if not it.had_seven or (p.seven_trick >= 0 and p.seven_trick < 9):
            return ST_LOST
        if done:
            return ST_WON if (p.seven_trick == 9 and p.last_winner == s) else ST_LOST
        return ST_OPEN
    if code == I_ACES4:
        if (p.aces[d1] | p.aces[d2]) & ACES_M:
            return ST_LOST
        if it.talon_aces and it.talon_ace_loses:
            return ST_LOST
        if (p.aces[s] | it.talon_aces) & ACES_M == ACES_M:
            return ST_WON
        return ST_OPEN
    if code == I_S100:
        if S >= 100:
            return ST_WON
        if D >= 100:
            return ST_LOST
        if S + rem < 100 and D + rem < 100:
            return ST_VOID
        return ST_OPEN
    if code == I_SDURCH:
        k = (p.won[0] > 0) + (p.won[1] > 0) + (p.won[2] > 0)
        if k > 1:
            return ST_VOID
        if done:
            return ST_WON if p.won[s] else ST_LOST
        return ST_OPEN
    if code == I_SULTI:
        if not it.had_seven or (p.seven_trick >= 0 and p.seven_trick < 9):
            return ST_VOID
        if done:
            return ST_WON if p.last_winner == s else ST_LOST
        return ST_OPEN
    if code == I_SACES:
        in_play = ACES_M & ~it.talon_aces
        holders = 0
        holder = -1
        for k in range(3):
            if p.aces[k]:
                holders += 1
                holder = k
        if holders > 1:
            return ST_VOID
        if holders == 1:
            if p.aces[holder] & in_play == in_play:
                if holder == s:
                    return ST_VOID if (it.talon_aces and it.talon_ace_loses) else ST_WON
                return ST_LOST
            if holder == s and it.talon_aces and it.talon_ace_loses:
                return ST_VOID
        return ST_OPEN
    return ST_OPEN


class SearchTimeout(RuntimeError):
    """A search stopped at its solver's time limit (:meth:`Solver.limit`): no answer."""


cdef class Solver:
    """An exact double-dummy solver for one position at a time.  Keep one and reuse it: its
    transposition table is cleared by generation, not by zeroing.

    One thread at a time: every entry point takes the solver (an atomic flag) and gives it
    back when done; entering a solver that another thread holds raises :class:`SolverBusy`
    and changes nothing (:func:`ulti.search.ulti.solver._solver` gives each thread its own).
    The search reads its own copy of the position, never the caller's object."""

    cdef UltiEntry* tt
    cdef uint64_t tt_mask
    cdef unsigned short gen
    cdef Game g
    cdef Items it
    cdef int obj
    cdef int target
    cdef int root_def_won
    cdef int root_sol_won
    cdef uint32_t root_def_aces
    cdef uint32_t special
    cdef int by_points
    cdef int ref[MAX_ITEMS]     # the witness search: the statuses it tries to differ from
    cdef long budget
    cdef int aborted
    cdef public long nodes
    cdef int busy
    cdef double stop_at         # the monotonic clock's time to stop at (0: no limit)
    cdef int late               # the search passed ``stop_at``: its answers are void

    def __cinit__(self):
        cdef void* mem = NULL
        cdef size_t size = ((<size_t>1) << TT_BITS) * sizeof(UltiEntry)
        if posix_memalign(&mem, 64, size) != 0:
            raise MemoryError()
        memset(mem, 0, size)
        self.tt = <UltiEntry*>mem
        self.tt_mask = ((<uint64_t>1) << TT_BITS) - 1
        self.gen = 1
        self.nodes = 0
        self.busy = 0
        self.stop_at = 0
        self.late = 0

    def __dealloc__(self):
        free(self.tt)

    cdef void new_generation(self) noexcept nogil:
        cdef size_t i
        self.gen += 1
        if self.gen == 0:  # wrapped: really clear
            for i in range((<size_t>1) << TT_BITS):
                self.tt[i].gen = 0
            self.gen = 1

    # -- transposition table ------------------------------------------------------------

    cdef void canon(self, const Pos* p, uint32_t* key) noexcept nogil:
        """The position at a trick start in relative ranks: each card still out becomes the
        j-th lowest of its suit; ``key[3]`` marks the point cards (where points count),
        ``key[4]`` the leader and the special cards (the trump VII, the Aces, where they
        count).  Positions with equal keys have equal futures."""
        cdef uint32_t in_play = p.hand[0] | p.hand[1] | p.hand[2]
        cdef const unsigned char* perm = PERM[self.g.kind]
        cdef uint32_t pts = POINT_CARDS if self.by_points else 0
        cdef uint32_t spec = self.special
        cdef int s, sh
        cdef unsigned char ip
        key[0] = 0
        key[1] = 0
        key[2] = 0
        key[3] = 0
        key[4] = 0
        for s in range(4):
            sh = s * 8
            ip = perm[(in_play >> sh) & 255]
            if not ip:
                continue
            key[0] |= (<uint32_t>PEXT[ip][perm[(p.hand[0] >> sh) & 255]]) << sh
            key[1] |= (<uint32_t>PEXT[ip][perm[(p.hand[1] >> sh) & 255]]) << sh
            key[2] |= (<uint32_t>PEXT[ip][perm[(p.hand[2] >> sh) & 255]]) << sh
            key[3] |= (<uint32_t>PEXT[ip][perm[(in_play & pts) >> sh & 255]]) << sh
            key[4] |= (<uint32_t>PEXT[ip][perm[(in_play & spec) >> sh & 255]]) << sh
        key[5] = <uint32_t>p.leader

    cdef UltiEntry* cprobe(self, const uint32_t* key) noexcept nogil:
        cdef uint64_t h = mix(key[0], key[1], key[2], <int>key[5], key[3] ^ (key[4] << 7))
        cdef uint64_t i = (h & self.tt_mask) & ~(<uint64_t>1)
        cdef UltiEntry* e = &self.tt[i]
        cdef int k
        for k in range(2):
            e = &self.tt[i + k]
            if e.gen == self.gen and e.h0 == key[0] and e.h1 == key[1] and \
                    e.h2 == key[2] and e.extra == key[3] and e.pad2 == key[4] and \
                    e.leader == <signed char>key[5]:
                return e
        return NULL

    cdef void cstore(self, const uint32_t* key, long long lo, long long hi,
                     int best) noexcept nogil:
        cdef uint64_t h = mix(key[0], key[1], key[2], <int>key[5], key[3] ^ (key[4] << 7))
        cdef uint64_t i = (h & self.tt_mask) & ~(<uint64_t>1)
        cdef UltiEntry* e = self.cprobe(key)
        if e == NULL:
            e = &self.tt[i]
            if e.gen == self.gen:
                self.tt[i + 1] = e[0]
            e.h0 = key[0]
            e.h1 = key[1]
            e.h2 = key[2]
            e.extra = key[3]
            e.pad2 = key[4]
            e.leader = <signed char>key[5]
            e.gen = self.gen
            e.lo = sat_lo(lo)
            e.hi = sat_hi(hi)
            e.pad = <signed char>(best + 1)
            return
        tighten(e, lo, hi, best)

    cdef UltiEntry* probe(self, const Pos* p, uint32_t extra) noexcept nogil:
        cdef uint64_t h = mix(p.hand[0], p.hand[1], p.hand[2], p.leader, extra)
        cdef uint64_t i = (h & self.tt_mask) & ~(<uint64_t>1)
        cdef UltiEntry* e = &self.tt[i]
        if e.gen == self.gen and e.h0 == p.hand[0] and e.h1 == p.hand[1] and \
                e.h2 == p.hand[2] and e.leader == p.leader and e.extra == extra and \
                e.pad2 == ABS_KEY:
            return e
        e = &self.tt[i + 1]
        if e.gen == self.gen and e.h0 == p.hand[0] and e.h1 == p.hand[1] and \
                e.h2 == p.hand[2] and e.leader == p.leader and e.extra == extra and \
                e.pad2 == ABS_KEY:
            return e
        return NULL

    cdef void store(self, const Pos* p, uint32_t extra, long long lo, long long hi,
                    int best) noexcept nogil:
        cdef uint64_t h = mix(p.hand[0], p.hand[1], p.hand[2], p.leader, extra)
        cdef uint64_t i = (h & self.tt_mask) & ~(<uint64_t>1)
        cdef UltiEntry* e = self.probe(p, extra)
        if e == NULL:
            e = &self.tt[i]
            if e.gen == self.gen:  # keep the fresher of the two ways: move it over
                self.tt[i + 1] = e[0]
            e.h0 = p.hand[0]
            e.h1 = p.hand[1]
            e.h2 = p.hand[2]
            e.leader = <signed char>p.leader
            e.gen = self.gen
            e.extra = extra
            e.pad2 = ABS_KEY
            e.lo = sat_lo(lo)
            e.hi = sat_hi(hi)
            e.pad = <signed char>(best + 1)
            return
        tighten(e, lo, hi, best)

    # -- move generation: equivalent cards merged, ordered ------------------------------

    cdef inline int trump_threat(self, const Pos* p, int suit, int seats) noexcept nogil:
        """Whether one of ``seats`` (a bit set) is void in ``suit`` and holds a trump."""
        cdef int k
        if self.g.trump < 0:
            return 0
        for k in range(3):
            if (seats >> k) & 1 and not (p.hand[k] & SUIT[suit]) and (p.hand[k] & SUIT[self.g.trump]):
                return 1
        return 0

    cdef int moves(self, const Pos* p, int* out, int hint) noexcept nogil:
        cdef const Game* g = &self.g
        cdef uint32_t legal = legal_mask(g, p)
        cdef uint32_t in_play = p.hand[0] | p.hand[1] | p.hand[2] | trick_mask(p)
        cdef uint32_t m = legal, bit
        cdef int n = 0, c, j, nxt, suit, pos, kind = g.kind, side_sol, winning_side_sol
        cdef int sc[12]
        cdef int sc_c, wins, pts, strength
        cdef uint32_t t
        if not (legal & (legal - 1)):  # one legal card: nothing to order or merge
            out[0] = ctz(legal)
            return 1
        side_sol = p.player == g.soloist
        while m:
            c = ctz(m)
            m &= m - 1
            bit = (<uint32_t>1) << c
            if not (bit & self.special):
                # the next higher card of the suit still in play: in strength order, the
                # lowest set bit of the suit's cards in play above c's place
                suit = c >> 3
                pos = POS[kind][c]
                t = PERM[kind][(in_play >> (suit * 8)) & 255] & ~((2 << pos) - 1)
                nxt = ORDER[kind][suit][ctz(t)] if t else -1
                if nxt >= 0 and (legal >> nxt) & 1 and not (((<uint32_t>1) << nxt) & self.special):
                    if not self.by_points or (((POINT_CARDS >> nxt) & 1) == ((POINT_CARDS >> c) & 1)):
                        continue  # c is equivalent to the higher nxt: try nxt only
            # ordering score: try first the cards most likely to be best
            strength = POS[kind][c]
            pts = ((POINT_CARDS >> c) & 1) * 10
            if p.nt == 0:
                if self.obj == OBJ_NONE and side_sol:
                    sc_c = -strength * 4 - pts
                else:
                    sc_c = strength * 4 + pts
            else:
                wins = (bit & g.beats[p.best_card]) != 0 or (not p.trumped and (c >> 3) == g.trump)
                winning_side_sol = p.best_seat == g.soloist
                if self.obj == OBJ_NONE and side_sol:
                    sc_c = (-100 - strength if wins else strength * 4)
                elif wins:
                    if p.nt == 2:
                        sc_c = 60 - strength + pts * 2  # last to play: win cheaply, add points
                    else:
                        sc_c = 50 - strength + pts
                elif winning_side_sol == side_sol:
                    if p.nt == 2:
                        sc_c = 40 + pts * 2 - strength  # the trick is ours: add points
                    else:
                        sc_c = 5 - pts * 3 - strength
                else:
                    sc_c = -pts * 3 - strength  # the trick is lost: give nothing
            if c == hint:
                sc_c = 1000  # the best card of an earlier search of this position
            # insertion sort, high score first
            j = n
            while j > 0 and sc[j - 1] < sc_c:
                sc[j] = sc[j - 1]
                out[j] = out[j - 1]
                j -= 1
            sc[j] = sc_c
            out[j] = c
            n += 1
        return n

    # -- boolean objectives -------------------------------------------------------------

    cdef int decided(self, const Pos* p) noexcept nogil:
        """1 won, 0 lost, -1 open (the objective of this search, from here)."""
        cdef int s = self.g.soloist
        cdef int d1 = s + 1 if s < 2 else 0
        cdef int d2 = d1 + 1 if d1 < 2 else 0
        cdef int rem
        cdef uint32_t in_hands
        if self.obj == OBJ_POINTS:
            if p.sp >= self.target:
                return 1
            in_hands = p.hand[0] | p.hand[1] | p.hand[2] | trick_mask(p)
            rem = popcount(in_hands & POINT_CARDS) * 10 + (10 if p.tricks < 10 else 0)
            if p.sp + rem < self.target:
                return 0
            return -1
        if self.obj == OBJ_ALL:
            if p.won[d1] + p.won[d2] > self.root_def_won:
                return 0
            return 1 if p.tricks == 10 else -1
        if self.obj == OBJ_NONE:
            if p.won[s] > self.root_sol_won:
                return 0
            return 1 if p.tricks == 10 else -1
        if self.obj == OBJ_SOME:
            if p.won[s] > self.root_sol_won:
                return 1
            return 0 if p.tricks == 10 else -1
        if self.obj == OBJ_ULTI:
            if p.seven_trick >= 0 and p.seven_trick < 9:
                return 0
            if p.tricks == 10:
                return 1 if (p.seven_trick == 9 and p.last_winner == s) else 0
            return -1
        if self.obj == OBJ_ACES:
            if (p.aces[d1] | p.aces[d2]) & ~self.root_def_aces:
                return 0
            if not ((p.hand[0] | p.hand[1] | p.hand[2] | trick_mask(p)) & ACES_M):
                return 1
            return -1
        return -1

    cdef inline int past_limit(self) noexcept nogil:
        """Whether the search has passed its time limit (the clock read every 256 nodes);
        once it has, every node answers at once and the answers are void (``late``)."""
        if self.late:
            return 1
        if (self.nodes & 255) == 0 and ulti_now() >= self.stop_at:
            self.late = 1
            return 1
        return 0

    cdef int search(self, const Pos* p) noexcept nogil:
        """Can the soloist make the objective from ``p`` against best defence?"""
        cdef int r, i, n, result, need, hint = -1, best = -1
        cdef int cards[12]
        cdef uint32_t key[6]
        cdef Pos child
        cdef UltiEntry* e
        self.nodes += 1
        if self.stop_at != 0 and self.past_limit():
            return 0
        r = self.decided(p)
        if r >= 0:
            return r
        if p.tricks == 9:  # the last trick: every card is forced
            child = p[0]
            while child.tricks < 10:
                play(&self.g, &child, ctz(child.hand[child.player]))
            return self.decided(&child)
        need = 0
        if p.nt == 0:
            self.canon(p, key)
            e = self.cprobe(key)
            if e != NULL:
                if self.obj == OBJ_POINTS:
                    need = self.target - p.sp
                    if e.lo >= need:
                        return 1
                    if e.hi < need:
                        return 0
                else:
                    if e.lo >= 1:
                        return 1
                    if e.hi <= 0:
                        return 0
                hint = -1  # the stored card is in relative ranks: not a hint here
        n = self.moves(p, cards, hint)
        if p.player == self.g.soloist:
            result = 0
            for i in range(n):
                child = p[0]
                play(&self.g, &child, cards[i])
                if self.search(&child):
                    result = 1
                    best = cards[i]
                    break
        else:
            result = 1
            for i in range(n):
                child = p[0]
                play(&self.g, &child, cards[i])
                if not self.search(&child):
                    result = 0
                    best = cards[i]
                    break
        if p.nt == 0:
            if self.obj == OBJ_POINTS:
                need = self.target - p.sp
                if result:
                    self.cstore(key, need, 1000, -1)
                else:
                    self.cstore(key, -1000, need - 1, -1)
            elif result:
                self.cstore(key, 1, 1, -1)
            else:
                self.cstore(key, 0, 0, -1)
        return result

    # -- the settlement value -----------------------------------------------------------

    cdef void bounds(self, const Pos* p, long long* lo, long long* hi) noexcept nogil:
        """The least and the most the soloist can still end with, from the items' statuses."""
        cdef int i, st, code
        cdef long long a, b
        lo[0] = 0
        hi[0] = 0
        for i in range(self.it.n):
            code = self.it.code[i]
            st = item_status(&self.g, &self.it, p, code)
            if st == ST_WON:
                lo[0] += self.it.won[i]
                hi[0] += self.it.won[i]
            elif st == ST_LOST:
                lo[0] += self.it.lost[i]
                hi[0] += self.it.lost[i]
            elif st == ST_OPEN:
                a = self.it.lost[i]
                b = self.it.won[i]
                if code >= I_S100:  # a silent bonus may also not happen
                    if a > 0:
                        a = 0
                    if b < 0:
                        b = 0
                lo[0] += a if a < b else b
                hi[0] += b if b > a else a

    cdef uint32_t summary(self, const Pos* p) noexcept nogil:
        """The past, compressed to what the items can still depend on."""
        cdef uint32_t x = <uint32_t>(p.sp // 10)
        cdef int k, a
        x |= (<uint32_t>(p.won[0] > 0)) << 4
        x |= (<uint32_t>(p.won[1] > 0)) << 5
        x |= (<uint32_t>(p.won[2] > 0)) << 6
        for k in range(4):
            a = k * 8 + 7  # the Ace of suit k
            if (p.aces[0] >> a) & 1:
                x |= (<uint32_t>1) << (8 + 2 * k)
            elif (p.aces[1] >> a) & 1:
                x |= (<uint32_t>2) << (8 + 2 * k)
            elif (p.aces[2] >> a) & 1:
                x |= (<uint32_t>3) << (8 + 2 * k)
        x |= (<uint32_t>(p.dp // 10)) << 16
        x |= (<uint32_t>1) << 24  # never 0: value entries differ from boolean ones
        return x

    cdef long long vsearch(self, const Pos* p, long long alpha, long long beta) noexcept nogil:
        """The soloist's settlement under best play from ``p`` (fail-soft alpha-beta)."""
        cdef long long lo, hi, v, best, a0, b0
        cdef int i, n, hint = -1, best_card = -1
        cdef int cards[12]
        cdef Pos child
        cdef UltiEntry* e = NULL
        cdef uint32_t extra = 0
        self.nodes += 1
        if self.stop_at != 0 and self.past_limit():
            return alpha
        self.bounds(p, &lo, &hi)
        if lo == hi:
            return lo
        if hi <= alpha:
            return hi
        if lo >= beta:
            return lo
        if p.nt == 0:
            extra = self.summary(p)
            e = self.probe(p, extra)
            if e != NULL:
                if read_lo(e.lo) > lo:
                    lo = read_lo(e.lo)
                if read_hi(e.hi) < hi:
                    hi = read_hi(e.hi)
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                hint = e.pad - 1
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
        a0 = alpha
        b0 = beta
        n = self.moves(p, cards, hint)
        if p.player == self.g.soloist:
            best = -INF
            for i in range(n):
                child = p[0]
                play(&self.g, &child, cards[i])
                v = self.vsearch(&child, alpha, beta)
                if v > best:
                    best = v
                    best_card = cards[i]
                    if v > alpha:
                        alpha = v
                if alpha >= beta:
                    break
        else:
            best = INF
            for i in range(n):
                child = p[0]
                play(&self.g, &child, cards[i])
                v = self.vsearch(&child, alpha, beta)
                if v < best:
                    best = v
                    best_card = cards[i]
                    if v < beta:
                        beta = v
                if alpha >= beta:
                    break
        if p.nt == 0:
            if best <= a0:
                self.store(p, extra, -INF, best, best_card)
            elif best >= b0:
                self.store(p, extra, best, INF, best_card)
            else:
                self.store(p, extra, best, best, best_card)
        return best

    # -- is the result fixed? -----------------------------------------------------------

    cdef int witness(self, const Pos* p) noexcept nogil:
        """1 if some continuation (anyone playing anything) ends with an item's status other
        than ``self.ref``; 0 if none does.  Over the node budget: 1 and ``aborted``."""
        cdef int i, st, n, open_items = 0
        cdef int cards[12]
        cdef Pos child
        cdef UltiEntry* e
        cdef uint32_t extra = 0
        self.nodes += 1
        if self.nodes > self.budget:
            self.aborted = 1
            return 1
        for i in range(self.it.n):
            st = item_status(&self.g, &self.it, p, self.it.code[i])
            if st == ST_OPEN:
                open_items += 1
            elif st != self.ref[i]:
                return 1
        if not open_items:
            return 0
        if p.nt == 0:
            extra = self.summary(p)
            e = self.probe(p, extra)
            if e != NULL and e.hi <= 0:
                return 0
        n = self.moves(p, cards, -1)
        for i in range(n):
            child = p[0]
            play(&self.g, &child, cards[i])
            if self.witness(&child):
                return 1
        if p.nt == 0:
            self.store(p, extra, 0, 0, -1)
        return 0

    cdef int random_witness(self, const Pos* p, int lines) noexcept nogil:
        """1 if one of ``lines`` seeded random continuations ends with other statuses."""
        cdef Pos q
        cdef int k, i
        cdef uint64_t rng = (<uint64_t>p.hand[0] * <uint64_t>0x9E3779B97F4A7C15ULL) ^ p.hand[1] ^ 1
        for k in range(lines):
            q = p[0]
            playout(&self.g, &q, &rng)
            for i in range(self.it.n):
                if item_status(&self.g, &self.it, &q, self.it.code[i]) != self.ref[i]:
                    return 1
        return 0

    # -- Python entry points ------------------------------------------------------------

    cdef int _enter(self) except -1:
        return solver_enter(&self.busy, "ulti.search.ulti.solver gives each thread its own")

    cdef inline void _leave(self) noexcept:
        search_leave(&self.busy)

    @property
    def in_use(self):
        """Whether a thread is inside this solver now."""
        return self.busy != 0

    def limit(self, seconds=None):
        """Stop every search of this solver ``seconds`` from now (``None``: no limit): a
        search still running then ends within a few hundred nodes and its entry point
        (:meth:`objective`, :meth:`value`, :meth:`points`, :meth:`move_values`,
        :meth:`best_line`) raises :class:`SearchTimeout`, with no answer.  The search itself is untouched until then:
        a search that ends in time answers as without a limit."""
        if seconds is None:
            self.stop_at = 0
        else:
            self.stop_at = ulti_now() + max(<double>seconds, 1e-9)

    @property
    def limited(self):
        """Whether a time limit is set (:meth:`limit`)."""
        return self.stop_at != 0

    def _check_late(self):
        if self.late:
            self.late = 0
            raise SearchTimeout("the search passed its time limit")

    cdef void _setup(self, const Game* g, const Pos* p, int obj, int target, bint by_points):
        """Made ready for a search from ``p`` (the root: its tricks won and Aces taken)."""
        cdef int s
        self.g = g[0]
        self.obj = obj
        self.target = target
        s = self.g.soloist
        self.root_sol_won = p.won[s]
        self.root_def_won = p.won[(s + 1) % 3] + p.won[(s + 2) % 3]
        self.root_def_aces = p.aces[(s + 1) % 3] | p.aces[(s + 2) % 3]
        # cards never merged with a neighbour: the trump VII where its identity matters (an
        # Ulti objective or R6 in force), the Aces where Aces are counted
        self.special = 0
        if self.g.seven >= 0 and (obj == OBJ_ULTI or obj == OBJ_VALUE or self.g.ulti_bit):
            self.special = (<uint32_t>1) << self.g.seven
        if obj == OBJ_ACES or obj == OBJ_VALUE:
            self.special |= ACES_M
        self.by_points = by_points
        self.new_generation()

    cdef long long _answer(self, const Game* g, const Pos* root, const Pos* p, int obj,
                           int target) except? -1:
        """One search from ``p``, made ready from ``root`` (:meth:`_setup`): the soloist's
        exact final points for ``OBJ_EXACT_POINTS``, the settlement in units for
        ``OBJ_VALUE``, else whether the soloist makes the objective ``obj`` (1 or 0; for
        POINTS: reaches ``target``).  Raises :class:`SearchTimeout` past the time limit."""
        cdef long long r
        if obj == OBJ_EXACT_POINTS:
            self._setup(g, root, OBJ_POINTS, 0, True)
            with nogil:
                r = self._points(p)
        elif obj == OBJ_VALUE:
            self._setup(g, root, OBJ_VALUE, 0, True)
            with nogil:
                r = self.vsearch(p, -INF, INF)
        else:
            self._setup(g, root, obj, target, obj == OBJ_POINTS)
            with nogil:
                r = self.search(p)
        self._check_late()
        return r

    cdef long long _answer_at(self, CorePosition pos, int obj, int target) except? -1:
        """:meth:`_answer` for ``pos`` itself, the solver taken for the search."""
        cdef Game g = pos.g
        cdef Pos q = pos.p
        self._enter()
        try:
            self.late = 0
            return self._answer(&g, &q, &q, obj, target)
        finally:
            self._leave()

    def objective(self, CorePosition pos, int obj, int target=0):
        """Whether the soloist makes ``obj`` (for POINTS: reaches ``target`` trick points)
        from ``pos`` against best defence."""
        return bool(self._answer_at(pos, obj, target))

    cdef int _points(self, const Pos* p) noexcept nogil:
        """Exact final trick points of the soloist under best play: null-window tests on the
        multiples of 10 between what is won and what is left, the table kept between them."""
        cdef uint32_t in_hands = p.hand[0] | p.hand[1] | p.hand[2] | trick_mask(p)
        cdef int lo = p.sp
        cdef int hi = p.sp + popcount(in_hands & POINT_CARDS) * 10 + (10 if p.tricks < 10 else 0)
        cdef int mid
        while lo < hi:
            mid = ((lo + hi) // 20 + 1) * 10
            if mid > hi:
                mid = hi
            self.target = mid
            if self.search(p):
                lo = mid
            else:
                hi = mid - 10
        return lo

    def points(self, CorePosition pos):
        """The soloist's final trick points (cards and last trick) under best play (MTD over
        the points, a null-window test per step)."""
        return self._answer_at(pos, OBJ_EXACT_POINTS, 0)

    def set_items(self, list items, int sm, int dm, int talon_pts, uint32_t talon_aces,
                  bint talon_ace_loses, bint forty_declared, bint twenty_declared,
                  bint had_seven):
        """The contract's items for :meth:`value`: ``items`` is a list of (code, won, lost)."""
        cdef int i
        cdef Items it
        if len(items) > MAX_ITEMS:
            raise ValueError("too many items")
        it.n = len(items)
        for i in range(it.n):
            if abs(items[i][1]) > MAX_AMOUNT or abs(items[i][2]) > MAX_AMOUNT:
                raise OverflowError("amounts beyond 2**60 units (kontra past level ~50): "
                                    "the solver does not take them")
            it.code[i] = items[i][0]
            it.won[i] = items[i][1]
            it.lost[i] = items[i][2]
        it.sm = sm
        it.dm = dm
        it.talon_pts = talon_pts
        it.talon_aces = talon_aces
        it.talon_ace_loses = talon_ace_loses
        it.forty_declared = forty_declared
        it.twenty_declared = twenty_declared
        it.had_seven = had_seven
        self._enter()  # checked and built first: a refused contract leaves the old one
        self.it = it
        self._leave()

    def statuses(self, CorePosition pos):
        """Each item's status now (0 open, 1 won, 2 lost, 3 void): the twin of scoring.status."""
        cdef Pos q = pos.p
        self._enter()
        try:
            self.g = pos.g
            return [item_status(&self.g, &self.it, &q, self.it.code[i])
                    for i in range(self.it.n)]
        finally:
            self._leave()

    def fixed(self, CorePosition pos, long budget=200000):
        """The items' final statuses if every continuation ends with the same ones (the result
        can no longer change, R7/R8), else None (also when the proof needs more than
        ``budget`` nodes)."""
        cdef Game g = pos.g
        cdef Pos start = pos.p
        cdef Pos q = pos.p
        cdef int i, r
        self._enter()
        try:
            self._setup(&g, &start, OBJ_VALUE, 0, True)
            while q.tricks < 10:  # one line: the first legal card each time
                play(&self.g, &q, ctz(legal_mask(&self.g, &q)))
            for i in range(self.it.n):
                self.ref[i] = item_status(&self.g, &self.it, &q, self.it.code[i])
            self.budget = budget
            self.aborted = 0
            self.nodes = 0
            with nogil:
                # a few random lines usually show a different outcome at once
                r = self.random_witness(&start, 4)
                if not r:
                    r = self.witness(&start)
            if r:
                return None
            return [self.ref[i] for i in range(self.it.n)]
        finally:
            self._leave()

    def value(self, CorePosition pos):
        """The soloist's settlement in units under best play by both sides."""
        return self._answer_at(pos, OBJ_VALUE, 0)

    def move_values(self, CorePosition pos, int obj, int target=0):
        """For each legal card of the player to move: (card, value after it).  ``obj``: one
        of the objectives (value 0/1), ``-1`` for the exact points, or ``OBJ_VALUE`` (5) for
        the settlement."""
        cdef Game g = pos.g
        cdef Pos start = pos.p
        cdef uint32_t legal = legal_mask(&g, &start)
        cdef int c
        cdef Pos child
        out = []
        self._enter()
        try:
            self.late = 0
            while legal:
                c = ctz(legal)
                legal &= legal - 1
                child = start
                play(&g, &child, c)
                out.append((c, self._answer(&g, &start, &child, obj, target)))
        finally:
            self._leave()
        return out


    def best_line(self, CorePosition pos):
        """The items' statuses at the end of the line of best play that
        :func:`ulti.games.ulti.play.best_play_to_end` follows: each card the first, in card order, of
        those that keep the settlement's value (the soloist's largest, the defenders'
        smallest), as :meth:`move_values` would rank them, found with null-window tests on
        one transposition table (value entries are facts about positions, not about the
        root)."""
        cdef Game g = pos.g
        cdef Pos q = pos.p
        cdef Pos child
        cdef uint32_t legal
        cdef long long v
        cdef int c, i
        self._enter()
        try:
            self.late = 0
            self._setup(&g, &q, OBJ_VALUE, 0, True)
            with nogil:
                v = self.vsearch(&q, -INF, INF)
                while q.tricks < 10:
                    legal = legal_mask(&self.g, &q)
                    while legal:
                        c = ctz(legal)
                        legal &= legal - 1
                        child = q
                        play(&self.g, &child, c)
                        if not legal:
                            break  # the last candidate: it keeps the value
                        if q.player == self.g.soloist:
                            if self.vsearch(&child, v - 1, v) >= v:
                                break
                        elif self.vsearch(&child, v, v + 1) <= v:
                            break
                    q = child
            self._check_late()
            return [item_status(&self.g, &self.it, &q, self.it.code[i])
                    for i in range(self.it.n)]
        finally:
            self._leave()


VALUE = OBJ_VALUE

#: The compiled values of the constants the Python side defines too (item codes, statuses,
#: objectives): ``ulti.search.ulti.solver`` checks them against its own on import.
CONSTANTS = {
    "items": {"simple": I_SIMPLE, "40-100": I_FORTY, "four aces": I_ACES4, "ulti": I_ULTI,
              "betli": I_BETLI, "durchmars": I_DURCH, "20-100": I_TWENTY,
              "silent 100": I_S100, "silent four aces": I_SACES, "silent ulti": I_SULTI,
              "silent durchmars": I_SDURCH},
    "statuses": {"open": ST_OPEN, "won": ST_WON, "lost": ST_LOST, "void": ST_VOID},
    "objectives": {"points": OBJ_POINTS, "all": OBJ_ALL, "none": OBJ_NONE, "ulti": OBJ_ULTI,
                   "aces": OBJ_ACES, "value": OBJ_VALUE, "some": OBJ_SOME,
                   "exact points": OBJ_EXACT_POINTS},
}
include "_game.pxi"
