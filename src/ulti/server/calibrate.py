"""Calibration of the computer players' ratings (docs/CLUB.md, "Ratings and statistics"): pure
functions over a :class:`~ulti.server.store.Store`, for ``ulti ratings calibrate``, the server
or a test.

On a club server computer players are rated only at rated tables where people play them, so a
new server's leaderboard cannot tell a person where they stand against ``rules`` or ``pimc``.
A calibration plays duplicate deals between computer players, as the tournaments do
(:mod:`ulti.arena.ulti`: three players, every deal under all six seatings;
:mod:`ulti.arena.snapszli`: two players or more, every pair in both seatings of every deal),
and rates each deal as one session: a player's total is the sum of the units (Snapszli: game
points) it won over that deal's seatings, :func:`ulti.server.ratings.update` ranks the players
by it from their current ratings in the family, and :meth:`Store.save_ratings` keeps the new
ratings under the table id ``cal-SEED-DEAL`` (``cal-7-1`` … ``cal-7-20``).

The deals are rated in their order as they come in, so an interrupted calibration keeps the
deals rated so far; a seed whose deals already rated a family is refused (the same cards again
would count twice), and with no seed given the next unused one is taken.  The same seed on the
same ratings gives the same ratings, whatever the number of worker processes (players that stop
thinking on the clock, ``pimc:ms=…``, decide by the machine's speed, and so may differ).
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ulti.arena import snapszli as snap_arena
from ulti.arena import ulti as ulti_arena
from ulti.arena.tournament import Unit
from ulti.core.errors import CatalogueError
from ulti.games.snapszli import PRESETS as SNAP_PRESETS
from ulti.games.snapszli import SnapRules
from ulti.games.ulti.rules import PRESETS, Ruleset
from ulti.server.ratings import GAMES, Rating, bot_key, bot_title, family, update
from ulti.server.store import RatingHistoryRow, RatingRow, Store

#: The most deals one calibration plays (the table id ``cal-SEED-DEAL`` stays within 32).
MAX_DEALS = 99_999
#: Seeds are those of the tournaments: 0 to 2**64 - 1.
MAX_SEED = 2**64 - 1
#: The table ids of calibration sessions start so.
PREFIX = "cal-"
#: The computer players a calibration may seat (ulti.players.registry and snap_registry).
PLAYERS = ("random", "rules", "pimc")
#: How many computer players each game's calibration takes: (fewest, most).
SIZES = {"ulti": (3, 3), "snapszli": (2, 8)}


class CalibrationError(CatalogueError):
    """Input a calibration refuses, before any deal is played: the catalogue's ``club.KEY``
    (with ``fields``) in either language."""

    section = "club"


@dataclass(frozen=True)
class Plan:
    """A checked calibration: the game and preset (their ``family``), the computer players'
    specs and rating keys (one order), the deals, the seed (None: the next unused one, see
    :func:`settle`) and the worker processes (which change nothing in the results)."""

    game: str
    preset: str
    family: str
    specs: tuple[str, ...]
    keys: tuple[str, ...]
    deals: int
    seed: int | None
    workers: int = 1

    @property
    def seatings(self) -> int:
        """Seatings each deal is played under (Ulti: 6; Snapszli: each pair twice)."""
        n = len(self.specs)
        return 6 if self.game == "ulti" else n * (n - 1)


@dataclass(frozen=True)
class DealRating:
    """One rated deal: its number (from 1), its table id, each player's total over the deal's
    seatings and the ratings after it (in the plan's order)."""

    deal: int
    table_id: str
    totals: tuple[float, ...]
    ratings: tuple[Rating, ...]


@dataclass(frozen=True)
class Standing:
    """A line of a leaderboard: the place, the player's key and name (a person's account name,
    a computer player's :func:`bot_title`; the key itself when the account is gone), the rating
    ``mu - 3 sigma``, mu, sigma and the rated sessions."""

    rank: int
    player: str
    name: str
    bot: bool
    rating: float
    mu: float
    sigma: float
    games: int


def specs_of(bots: str | Sequence[str]) -> list[str]:
    """The specs of ``--bots``: comma separated, where a part that is a budget's
    (``samples=N``, ``ms=X``) goes on the spec before it, so ``random,rules,pimc:samples=64,
    ms=800`` is three players."""
    if not isinstance(bots, str):
        return [p.strip() for p in bots if p.strip()]
    out: list[str] = []
    for part in (p.strip() for p in bots.split(",")):
        if not part:
            continue
        if out and ":" in out[-1] and part.partition("=")[0].strip() in ("samples", "ms"):
            out[-1] = f"{out[-1]},{part}"
        else:
            out.append(part)
    return out


def _rules(game: str, preset: str) -> dict[str, Any]:
    if game == "ulti":
        return Ruleset.from_preset(preset).to_dict()
    return SnapRules.from_preset(preset).to_dict()


def _presets(game: str) -> tuple[str, ...]:
    return tuple(PRESETS if game == "ulti" else SNAP_PRESETS)


def check(
    game: str = "ulti",
    preset: str = "standard",
    bots: str | Sequence[str] = "random,rules,pimc",
    deals: int = 20,
    seed: int | None = None,
    workers: int = 1,
) -> Plan:
    """The calibration asked for, checked: the game, the preset, every computer player's spec
    (a known player, a budget it can read, no two of one strength: they would share a rating),
    their number (Ulti: three; Snapszli: two to eight), the deals, the seed and the workers.
    A refusal is a :class:`CalibrationError`."""
    game = game.strip().lower()
    if game not in GAMES:
        raise CalibrationError("ratings-game", game=game, games=", ".join(GAMES))
    presets = _presets(game)
    if preset not in presets:
        raise CalibrationError(
            "ratings-preset", game=game, preset=preset, presets=", ".join(presets)
        )
    specs = specs_of(bots)
    keys: list[str] = []
    for spec in specs:
        name, _, _ = spec.partition(":")
        if name not in PLAYERS:
            raise CalibrationError("ratings-bot-unknown", spec=spec, players=", ".join(PLAYERS))
        try:
            key = bot_key(spec)
        except ValueError:
            raise CalibrationError("ratings-bot-budget", spec=spec) from None
        if key in keys:
            other = specs[keys.index(key)]
            raise CalibrationError("ratings-bot-twice", spec=spec, other=other)
        keys.append(key)
    fewest, most = SIZES[game]
    if not fewest <= len(specs) <= most:
        if game == "ulti":
            raise CalibrationError("ratings-bots-ulti", n=len(specs))
        raise CalibrationError("ratings-bots-snapszli", n=len(specs), most=most)
    if isinstance(deals, bool) or not 1 <= deals <= MAX_DEALS:
        raise CalibrationError("ratings-deals", deals=deals, most=MAX_DEALS)
    if seed is not None and (isinstance(seed, bool) or not 0 <= seed <= MAX_SEED):
        raise CalibrationError("ratings-seed", seed=seed, most=MAX_SEED)
    if isinstance(workers, bool) or workers < 1:
        raise CalibrationError("ratings-workers", workers=workers)
    return Plan(game, preset, family(game, preset), tuple(specs), tuple(keys), deals, seed, workers)


def table_id(seed: int, deal: int) -> str:
    """The table id a calibrated deal is rated under: ``cal-SEED-DEAL`` (deals from 1)."""
    out = f"{PREFIX}{seed}-{deal}"
    assert len(out) <= 32, out  # ulti_rating_history.table_id is String(32)
    return out


def used_seeds(store: Store, family_: str) -> set[int]:
    """The seeds whose deals have rated ``family_`` already."""
    with Session(store.engine) as s:
        ids = s.scalars(
            select(RatingHistoryRow.table_id)
            .where(
                RatingHistoryRow.family == family_,
                RatingHistoryRow.table_id.like(f"{PREFIX}%"),
            )
            .distinct()
        ).all()
    out = set()
    for tid in ids:
        seed, _, deal = tid[len(PREFIX) :].partition("-")
        if seed.isdigit() and deal.isdigit():
            out.add(int(seed))
    return out


def settle(store: Store, plan: Plan) -> Plan:
    """The plan with its seed settled against the store: none given, the least seed from 1
    whose deals have not rated the family; one given whose deals have, refused
    (:class:`CalibrationError`: the same cards again would count twice)."""
    used = used_seeds(store, plan.family)
    if plan.seed is None:
        seed = 1
        while seed in used:
            seed += 1
        return replace(plan, seed=seed)
    if plan.seed in used:
        raise CalibrationError("ratings-seed-used", seed=plan.seed, family=plan.family)
    return plan


def units_of(plan: Plan) -> list[Unit]:
    """Every deal under every seating (:class:`ulti.arena.tournament.Unit`), deal by deal."""
    assert plan.seed is not None
    rules = _rules(plan.game, plan.preset)
    if plan.game == "ulti":
        return list(ulti_arena.units(plan.specs, plan.deals, plan.seed, Ruleset.from_dict(rules)))
    return list(snap_arena.units(plan.specs, plan.deals, plan.seed, SnapRules.from_dict(rules)))


def _runner(game: str) -> Callable[[Unit], Any]:
    return ulti_arena.run_unit if game == "ulti" else snap_arena.run_unit


def _played(todo: Sequence[Unit], run: Callable[[Unit], Any], workers: int) -> Iterator[Any]:
    """The units' results in the units' order, played here or in ``workers`` processes."""
    if workers <= 1 or len(todo) <= 1:
        for u in todo:
            yield run(u)
        return
    with mp.get_context("spawn").Pool(min(workers, len(todo))) as pool:
        yield from pool.imap(run, todo, chunksize=1)


def totals_of(n_players: int, results: Sequence[Any]) -> tuple[float, ...]:
    """Each player's units (Snapszli: game points) summed over one deal's seatings."""
    totals = [0.0] * n_players
    for r in results:
        for seat, player in enumerate(r.seating):
            totals[player] += r.returns[seat]
    return tuple(totals)


def rate(store: Store, plan: Plan, deal: int, totals: Sequence[float]) -> DealRating:
    """Rate one deal as a session: :func:`update` from the players' current ratings in the
    family (a new player's where there is none), kept by :meth:`Store.save_ratings`."""
    assert plan.seed is not None
    keys = list(plan.keys)
    known = store.ratings(keys, plan.family)
    before = [Rating(known[k].mu, known[k].sigma) if k in known else Rating() for k in keys]
    after = update(before, [float(t) for t in totals])
    tid = table_id(plan.seed, deal)
    rows = [(k, r.mu, r.sigma) for k, r in zip(keys, after, strict=True)]
    store.save_ratings(tid, plan.family, rows)
    return DealRating(deal, tid, tuple(float(t) for t in totals), tuple(after))


def calibrate(
    store: Store, plan: Plan, progress: Callable[[int, int], None] | None = None
) -> list[DealRating]:
    """Play the plan's deals (its seed settled by :func:`settle` first) and rate each as it is
    complete, in order; ``progress(done, total)`` after each deal under each seating."""
    plan = settle(store, plan)
    todo = units_of(plan)
    per_deal = plan.seatings
    out: list[DealRating] = []
    pending: list[Any] = []
    for done, result in enumerate(_played(todo, _runner(plan.game), plan.workers), 1):
        pending.append(result)
        if len(pending) == per_deal:
            assert {r.index for r in pending} == {len(out)}
            out.append(rate(store, plan, len(out) + 1, totals_of(len(plan.specs), pending)))
            pending = []
        if progress is not None:
            progress(done, len(todo))
    return out


def player_name(store: Store, key: str, lang: str = "en") -> str:
    """A rated player's name: a computer player's :func:`bot_title` in ``lang``, a person's
    account name, else the key as it is (an account no longer there)."""
    if key.startswith("bot:"):
        try:
            return bot_title(key, lang)
        except ValueError:
            return key
    if key.startswith("user:") and key[5:].isdigit():
        user = store.user_by_id(int(key[5:]))
        if user is not None:
            return user.name
    return key


def standings(store: Store, family_: str, lang: str = "en", limit: int = 100) -> list[Standing]:
    """The family's leaderboard (:meth:`Store.leaderboard`) with each player's name."""
    rows: list[RatingRow] = store.leaderboard(family_, limit)
    return [
        Standing(
            n,
            r.player,
            player_name(store, r.player, lang),
            r.player.startswith("bot:"),
            Rating(r.mu, r.sigma).ordinal,
            r.mu,
            r.sigma,
            r.games,
        )
        for n, r in enumerate(rows, 1)
    ]


def check_family(name: str) -> str:
    """A rules family as ``ratings show --family`` takes it: ``GAME/PRESET`` with a known game
    and preset (:class:`CalibrationError` otherwise)."""
    game, _, preset = name.strip().partition("/")
    try:
        return family(game.lower(), preset)
    except ValueError:
        raise CalibrationError("ratings-family", family=name) from None


__all__ = [
    "MAX_DEALS",
    "MAX_SEED",
    "CalibrationError",
    "DealRating",
    "Plan",
    "Standing",
    "calibrate",
    "check",
    "check_family",
    "player_name",
    "rate",
    "settle",
    "specs_of",
    "standings",
    "table_id",
    "totals_of",
    "units_of",
    "used_seeds",
]
