"""Post-deal analysis: how long ``ulti analyze`` takes for one complete deal.

The workload: ``--deals`` seeded deals played to their end by three ``pimc`` players (a
samples-only budget, so the deals are the same on every run; thrown-in deals are replaced by
the next seed, so every deal has an auction, a contract and card play), recorded, then each
analysed at the analysis's default budget (:data:`ulti.analysis.ulti.DEFAULT_BUDGET`: at most 12
sampled deals and 120 ms per decision from the seat's view, every card double dummy) on one
core.  The deals are made before the clock starts; each analysis is timed alone.

* ``analysis-seconds-per-deal``: the median over the deals (target: under 5 s); ``-p90`` and
  ``-max`` the tail;
* ``decisions-per-deal``: median decisions with a real choice analysed per deal;
  ``card-decisions-per-deal`` the card plays among them;
* ``mistakes-per-deal``: mean mistakes marked per deal (at the default threshold of 2 units);
* ``seconds-per-decision``: total analysis time over total decisions.

    python benchmarks/bench_analysis.py [--deals 20] [--seed 1] [--json PATH]

Prints ``name: value`` lines; ``--json`` writes them for ``compare.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from report import HIGHER, LOWER, NONE, Report, add_json_option
from ulti.analysis.ulti import DEFAULT_BUDGET, analyze
from ulti.arena.tournament import percentile
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.rules import Ruleset
from ulti.players import make_player, play_deal

TARGETS = {"analysis-seconds-per-deal": 5.0}
PLAYER = "pimc:samples=6,ms=100000"


def recorded_deals(n: int, seed: int, progress: Progress) -> list[Deal]:
    """``n`` deals with a contract, played by three ``pimc`` players (module doc)."""
    rules = Ruleset()
    out: list[Deal] = []
    task = progress.add_task("playing the deals", total=n)
    s = seed
    while len(out) < n:
        players = [make_player(PLAYER, s * 3 + i) for i in range(3)]
        d = play_deal(rules, s, s % 3, players, game=s).deal
        s += 1
        if d.contract is None:
            continue
        out.append(d)
        progress.advance(task)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    add_json_option(ap)
    args = ap.parse_args()
    report = Report("bench_analysis", args)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        deals = recorded_deals(args.deals, args.seed, progress)
        task = progress.add_task("analysing", total=len(deals))
        times: list[float] = []
        decisions: list[int] = []
        cards: list[int] = []
        mistakes: list[int] = []
        for i, d in enumerate(deals):
            t = time.perf_counter()
            a = analyze(d, DEFAULT_BUDGET, seed=i)
            times.append(time.perf_counter() - t)
            decisions.append(len(a.decisions))
            cards.append(sum(1 for x in a.decisions if x.kind == "card"))
            mistakes.append(len(a.mistakes()))
            progress.advance(task)
    print(
        f"== {len(deals)} deals by three {PLAYER} players, analysed at samples="
        f"{DEFAULT_BUDGET.samples}, ms={DEFAULT_BUDGET.ms:g} per decision"
    )
    report.figure("analysis-seconds-per-deal", statistics.median(times), LOWER, ".2f")
    report.figure("analysis-seconds-per-deal-p90", percentile(times, 0.9), LOWER, ".2f")
    report.figure("analysis-seconds-per-deal-max", max(times), LOWER, ".2f")
    report.figure("decisions-per-deal", statistics.median(decisions), NONE, ".1f")
    report.figure("card-decisions-per-deal", statistics.median(cards), NONE, ".1f")
    report.figure("mistakes-per-deal", statistics.mean(mistakes), NONE, ".2f")
    report.figure("seconds-per-decision", sum(times) / max(1, sum(decisions)), LOWER, ".3f")
    report.figure(
        "deals-under-target",
        sum(1 for x in times if x < TARGETS["analysis-seconds-per-deal"]),
        HIGHER,
    )
    print("target: analysis-seconds-per-deal (median) < 5")
    report.meta["targets"] = TARGETS
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
