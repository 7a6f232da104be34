"""Ulti's computer players: ``random``, ``rules`` (hand-written judgement), ``pimc`` (sampling
and the solver; ``pimc1`` its frozen baseline), and what they share: what a seat can infer
(:mod:`~ulti.players.ulti.knowledge`, :mod:`~ulti.players.ulti.inference`), hand evaluation
(:mod:`~ulti.players.ulti.evaluate`) and the learned evaluator
(:mod:`~ulti.players.ulti.learned`).

As every game's room of players (:class:`~ulti.players.base.PlayerRoom`) it names its players
(:func:`registry`) and its strength levels (:data:`LEVELS`); :func:`play_deal` seats three of
them at a deal (the framework's loop, :func:`ulti.games.base.play_deal`, keeping the card
plays' times apart).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ulti.games import base
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.game import ULTI
from ulti.games.ulti.rules import Ruleset
from ulti.players.base import Player
from ulti.players.ulti.pimc import PimcPlayer
from ulti.players.ulti.pimc1 import Pimc1Player
from ulti.players.ulti.random import RandomPlayer
from ulti.players.ulti.rules import RulesPlayer


def registry() -> dict[str, type[Player]]:
    """Ulti's computer players by name (``pimc-1``: the frozen baseline ``pimc`` is measured
    against)."""
    return {
        "random": RandomPlayer,
        "rules": RulesPlayer,
        "pimc": PimcPlayer,
        "pimc-1": Pimc1Player,
    }


#: Strength levels for people, by search and budget: ``easy`` plays by the habits of good
#: players without searching (the ``rules`` player), ``club`` samples and solves a few deals
#: in a short time, ``expert`` many deals with time to think.  Each is named in the lobby and
#: the terminal (``web.easy``, ``web.club``, ``web.expert`` in the catalogue).
LEVELS: dict[str, str] = {
    "easy": "rules",
    "club": "pimc:samples=12,ms=80",
    "expert": "pimc:samples=64,ms=800",
}


D = TypeVar("D", bound=base.State[Any, Any])


@dataclass
class CardRun(base.DealRun[D, Action]):
    """A deal of Ulti played by players (at a table of three, or of four: ``D`` is its kind of
    deal): each seat's decision times, and its card plays' times kept apart."""

    #: card plays with a choice (more than one legal card), per seat
    card_times: list[list[float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.card_times:
            self.card_times = [[] for _ in self.times]

    def record(
        self, seat: int, action: Action, legal: Sequence[Action], seconds: float, kind: str | None
    ) -> None:
        super().record(seat, action, legal, seconds, kind)
        if action.kind == ActionKind.PLAY and sum(a.kind == ActionKind.PLAY for a in legal) > 1:
            self.card_times[seat].append(seconds)


@dataclass
class DealRun(CardRun[Deal]):
    """A deal played by three players, with each seat's decision times (seconds)."""

    times: list[list[float]] = field(default_factory=lambda: [[], [], []])
    #: every decision with a choice (more than one legal action): its kind
    #: (:func:`ulti.games.ulti.game.decision_kind`) and seconds, per seat
    decisions: list[list[tuple[str, float]]] = field(default_factory=lambda: [[], [], []])


#: Play one deal (:class:`~ulti.games.base.DealPlay`): each seat's player acts on its own
#: observation only; the card plays' times kept apart (:class:`DealRun`).
play_deal: base.DealPlay[Deal, Action, Ruleset, DealRun] = base.DealPlay(
    ULTI, DealRun, "C3: three players"
)

__all__ = [
    "LEVELS",
    "CardRun",
    "DealRun",
    "Pimc1Player",
    "PimcPlayer",
    "RandomPlayer",
    "RulesPlayer",
    "play_deal",
    "registry",
]
