"""Fuzz a live server with many generated inputs and count the ones it mishandled.

    python benchmarks/fuzz_server.py --inputs 1000000 [--seed 1]
    python benchmarks/fuzz_server.py --attacks [--scale 1] [--only NAME,...]

A real server on a loopback port (in this process, so that its tables can be checked after
every input) receives websocket frames on authenticated connections, first frames of new
connections and HTTP requests, drawn from the same generator as the test suite's fuzz test
(``tests/fuzz_harness.py``): wrong types, huge and deep values, binary and non-UTF-8 frames,
stale versions, other tables' tokens, out-of-turn and illegal actions.  An input *fails* when
the server's answer is not an error frame / a clean close / an HTTP status below 500, when it
changed a table, or when the server stops answering; every traceback in the server's log
counts as a failure too.  Prints ``fuzz-inputs``, ``fuzz-failures``, the inputs a second and
what the answers were.

``--attacks`` runs issue 27's attacks instead (``tests/attacks.py``), each against a server of
its own with the limits it ships with, at the issue's scale (``--scale 1``: 400
registrations from one address, 200 chat messages reconnecting, ...), and prints a table:
what the issue measured, how many of the attack's tries got through now and how many the
server's limits let anyone have; exits 1 when one fell.
"""

from __future__ import annotations

import argparse
import collections
import logging
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from attacks import ATTACKS, Outcome
from fuzz_harness import Target, random_input
from server_util import Running


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=20_000, help="inputs to throw")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=5, help="failures to print in full")
    ap.add_argument("--attacks", action="store_true", help="issue 27's attacks instead")
    ap.add_argument("--scale", type=float, default=1.0, help="--attacks: 1 is the issue's")
    ap.add_argument("--only", default="", help="--attacks: these, comma separated")
    args = ap.parse_args()
    if args.attacks:
        only = [a for a in args.only.split(",") if a] or list(ATTACKS)
        unknown = sorted(set(only) - set(ATTACKS))
        if unknown or not 0 < args.scale <= 10:
            ap.error(f"--only: one of {', '.join(ATTACKS)}; --scale: above 0, at most 10")
        sys.exit(attacks(only, args.scale))
    if not 1 <= args.inputs <= 100_000_000:
        ap.error("--inputs: between 1 and 100,000,000")
    logging.getLogger("uvicorn.error").setLevel(logging.WARNING)
    rng = random.Random(args.seed)
    failures: list[str] = []
    outcomes: collections.Counter[str] = collections.Counter()
    with (
        tempfile.TemporaryDirectory() as tmp,
        Running(f"sqlite:///{Path(tmp) / 'fuzz.sqlite3'}") as srv,
    ):
        target = Target(srv)
        t0 = time.perf_counter()
        columns = (
            TextColumn("fuzz"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]:.0f}/s · failures {task.fields[failures]}"),
            TimeRemainingColumn(),
        )
        with Progress(*columns, transient=False) as progress:
            task = progress.add_task("fuzz", total=args.inputs, rate=0.0, failures=0)
            sent = 0
            while sent < args.inputs:
                inp = random_input(rng, target)
                if target.would_act(inp) or target.would_hello(inp):
                    continue  # a valid action would change the table: not a fuzz input
                sent += 1
                try:
                    outcomes[target.throw(inp).split(" ")[0]] += 1
                except Exception as exc:
                    failures.append(f"{inp.short()}\n    {type(exc).__name__}: {exc}"[:2000])
                    target.close()
                    target = Target(srv)  # fresh connections and tables, go on
                if sent % 200 == 0 or sent == args.inputs:
                    if sent % 5000 == 0:
                        target.alive()
                    progress.update(
                        task,
                        completed=sent,
                        failures=len(failures),
                        rate=sent / (time.perf_counter() - t0),
                    )
        try:
            target.alive()
        except Exception as exc:
            failures.append(f"the server stopped answering: {exc}")
        target.close()
        elapsed = time.perf_counter() - t0
        tracebacks = srv.log.tracebacks()
    failures += [f"traceback in the server's log: {line[:300]}" for line in tracebacks]
    for f in failures[: args.show]:
        print(f"FAILURE {f}")
    print(f"fuzz-inputs: {sent}")
    print(f"fuzz-failures: {len(failures)}")
    print(f"fuzz-inputs-per-second: {sent / elapsed:.0f}")
    print("answers: " + ", ".join(f"{k} {v}" for k, v in outcomes.most_common()))
    sys.exit(1 if failures else 0)


def attacks(names: list[str], scale: float) -> int:
    """Each attack against a server of its own; the table; 1 when one fell."""
    outcomes: list[Outcome] = []
    columns = (TextColumn("attacks {task.fields[name]}"), BarColumn(), MofNCompleteColumn())
    with tempfile.TemporaryDirectory() as tmp, Progress(*columns) as progress:
        task = progress.add_task("attacks", total=len(names), name="")
        for name in names:
            progress.update(task, name=name)
            t0 = time.perf_counter()
            outcomes.append(ATTACKS[name](f"sqlite:///{Path(tmp) / name}.sqlite3", scale))
            progress.advance(task)
            print(f"{name}: {time.perf_counter() - t0:.1f} s")
    table = Table(title=f"issue 27's attacks (scale {scale:g})")
    for column in ("attack", "the issue measured", "now", ""):
        table.add_column(column)
    for o in outcomes:
        table.add_row(*o.row())
    Console().print(table)
    fell = [o.name for o in outcomes if not o.held]
    print(f"attacks-held: {len(outcomes) - len(fell)} of {len(outcomes)}")
    return 1 if fell else 0


if __name__ == "__main__":
    main()
