# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""The compiled Snapszli core: an exact perfect-information solver (docs/SNAPSZLI.md).

The twin of :class:`ulti.games.snapszli.SnapDeal` on 32-bit masks (card = suit*8+rank): the engine's
legal actions and their effects (:meth:`Solver.legal_ids`, :meth:`Solver.perft`), and an
alpha-beta search over the rest of a deal with both hands and the talon's order known.  Values
are game points from the view of the player to move: +1..+3 won, -1..-3 lost.

The search plays the engine's game exactly, with three exact shortcuts:

* **claims** (Z9): a player whose points reach 66 at their turn claims at once.  The score of a
  true claim depends only on the opponent's tricks and points (which only grow) or on the data
  of the closing moment (fixed), and no other way of winning pays more, so claiming at once is
  optimal.  A *false* claim is an engine action too: it ends the deal for 2 (3) game points to
  the opponent, which may beat playing on (a player who will not take a trick loses 3 by the
  cards); the search considers it unless the solver was made with ``false_claims=False``;
* **marriages** (Z7): leading a King or an Over whose partner is in hand is searched only with
  the announcement (announce and lead as one move).  More points never hurt their owner (a
  claim comes sooner; every loss is scored by the loser's points, never above), so announcing
  dominates; the value of the unannounced lead is still exact where it is asked for
  (:meth:`Solver.move_values`);
* **the end** (Z9, Z10, Z11, ZV4): the last trick's winner claims if their points (with the
  last-trick ten of ZV4) reach 66; else the last trick wins the deal (Z10) or the closer fails
  (Z11).

and exact bounds: a player wins at most Z9's scale by the other's tricks and points now (they
only grow), or the closing's fixed score (Z11), because the other may always play on without a
false claim or a closing; a search window beyond the bound is cut at once.

Search: alpha-beta (fail-soft) with null-window tests (MTD: first whether the deal is won,
then by how much), a transposition table at trick starts (the whole state but the talon's
order, the trump and the rules, which a generation fixes), move ordering (the table's move,
marriages, high cards; the cheapest winning answer, then the cheapest losing one).

A :class:`Solver` owns its transposition table and its search state; nothing in this module is
shared mutable state.  The search runs without the GIL.  One thread at a time per solver (an
atomic guard raises :class:`SolverBusy` otherwise): a program that solves in several threads
gives each thread its own solver.

