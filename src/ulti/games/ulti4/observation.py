"""A seat of four's observation (:class:`~ulti.games.ulti4.deal.Observation4`) as numbers and as
text, for the research faces (N1, N5).

Both forms are the three-handed deal's (:mod:`ulti.games.ulti.observation`) after what the
table of four adds: which seat of four observes and which seat deals.  The three who play are
then known too (the three after the dealer, forehand first, N1), and the three-handed part
names them by their seats in the three-handed deal (0 forehand, 1, 2; its dealer is seat 2,
:data:`~ulti.games.ulti4.deal.INNER_DEALER`).  The dealer sitting out sees what a spectator
sees (N5): its three-handed part is the spectator's (no seat, no hand, no talon, nobody's
discards), so its tensor and text hold no card a spectator cannot see.  A spectator of the
table (seat :data:`~ulti.games.ulti.observation.SPECTATOR`) has no seat of four either: its
``table_seat`` segment is all zero.
"""

from __future__ import annotations

from ulti.games.ulti.observation import (
    SPECTATOR,
    TENSOR_LAYOUT,
    observation_tensor,
    observation_text,
)
from ulti.games.ulti4.deal import SEATS, Observation4

#: What the table of four adds in front of a three-handed tensor: (name, size).
TABLE_LAYOUT: tuple[tuple[str, int], ...] = (
    ("table_seat", SEATS),  # one-hot: the observing seat of four (all zero for a spectator)
    ("table_dealer", SEATS),  # one-hot: the seat of four that deals and sits out (N1)
)
TABLE_SIZE = sum(n for _, n in TABLE_LAYOUT)

#: A seat of four's observation tensor: :data:`TABLE_LAYOUT`, then the three-handed deal's
#: :data:`ulti.games.ulti.observation.TENSOR_LAYOUT` (the seat's own, the dealer's a
#: spectator's).
TENSOR4_LAYOUT: tuple[tuple[str, int], ...] = (*TABLE_LAYOUT, *TENSOR_LAYOUT)
TENSOR4_SIZE = sum(n for _, n in TENSOR4_LAYOUT)


def table_tensor(seat: int, dealer: int) -> list[float]:
    """The :data:`TABLE_LAYOUT` numbers of ``seat`` (:data:`SPECTATOR`: none) at a table whose
    ``dealer`` sits out."""
    t = [0.0] * TABLE_SIZE
    if seat != SPECTATOR:
        t[seat] = 1.0
    t[SEATS + dealer] = 1.0
    return t


def table_text(seat: int, dealer: int) -> str:
    """The line the table of four adds in front of a three-handed text: the seat, the dealer,
    the three who play (forehand first) and, for the dealer, that it sits out."""
    players = " ".join(str((dealer + k) % SEATS) for k in (1, 2, 3))
    line = f"table seat {seat} dealer {dealer} players {players}"
    return line + " sitting out" if seat == dealer else line


def observation4_tensor(o: Observation4) -> list[float]:
    """``o`` as numbers, in the layout of :data:`TENSOR4_LAYOUT`."""
    return table_tensor(o.seat, o.dealer) + observation_tensor(o.deal)


def observation4_text(o: Observation4) -> str:
    """``o`` as one deterministic string: :func:`table_text`, then the three-handed
    observation's text (:func:`ulti.games.ulti.observation.observation_text`)."""
    return table_text(o.seat, o.dealer) + "\n" + observation_text(o.deal)


__all__ = [
    "TABLE_LAYOUT",
    "TABLE_SIZE",
    "TENSOR4_LAYOUT",
    "TENSOR4_SIZE",
    "observation4_tensor",
    "observation4_text",
    "table_tensor",
    "table_text",
]
