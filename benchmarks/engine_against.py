"""The engine's speed before and after a change, measured in one run.

    python benchmarks/engine_against.py REV [--rounds 100] [--deals 300]

Checks out ``REV`` (a commit, tag or branch) into a temporary git worktree, gives it its own
compiled cores (this checkout's where their sources are the same, else built there by its own
setup.py; the engine under test is the pure-Python one, the core only answers R7 in open
contracts), and starts one worker process for each engine, each with only its own ``ulti``
importable: no module of one engine reaches the other, and neither is "the one loaded second"
in a shared interpreter.  Both workers are held to the same CPU and take turns on it.

Each round plays the same ``--deals`` uniformly random complete deals (``random_play.py``,
bench_engine.py's workload: the same seeds give the same deals on both, action for action) on
one worker and then at once on the other, the order alternating, the garbage collector paused
while a round runs.  Both play this checkout's ``standard`` rules (read by each engine from the
same options: a revision whose preset said otherwise, no kontra cap before V11 had one, plays
them too, so that the deals are the same).  A round is timed in the worker's CPU time, so the
other processes of a shared machine do not count.

What noise is left (a shared machine's caches, frequency, a virtual CPU's stolen time) comes in
spells longer than a round, so the two rounds of a pair, played back to back, share it: the
ratio (before's seconds / after's: above 1, after is faster) is the median of the pairs'
ratios, printed with their 10th and 90th percentiles; each side's deals and actions a second
are its best round, and ``best-round-ratio`` is theirs.  ``--json`` writes the figures for
``compare.py``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import track

from random_play import play_random_deal
from report import HIGHER, NONE, Report, add_json_option

ROOT = Path(__file__).resolve().parent.parent


def load_engine(src: Path) -> tuple[Any, Any, Any]:
    """(Deal, the standard Ruleset, the CLAIM action kind) of the ``ulti`` package in ``src``
    (put first on this worker's path, ahead of the installed one)."""
    sys.path.insert(0, str(src))
    # the engine's modules where they are, or where they were before the layer packages
    games = "ulti.games.ulti" if (src / "ulti" / "games").is_dir() else "ulti"
    deal = importlib.import_module(f"{games}.deal")
    rules = importlib.import_module(f"{games}.rules")
    actions = importlib.import_module(f"{games}.actions")
    if not str(deal.__file__).startswith(str(src)):
        raise SystemExit(f"loaded {deal.__file__}, not the engine in {src}")
    return deal.Deal, rules.Ruleset.from_preset("standard"), actions.ActionKind.CLAIM


def play_round(engine: tuple[Any, Any, Any], seed: int, deals: int) -> tuple[float, int]:
    """Seconds of this process's CPU time (not the wall's: another process's load does not
    count) to play ``deals`` random deals, and their actions."""
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


def serve(src: Path) -> int:
    """A worker: the engine in ``src``, answering one JSON line for each JSON line read.
    ``{"options": null}`` asks for its standard rules' options; ``{"options": {...}}`` makes
    them the rules it plays (another revision's standard); ``{"seed": S, "deals": N}`` plays a
    round and answers its CPU seconds and actions."""
    deal_cls, rules, claim = load_engine(src)
    for line in sys.stdin:
        ask = json.loads(line)
        if "options" in ask:
            if ask["options"] is not None and ask["options"] != rules.to_dict():
                rules = type(rules).from_dict(ask["options"])
            answer: dict[str, Any] = {"options": rules.to_dict()}
        else:
            elapsed, actions = play_round((deal_cls, rules, claim), ask["seed"], ask["deals"])
            answer = {"elapsed": elapsed, "actions": actions}
        print(json.dumps(answer), flush=True)
    return 0


class Worker:
    """The parent's end of a worker process."""

    def __init__(self, src: Path) -> None:
        self.src = src
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(src)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, **question: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(question) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"the worker for {self.src} stopped")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def core_sources(root: Path) -> dict[str, bytes]:
    """The compiled cores' sources under ``root``/src, by path."""
    src = root / "src"
    return {
        str(p.relative_to(src)): p.read_bytes()
        for ext in ("pyx", "pxi", "pxd")
        for p in sorted(src.glob(f"**/*.{ext}"))
    }


def give_cores(tree: Path) -> None:
    """The revision's own compiled cores in ``tree``: this checkout's where their sources are the
    same (a core built from the same sources), else built by the revision's own setup.py."""
    if core_sources(tree) == core_sources(ROOT):
        for so in (ROOT / "src").glob("**/_*.so"):
            shutil.copy2(so, tree / so.relative_to(ROOT))
        return
    print("building the revision's compiled cores (about half a minute) ...", file=sys.stderr)
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=tree,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def one_cpu() -> set[int] | None:
    """The CPU both workers are held to (the last this process may use): the two engines take
    turns on the same core, never one on a quieter core than the other.  ``None`` where the
    system cannot hold a process to a CPU."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    return {max(os.sched_getaffinity(0))}


@dataclass
class Result:
    """What the rounds measured: each side's best round (CPU seconds) and actions a round, and
    each round's ratio (before's seconds / after's, the two played back to back)."""

    best: dict[str, float]
    actions: dict[str, int]
    ratios: list[float]


def compare(before: Path, after: Path, rounds: int, seed: int, deals: int) -> Result:
    """``rounds`` rounds of the same ``deals`` deals on each engine, alternating which starts."""
    workers = {"before": Worker(before), "after": Worker(after)}
    cpu = one_cpu()
    try:
        if cpu is not None:
            for w in workers.values():
                os.sched_setaffinity(w.proc.pid, cpu)
        options = workers["after"].ask(options=None)["options"]
        own = workers["before"].ask(options=None)["options"]
        if own != options:
            changed = {k: v for k, v in options.items() if own.get(k) != v}
            print(
                f"note: the revision's standard rules differ; both play {changed}", file=sys.stderr
            )
            workers["before"].ask(options=options)
        for w in workers.values():  # a warm-up round each (first imports, caches), not counted
            w.ask(seed=seed, deals=deals)
        result = Result(dict.fromkeys(workers, float("inf")), dict.fromkeys(workers, 0), [])
        for r in track(range(rounds), description="rounds", console=Console(stderr=True)):
            took = {}
            for side in ("before", "after") if r % 2 == 0 else ("after", "before"):
                answer = workers[side].ask(seed=seed, deals=deals)  # the same deals each round
                took[side] = answer["elapsed"]
                result.best[side] = min(result.best[side], took[side])
                result.actions[side] = answer["actions"]
            result.ratios.append(took["before"] / took["after"])
    finally:
        for w in workers.values():
            w.close()
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    if argv is None and sys.argv[1:2] == ["--worker"]:
        return serve(Path(sys.argv[2]))
    ap.add_argument("rev", help="the revision to compare against (e.g. main~3, a tag)")
    ap.add_argument("--rounds", type=int, default=100, help="rounds of each engine")
    ap.add_argument("--deals", type=int, default=300, help="deals a round")
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
            give_cores(tree)
            got = compare(tree / "src", ROOT / "src", args.rounds, args.seed, args.deals)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False
            )
    best, acts = got.best, got.actions
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
    ratios = sorted(got.ratios)
    report.figure("best-round-ratio", best["before"] / best["after"], NONE, ".3f")
    report.figure("rounds-ratio-p10", ratios[len(ratios) // 10], NONE, ".3f")
    report.figure("rounds-ratio-p90", ratios[len(ratios) * 9 // 10], NONE, ".3f")
    report.figure("deals-per-second-ratio", statistics.median(ratios), HIGHER, ".3f")
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