A position travels as ``state``, a sequence of :data:`STATE_FIELDS` ints, and ``talon``, the
cards still in the talon, top first, the last one the card lying under it (the turned card, or
the Alsó/IX an exchange put there).
"""

from libc.stdint cimport uint8_t, int8_t, uint32_t, uint64_t
from libc.stdlib cimport free
from libc.string cimport memset

include "_native.pxi"

#: The fields of ``state``, in order.
STATE_FIELDS = (
    "hand0", "hand1",            # the hands (masks)
    "won0", "won1",              # the cards each seat has won (masks)
    "tricks0", "tricks1",        # tricks won
    "marriage0", "marriage1",    # marriage points announced (Z7: credited once a trick is won)
    "trump",                     # the trump suit
    "leader",                    # the seat on lead to the current trick
    "led",                       # the card led to the current trick, -1 at a trick's start
    "pending",                   # a marriage announced, its card not yet led: its suit, else -1
    "closed_by",                 # the seat that closed the talon (Z8), else -1
    "closing_tricks",            # Z11: the closer's opponent's tricks when closed
    "closing_points",            # ... and points
    "twenty_four",               # ZV1
    "min_talon",                 # ZV3
    "last_trick_ten",            # ZV4
)
DEF NFIELDS = 18

#: Action ids (as :attr:`ulti.games.snapszli.SnapAction.id`): cards 0-31, marriages 32-35.
EXCHANGE_ID = 36
CLOSE_ID = 37
CLAIM_ID = 38

DEF A_MARRIAGE = 32
DEF A_EXCHANGE = 36
DEF A_CLOSE = 37
DEF A_CLAIM = 38
DEF TARGET = 66
DEF SCHNEIDER = 33
DEF LOW = -4             # below every value
DEF HIGH = 4             # above every value
DEF TT_MIN_CARDS = 2     # the table is asked at trick starts with at least this many cards each

DEF R_NINE = 2
DEF R_TEN = 3
DEF R_UNDER = 4
DEF R_OVER = 5
DEF R_KING = 6
DEF R_ACE = 7


# ------------------------------------------------------------------------------------------
# tables (written once at import, read only after)

cdef int PTS[32]          # card points (Z1)
cdef int STRENGTH[32]     # strength within the suit (Z1, ZV1)
cdef uint32_t HIGHER[32]  # the cards of the same suit that beat a card
cdef uint32_t SUITM[4]

cdef int _c, _d
for _c in range(32):
    PTS[_c] = (0, 0, 0, 10, 2, 3, 4, 11)[_c & 7]
    STRENGTH[_c] = (-1, -1, 0, 4, 1, 2, 3, 5)[_c & 7]
for _c in range(4):
    SUITM[_c] = (<uint32_t>0xFF) << (8 * _c)
for _c in range(32):
    HIGHER[_c] = 0
    for _d in range(32):
        if _d >> 3 == _c >> 3 and STRENGTH[_d] > STRENGTH[_c] >= 0:
            HIGHER[_c] |= (<uint32_t>1) << _d


cdef struct St:
    uint32_t hand[2]
    int pts[2]          # card points won
    int mar[2]          # marriage points announced
    int tricks[2]
    int leader
    int led             # the card led to the current trick, -1 at a trick's start
    int pending         # a marriage announced, its card not led yet (only ever at the root)
    int pos             # the talon's next card (an index into Ctx.talon)
    int turned          # the talon's last card
    int closed_by
    int close_win       # Z11: the closer's game points for a true claim
    int close_fail      # Z11: the opponent's game points when the closer fails


cdef struct Ctx:
    int trump
    int exch            # the card that exchanges (Z6, ZV1)
    int min_talon
    int zv4
    int false_claims
    int tlen
    int talon[16]       # the talon at the root, top first; talon[tlen-1] is St.turned's place
    long nodes


cdef extern from *:
    """
    typedef struct {
        unsigned long long k0, k1;
        unsigned int gen;
        signed char lo, hi;
        unsigned char move;
        unsigned char pad;
    } SnapEntry;
    """
    ctypedef struct SnapEntry:
        uint64_t k0
        uint64_t k1
        uint32_t gen
        int8_t lo
        int8_t hi
        uint8_t move


# ------------------------------------------------------------------------------------------
# rules

cdef inline void sort_moves(int* moves, int* keys, int n) noexcept nogil:
    """The moves by their keys, highest first (insertion sort: a handful of moves)."""
    cdef int i, j, m, tmp
    for i in range(1, n):
        m = moves[i]
        tmp = keys[i]
        j = i - 1
        while j >= 0 and keys[j] < tmp:
            moves[j + 1] = moves[j]
            keys[j + 1] = keys[j]
            j -= 1
        moves[j + 1] = m
        keys[j + 1] = tmp


cdef inline int points(const St* s, int p) noexcept nogil:
    """Card points plus the marriages once a trick is won (Z7)."""
    if s.tricks[p]:
        return s.pts[p] + s.mar[p]
    return s.pts[p]


cdef inline int by_points(int tricks, int pts) noexcept nogil:
    """Z9's scale by the opponent's tricks and points."""
    if tricks == 0:
        return 3
    if pts < SCHNEIDER:
        return 2
    return 1


cdef inline int true_claim(const St* s, int p) noexcept nogil:
    """The value for ``p`` of a true claim by ``p`` (Z9, Z11)."""
    if s.closed_by < 0:
        return by_points(s.tricks[1 - p], points(s, 1 - p))
    if s.closed_by == p:
        return s.close_win
    return s.close_fail  # the closer's opponent claims first: the closing fails


cdef inline int false_claim(const St* s, int p) noexcept nogil:
    """The value for ``p`` of a false claim by ``p`` (Z9, Z11)."""
    if s.closed_by == p:
        return -s.close_fail
    if s.tricks[1 - p] == 0:
        return -3
    return -2


cdef inline int upper_bound(const St* s, int p) noexcept nogil:
    """The most ``p`` can win from here: the other can play on without a false claim or a
    closing, and then every way ``p`` wins pays at most this (the scale by the other's tricks
    and points, which only grow; a closing's fixed data)."""
    if s.closed_by < 0:
        return by_points(s.tricks[1 - p], points(s, 1 - p))
    if s.closed_by == p:
        return s.close_win
    return s.close_fail


cdef inline int window_cut(const St* s, int p, int alpha, int beta, int* v) noexcept nogil:
    """Whether the bounds on the value for the leader ``p`` already fall outside the window
    ``(alpha, beta)``: at most :func:`upper_bound` for ``p``, at least minus the other's.  Then
    ``v[0]`` is the bound to answer (the module doc: a window beyond the bound is cut at
    once)."""
    v[0] = upper_bound(s, p)
    if v[0] <= alpha:
        return 1
    v[0] = -upper_bound(s, 1 - p)
    return v[0] >= beta


cdef inline int last_trick(const Ctx* c, const St* s, int w) noexcept nogil:
    """The value for ``w``, the winner of the last trick (the hands are empty): Z9's automatic
    claim with ZV4's ten, else Z10 or Z11."""
    cdef int pw = points(s, w)
    if c.zv4:
        pw += 10
    if pw >= TARGET:
        return true_claim(s, w)
    if s.closed_by < 0:
        return by_points(s.tricks[1 - w], points(s, 1 - w))
    if s.closed_by == w:
        return -s.close_fail
    return s.close_fail


cdef inline uint32_t strict_mask(uint32_t hand, int led, int trump) noexcept nogil:
    """Z5: follow and win if you can; void, trump if you can; else anything."""
    cdef uint32_t same = hand & SUITM[led >> 3]
    cdef uint32_t t
    if same:
        t = same & HIGHER[led]
        return t if t else same
    t = hand & SUITM[trump]
    return t if t else hand


cdef inline int is_strict(const Ctx* c, const St* s) noexcept nogil:
    return s.closed_by >= 0 or s.pos >= c.tlen


cdef inline int can_close(const Ctx* c, const St* s) noexcept nogil:
    """Z6, Z8, ZV3: the talon is open and holds at least ``min_talon`` cards."""
    return s.closed_by < 0 and s.pos < c.tlen and c.tlen - s.pos >= c.min_talon


cdef inline int marriage_points(const Ctx* c, int suit) noexcept nogil:
    return 40 if suit == c.trump else 20


cdef inline int lead_marriage(const Ctx* c, const St* s, int card) noexcept nogil:
    """The marriage points a lead of ``card`` announces in the search: the pending marriage's,
    or a King's or Over's whose partner is in hand (announcing dominates)."""
    cdef int suit = card >> 3
    cdef int r = card & 7
    if s.pending >= 0:
        return marriage_points(c, suit)
    if r == R_KING:
        if s.hand[s.leader] >> (card - 1) & 1:
            return marriage_points(c, suit)
    elif r == R_OVER:
        if s.hand[s.leader] >> (card + 1) & 1:
            return marriage_points(c, suit)
    return 0


cdef inline int claim_points(const Ctx* c, const St* s, int p) noexcept nogil:
    """``p``'s points for a claim now: a marriage announced but not yet led counts too (Z7,
    "twenty and out") once ``p`` has won a trick."""
    if s.pending >= 0 and p == s.leader and s.led < 0 and s.tricks[p]:
        return points(s, p) + marriage_points(c, s.pending)
    return points(s, p)


cdef inline int lead_claim_points(const Ctx* c, const St* s, int p) noexcept nogil:
    """The most ``p``, on lead, can claim with at once: with a pending marriage, or by
    announcing the best marriage held (Z7) and claiming (Z9)."""
    cdef int best = 0, suit
    if s.pending >= 0 or not s.tricks[p]:
        return claim_points(c, s, p)
    for suit in range(4):
        if s.hand[p] >> (suit * 8 + R_KING) & 1 and s.hand[p] >> (suit * 8 + R_OVER) & 1:
            if marriage_points(c, suit) > best:
                best = marriage_points(c, suit)
    return points(s, p) + best


cdef inline void do_lead(St* u, int card, int mar) noexcept nogil:
    u.hand[u.leader] &= ~((<uint32_t>1) << card)
    u.mar[u.leader] += mar
    u.led = card
    u.pending = -1


cdef inline int do_follow(const Ctx* c, St* u, int card) noexcept nogil:
    """The follower plays ``card`` to ``u.led``: the trick is settled and the talon drawn (Z4).
    Returns the trick's winner."""
    cdef int led = u.led
    cdef int p = u.leader
    cdef int o = 1 - p
    cdef int w = p
    cdef int strict = is_strict(c, u)
    if (HIGHER[led] >> card) & 1 or (card >> 3 == c.trump and led >> 3 != c.trump):
        w = o
    u.hand[o] &= ~((<uint32_t>1) << card)
    u.pts[w] += PTS[led] + PTS[card]
    u.tricks[w] += 1
    u.leader = w
    u.led = -1
    if not strict:
        u.hand[w] |= (<uint32_t>1) << c.talon[u.pos]
        if u.pos + 2 == c.tlen:
            u.hand[1 - w] |= (<uint32_t>1) << u.turned
        else:
            u.hand[1 - w] |= (<uint32_t>1) << c.talon[u.pos + 1]
        u.pos += 2
    return w


cdef inline void do_exchange(const Ctx* c, St* u) noexcept nogil:
    cdef int p = u.leader
    u.hand[p] = (u.hand[p] & ~((<uint32_t>1) << c.exch)) | ((<uint32_t>1) << u.turned)
    u.turned = c.exch


cdef inline void do_close(St* u) noexcept nogil:
    cdef int o = 1 - u.leader
    u.closed_by = u.leader
    u.close_win = by_points(u.tricks[o], points(u, o))
    u.close_fail = 3 if u.tricks[o] == 0 else 2


# ------------------------------------------------------------------------------------------
# the search

cdef inline uint64_t key1(const St* s) noexcept nogil:
    return (<uint64_t>s.pts[0] | (<uint64_t>s.pts[1] << 7) | (<uint64_t>s.mar[0] << 14)
            | (<uint64_t>s.mar[1] << 21) | (<uint64_t>(s.tricks[0] != 0) << 28)
            | (<uint64_t>(s.tricks[1] != 0) << 29) | (<uint64_t>s.leader << 30)
            | (<uint64_t>s.pos << 31) | (<uint64_t>s.turned << 36)
            | (<uint64_t>(s.closed_by + 1) << 41) | (<uint64_t>s.close_win << 43)
            | (<uint64_t>s.close_fail << 45))


cdef inline int order_key(const Ctx* c, const St* s, int card) noexcept nogil:
    """Lead ordering: marriages first, then high trumps and Aces, then the rest high first."""
    cdef int k = STRENGTH[card] * 4
    if card >> 3 == c.trump:
        k += 8
    if lead_marriage(c, s, card):
        k += 64
    return k


cdef class Solver:
    """An exact Snapszli solver (module doc).  Keep one per thread and reuse it: its
    transposition table is cleared by generation, not by zeroing.  ``false_claims``: whether
    the search considers false claims (the engine allows them; see the module doc)."""

    cdef SnapEntry* tt
    cdef uint64_t tt_mask
    cdef uint32_t gen
    cdef int tt_bits
    cdef Ctx ctx
    cdef int busy
    cdef readonly bint false_claims

    def __cinit__(self, int tt_bits=18, bint false_claims=True):
        cdef void* mem = NULL
        cdef size_t size
        if not 4 <= tt_bits <= 28:
            raise ValueError("tt_bits: 4 to 28")
        size = ((<size_t>1) << tt_bits) * sizeof(SnapEntry)
        if posix_memalign(&mem, 64, size) != 0:
            raise MemoryError()
        memset(mem, 0, size)
        self.tt = <SnapEntry*>mem
        self.tt_bits = tt_bits
        self.tt_mask = ((<uint64_t>1) << tt_bits) - 1
        self.gen = 0
        self.busy = 0
        self.false_claims = false_claims
        memset(&self.ctx, 0, sizeof(Ctx))

    def __dealloc__(self):
        free(self.tt)

    @property
    def nodes(self):
        """Nodes searched by the last call."""
        return self.ctx.nodes

    @property
    def in_use(self):
        """Whether a thread is inside this solver now."""
        return self.busy != 0

    @property
    def table_bytes(self):
        """The transposition table's size in bytes."""
        return ((<size_t>1) << self.tt_bits) * sizeof(SnapEntry)

    cdef void new_generation(self) noexcept nogil:
        cdef size_t i
        self.gen += 1
        if self.gen == 0:  # wrapped: really clear
            for i in range((<size_t>1) << self.tt_bits):
                self.tt[i].gen = 0
            self.gen = 1

    # -- search ------------------------------------------------------------------------

    cdef int lead(self, const St* s, int alpha, int beta) noexcept nogil:
        """The value of a trick's start (or a pending marriage's lead) for the leader."""
        cdef Ctx* c = &self.ctx
        cdef int p = s.leader
        cdef int o = 1 - p
        cdef int best = LOW
        cdef int v, i, j, m, n = 0, tmp, use_tt = 0, first = -1, best_move = -1
        cdef int alpha0
        cdef int moves[16]
        cdef int keys[16]
        cdef uint32_t cards
        cdef uint64_t k0 = 0, k1 = 0, h
        cdef SnapEntry* e = NULL
        cdef St u
        c.nodes += 1
        if lead_claim_points(c, s, p) >= TARGET:
            return true_claim(s, p)
        if window_cut(s, p, alpha, beta, &v):
            return v
        if c.false_claims:
            best = false_claim(s, p)
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
        if s.pending < 0 and popcount(s.hand[p]) >= TT_MIN_CARDS:
            use_tt = 1
            k0 = <uint64_t>s.hand[0] | (<uint64_t>s.hand[1] << 32)
            k1 = key1(s)
            h = (k0 * <uint64_t>0x9E3779B97F4A7C15ULL) ^ (k1 * <uint64_t>0xC2B2AE3D27D4EB4FULL)
            h ^= h >> 29
            e = &self.tt[h & self.tt_mask]
            if e.gen == self.gen and e.k0 == k0 and e.k1 == k1:
                if e.lo == e.hi or e.lo >= beta:
                    return e.lo if e.lo > best else best
                if e.hi <= alpha:
                    return e.hi if e.hi > best else best
                if e.lo > alpha:
                    alpha = e.lo
                if e.hi < beta:
                    beta = e.hi
                first = e.move
        alpha0 = alpha
        # the moves: exchange, close, the leads
        if s.pending < 0:
            cards = s.hand[p]
            if can_close(c, s):
                if cards >> c.exch & 1:
                    moves[n] = A_EXCHANGE
                    keys[n] = 40
                    n += 1
                moves[n] = A_CLOSE
                keys[n] = 30
                n += 1
        else:
            cards = s.hand[p] & (((<uint32_t>1) << (s.pending * 8 + R_KING))
                                 | ((<uint32_t>1) << (s.pending * 8 + R_OVER)))
        while cards:
            m = ctz(cards)
            cards &= cards - 1
            moves[n] = m
            keys[n] = order_key(c, s, m)
            n += 1
        for i in range(n):
            if moves[i] == first:
                keys[i] = 1000
        sort_moves(moves, keys, n)
        for i in range(n):
            m = moves[i]
            u = s[0]
            if m == A_EXCHANGE:
                do_exchange(c, &u)
                v = self.lead(&u, alpha, beta)
            elif m == A_CLOSE:
                do_close(&u)
                v = self.lead(&u, alpha, beta)
            else:
                do_lead(&u, m, lead_marriage(c, s, m))
                v = self.respond(&u, alpha, beta)
            if v > best:
                best = v
                best_move = m
                if best >= beta:
                    break
                if best > alpha:
                    alpha = best
        if use_tt:
            if e.gen != self.gen or e.k0 != k0 or e.k1 != k1:
                e.gen = self.gen
                e.k0 = k0
                e.k1 = k1
                e.lo = LOW
                e.hi = HIGH
                e.move = 255  # none
            if best <= alpha0:
                if best < e.hi:
                    e.hi = best
            elif best >= beta:
                if best > e.lo:
                    e.lo = best
            else:
                e.lo = best
                e.hi = best
            if best_move >= 0:
                e.move = best_move
        return best

    cdef int respond(self, const St* t, int alpha, int beta) noexcept nogil:
        """The value for the leader of a trick whose card ``t.led`` is led: the follower
        claims, or answers with each legal card (the follower minimises)."""
        cdef Ctx* c = &self.ctx
        cdef int p = t.leader
        cdef int o = 1 - p
        cdef int worst = HIGH
        cdef int v, r, w, n = 0, i, j, m, tmp
        cdef int moves[16]
        cdef int keys[16]
        cdef uint32_t resp
        cdef int led = t.led
        cdef St u
        c.nodes += 1
        if points(t, o) >= TARGET:
            return -true_claim(t, o)
        if window_cut(t, p, alpha, beta, &v):
            return v
        if c.false_claims:
            worst = -false_claim(t, o)
            if worst <= alpha:
                return worst
            if worst < beta:
                beta = worst
        if is_strict(c, t):
            resp = strict_mask(t.hand[o], led, c.trump)
        else:
            resp = t.hand[o]
        # order: the cheapest winning card first, then the cheapest losing ones
        while resp:
            r = ctz(resp)
            resp &= resp - 1
            moves[n] = r
            if (HIGHER[led] >> r) & 1 or (r >> 3 == c.trump and led >> 3 != c.trump):
                keys[n] = 100 - PTS[r] - STRENGTH[r]
            else:
                keys[n] = 50 - PTS[r] - STRENGTH[r] - (20 if r >> 3 == c.trump else 0)
            n += 1
        sort_moves(moves, keys, n)
        for i in range(n):
            u = t[0]
            w = do_follow(c, &u, moves[i])
            if (u.hand[0] | u.hand[1]) == 0:
                v = last_trick(c, &u, w)
                if w != p:
                    v = -v
            elif w == p:
                v = self.lead(&u, alpha, beta)
            else:
                v = -self.lead(&u, -beta, -alpha)
            if v < worst:
                worst = v
                if worst <= alpha:
                    break
                if worst < beta:
                    beta = worst
        return worst

    cdef int window(self, const St* s, int alpha, int beta) noexcept nogil:
        """Alpha-beta (fail-soft) on any position, for the player to move."""
        if s.led >= 0:
            return -self.respond(s, -beta, -alpha)
        return self.lead(s, alpha, beta)

    cdef int value(self, const St* s) noexcept nogil:
        """The exact value of any position for the player to move: null-window tests (is it
        at least ``b``?), the first one whether it is won, the table keeping the bounds
        between them (MTD)."""
        cdef int lo = -3, hi = 3, b = 1, g
        while lo < hi:
            if b <= lo:
                b = lo + 1
            if b > hi:
                b = hi
            g = self.window(s, b - 1, b)
            if g >= b:
                lo = g
                b = g + 1
            else:
                hi = g
                b = g
        return lo

    # -- engine actions (legal_ids, perft, move values) ----------------------------------

    cdef int legal(self, const St* s, int* out) noexcept nogil:
        """The engine's legal actions (SnapDeal.legal_actions, in its order) into ``out``."""
        cdef Ctx* c = &self.ctx
        cdef int n = 0, p, suit
        cdef uint32_t cards
        if s.led < 0:
            p = s.leader
            if s.pending < 0:
                if can_close(c, s) and s.hand[p] >> c.exch & 1:
                    out[n] = A_EXCHANGE
                    n += 1
                if can_close(c, s):
                    out[n] = A_CLOSE
                    n += 1
                for suit in range(4):
                    if (s.hand[p] >> (suit * 8 + R_KING) & 1
                            and s.hand[p] >> (suit * 8 + R_OVER) & 1):
                        out[n] = A_MARRIAGE + suit
                        n += 1
                cards = s.hand[p]
            else:  # Z7: the pending marriage's King, then its Over (the engine's order)
                cards = 0
                if s.hand[p] >> (s.pending * 8 + R_KING) & 1:
                    out[n] = s.pending * 8 + R_KING
                    n += 1
                if s.hand[p] >> (s.pending * 8 + R_OVER) & 1:
                    out[n] = s.pending * 8 + R_OVER
                    n += 1
        else:
            p = 1 - s.leader
            if is_strict(c, s):
                cards = strict_mask(s.hand[p], s.led, c.trump)
            else:
                cards = s.hand[p]
        while cards:
            out[n] = ctz(cards)
            cards &= cards - 1
            n += 1
        out[n] = A_CLAIM
        n += 1
        return n

    cdef int apply(self, St* u, int a, int* value) noexcept nogil:
        """Take the engine action ``a``: 1 and the game points for the seat that took it in
        ``value`` when the deal ends, else 0."""
        cdef Ctx* c = &self.ctx
        cdef int p = u.leader if u.led < 0 else 1 - u.leader
        cdef int w
        if a == A_CLAIM:
            if claim_points(c, u, p) >= TARGET:
                value[0] = true_claim(u, p)
            else:
                value[0] = false_claim(u, p)
            return 1
        if a == A_EXCHANGE:
            do_exchange(c, u)
        elif a == A_CLOSE:
            do_close(u)
        elif a >= A_MARRIAGE:
            u.pending = a - A_MARRIAGE
        elif u.led < 0:
            do_lead(u, a, marriage_points(c, a >> 3) if u.pending >= 0 else 0)
        else:
            w = do_follow(c, u, a)
            if (u.hand[0] | u.hand[1]) == 0:
                value[0] = last_trick(c, u, w) if w == p else -last_trick(c, u, w)
                return 1
        return 0

    cdef long perft_rec(self, const St* s, int depth) noexcept nogil:
        cdef int ids[48]
        cdef int n, i, v = 0
        cdef long total = 0
        cdef St u
        if depth == 0:
            return 1
        n = self.legal(s, ids)
        for i in range(n):
            u = s[0]
            if self.apply(&u, ids[i], &v):
                total += 1
            else:
                total += self.perft_rec(&u, depth - 1)
        return total

    cdef int action_value(self, const St* s, int a) noexcept nogil:
        """The exact value of the engine action ``a`` for the player taking it."""
        cdef St u = s[0]
        cdef int p = s.leader if s.led < 0 else 1 - s.leader
        cdef int v = 0
        if self.apply(&u, a, &v):
            return v
        if u.led < 0 and u.leader != p:  # a trick won by the other
            return -self.value(&u)
        if u.led >= 0:  # a lead: the follower is to move
            return -self.value(&u)
        return self.value(&u)

    # -- Python entry points ------------------------------------------------------------

    cdef int _enter(self) except -1:
        return solver_enter(&self.busy, "give each thread its own")

    cdef inline void _leave(self) noexcept:
        search_leave(&self.busy)

    cdef int _load(self, state, talon, St* s) except -1:
        """Read a position (module doc) into ``s`` and the solver's context."""
        cdef Ctx* c = &self.ctx
        cdef int f[NFIELDS]
        cdef int i, n, card
        cdef uint32_t seen = 0, m
        if len(state) != NFIELDS:
            raise ValueError(f"state: {NFIELDS} ints ({', '.join(STATE_FIELDS)})")
        for i in range(NFIELDS):
            if i < 4:
                m = <uint32_t>state[i]
                f[i] = <int>m
            else:
                f[i] = state[i]
        n = len(talon)
        if n > 12 or n % 2:
            raise ValueError("talon: an even number of cards, at most 12")
        memset(s, 0, sizeof(St))
        s.hand[0] = <uint32_t>state[0]
        s.hand[1] = <uint32_t>state[1]
        for i in range(2):
            m = <uint32_t>state[2 + i]
            s.pts[i] = 0
            while m:
                s.pts[i] += PTS[ctz(m)]
                m &= m - 1
            s.tricks[i] = f[4 + i]
            s.mar[i] = f[6 + i]
            if not 0 <= s.mar[i] <= 120 or not 0 <= s.tricks[i] <= 12:
                raise ValueError("state: marriage points 0-120, tricks 0-12")
        if not 0 <= f[8] < 4 or f[9] not in (0, 1) or not -1 <= f[10] < 32 \
                or not -1 <= f[11] < 4 or f[12] not in (-1, 0, 1):
            raise ValueError("state: trump 0-3, leader 0-1, led -1..31, pending -1..3, "
                             "closed_by -1..1")
        if f[10] >= 0 and f[11] >= 0:
            raise ValueError("state: a pending marriage while a card is led")
        c.trump = f[8]
        s.leader = f[9]
        s.led = f[10]
        s.pending = f[11]
        s.closed_by = f[12]
        if s.closed_by >= 0:
            s.close_win = by_points(f[13], f[14])
            s.close_fail = 3 if f[13] == 0 else 2
        c.exch = c.trump * 8 + (R_NINE if f[15] else R_UNDER)
        c.min_talon = f[16]
        c.zv4 = 1 if f[17] else 0
        c.false_claims = 1 if self.false_claims else 0
        c.tlen = n
        for i in range(n):
            card = talon[i]
            if not 0 <= card < 32:
                raise ValueError("talon: cards 0-31")
            c.talon[i] = card
            seen |= (<uint32_t>1) << card
        s.pos = 0
        s.turned = c.talon[n - 1] if n else 0
        if (s.hand[0] & s.hand[1]) or (seen & (s.hand[0] | s.hand[1])):
            raise ValueError("a card in two places")
        if popcount(s.hand[0]) > 12 or popcount(s.hand[1]) > 12:
            raise ValueError("a hand of more than 12 cards")
        if s.led >= 0 and (s.hand[s.leader] >> s.led & 1 or s.hand[1 - s.leader] >> s.led & 1):
            raise ValueError("the led card is still in a hand")
        c.nodes = 0
        self.new_generation()  # a new deal or context: the table's entries are stale
        return 0

    def solve(self, state, talon):
        """The exact value of the position for the player to move (game points, -3..+3)."""
        cdef St s
        cdef int v
        self._enter()
        try:
            self._load(state, talon, &s)
            if (s.hand[0] | s.hand[1]) == 0:
                raise ValueError("the hands are empty: the deal is over")
            with nogil:
                v = self.value(&s)
        finally:
            self._leave()
        return v

    def legal_ids(self, state, talon):
        """The engine's legal action ids, in SnapDeal.legal_actions' order."""
        cdef St s
        cdef int ids[48]
        cdef int n
        self._enter()
        try:
            self._load(state, talon, &s)
            n = self.legal(&s, ids)
        finally:
            self._leave()
        return [ids[i] for i in range(n)]

    def perft(self, state, talon, int depth):
        """The number of engine action sequences of ``depth`` actions (a sequence that ends
        the deal sooner counts once), as tests/test_perft.py counts Ulti's."""
        cdef St s
        cdef long total
        self._enter()
        try:
            self._load(state, talon, &s)
            with nogil:
                total = self.perft_rec(&s, depth)
        finally:
            self._leave()
        return total

    def move_values(self, state, talon):
        """``[(action id, value)]`` for every legal action: the exact value, for the player to
        move, of the position after it (a claim: the engine's score of it, true or false)."""
        cdef St s
        cdef int ids[48]
        cdef int vals[48]
        cdef int n, i
        self._enter()
        try:
            self._load(state, talon, &s)
            with nogil:
                n = self.legal(&s, ids)
                for i in range(n):
                    vals[i] = self.action_value(&s, ids[i])
        finally:
            self._leave()
        return [(ids[i], vals[i]) for i in range(n)]
