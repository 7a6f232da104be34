"""Compare a benchmark's figures with a baseline: each figure, its ratio to the baseline, and
the regressions beyond the tolerance.

    python benchmarks/compare.py BASELINE.json NEW.json [--tolerance 0.10]

Both files are what a benchmark writes with ``--json`` (see ``report.py``).  Which way a figure
improves comes from the files (``better``): a ``higher`` figure (a rate) regresses when it falls
below ``1 - tolerance`` of the baseline, a ``lower`` one (a time) when it rises above
``1 + tolerance``; a ``same`` figure (an exact count of a seeded workload) regresses when it
changes at all; ``none`` figures are shown and never judged.  Exits 1 when anything regressed
(or the files are of different benchmarks), else 0.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

Verdict = tuple[str, bool]  # (what to print, whether it is a regression)


def load(path: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    for key in ("benchmark", "figures", "better"):
        if key not in data:
            raise SystemExit(f"{path}: not a benchmark's JSON (no {key!r})")
    return data


def judge(base: float, new: float, better: str, tolerance: float) -> Verdict:
    if better == "same":
        return ("same", False) if new == base else ("CHANGED", True)
    if better not in ("higher", "lower"):
        return "", False
    if base == 0:
        return ("", False) if new == 0 else ("(no ratio)", False)
    ratio = new / base
    if better == "higher":
        if ratio < 1 - tolerance:
            return "REGRESSION", True
        return ("better", False) if ratio > 1 + tolerance else ("ok", False)
    if ratio > 1 + tolerance:
        return "REGRESSION", True
    return ("better", False) if ratio < 1 - tolerance else ("ok", False)


def fmt(x: float) -> str:
    if x == int(x) and abs(x) < 1e15:
        return f"{int(x):,}"
    return f"{x:,.3f}" if abs(x) < 100 else f"{x:,.0f}"


def compare(base: dict[str, Any], new: dict[str, Any], tolerance: float) -> tuple[list[str], int]:
    """The report's lines and the number of regressions."""
    lines: list[str] = []
    regressions = 0
    if base["benchmark"] != new["benchmark"]:
        return [f"different benchmarks: {base['benchmark']} and {new['benchmark']}"], 1
    b_args = base.get("meta", {}).get("args")
    n_args = new.get("meta", {}).get("args")
    if b_args != n_args:
        lines.append(f"note: the runs' arguments differ: {b_args} and {n_args}")
    names = [*base["figures"], *(k for k in new["figures"] if k not in base["figures"])]
    width = max(len(k) for k in names) if names else 10
    lines.append(f"{'figure':<{width}}  {'baseline':>12}  {'new':>12}  {'ratio':>6}  better  ")
    for name in names:
        better = new["better"].get(name, base["better"].get(name, "none"))
        if name not in new["figures"]:
            lines.append(
                f"{name:<{width}}  {fmt(base['figures'][name]):>12}  {'-':>12}  "
                f"{'':>6}  {better:<6}  missing in the new run"
            )
            continue
        if name not in base["figures"]:
            lines.append(
                f"{name:<{width}}  {'-':>12}  {fmt(new['figures'][name]):>12}  "
                f"{'':>6}  {better:<6}  new"
            )
            continue
        b, n = float(base["figures"][name]), float(new["figures"][name])
        ratio = f"{n / b:.2f}" if b else "-"
        verdict, bad = judge(b, n, better, tolerance)
        regressions += bad
        lines.append(
            f"{name:<{width}}  {fmt(b):>12}  {fmt(n):>12}  {ratio:>6}  {better:<6}  {verdict}"
        )
    lines.append(
        f"{regressions} regression(s) beyond {tolerance:.0%}"
        if regressions
        else f"no regression beyond {tolerance:.0%}"
    )
    return lines, regressions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("baseline")
    ap.add_argument("new")
    ap.add_argument(
        "--tolerance",
        type=float,
        default=0.10,
        help="the change allowed before a figure counts as a regression (0.10: 10%%)",
    )
    args = ap.parse_args(argv)
    lines, regressions = compare(load(args.baseline), load(args.new), args.tolerance)
    print("\n".join(lines))
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
