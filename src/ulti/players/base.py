"""The one interface of every player, and a runner that seats players at a deal.

A player is told its seat and the rules when a deal starts (:meth:`Player.start`), then, at
each of its turns, receives its seat's observation and the legal actions, and returns one of
them (:meth:`Player.act`).  It never sees the deal itself: a computer player knows nothing a
person in that seat would not.  Players are deterministic for a given seed (and game number).
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ulti.core.errors import CatalogueError
from ulti.games.ulti.actions import Action
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.game import decision_kind
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import Ruleset

_MASK64 = (1 << 64) - 1
#: the most any budget may ask for (a server caps far lower: ``ulti serve --max-bot-*``)
MAX_SAMPLES = 1_000_000
MAX_MS = 3_600_000.0


class PlayerSpecError(CatalogueError):
    """A computer player's spec refused: an unknown player or a budget it cannot read (in
    either language, :mod:`ulti.i18n` ``players.*``)."""

    section = "players"


@dataclass(frozen=True)
class Budget:
    """How much a player may think per decision: ``samples`` (deals it samples) and/or ``ms``
    (a time limit per decision).  ``None``: the player's own default."""

    samples: int | None = None
    ms: float | None = None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``"40"`` (samples), ``"samples=40"``, ``"ms=150"``, ``"samples=40,ms=150"``."""
        samples: int | None = None
        ms: float | None = None
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, _, value = part.rpartition("=")
            try:
                if key in ("", "samples"):
                    samples = int(value)
                elif key == "ms":
                    ms = float(value)
                else:
                    raise ValueError(key)
            except ValueError:
                raise PlayerSpecError("budget-part", part=part[:40]) from None
        if samples is not None and not 1 <= samples <= MAX_SAMPLES:
            raise PlayerSpecError("budget-samples", most=f"{MAX_SAMPLES:,}", got=samples)
        if ms is not None and not (math.isfinite(ms) and 0 < ms <= MAX_MS):
            raise PlayerSpecError("budget-ms", most=f"{MAX_MS:,.0f}", got=f"{ms:g}")
        return cls(samples, ms)


class Player(ABC):
    """A player: the same interface for people (through a front end) and computer players."""

    name = "player"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget()
        self.seat = -1
        self.rules = Ruleset()
        self.rng = random.Random(seed)

    def start(self, seat: int, rules: Ruleset, game: int = 0) -> None:
        """A new deal: this player sits at ``seat``.  ``game`` numbers the deals (any public
        integer) so that a seeded player's choices are reproducible deal by deal."""
        self.seat = seat
        self.rules = rules
        self.rng = random.Random((self.seed * 1_000_003 + game * 7 + seat) & _MASK64)

    @abstractmethod
    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """The action to take; ``legal`` is never empty and ``obs.seat`` is this seat."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, budget={self.budget})"


@dataclass
class DealRun:
    """A deal played by players, with each seat's decision times (seconds)."""

    deal: Deal
    times: list[list[float]] = field(default_factory=lambda: [[], [], []])
    #: card plays with a choice (more than one legal card)
    card_times: list[list[float]] = field(default_factory=lambda: [[], [], []])
    #: every decision with a choice (more than one legal action): its kind
    #: (:func:`ulti.games.ulti.game.decision_kind`) and seconds, per seat
    decisions: list[list[tuple[str, float]]] = field(default_factory=lambda: [[], [], []])


def play_deal(
    rules: Ruleset,
    seed: int,
    dealer: int,
    players: Sequence[Player],
    game: int = 0,
    deck: Sequence[int] | None = None,
    on_action: Callable[[Deal, int, Action], None] | None = None,
) -> DealRun:
    """Play one deal: each seat's player acts on its own observation only."""
    if len(players) != 3:
        raise ValueError("C3: three players")
    d = Deal(rules, seed, dealer, deck)
    for seat, p in enumerate(players):
        p.start(seat, rules, game)
    run = DealRun(d)
    while not d.is_over():
        seat = d.current_player
        legal = d.legal_actions()
        obs = d.observation(seat)
        t = time.perf_counter()
        action = players[seat].act(obs, legal)
        dt = time.perf_counter() - t
        run.times[seat].append(dt)
        if action.kind.name == "PLAY" and sum(a.kind.name == "PLAY" for a in legal) > 1:
            run.card_times[seat].append(dt)
        if len(legal) > 1:
            run.decisions[seat].append((decision_kind(obs, legal), dt))
        d.apply(action)
        if on_action is not None:
            on_action(d, seat, action)
    return run
