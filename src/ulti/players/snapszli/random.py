"""Snapszli's ``random`` player: a uniformly random legal action, but never a false claim
(Z9): it claims only when its own points reach 66."""

from __future__ import annotations

from collections.abc import Sequence

from ulti.games.snapszli import CLAIM, Kind, SnapAction, SnapObservation
from ulti.players.snapszli.player import SnapPlayer


class SnapRandomPlayer(SnapPlayer):
    """``random``: a uniformly random legal action, never a false claim (Z9)."""

    name = "random"

    def choose(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        options = [a for a in legal if a.kind != Kind.CLAIM]
        if CLAIM in legal and (self.may_claim(obs) or not options):
            options.append(CLAIM)
        self.explanation = ("hint-random", {})
        return options[self.rng.randrange(len(options))]


__all__ = ["SnapRandomPlayer"]
