"""Snapszli's cards: the pack (Z1, ZV1), the card points, the strength within a suit and who wins
a trick (Z4), and the points that matter at the end (66 to claim, 33 against a schneider: Z9).

Cards are Ulti's ints (``suit * 8 + rank``, :mod:`ulti.core.cards`); Snapszli keeps only its
own facts of them here: it ranks the X above the King, and its pack leaves out the VII and
VIII (and the IX but in ZV1).
"""

from __future__ import annotations

from ulti.core.cards import ACE, KING, NINE, OVER, TEN, UNDER, cards_of

#: Card points by rank (Z1): Ász 11, X 10, Király 4, Felső 3, Alsó 2; the IX of ZV1 counts 0.
POINTS = {NINE: 0, TEN: 10, UNDER: 2, OVER: 3, KING: 4, ACE: 11}
#: Strength within a suit (Z1): Ász > X > Király > Felső > Alsó (> IX).
STRENGTH = {NINE: 0, UNDER: 1, OVER: 2, KING: 3, TEN: 4, ACE: 5}
RANKS_20 = (TEN, UNDER, OVER, KING, ACE)
RANKS_24 = (NINE, *RANKS_20)
#: Points a claim must reach (Z9).
TARGET = 66
#: The points below which a loser gives up two game points, not one (Z9, Z10, Z11).
SCHNEIDER = 33


def pack(twenty_four: bool = False) -> list[int]:
    """The cards of the pack, in the engine's order (Z1; ZV1 adds the IXs)."""
    ranks = RANKS_24 if twenty_four else RANKS_20
    return sorted(s * 8 + r for s in range(4) for r in ranks)


def card_points(mask: int) -> int:
    """The card points of a set of cards (Z1)."""
    return sum(POINTS[c & 7] for c in cards_of(mask))


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` played to a trick beats ``best``, the card winning it so far (Z4)."""
    if card >> 3 == best >> 3:
        return STRENGTH[card & 7] > STRENGTH[best & 7]
    return card >> 3 == trump


__all__ = [
    "POINTS",
    "RANKS_20",
    "RANKS_24",
    "SCHNEIDER",
    "STRENGTH",
    "TARGET",
    "beats",
    "card_points",
    "pack",
]
