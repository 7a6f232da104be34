"""The engine's speed before and after a change, measured in one run.

    python benchmarks/engine_against.py REV [--seconds 8] [--pairs 2]

Checks out ``REV`` (a commit, tag or branch) into a temporary git worktree, gives it this
checkout's compiled core (the engine under test is the pure-Python one; the core only answers
R7 in open contracts), and runs ``bench_engine.py`` on both at the same time, each process
pinned to its own core, then again with the cores swapped: both see the same machine at the
same moment.  On a shared machine the noise only ever slows a run down, so the ratio compares
each side's best round over all its runs (``best-deals-ratio``), beside the ratio of the
medians.  ``--json`` writes the figures for ``compare.py``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from report import HIGHER, NONE, Report, add_json_option

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "bench_engine.py"
FIGURES = ("random-deals-per-second", "random-actions-per-second")


def run_pinned(src: Path, cpu: int | None, seconds: float) -> subprocess.Popen[str]:
    """bench_engine.py on the engine in ``src``, pinned to ``cpu`` where the OS allows."""
    pin = f"import os; os.sched_setaffinity(0, {{{cpu}}}); " if cpu is not None else ""
    code = (
        f"{pin}import runpy, sys; sys.path.insert(0, {str(BENCH.parent)!r}); "
        f"sys.argv = ['bench_engine.py', '--seconds', {str(seconds)!r}, '--rounds', '8']; "
        f"runpy.run_path({str(BENCH)!r}, run_name='__main__')"
    )
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.Popen(
        [sys.executable, "-c", code],
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def figures(proc: subprocess.Popen[str]) -> dict[str, float]:
    out, err = proc.communicate()
    if proc.returncode:
        raise SystemExit(f"bench_engine.py failed:\n{err.strip()}")
    got = {m[1]: float(m[2]) for m in re.finditer(r"^([a-z-]+): ([0-9.]+)$", out, re.M)}
    best = re.search(r"^rounds: \d+ \(min [0-9.]+, max ([0-9.]+)\)$", out, re.M)
    if best is None:
        raise SystemExit(f"bench_engine.py printed no rounds line:\n{out}")
    return {**{k: got[k] for k in FIGURES}, "best": float(best[1])}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the revision to compare against (e.g. main~3, a tag)")
    ap.add_argument("--seconds", type=float, default=8.0, help="measuring time of each run")
    ap.add_argument("--pairs", type=int, default=2, help="runs of both, cores swapped each")
    add_json_option(ap)
    args = ap.parse_args(argv)
    if args.pairs < 1 or not 0 < args.seconds <= 600:
        ap.error("--pairs at least 1, --seconds in (0, 600]")
    check = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{args.rev}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if check.returncode:
        ap.error(f"{args.rev!r} is not a revision of this repository")
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    cpus = sorted(cores)[:2] if len(cores) >= 2 else [None, None]
    built = list((ROOT / "src" / "ulti").glob("_core*.so"))
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
            for so in built:
                shutil.copy2(so, tree / "src" / "ulti" / so.name)
            ratios: dict[str, list[float]] = {k: [] for k in FIGURES}
            best = {"before": 0.0, "after": 0.0}
            for pair in range(args.pairs):
                a, b = (cpus[0], cpus[1]) if pair % 2 == 0 else (cpus[1], cpus[0])
                before = run_pinned(tree / "src", a, args.seconds)
                after = run_pinned(ROOT / "src", b, args.seconds)
                fb, fa = figures(before), figures(after)
                for k in FIGURES:
                    ratios[k].append(fa[k] / fb[k])
                best["before"] = max(best["before"], fb["best"])
                best["after"] = max(best["after"], fa["best"])
                before_rate, after_rate = (f["random-deals-per-second"] for f in (fb, fa))
                print(
                    f"pair {pair + 1}: before {before_rate:.0f} deals/s, after "
                    f"{after_rate:.0f} deals/s (ratio {after_rate / before_rate:.3f})"
                )
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False
            )
    report.figure("pairs", args.pairs, NONE)
    report.figure("best-deals-per-second-before", best["before"], NONE)
    report.figure("best-deals-per-second-after", best["after"], NONE)
    report.figure("best-deals-ratio", best["after"] / best["before"], HIGHER, ".3f")
    for k in FIGURES:
        report.figure(f"{k}-median-ratio", statistics.median(ratios[k]), HIGHER, ".3f")
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
