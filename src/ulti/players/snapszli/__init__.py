"""Snapszli's computer players (docs/SNAPSZLI.md), behind the one interface of every game's
players (:class:`~ulti.players.base.GamePlayer`; Snapszli's :class:`SnapPlayer` remembers the
turned card and explains its decisions: :meth:`SnapPlayer.advise` returns the action with the
reason in English or Hungarian, the catalogue's ``snap.hint-*`` words, for hints).

``make_snap_player("pimc:samples=32,ms=100", seed=7)`` builds one from a spec:

* ``random`` — a uniformly random legal action, but never a false claim (Z9)
  (:mod:`~ulti.players.snapszli.random`);
* ``rules`` — the habits of a careful player (:mod:`~ulti.players.snapszli.rules`);
* ``pimc`` — Perfect Information Monte Carlo (:mod:`~ulti.players.snapszli.pimc`): deals
  consistent with what the seat knows (:mod:`~ulti.players.snapszli.knowledge`) solved exactly.

As every game's room of players (:class:`~ulti.players.base.PlayerRoom`) it names its players
(:func:`registry`) and its levels (:data:`LEVELS`: none yet); :func:`play_snap_deal` seats two
of them at a deal (the framework's loop, :func:`ulti.games.base.play_deal`).
"""

from __future__ import annotations

from ulti.games.base import DealPlay, DealRun
from ulti.games.snapszli import SNAPSZLI, SnapAction, SnapDeal, SnapRules
from ulti.players.base import build
from ulti.players.snapszli.knowledge import (
    SnapKnowledge,
    Walk,
    build_deal,
    knowledge,
    points_of,
    sample_deal,
    walk,
)
from ulti.players.snapszli.pimc import SnapPimcPlayer
from ulti.players.snapszli.player import SnapPlayer, explain
from ulti.players.snapszli.random import SnapRandomPlayer
from ulti.players.snapszli.rules import SnapRulesPlayer


def registry() -> dict[str, type[SnapPlayer]]:
    """Snapszli's computer players by name."""
    return {"random": SnapRandomPlayer, "rules": SnapRulesPlayer, "pimc": SnapPimcPlayer}


#: the name it has always had
snap_registry = registry

#: Strength levels for people (none yet: the front ends play :data:`PLAY_SPEC`).
LEVELS: dict[str, str] = {}

#: The pimc budget the front ends give a computer opponent and hints: a person waits at most
#: about a second and a half for a move (a 24-card first lead solves slowly, ZV1).
PLAY_SPEC = "pimc:samples=16,ms=1500"


def make_snap_player(spec: str, seed: int = 0) -> SnapPlayer:
    """A player from ``name`` or ``name:budget`` (see :meth:`ulti.players.base.Budget.parse`)."""
    return build(registry(), LEVELS, spec, seed)


#: A Snapszli deal played by players, with each seat's decision times (seconds).
SnapRun = DealRun[SnapDeal, SnapAction]


def _snap_run(deal: SnapDeal) -> SnapRun:
    return SnapRun(deal, [[], []], [[], []])


#: Play one deal (:class:`~ulti.games.base.DealPlay`): each seat's player acts on its own
#: observation only.
play_snap_deal: DealPlay[SnapDeal, SnapAction, SnapRules, SnapRun] = DealPlay(
    SNAPSZLI, _snap_run, "Snapszli: two players"
)

__all__ = [
    "LEVELS",
    "PLAY_SPEC",
    "SnapKnowledge",
    "SnapPimcPlayer",
    "SnapPlayer",
    "SnapRandomPlayer",
    "SnapRulesPlayer",
    "SnapRun",
    "Walk",
    "build_deal",
    "explain",
    "knowledge",
    "make_snap_player",
    "play_snap_deal",
    "points_of",
    "registry",
    "sample_deal",
    "snap_registry",
    "walk",
]
