"""Ratings of the club's players (docs/CLUB.md, "Ratings and statistics"): pure functions, no
storage.

One rating per player and *rules family* (:func:`family`: ``ulti/standard``,
``snapszli/short`` …), kept by OpenSkill's Plackett–Luce model.  A player is a key:
``user:12`` for an account (:func:`user_key`), ``bot:pimc:samples=64,ms=800`` for a computer
player of one strength (:func:`bot_key`, which normalises the spec so that equal strengths share
one rating).  When a rated session ends, :func:`update` takes the players' ratings in seat order
and the session's totals and returns the new ratings.  The number shown is the conservative
estimate ``mu - 3 sigma`` (:attr:`Rating.ordinal`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

from ulti.games.registry import GAMES as REGISTERED
from ulti.i18n import text
from ulti.players import resolve
from ulti.players.base import Budget

#: A new player's rating: OpenSkill's defaults.
MU = 25.0
SIGMA = 25.0 / 3.0

#: The games rated: every registered game (:mod:`ulti.games.registry`).
GAMES = tuple(REGISTERED)
#: each game's presets, by the game's name (four at the table plays Ulti's)
_PRESETS: dict[str, Mapping[str, object]] = {g.name: g.presets for g in REGISTERED.values()}

#: The computer players (the same names in :func:`ulti.players.registry` and
#: :func:`ulti.players.snapszli.snap_registry`) and whether they read a budget: ``rules`` and
#: ``random`` play the same whatever budget they are given, so their key drops it.
_BOTS = {"pimc": True, "rules": False, "random": False}

#: The specs the lobby offers (lobby.js ``BOTS``) and the words of their strengths (``web.*``).
_STRENGTH = {
    "pimc": "web.normal",
    "pimc:samples=12,ms=80": "web.club",
    "pimc:samples=64,ms=800": "web.expert",
    "rules": "web.easy",
    "random": "web.randomBot",
}


@dataclass(frozen=True)
class Rating:
    """A player's skill as a Gaussian belief: ``mu`` its mean, ``sigma`` its uncertainty."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The number shown: ``mu - 3 sigma``, a skill the player very likely has at least."""
        return self.mu - 3.0 * self.sigma


def family(game: str, preset: str) -> str:
    """The rules family ratings are kept per: ``ulti/standard``, ``snapszli/short``."""
    presets = _PRESETS.get(game)
    if presets is None:
        raise ValueError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    if preset not in presets:
        raise ValueError(f"unknown {game} preset {preset!r}; presets: {', '.join(presets)}")
    return f"{game}/{preset}"


def user_key(user_id: int) -> str:
    """An account's player key: ``user:12``."""
    if isinstance(user_id, bool) or not isinstance(user_id, int) or user_id < 0:
        raise ValueError(f"a user id is a whole number, not {user_id!r}")
    return f"user:{user_id}"


def _number(x: float, lang: str = "en") -> str:
    """A number as written: ``800``, ``12.5`` (``12,5`` in Hungarian)."""
    out = str(int(x)) if float(x).is_integer() else repr(float(x))
    return out.replace(".", ",") if lang == "hu" else out


def bot_key(spec: str) -> str:
    """A computer player's key: ``bot:`` and its spec normalised (the budget parsed as
    :func:`ulti.players.make_player` reads it and written ``samples`` first, then ``ms``), so
    that equal strengths share a key: ``pimc:ms=800,samples=64``, ``pimc:64,ms=800.0`` and
    ``pimc:samples=64,ms=800`` are all ``bot:pimc:samples=64,ms=800``; ``pimc:`` is
    ``bot:pimc``; the players that read no budget lose theirs (``rules:40`` is ``bot:rules``).
    A spec that names no player, or a budget :meth:`Budget.parse` refuses, raises
    :class:`ValueError`."""
    name, _, raw = resolve(spec).partition(":")
    if name not in _BOTS:
        raise ValueError(f"unknown player {name!r}; players: {', '.join(_BOTS)}")
    budget = Budget.parse(raw)  # checked even where it is then dropped
    if not _BOTS[name]:
        return f"bot:{name}"
    parts = []
    if budget.samples is not None:
        parts.append(f"samples={budget.samples}")
    if budget.ms is not None:
        parts.append(f"ms={_number(budget.ms)}")
    return f"bot:{name}:{','.join(parts)}" if parts else f"bot:{name}"


def is_bot(key: str) -> bool:
    return key.startswith("bot:")


def bot_title(key: str, lang: str = "en") -> str:
    """A computer player's rating name in ``lang``: the lobby's strength words for the specs it
    offers (``pimc (strong)`` / ``pimc (erős)``, ``rules (simple)``, ``random``), else the budget
    (``pimc (64 samples)``, ``pimc (16 samples, 1500 ms)`` / ``pimc (16 minta, 1500 ms)``)."""
    if not is_bot(key):
        raise ValueError(f"{key!r} is no computer player's key")
    spec = bot_key(key[len("bot:") :])[len("bot:") :]
    name, _, raw = spec.partition(":")
    strength = _STRENGTH.get(spec)
    if strength is not None:
        detail = text(strength, lang)
    elif not raw:
        return name
    else:
        budget = Budget.parse(raw)
        if budget.samples is not None and budget.ms is not None:
            detail = text(
                "club.rating-bot-budget", lang, samples=budget.samples, ms=_number(budget.ms, lang)
            )
        elif budget.samples is not None:
            detail = text("club.rating-bot-samples", lang, samples=budget.samples)
        else:
            assert budget.ms is not None
            detail = text("club.rating-bot-ms", lang, ms=_number(budget.ms, lang))
    return name if detail.casefold() == name else f"{name} ({detail})"


@cache
def _model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA)


def ranks_of(totals: Sequence[float], forfeits: Sequence[bool] = ()) -> list[int]:
    """Places from totals (higher is better): 1 + the number of strictly better totals, so
    equal totals share a place (``[3, 7, 3]`` → ``[2, 1, 2]``).  A *forfeit* (a seat its
    person left to a computer player: :mod:`ulti.server.tables.seats`) is last whatever its
    total: the seats played to the end are placed among themselves, and the forfeits share
    the place after them (``[3, 7, 3]`` with the second a forfeit → ``[1, 3, 1]``)."""
    gone = list(forfeits) or [False] * len(totals)
    if len(gone) != len(totals):
        raise ValueError("a forfeit mark for every total")
    seats = list(zip(totals, gone, strict=True))
    played = [t for t, f in seats if not f]
    return [1 + len(played) if f else 1 + sum(p > t for p in played) for t, f in seats]


def update(
    ratings: list[Rating], totals: list[float], forfeits: Sequence[bool] = ()
) -> list[Rating]:
    """The players' ratings after one session: ``ratings``, ``totals`` and ``forfeits`` in
    one order (the seats), two to four players.  Ranks by the totals (equal totals tie, a
    forfeit last: :func:`ranks_of`); OpenSkill's Plackett–Luce model with its defaults;
    deterministic (the same inputs give the same ratings)."""
    if len(ratings) != len(totals):
        raise ValueError("a rating and a total for every player")
    if len(ratings) < 2:
        raise ValueError("a session has at least two players")
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    out = model.rate(teams, ranks=[float(r) for r in ranks_of(totals, forfeits)])
    return [Rating(team[0].mu, team[0].sigma) for team in out]


__all__ = [
    "MU",
    "SIGMA",
    "Rating",
    "bot_key",
    "bot_title",
    "family",
    "is_bot",
    "ranks_of",
    "update",
    "user_key",
]
