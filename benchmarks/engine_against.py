"""The engine's speed before and after a change, measured in one run.

    python benchmarks/engine_against.py REV [--rounds 16] [--deals 1500]

Checks out ``REV`` (a commit, tag or branch) into a temporary git worktree, gives it this
checkout's compiled core (the engine under test is the pure-Python one; the core only answers
R7 in open contracts), and loads both engines into this one process.  Each round plays the same
``--deals`` uniformly random complete deals (``bench_engine.py``'s workload: the same seeds give
the same deals on both, action for action) on one engine and then on the other, the order
alternating, the garbage collector paused while a round runs.  Both play this checkout's
``standard`` rules (read by each engine from the same options: a revision whose preset said
otherwise, no kontra cap before V11 had one, plays them too, so that the deals are the same).
A round is timed in this process's CPU time, so the other processes of a shared machine
do not count; what noise is left (caches, frequency) only ever slows a round down, so each
side's figure is its best round, and interleaving the rounds gives both the same machine.  Prints
``random-deals-per-second`` and ``random-actions-per-second`` of each side and their ratio
(after / before); ``--json`` writes them for ``compare.py``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_engine import play_random_deal
from report import HIGHER, NONE, Report, add_json_option

ROOT = Path(__file__).resolve().parent.parent


def load_engine(src: Path) -> tuple[Any, Any, Any]:
    """(Deal, the standard Ruleset, the CLAIM action kind) of the ``ulti`` package in ``src``,
    loaded afresh (any ``ulti`` loaded before is set aside first)."""
    for name in [m for m in sys.modules if m == "ulti" or m.startswith("ulti.")]:
        del sys.modules[name]
    # and the finder of old module paths that a later ulti installs (ulti._moved)
    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__module__ != "ulti._moved"]
    sys.path.insert(0, str(src))
    try:
        # the engine's modules where they are, or where they were before the layer packages
        games = "ulti.games.ulti" if (src / "ulti" / "games").is_dir() else "ulti"
        deal = importlib.import_module(f"{games}.deal")
        rules = importlib.import_module(f"{games}.rules")
        actions = importlib.import_module(f"{games}.actions")
    finally:
        sys.path.remove(str(src))
    if not str(deal.__file__).startswith(str(src)):
        raise SystemExit(f"loaded {deal.__file__}, not the engine in {src}")
    return deal.Deal, rules.Ruleset.from_preset("standard"), actions.ActionKind.CLAIM


def same_rules(before: tuple[Any, Any, Any], after: tuple[Any, Any, Any]) -> tuple[Any, Any, Any]:
    """``before`` playing ``after``'s rules: its own Ruleset read from their options."""
    deal_cls, rules, claim = before
    options = after[1].to_dict()
    if rules.to_dict() != options:
        changed = {k: v for k, v in options.items() if rules.to_dict().get(k) != v}
        print(f"note: the revision's standard rules differ; both play {changed}", file=sys.stderr)
        rules = type(rules).from_dict(options)
    return deal_cls, rules, claim


def play_round(engine: tuple[Any, Any, Any], seed: int, deals: int) -> tuple[float, int]:
    """Seconds of this process's CPU time (not the wall's: another process's load does not
    count) to play ``deals`` random deals (as bench_engine.py does), and their actions."""
    deal_cls, rules, claim = engine
    rng = random.Random(seed)
    actions = 0
    gc.disable()
    start = time.process_time()
    for _ in range(deals):
        actions += len(play_random_deal(rules, rng, deal_cls, claim).history)
    elapsed = time.process_time() - start
    gc.enable()
    gc.collect()
    return elapsed, actions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the revision to compare against (e.g. main~3, a tag)")
    ap.add_argument("--rounds", type=int, default=16, help="rounds of each engine")
    ap.add_argument("--deals", type=int, default=1500, help="deals a round")
    ap.add_argument("--seed", type=int, default=2026)
    add_json_option(ap)
    args = ap.parse_args(argv)
    if not 1 <= args.rounds <= 1000 or not 1 <= args.deals <= 1_000_000:
        ap.error("--rounds in 1..1000, --deals in 1..1000000")
    check = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{args.rev}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if check.returncode:
        ap.error(f"{args.rev!r} is not a revision of this repository")
    built = list((ROOT / "src" / "ulti").glob("**/_core*.so"))
    if not built:
        raise SystemExit("the compiled core is not built: pip install -e .")
    report = Report("engine_against", args)
    report.meta["before"] = check.stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "before"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree), args.rev],
            check=True,
        )
        try:
            for so in built:  # beside the revision's own _core.pyx
                (pyx,) = (tree / "src" / "ulti").glob("**/_core.pyx")
                shutil.copy2(so, pyx.parent / so.name)
            engines = {"before": load_engine(tree / "src"), "after": load_engine(ROOT / "src")}
            engines["before"] = same_rules(engines["before"], engines["after"])
            best = {side: float("inf") for side in engines}
            acts = dict.fromkeys(engines, 0)
            for r in range(args.rounds):  # every round the same deals (the same seed)
                for side in ("before", "after") if r % 2 == 0 else ("after", "before"):
                    elapsed, acts[side] = play_round(engines[side], args.seed, args.deals)
                    best[side] = min(best[side], elapsed)
                print(
                    f"round {r + 1}/{args.rounds}: best so far before {best['before']:.3f} s, "
                    f"after {best['after']:.3f} s",
                    file=sys.stderr,
                )
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False
            )
    report.figure("deals-a-round", args.deals, NONE)
    for side in ("before", "after"):
        report.figure(f"{side}-random-deals-per-second", args.deals / best[side], NONE)
        report.figure(f"{side}-random-actions-per-second", acts[side] / best[side], NONE)
    if acts["before"] != acts["after"]:
        print(
            f"note: the engines played {acts['before']} and {acts['after']} actions: the "
            f"same seeds gave different deals",
            file=sys.stderr,
        )
    report.figure("deals-per-second-ratio", best["before"] / best["after"], HIGHER, ".3f")
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
