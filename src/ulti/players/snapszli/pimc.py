"""Snapszli's ``pimc`` player: Perfect Information Monte Carlo (:class:`SnapPimcPlayer`).
Deals consistent with what the seat knows (:func:`~ulti.players.snapszli.knowledge.knowledge`,
:func:`~ulti.players.snapszli.knowledge.sample_deal`) are solved exactly by
:class:`ulti.search.snapszli.solver.SnapSolver`; the action with the best mean is taken."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from ulti.games.snapszli import CLAIM, Kind, SnapAction, SnapObservation, SnapRules
from ulti.players.base import Budget
from ulti.players.snapszli.knowledge import knowledge, sample_deal
from ulti.players.snapszli.player import SnapPlayer
from ulti.players.snapszli.rules import SnapRulesPlayer
from ulti.search.snapszli.solver import SnapSolver

_LOCAL = threading.local()


def _solver() -> SnapSolver:
    """The solver of the thread deciding now (one per thread, never kept on a player: a
    player may be started in one thread and asked in others)."""
    sv: SnapSolver | None = getattr(_LOCAL, "solver", None)
    if sv is None:
        sv = _LOCAL.solver = SnapSolver(false_claims=False)
    return sv


class SnapPimcPlayer(SnapPlayer):
    """``pimc``: Perfect Information Monte Carlo.  At each decision with a choice it samples
    deals consistent with what the seat knows (:func:`knowledge`, :func:`sample_deal`), asks the
    solver for each action's game points with every card known, and takes the best mean; with
    the talon empty both hands are known and one exact solve decides.  Ties go to the ``rules``
    player's choice.  It claims as soon as a claim is true and never otherwise (Z9).

    Budget: ``samples`` (default 32) deals per decision, and ``ms``, a time limit per decision
    (none by default, which keeps the player deterministic; at least a few samples are always
    taken)."""

    name = "pimc"
    DEFAULT_SAMPLES = 32
    MIN_SAMPLES = 4

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed, budget)
        self.fallback = SnapRulesPlayer(seed, budget)

    def start(self, seat: int, rules: SnapRules, game: int = 0) -> None:
        super().start(seat, rules, game)
        self.fallback.start(seat, rules, game)

    def choose(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        self.fallback.turned = self.turned
        if len(legal) == 1:
            return legal[0]
        if self.claim_due(legal, self.points(obs)):
            return CLAIM
        options = [a for a in legal if a.kind != Kind.CLAIM]
        if len(options) <= 1:
            return options[0] if options else legal[0]
        values, n, exact = self.values(obs, options)
        if n == 0:
            a = self.fallback.choose(obs, legal)
            self.explanation = self.fallback.explanation
            return a
        best = max(values.values())
        tied = [a for a in options if values[a] >= best - 1e-9]
        pick = tied[0]
        if len(tied) > 1:
            preferred = self.fallback.choose(obs, legal)
            if preferred in tied:
                pick = preferred
        ranked = sorted(options, key=lambda a: -values[a])[:5]
        self.explanation = (
            "hint-exact" if exact else "hint-values",
            {"n": n, "options": [(a, values[a]) for a in ranked]},
        )
        return pick

    def values(
        self, obs: SnapObservation, options: Sequence[SnapAction]
    ) -> tuple[dict[SnapAction, float], int, bool]:
        """Each option's mean game points over the samples, the samples taken and whether the
        deal was known exactly."""
        k = knowledge(obs, self.rules, self.turned)
        n = 1 if k.exact else self.budget.samples or self.DEFAULT_SAMPLES
        deadline = (
            time.perf_counter() + self.budget.ms / 1000.0 if self.budget.ms is not None else None
        )
        sums = dict.fromkeys(options, 0.0)
        taken = 0
        sv = _solver()
        for i in range(n):
            if deadline is not None and i >= self.MIN_SAMPLES and time.perf_counter() > deadline:
                break
            d = sample_deal(k, obs, self.rng)
            if d is None:
                continue
            mv = sv.move_values(d)
            for a in options:
                sums[a] += mv[a]
            taken += 1
        return {a: s / max(taken, 1) for a, s in sums.items()}, taken, k.exact


__all__ = ["SnapPimcPlayer"]
