"""Computer players at a table of four (N1-N5): Ulti's own players, each seated among the three
who play a deal.  The three who play are a three-handed deal (N2), so a player of four is a
player of three (:mod:`ulti.players.ulti`) told, at each deal, its seat among the three and
shown that deal's observation; the dealer sitting out is never asked for an action.

As every game's room of players it names its players (:func:`registry`, the same names as
Ulti's) and its levels (:data:`LEVELS`, Ulti's); :func:`play_deal` seats four of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ulti.games import base
from ulti.games.ulti.actions import Action
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti4 import ULTI4, Deal4, Observation4
from ulti.players.base import Budget, GamePlayer, Player
from ulti.players.ulti import LEVELS as ULTI_LEVELS
from ulti.players.ulti import CardRun, Pimc1Player, PimcPlayer, RandomPlayer, RulesPlayer


class Seated(GamePlayer[Ruleset, Observation4, Action]):
    """A player of three at a table of four: :attr:`PLAYS` (an Ulti player's kind) plays the
    seat's place among the three, deal by deal."""

    PLAYS: type[Player] = RulesPlayer

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed, budget)
        self.three = self.PLAYS(seed, self.budget)
        self.name = self.three.name
        self._game = 0
        self._place = -1  # its place among the three this deal (-1: not yet asked)

    def standard_rules(self) -> Ruleset:
        return Ruleset()

    def start(self, seat: int, rules: Ruleset, game: int = 0) -> None:
        super().start(seat, rules, game)
        self._game = game
        self._place = -1

    def act(self, obs: Observation4, legal: Sequence[Action]) -> Action:
        place = obs.players.index(obs.seat)  # (the dealer sitting out is never asked)
        if place != self._place:
            self.three.start(place, self.rules, self._game)
            self._place = place
        return self.three.act(obs.deal, legal)


class Random4(Seated):
    PLAYS = RandomPlayer


class Rules4(Seated):
    PLAYS = RulesPlayer


class Pimc4(Seated):
    PLAYS = PimcPlayer


class Pimc14(Seated):
    PLAYS = Pimc1Player


def registry() -> dict[str, type[Seated]]:
    """The players of four by name: Ulti's, each seated among the three."""
    return {"random": Random4, "rules": Rules4, "pimc": Pimc4, "pimc-1": Pimc14}


#: The levels: Ulti's (the three who play are a three-handed deal).
LEVELS: dict[str, str] = dict(ULTI_LEVELS)


@dataclass
class DealRun(CardRun[Deal4]):
    """A four-handed deal played by players, each seat's decision times (the dealer's none),
    the card plays' apart."""

    times: list[list[float]] = field(default_factory=lambda: [[], [], [], []])
    decisions: list[list[tuple[str, float]]] = field(default_factory=lambda: [[], [], [], []])


#: Play one deal of four: each seat's player acts on its own observation only.
play_deal: base.DealPlay[Deal4, Action, Ruleset, DealRun] = base.DealPlay(
    ULTI4, DealRun, "N1: four players"
)

__all__ = ["LEVELS", "DealRun", "Pimc4", "Random4", "Rules4", "Seated", "play_deal", "registry"]
