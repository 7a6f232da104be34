"""``random``: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence

from ulti.games.ulti.actions import Action
from ulti.games.ulti.observation import Observation
from ulti.players.base import Player


class RandomPlayer(Player):
    name = "random"

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
