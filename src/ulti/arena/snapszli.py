"""Duplicate Snapszli tournaments: every deal is played twice by each pair of players, with the
seats swapped, so that the luck of the cards cancels (docs/SNAPSZLI.md).

The unit of work is one deal under one seating (:class:`SnapUnit` -> :class:`SnapUnitResult`):
it carries everything needed to play it (rules, seed, dealer, the two specs and seeds), so
units can be farmed out to worker processes.  Each deal is played by every pair of players in
both seatings (``a`` at seat 0 and ``b`` at seat 1, then ``b`` at 0 and ``a`` at 1), with the
same cards and the same dealer.

Per pair, a player's score for a deal is the mean of its game points (zero-sum: won or lost,
:meth:`ulti.games.snapszli.SnapDeal.returns`) over the two seatings; its result is the mean over the
deals with a 95% confidence interval (the deals are independent, the two seatings of one deal
are not, which is why they are averaged first), and its win rate the share of games it won.
The API mirrors :mod:`ulti.arena.tournament`: :func:`tournament`, :func:`summarize`,
:func:`write_json`, :func:`winner_first`, :func:`plot`.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from pathlib import Path
from typing import Any

from ulti.arena.tournament import (
    Checkpoint,
    ci95,
    percentile,
    play_units,
    winner_first,
    write_json,
)
from ulti.core.seeds import derive_seed
from ulti.games.snapszli import SnapRules
from ulti.players.snapszli import make_snap_player, play_snap_deal


@dataclass(frozen=True)
class SnapUnit:
    """One deal under one seating."""

    index: int  # the deal's number in the tournament
    seed: int
    dealer: int
    seating: tuple[int, int]  # which player (index into specs) sits at seats 0 and 1
    specs: tuple[str, ...]
    player_seeds: tuple[int, ...]
    rules: dict[str, Any]


@dataclass
class SnapUnitResult:
    index: int
    seating: tuple[int, int]
    returns: tuple[int, int]  # game points won (+) or lost (-) by each seat
    rule: str  # how the deal ended: Z9, Z10 or Z11
    code: str  # the end's words: snap.end-CODE
    actions: int
    times: list[list[float]] = field(default_factory=list)  # decision seconds per seat

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SnapUnitResult:
        """A result as :func:`dataclasses.asdict` wrote it (a checkpoint's line)."""
        seating, returns = tuple(d["seating"]), tuple(d["returns"])
        if len(seating) != 2 or len(returns) != 2:
            raise ValueError("two seats")
        return cls(
            int(d["index"]),
            (int(seating[0]), int(seating[1])),
            (int(returns[0]), int(returns[1])),
            str(d["rule"]),
            str(d["code"]),
            int(d["actions"]),
            [[float(t) for t in ts] for ts in d.get("times", [])],
        )


def seatings(n_players: int) -> list[tuple[int, int]]:
    """Every ordered pair of distinct players: each pair in both seatings (one player alone
    plays itself)."""
    if n_players == 1:
        return [(0, 0)]
    return list(permutations(range(n_players), 2))


def units(specs: Sequence[str], deals: int, seed: int, rules: SnapRules) -> Iterator[SnapUnit]:
    pseeds = tuple(derive_seed(seed, 1_000_000 + i) for i in range(len(specs)))
    for i in range(deals):
        deal_seed = derive_seed(seed, i)
        for seating in seatings(len(specs)):
            yield SnapUnit(i, deal_seed, i % 2, seating, tuple(specs), pseeds, rules.to_dict())


def run_unit(u: SnapUnit) -> SnapUnitResult:
    rules = SnapRules.from_dict(u.rules)
    players = [make_snap_player(u.specs[b], u.player_seeds[b]) for b in u.seating]
    # the game number is the deal's: the same player meets the same deal the same way
    run = play_snap_deal(rules, u.seed, u.dealer, players, game=u.index)
    d = run.deal
    end = d.outcome
    assert end is not None
    r = d.returns()
    return SnapUnitResult(
        u.index,
        u.seating,
        (r[0], r[1]),
        end.rule,
        end.code,
        len(d.history),
        [list(x) for x in run.times],
    )


# --------------------------------------------------------------------------------------------
# statistics


def _labels(specs: Sequence[str]) -> list[str]:
    names = list(specs)
    return [n if names.count(n) == 1 else f"{n}#{b}" for b, n in enumerate(names)]


def summarize(specs: Sequence[str], results: Sequence[SnapUnitResult]) -> dict[str, Any]:
    """Per player (``bots``) and per ordered pair (``pairs``, ``"a - b"``): ``mean``, the net
    game points per deal (won minus lost: ``a``'s gain is ``b``'s loss) with its 95% interval
    ``ci95``, the ``deals`` and ``games`` counted, the ``win_rate`` (share of games won) with its
    interval, ``points_for``/``points_against`` (Z12's game points written per game),
    ``both_seatings`` (deals played in both seatings); per player ``wins_by`` (how its won
    deals ended) and ``decision_ms``."""
    labels = _labels(specs)
    n = len(labels)
    # per (a, b, deal): a's game points in each seating against b
    games: dict[tuple[int, int], dict[int, list[int]]] = {}
    per_player: list[dict[int, list[int]]] = [{} for _ in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    ends: list[dict[str, int]] = [{} for _ in range(n)]
    for r in results:
        for seat in (0, 1):
            a, b = r.seating[seat], r.seating[1 - seat]
            games.setdefault((a, b), {}).setdefault(r.index, []).append(r.returns[seat])
            per_player[a].setdefault(r.index, []).append(r.returns[seat])
            times[a] += r.times[seat] if r.times else []
            if r.returns[seat] > 0:
                key = f"{r.rule} {r.code}"
                ends[a][key] = ends[a].get(key, 0) + 1
    out: dict[str, Any] = {"bots": {}, "pairs": {}}
    for (a, b), by_deal in sorted(games.items()):
        if a == b:
            continue
        means = [statistics.fmean(v) for v in by_deal.values()]
        flat = [x for v in by_deal.values() for x in v]
        ci = ci95(means)
        win_share = [sum(x > 0 for x in v) / len(v) for v in by_deal.values()]
        wci = ci95(win_share)
        out["pairs"][f"{labels[a]} - {labels[b]}"] = {
            "mean": statistics.fmean(means),
            "ci95": list(ci) if ci else None,
            "deals": len(means),
            "games": len(flat),
            "win_rate": sum(x > 0 for x in flat) / len(flat),
            "win_rate_ci95": list(wci) if wci else None,
            # Z12's count: the game points each side writes down per game
            "points_for": statistics.fmean(max(x, 0) for x in flat),
            "points_against": statistics.fmean(max(-x, 0) for x in flat),
            "both_seatings": sum(len(v) == 2 for v in by_deal.values()),
        }
    for b in range(n):
        means = [statistics.fmean(v) for v in per_player[b].values()]
        flat = [x for v in per_player[b].values() for x in v]
        ci = ci95(means)
        out["bots"][labels[b]] = {
            "mean": statistics.fmean(means) if means else 0.0,
            "ci95": list(ci) if ci else None,
            "deals": len(means),
            "games": len(flat),
            "win_rate": sum(x > 0 for x in flat) / len(flat) if flat else 0.0,
            "wins_by": dict(sorted(ends[b].items(), key=lambda kv: -kv[1])),
            "decision_ms": {
                "mean": 1000 * statistics.fmean(times[b]) if times[b] else 0.0,
                "median": 1000 * percentile(times[b], 0.5),
                "p95": 1000 * percentile(times[b], 0.95),
                "count": len(times[b]),
            },
        }
    return out


def tournament(
    specs: Sequence[str],
    deals: int,
    seed: int,
    rules: SnapRules | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    checkpoint: Path | None = None,
) -> tuple[dict[str, Any], list[SnapUnitResult]]:
    """Play the tournament; ``progress(done, total)`` is called after each unit.  With
    ``workers`` > 1 the units run in that many processes; the results are the same.  A
    ``checkpoint`` file keeps each finished unit, as :func:`ulti.arena.tournament.tournament`'s."""
    rules = rules or SnapRules()
    todo = list(units(specs, deals, seed, rules))
    config = {
        "game": "snapszli",
        "bots": list(specs),
        "deals": deals,
        "seed": seed,
        "seatings": len(seatings(len(specs))),
        "rules": rules.to_dict(),
    }
    if checkpoint is None:
        results = play_units(todo, run_unit, workers, progress)
    else:
        with Checkpoint(checkpoint, config, todo, SnapUnitResult.from_dict) as cp:
            results = play_units(todo, run_unit, workers, progress, None, cp)
    results.sort(key=lambda r: (r.index, r.seating))
    summary = summarize(specs, results)
    summary["config"] = config
    return summary, results


def tournament_with_bar(
    specs: Sequence[str],
    deals: int,
    seed: int,
    rules: SnapRules | None = None,
    workers: int = 1,
    console: Any = None,
) -> tuple[dict[str, Any], list[SnapUnitResult]]:
    """:func:`tournament` with a progress bar (rich) on ``console`` (a ``rich.console.Console``;
    a new one on the terminal by default)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
    ) as bar:
        task = bar.add_task("deals x seatings", total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return tournament(specs, deals, seed, rules, workers, step)


def plot(summary: dict[str, Any], path: Path) -> None:
    """Each pair's mean game points per deal (the one ahead first, with its 95% interval) and
    its win rate; the title names the deals, the seed and the rules."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pairs = winner_first(summary)
    labels = [f"{a}\n- {b}" for a, b, _ in pairs]
    means = [v["mean"] for _, _, v in pairs]
    err = [
        [v["mean"] - v["ci95"][0] if v["ci95"] else 0.0 for _, _, v in pairs],
        [v["ci95"][1] - v["mean"] if v["ci95"] else 0.0 for _, _, v in pairs],
    ]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), dpi=120)
    left.bar(labels, means, yerr=err, capsize=8, color="#d08c2a", alpha=0.85)
    left.axhline(0, color="black", linewidth=0.8)
    left.set_ylabel("net game points per deal (95% CI)")
    left.set_title("each pair, the one ahead first")
    right.bar(labels, [v["win_rate"] for _, _, v in pairs], color="#4a7ebb", alpha=0.85)
    right.axhline(0.5, color="black", linewidth=0.8, linestyle="--")
    right.set_ylim(0, 1)
    right.set_ylabel("share of games won")
    right.set_title("win rate")
    cfg = summary.get("config", {})
    rules = cfg.get("rules", {}).get("preset", "?")
    fig.suptitle(
        f"Snapszli duplicate tournament: {cfg.get('deals', '?')} deals, each pair in both "
        f"seatings, seed {cfg.get('seed', '?')}, rules {rules}"
    )
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


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
