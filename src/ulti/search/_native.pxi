# What both compiled cores (_core.pyx for Ulti, _snap.pyx for Snapszli) take from C, included
# by each: aligned allocation, the bit counts, and the atomic guard that lets one thread at a
# time into a solver (the searches run without the GIL).

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
