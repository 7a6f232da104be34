"""Snapszli's duplicate tournaments (:mod:`ulti.arena.tournament`; docs/SNAPSZLI.md): two
seats, every deal played by each pair of players twice with the seats swapped (``a`` at seat 0
and ``b`` at seat 1, then ``b`` at 0 and ``a`` at 1), the same cards and the same dealer, so
that the luck of the cards cancels.

A unit's result (:class:`SnapUnitResult`) holds the game points each seat won (+) or lost (-)
(:meth:`ulti.games.snapszli.SnapDeal.returns`), how the deal ended and the decision times.  Per
pair, a player's score for a deal is the mean of its game points over the two seatings; its
result is the mean over the deals with a 95% confidence interval, and its win rate the share of
games it won (:func:`summarize`).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from ulti.arena import plot as charts
from ulti.arena import tournament as duplicate
from ulti.arena.tournament import (
    Arena,
    Unit,
    decision_ms,
    interval,
    labels,
    winner_first,
    write_json,
)
from ulti.games.snapszli import SNAPSZLI, SnapRules
from ulti.players.snapszli import make_snap_player, play_snap_deal

#: a unit of a Snapszli tournament (the name it has always had)
SnapUnit = Unit


@dataclass
class SnapUnitResult:
    index: int
    seating: tuple[int, ...]
    returns: tuple[int, ...]  # game points won (+) or lost (-) by each seat
    rule: str  # how the deal ended: Z9, Z10 or Z11
    code: str  # the end's words: snap.end-CODE
    actions: int
    times: list[list[float]] = field(default_factory=list)  # decision seconds per seat

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SnapUnitResult:
        """A result as :func:`dataclasses.asdict` wrote it (a checkpoint's line)."""
        return cls(
            *duplicate.read_seats(d, SNAPSZLI.seats),
            str(d["rule"]),
            str(d["code"]),
            int(d["actions"]),
            [[float(t) for t in ts] for ts in d.get("times", [])],
        )


def seatings(n_players: int) -> list[tuple[int, ...]]:
    """Every ordered pair of distinct players: each pair in both seatings (one player alone
    plays itself)."""
    return duplicate.seatings(n_players, SNAPSZLI.seats)


def units(specs: Sequence[str], deals: int, seed: int, rules: SnapRules) -> Iterator[Unit]:
    return duplicate.units(SNAPSZLI.seats, specs, deals, seed, rules.to_dict())


def run_unit(u: Unit) -> SnapUnitResult:
    rules = SnapRules.from_dict(u.rules)
    players = [make_snap_player(u.specs[b], u.player_seeds[b]) for b in u.seating]
    # the game number is the deal's: the same player meets the same deal the same way
    run = play_snap_deal(rules, u.seed, u.dealer, players, game=u.index)
    d = run.deal
    end = d.outcome
    assert end is not None
    return SnapUnitResult(
        u.index,
        u.seating,
        tuple(d.returns()),
        end.rule,
        end.code,
        len(d.history),
        [list(x) for x in run.times],
    )


# --------------------------------------------------------------------------------------------
# statistics


@dataclass
class _Tally:
    """The results gathered per player (by its index in the specs)."""

    #: per (a, b) and deal: a's game points in each seating against b
    games: dict[tuple[int, int], dict[int, list[int]]]
    #: per player and deal: its game points in each seating
    per_player: list[dict[int, list[int]]]
    times: list[list[float]]
    #: per player, how the deals it won ended (``RULE CODE``) and how often
    ends: list[dict[str, int]]

    @classmethod
    def of(cls, n: int) -> _Tally:
        """Nothing gathered yet for ``n`` players."""
        return cls({}, [{} for _ in range(n)], [[] for _ in range(n)], [{} for _ in range(n)])


def _tally(n: int, results: Sequence[SnapUnitResult]) -> _Tally:
    t = _Tally.of(n)
    for r in results:
        for seat in (0, 1):
            a, b = r.seating[seat], r.seating[1 - seat]
            t.games.setdefault((a, b), {}).setdefault(r.index, []).append(r.returns[seat])
            t.per_player[a].setdefault(r.index, []).append(r.returns[seat])
            t.times[a] += r.times[seat] if r.times else []
            if r.returns[seat] > 0:
                key = f"{r.rule} {r.code}"
                t.ends[a][key] = t.ends[a].get(key, 0) + 1
    return t


def _pair(by_deal: dict[int, list[int]]) -> dict[str, Any]:
    """One ordered pair's figures from ``a``'s game points per deal against ``b``."""
    means = [statistics.fmean(v) for v in by_deal.values()]
    flat = [x for v in by_deal.values() for x in v]
    win_share = [sum(x > 0 for x in v) / len(v) for v in by_deal.values()]
    return {
        "mean": statistics.fmean(means),
        "ci95": interval(means),
        "deals": len(means),
        "games": len(flat),
        "win_rate": sum(x > 0 for x in flat) / len(flat),
        "win_rate_ci95": interval(win_share),
        # Z12's count: the game points each side writes down per game
        "points_for": statistics.fmean(max(x, 0) for x in flat),
        "points_against": statistics.fmean(max(-x, 0) for x in flat),
        "both_seatings": sum(len(v) == 2 for v in by_deal.values()),
    }


def _bot(t: _Tally, b: int) -> dict[str, Any]:
    """Player ``b``'s figures over all its games."""
    means = [statistics.fmean(v) for v in t.per_player[b].values()]
    flat = [x for v in t.per_player[b].values() for x in v]
    return {
        "mean": statistics.fmean(means) if means else 0.0,
        "ci95": interval(means),
        "deals": len(means),
        "games": len(flat),
        "win_rate": sum(x > 0 for x in flat) / len(flat) if flat else 0.0,
        "wins_by": dict(sorted(t.ends[b].items(), key=lambda kv: -kv[1])),
        "decision_ms": decision_ms(t.times[b]),
    }


def summarize(specs: Sequence[str], results: Sequence[SnapUnitResult]) -> dict[str, Any]:
    """Per player (``bots``) and per ordered pair (``pairs``, ``"a - b"``): ``mean``, the net
    game points per deal (won minus lost: ``a``'s gain is ``b``'s loss) with its 95% interval
    ``ci95``, the ``deals`` and ``games`` counted, the ``win_rate`` (share of games won) with its
    interval, ``points_for``/``points_against`` (Z12's game points written per game),
    ``both_seatings`` (deals played in both seatings); per player ``wins_by`` (how its won
    deals ended) and ``decision_ms``."""
    names = labels(specs)
    t = _tally(len(names), results)
    pairs = {
        f"{names[a]} - {names[b]}": _pair(by_deal)
        for (a, b), by_deal in sorted(t.games.items())
        if a != b
    }
    return {"bots": {names[b]: _bot(t, b) for b in range(len(names))}, "pairs": pairs}


# --------------------------------------------------------------------------------------------
# the chart


def plot(summary: dict[str, Any], path: Path) -> None:
    """Each pair's mean game points per deal (the one ahead first, with its 95% interval) and
    its win rate; the title names the deals, the seed and the rules."""
    title = (
        "Snapszli duplicate tournament: {deals} deals, each pair in both seatings, seed {seed}, "
        "rules {rules}"
    )
    points = charts.pair_differences(summary, "net game points per deal (95% CI)")
    wins = charts.Panel(
        points.labels,
        [v["win_rate"] for _, _, v in winner_first(summary)],
        "#4a7ebb",
        "share of games won",
        "win rate",
        baseline=0.5,
        dashed=True,
        ylim=(0, 1),
    )
    charts.draw(path, title.format(**charts.config_words(summary)), [points, wins])


# --------------------------------------------------------------------------------------------
# the room: the tournament


def _room() -> Arena[SnapUnitResult]:
    """Snapszli's room in the tournament."""
    return Arena(SNAPSZLI, run_unit, SnapUnitResult.from_dict, summarize)


#: Play the tournament (:class:`~ulti.arena.tournament.Tournament`): the summary
#: (:func:`summarize`, its ``config`` added) and every unit's result.
tournament = duplicate.Tournament(_room, SnapRules)


def tournament_with_bar(
    specs: Sequence[str],
    deals: int,
    seed: int,
    rules: SnapRules | None = None,
    workers: int = 1,
    console: Console | None = None,
) -> tuple[dict[str, Any], list[SnapUnitResult]]:
    """:func:`tournament` with a progress bar (rich) on ``console`` (a new one on the terminal
    by default)."""
    with duplicate.progress_bar(console) as step:
        return tournament(specs, deals, seed, rules, workers, step)


__all__ = [
    "SnapUnit",
    "SnapUnitResult",
    "plot",
    "run_unit",
    "seatings",
    "summarize",
    "tournament",
    "tournament_with_bar",
    "units",
    "winner_first",
    "write_json",
]
