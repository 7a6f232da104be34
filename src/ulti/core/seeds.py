"""Seeds: the documented function from a 64-bit seed to a deck order (D2), and sub-seeds.

Every game deals from :func:`shuffled_deck` (Snapszli takes the first cards of the same order
that are in its pack), so any implementation can reproduce a deal from its seed.
"""

from __future__ import annotations

import hashlib

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


__all__ = ["derive_seed", "shuffled_deck"]
