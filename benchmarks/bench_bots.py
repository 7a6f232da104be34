"""Decision times of the sampling players, per kind of decision, at their default budgets (one
process, one core).

Each player (``--players``, default ``pimc`` and the frozen baseline ``pimc-1``) plays a seeded
series of deals against two ``rules`` players, taking every seat in turn; every decision it
takes with a choice (more than one legal action) is timed and sorted by kind: ``bid`` (the
auction: pass, pick up, a bid), ``talon`` (the two cards laid), ``trump``, ``kontra`` (the
answer window, and a defender's first card when a kontra is on offer) and ``card``.  For each
player and kind it prints the count, median, p95, p99 and max (ms), then over all of ``pimc``'s
decisions ``pimc-decision-median-ms``, ``pimc-decision-p99-ms`` and ``pimc-decision-max-ms``
(targets at the default budget: median <= 100 ms, p99 <= 1000 ms), the same for ``pimc-1``, and
``pimc-card-decision-median-ms`` (card play alone, the figure this benchmark printed before).

    python benchmarks/bench_bots.py [--deals 30] [--players pimc,pimc-1] [--json PATH]

``--json`` writes the figures for ``compare.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from rich.console import Console
from rich.progress import track
from rich.table import Table

from report import LOWER, NONE, Report, add_json_option
from ulti.arena.tournament import percentile
from ulti.games.ulti.game import DECISION_KINDS as KINDS
from ulti.games.ulti.rules import Ruleset
from ulti.players import make_player, play_deal


def timings(spec: str, deals: int, seed: int, rules: Ruleset) -> dict[str, list[float]]:
    """Milliseconds of each decision with a choice, by kind, of ``spec`` in every seat."""
    out: dict[str, list[float]] = {k: [] for k in KINDS}
    for g in track(range(deals), description=spec, transient=True):
        seat = g % 3
        players = [make_player("rules", seed=g * 3 + s) for s in range(3)]
        players[seat] = make_player(spec, seed=seed + g)
        run = play_deal(rules, seed * 1000 + g, g % 3, players, game=g)
        for kind, seconds in run.decisions[seat]:
            out[kind].append(1000 * seconds)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--players", default="pimc,pimc-1", help="comma separated player specs")
    ap.add_argument("--seed", type=int, default=2026)
    add_json_option(ap)
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    report = Report("bench_bots", args)
    rules = Ruleset()
    table = Table(title="decision ms by kind (median / p95 / p99 / max, count)")
    table.add_column("player")
    for k in KINDS:
        table.add_column(k, justify="right")
    results = {}
    for spec in args.players.split(","):
        results[spec] = timings(spec, args.deals, args.seed, rules)
        cells = []
        for k in KINDS:
            xs = results[spec][k]
            cells.append(
                f"{statistics.median(xs):.0f} / {percentile(xs, 0.95):.0f} / "
                f"{percentile(xs, 0.99):.0f} / {max(xs):.0f} ({len(xs)})"
                if xs
                else "-"
            )
        table.add_row(spec, *cells)
    Console(width=160).print(table)
    for spec, by_kind in results.items():
        name = spec.split(":")[0]
        every = [x for xs in by_kind.values() for x in xs]
        report.figure(f"{name}-decisions", len(every), NONE)
        report.figure(f"{name}-decision-median-ms", statistics.median(every), LOWER, ".1f")
        report.figure(f"{name}-decision-p95-ms", percentile(every, 0.95), LOWER, ".1f")
        report.figure(f"{name}-decision-p99-ms", percentile(every, 0.99), LOWER, ".1f")
        report.figure(f"{name}-decision-max-ms", max(every), LOWER, ".1f")
        if by_kind["card"]:
            report.figure(
                f"{name}-card-decision-median-ms", statistics.median(by_kind["card"]), LOWER, ".1f"
            )
    print("targets (pimc, default budget): median <= 100 ms, p99 <= 1000 ms")
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
