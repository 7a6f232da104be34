"""The exact Snapszli solver: a deal's value under best play with every card known.

>>> from ulti.search.snapszli.solver import SnapSolver, strict_position
>>> sv = SnapSolver()                   # one per thread
>>> sv.solve(d)                         # doctest: +SKIP  (a strict position: Z5)
>>> sv.solve_open(d)                    # doctest: +SKIP  (any phase: the talon's order is read)
>>> sv.move_values(d)                   # doctest: +SKIP  {SnapAction: value}

Values are the game points of the deal from the view of the player to move: +1..+3 won, -1..-3 lost
(Z9, Z10, Z11).  The search is the compiled core :mod:`ulti.search._snap` (its module doc says what
it shortcuts, exactly): both hands known, and in the open-talon phase the talon's order too (Z4
draws, Z6 exchange, Z8 closing, Z7 marriages, Z9 claims).

* In a *strict* position (:func:`strict_position`: the talon is empty or closed, Z5) nothing is
  hidden but the opponent's hand, and :meth:`SnapSolver.solve` answers;
* in the open-talon phase the value depends on the talon's order, which no player knows:
  :meth:`SnapSolver.solve_open` reads it from the deal, as a sampling player needs once it has
  dealt the unknown cards itself; :meth:`SnapSolver.move_values` reads it too.

**False claims.**  The engine lets a player claim at any turn; a false claim gives the
opponent 2 game points (3 while the opponent has no trick; Z11 for a closer).  That can beat
playing on — a player who will take no trick loses 3 by the cards — so by default the solver
plays the engine's game exactly, false claims included; ``SnapSolver(false_claims=False)``
solves the game where players claim only when it is true.

**Threads.**  A solver owns its transposition table and search state and runs without the GIL;
it belongs to one thread at a time (entering one that another thread holds raises
:class:`SolverBusy`).  A program that solves in several threads (the web server) gives each
thread its own :class:`SnapSolver`; nothing else is shared.
"""

from __future__ import annotations

from collections.abc import Sequence

from ulti.games.snapszli import Kind, SnapAction, SnapDeal, action_from_id
from ulti.search import _snap
from ulti.search._snap import SolverBusy

DEFAULT_TT_BITS = 18


def strict_position(d: SnapDeal) -> bool:
    """Whether Z5's strict play applies (the talon is empty or closed): then the deal's value
    does not depend on the talon's order."""
    return d.strict()


def core_state(d: SnapDeal) -> tuple[list[int], list[int]]:
    """The deal as the core reads it: ``(state, talon)`` (``ulti.search._snap.STATE_FIELDS``)."""
    if d.is_over():
        raise ValueError("the deal is over")
    hist = d.history
    pending = -1
    if hist and hist[-1][1].kind == Kind.MARRIAGE:
        pending = hist[-1][1].suit
    trump = d.trump
    marr = [0, 0]
    for who, suit in d.marriages:
        marr[who] += 40 if suit == trump else 20
    closing = (0, 0)
    if d.closed_by >= 0:
        closing = _closing(d, hist)
    trick = d.trick
    rules = d.rules
    h0, h1 = d.hands
    state = [
        h0,
        h1,
        d.won_cards(0),
        d.won_cards(1),
        d.tricks_won(0),
        d.tricks_won(1),
        marr[0],
        marr[1],
        trump,
        d.leader,
        trick[0] if trick else -1,
        pending,
        d.closed_by,
        closing[0],
        closing[1],
        int(rules.twenty_four),
        rules.min_talon,
        int(rules.last_trick_ten),
    ]
    return state, list(d.talon)


def _closing(d: SnapDeal, hist: Sequence[tuple[int, SnapAction]]) -> tuple[int, int]:
    """Z11: the closer's opponent's tricks and points at the moment of closing (the deal taken
    back to that moment on a copy)."""
    at = next(i for i, (_, a) in enumerate(hist) if a.kind == Kind.CLOSE)
    back = d.clone()
    for _ in range(len(hist) - at):
        back.undo()
    opp = 1 - d.closed_by
    return back.tricks_won(opp), back.points(opp)


class SnapSolver:
    """An exact Snapszli solver (module doc).  One per thread; keep it and reuse it.

    ``tt_bits``: the transposition table holds ``2 ** tt_bits`` entries of 24 bytes (18: 6 MiB).
    ``false_claims``: whether the search considers false claims (module doc)."""

    def __init__(self, tt_bits: int = DEFAULT_TT_BITS, false_claims: bool = True) -> None:
        self._core = _snap.Solver(tt_bits, false_claims)

    @property
    def false_claims(self) -> bool:
        return self._core.false_claims

    @property
    def nodes(self) -> int:
        """Nodes the last search visited."""
        return self._core.nodes

    @property
    def in_use(self) -> bool:
        """Whether a thread is inside this solver now."""
        return self._core.in_use

    def solve(self, d: SnapDeal) -> int:
        """The value of a strict position (Z5) for ``d.current_player``; ValueError for an
        open-talon one (whose value depends on the hidden talon: :meth:`solve_open`)."""
        if not d.is_over() and not d.strict():
            raise ValueError(
                "the talon is open: the value depends on its order (solve_open reads it)"
            )
        return self.solve_open(d)

    def solve_open(self, d: SnapDeal) -> int:
        """The value of any position for ``d.current_player``, the talon's order as ``d``
        holds it (perfect information)."""
        state, talon = core_state(d)
        return self._core.solve(state, talon)

    def move_values(self, d: SnapDeal) -> dict[SnapAction, int]:
        """Each legal action's value for the player to move: the exact value of the position
        after it (with the talon's order as ``d`` holds it).  A claim is scored as the engine
        scores it, true or false; a marriage is worth announcing and then the better of its
        two cards (or a false claim, where that is better still and the solver considers
        false claims).  With false claims considered (the default) the best value is
        :meth:`solve_open`'s."""
        state, talon = core_state(d)
        return {action_from_id(a): v for a, v in self._core.move_values(state, talon)}


__all__ = ["SnapSolver", "SolverBusy", "core_state", "strict_position"]
