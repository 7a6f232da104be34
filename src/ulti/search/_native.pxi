# What both compiled cores (_core.pyx for Ulti, _snap.pyx for Snapszli) take from C, included
# by each: aligned allocation, the bit counts, and the atomic guard that lets one thread at a
# time into a solver (the searches run without the GIL), with the error it raises.

cdef extern from "stdlib.h":
    int posix_memalign(void** memptr, size_t alignment, size_t size) nogil

cdef extern from *:
    int popcount "__builtin_popcount"(unsigned int) nogil
    int ctz "__builtin_ctz"(unsigned int) nogil

cdef extern from *:
    """
    /* one owner at a time: an atomic test-and-set, so that the guard holds even where two
       threads enter at once */
    static inline int search_try_enter(volatile int* flag) {
        return __sync_bool_compare_and_swap(flag, 0, 1);
    }
    static inline void search_leave(volatile int* flag) { __sync_lock_release(flag); }
    """
    int search_try_enter(int* flag) nogil
    void search_leave(int* flag) nogil


class SolverBusy(RuntimeError):
    """A :class:`Solver` was entered while another thread was using it: a solver (its
    transposition table, its position, its search state) belongs to one thread at a time."""


cdef int solver_enter(int* busy, str own_solvers) except -1:
    """Take a solver's guard ``busy`` for this thread, or raise :class:`SolverBusy` (it changes
    nothing then); ``own_solvers`` says how a program gives each thread its own solver."""
    if not search_try_enter(busy):
        raise SolverBusy("this Solver is in use by another thread; a solver belongs to "
                         f"one thread at a time ({own_solvers})")
    return 0
