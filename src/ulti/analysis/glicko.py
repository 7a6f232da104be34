"""Glicko-2 ratings for puzzle solving: a solver and a puzzle are two players, each attempt one
game in a rating period of its own (a right answer is the solver's win), both updated.

The arithmetic is the ``glicko2`` library's (Glickman's system as its paper, *Example of the
Glicko-2 system*, sets it out), with one correction: the library's step 5 function ``f`` takes
the rating where the paper takes the rating deviation (φ² in Δ² − φ² − v − eˣ); it gives the
paper's example right only because that example's player is rated 1500 (μ = 0).  Our
:class:`_Player` uses φ, and the tests hold the updates equal to a computation written straight
from the paper.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import glicko2

#: A new solver's or puzzle's rating, deviation and volatility (the paper's defaults).
START = 1500.0
START_RD = 350.0
START_VOL = 0.06
#: The system constant τ (the paper suggests 0.3 to 1.2); the library's default.
TAU = 0.5


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the usual scale (1500 for the unknown), its deviation (RD) and
    volatility."""

    rating: float = START
    rd: float = START_RD
    vol: float = START_VOL

    @property
    def provisional(self) -> bool:
        """Still too uncertain to be compared (the deviation above 110, as chess sites show a
        rating with a question mark)."""
        return self.rd > 110


class _Player(glicko2.Player):  # type: ignore[misc]
    _tau = TAU

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        phi = self.rd / 173.7178
        ex = math.exp(x)
        num = ex * (delta**2 - phi**2 - v - ex)
        den = 2 * (phi**2 + v + ex) ** 2
        return float(num / den - (x - a) / self._tau**2)


def _rated(r: Rating, other: Rating, score: float) -> Rating:
    p = _Player(r.rating, r.rd, r.vol)
    p.update_player([other.rating], [other.rd], [score])
    return Rating(float(p.rating), min(float(p.rd), START_RD), float(p.vol))


def attempt(solver: Rating, puzzle: Rating, right: bool) -> tuple[Rating, Rating]:
    """The solver's and the puzzle's ratings after one attempt (each rated against the other's
    rating before it)."""
    score = 1.0 if right else 0.0
    return _rated(solver, puzzle, score), _rated(puzzle, solver, 1.0 - score)


def expected(solver: Rating, puzzle: Rating) -> float:
    """The chance the solver solves the puzzle, by the two ratings (Glicko-2's E, with the
    puzzle's deviation)."""
    mu = (solver.rating - START) / 173.7178
    mu_j = (puzzle.rating - START) / 173.7178
    phi_j = puzzle.rd / 173.7178
    g = 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)
    return 1 / (1 + math.exp(-g * (mu - mu_j)))
