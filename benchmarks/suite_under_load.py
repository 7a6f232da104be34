"""The whole test suite, run several times in a row beside a CPU hog: does any test flinch?

    python benchmarks/suite_under_load.py --runs 3 --stress 2 [--workers auto] [--log-dir DIR]
        [-- PYTEST-ARGS]   (a selection of tests; the whole suite by default)

Starts ``stress-ng --cpu N`` (Debian's ``stress-ng``; ``--stress 0`` runs on a quiet machine),
then runs the README's test command (``python -m pytest``, with ``-n WORKERS``) ``--runs`` times
in a row, each in a fresh process, while the hog keeps every core busy. A test that waits by
sleeping or assumes a speed fails here sooner or later; the suite must pass every run.

Prints, a run a row: the wall time, the tests passed, failed, errored and skipped (from
pytest's JUnit XML report), and the load average at its end; then the slowest and the median
run and the ratio of the slowest to the fastest. Exits 1 when any run had a failure or an
error. Each run's full output is kept under ``--log-dir`` (default ``test-artifacts/load/``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
PERCENT = re.compile(r"\[\s*(\d+)%\]\s*$")


@dataclass(frozen=True)
class Run:
    """One run of the suite: how long it took and what pytest counted."""

    wall_s: float
    passed: int
    failed: int
    errors: int
    skipped: int
    load: float
    returncode: int


def counts(junit: Path) -> tuple[int, int, int, int]:
    """(passed, failed, errors, skipped) from a pytest JUnit XML report."""
    tests = failures = errors = skipped = 0
    for suite in ET.parse(junit).getroot().iter("testsuite"):
        tests += int(suite.get("tests", 0))
        failures += int(suite.get("failures", 0))
        errors += int(suite.get("errors", 0))
        skipped += int(suite.get("skipped", 0))
    return tests - failures - errors - skipped, failures, errors, skipped


def run_suite(n: int, workers: str, select: list[str], log_dir: Path, progress: Progress) -> Run:
    """Run ``python -m pytest`` once, the bar following pytest's own percentage."""
    junit = log_dir / f"run{n}.xml"
    log = log_dir / f"run{n}.log"
    task = progress.add_task(f"run {n}", total=100)
    cmd = [sys.executable, "-m", "pytest", "-n", workers, f"--junitxml={junit}", *select]
    start = time.monotonic()
    with log.open("w") as out:
        proc = subprocess.Popen(
            cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        assert proc.stdout is not None
        for line in proc.stdout:
            out.write(line)
            m = PERCENT.search(line)
            if m:
                progress.update(task, completed=int(m.group(1)))
        code = proc.wait()
    wall = time.monotonic() - start
    progress.update(task, completed=100)
    passed, failed, errors, skipped = counts(junit) if junit.exists() else (0, 0, 1, 0)
    return Run(wall, passed, failed, errors, skipped, os.getloadavg()[0], code)


def start_hog(cpus: int) -> subprocess.Popen[bytes] | None:
    """``stress-ng --cpu N`` in the background (None for a quiet machine)."""
    if cpus <= 0:
        return None
    exe = shutil.which("stress-ng")
    if exe is None:
        sys.exit("stress-ng is needed: apt-get install -y stress-ng")
    return subprocess.Popen([exe, "--cpu", str(cpus), "--quiet"])


def report(runs: list[Run], console: Console) -> None:
    """A table of the runs, then the median, the slowest and the slowest/fastest ratio."""
    table = Table(title="the suite beside the hog")
    for col in ("run", "wall", "passed", "failed", "errors", "skipped", "load (1 min)"):
        table.add_column(col, justify="right")
    for i, r in enumerate(runs, 1):
        m, s = divmod(round(r.wall_s), 60)
        table.add_row(
            str(i), f"{m} min {s:02d} s", str(r.passed), str(r.failed), str(r.errors),
            str(r.skipped), f"{r.load:.1f}",
        )  # fmt: skip
    console.print(table)
    walls = [r.wall_s for r in runs]
    console.print(
        f"median {statistics.median(walls):.0f} s, slowest {max(walls):.0f} s, "
        f"slowest/fastest {max(walls) / min(walls):.2f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs in a row (default 3)")
    ap.add_argument("--stress", type=int, default=2, help="stress-ng --cpu N (0: no hog)")
    ap.add_argument("--workers", default="auto", help="pytest-xdist -n (default auto; 0: one)")
    ap.add_argument("--log-dir", type=Path, default=ROOT / "test-artifacts" / "load")
    ap.add_argument("select", nargs="*", help="after --: pytest's arguments (default: all)")
    args = ap.parse_args()
    args.log_dir.mkdir(parents=True, exist_ok=True)
    console = Console()
    hog = start_hog(args.stress)
    runs: list[Run] = []
    try:
        columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
        with Progress(*columns, console=console) as progress:
            for n in range(1, args.runs + 1):
                runs.append(run_suite(n, args.workers, args.select, args.log_dir, progress))
    finally:
        if hog is not None:
            hog.terminate()
            hog.wait()
    report(runs, console)
    if any(r.failed or r.errors or r.returncode for r in runs):
        console.print(f"[red]a run failed[/red]: see {args.log_dir}")
        sys.exit(1)


if __name__ == "__main__":
    main()
