"""Computer players, all behind one interface (:class:`~ulti.players.base.Player`).

``make_player("pimc:samples=40,ms=200", seed=7)`` builds a player from a spec: a name
(``random``, ``rules``, ``pimc``, and ``pimc-1``, the frozen baseline ``pimc`` is
measured against) and an optional budget.
"""

from __future__ import annotations

from ulti.players.base import Budget, DealRun, Player, PlayerSpecError, play_deal


def registry() -> dict[str, type[Player]]:
    from ulti.players.ulti.pimc import PimcPlayer
    from ulti.players.ulti.pimc1 import Pimc1Player
    from ulti.players.ulti.random import RandomPlayer
    from ulti.players.ulti.rules import RulesPlayer

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


def resolve(spec: str) -> str:
    """A level's player spec (``expert`` is ``pimc:samples=64,ms=800``); any other spec as
    it is."""
    return LEVELS.get(spec.strip(), spec)


def level_of(spec: str) -> str | None:
    """The level a spec is (by name or by its spec), or ``None``."""
    spec = spec.strip()
    if spec in LEVELS:
        return spec
    return next((lv for lv, s in LEVELS.items() if s == spec), None)


def make_player(spec: str, seed: int = 0) -> Player:
    """A player from ``name``, ``name:budget`` (see :meth:`Budget.parse`) or a level
    (:data:`LEVELS`)."""
    name, _, budget = resolve(spec).partition(":")
    players = registry()
    if name not in players:
        raise PlayerSpecError("unknown", name=name, players=", ".join([*players, *LEVELS]))
    return players[name](seed, Budget.parse(budget) if budget else None)


__all__ = [
    "LEVELS",
    "Budget",
    "DealRun",
    "Player",
    "PlayerSpecError",
    "level_of",
    "make_player",
    "play_deal",
    "registry",
    "resolve",
]
