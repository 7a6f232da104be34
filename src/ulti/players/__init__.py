"""Computer players, all behind one interface (:class:`~ulti.players.base.Player`).

``make_player("pimc:samples=40,ms=200", seed=7)`` builds a player from a spec: a name
(``random``, ``rules``, ``pimc``, and ``pimc-1``, the frozen baseline ``pimc`` is
measured against) and an optional budget.
"""

from __future__ import annotations

from ulti.players.base import Budget, DealRun, Player, play_deal


def registry() -> dict[str, type[Player]]:
    from ulti.players.pimc import PimcPlayer
    from ulti.players.pimc1 import Pimc1Player
    from ulti.players.random import RandomPlayer
    from ulti.players.rules import RulesPlayer

    return {
        "random": RandomPlayer,
        "rules": RulesPlayer,
        "pimc": PimcPlayer,
        "pimc-1": Pimc1Player,
    }


def make_player(spec: str, seed: int = 0) -> Player:
    """A player from ``name`` or ``name:budget`` (see :meth:`Budget.parse`)."""
    name, _, budget = spec.partition(":")
    players = registry()
    if name not in players:
        raise ValueError(f"unknown player {name!r}; players: {', '.join(players)}")
    return players[name](seed, Budget.parse(budget) if budget else None)


__all__ = ["Budget", "DealRun", "Player", "make_player", "play_deal", "registry"]
