"""What every Snapszli player adds to the one base of players
(:class:`~ulti.players.base.GamePlayer`): the turned card remembered (Z13), and what its last
decision rested on, in words (:func:`explain`, the catalogue's ``snap.hint-*``), for hints."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from ulti.core.cards import name
from ulti.games.snapszli import (
    CLAIM,
    TARGET,
    Kind,
    SnapAction,
    SnapObservation,
    SnapRules,
    describe,
)
from ulti.i18n import text
from ulti.players.base import Budget, GamePlayer
from ulti.players.snapszli.knowledge import points_of


class SnapPlayer(GamePlayer[SnapRules, SnapObservation, SnapAction]):
    """A Snapszli player: seeded, deterministic, seeing only its observation.  It answers
    through :meth:`choose` (after :meth:`remember`), which sets :attr:`explanation`."""

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed, budget)
        self.turned = -1
        #: what the last decision rested on: a ``snap.hint-*`` key and its fields
        self.explanation: tuple[str, dict[str, Any]] = ("hint-only", {})

    def standard_rules(self) -> SnapRules:
        return SnapRules()

    def start(self, seat: int, rules: SnapRules, game: int = 0) -> None:
        super().start(seat, rules, game)
        self.turned = -1

    def remember(self, obs: SnapObservation) -> None:
        """Keep what a person would remember: the card turned at the deal (Z13), seen face up
        before any exchange."""
        if self.turned < 0 and obs.turned >= 0:
            if not any(a.kind == Kind.EXCHANGE for _, a in obs.history):
                self.turned = obs.turned

    def act(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        """The action to take; ``legal`` is never empty and ``obs.seat`` is this seat."""
        self.remember(obs)
        self.explanation = ("hint-only", {})
        return self.choose(obs, legal)

    @abstractmethod
    def choose(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        """The decision itself (after :meth:`remember`); sets :attr:`explanation`."""

    def advise(
        self, obs: SnapObservation, legal: Sequence[SnapAction], lang: str = "en"
    ) -> tuple[SnapAction, str]:
        """The action this player would take, and why, in ``lang`` (``en`` or ``hu``)."""
        a = self.act(obs, legal)
        return a, explain(*self.explanation, lang=lang, trump=obs.trump)

    def points(self, obs: SnapObservation, seat: int | None = None) -> int:
        return points_of(obs, seat, self.rules)

    def claim_due(self, legal: Sequence[SnapAction], me: int) -> bool:
        """Whether to claim now: as soon as a claim is legal and true (Z9: this seat's points,
        ``me``, reach 66), never before; :attr:`explanation` says so."""
        if CLAIM in legal and me >= TARGET:
            self.explanation = ("hint-claim", {"points": me})
            return True
        return False

    def may_claim(self, obs: SnapObservation) -> bool:
        """Whether a claim would be true (Z9): this seat's points reach 66."""
        return self.points(obs) >= TARGET


def explain(key: str, fields: dict[str, Any], lang: str = "en", trump: int = -1) -> str:
    """A hint's reason in words: cards and actions by their names in ``lang``."""
    words: dict[str, object] = {}
    for f, v in fields.items():
        if f == "card":
            words[f] = name(v, "hu" if lang == "hu" else "en")
        elif f == "options":
            words[f] = ", ".join(f"{describe(a, lang, trump)} {x:+.2f}" for a, x in v)
        else:
            words[f] = v
    return text(f"snap.{key}", lang, **words)


__all__ = ["SnapPlayer", "explain"]
