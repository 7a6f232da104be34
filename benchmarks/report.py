"""A benchmark's figures: printed as ``name: value`` lines and, with ``--json PATH``, written as
JSON that ``compare.py`` reads against a baseline::

    {"benchmark": "bench_engine",
     "figures": {"random-deals-per-second": 3512.4, ...},
     "better": {"random-deals-per-second": "higher", ...},
     "meta": {"args": {...}, "python": "3.11.7", "machine": "x86_64", "cpus": 2, ...}}

``better`` says which way each figure improves: ``higher`` (rates), ``lower`` (times, node
counts), ``same`` (exact counts of a fixed, seeded workload, such as how many deals a contract
is made in: a change means different answers, not a faster machine) or ``none`` (shown for
reference, never compared: how many deals a timed loop happened to play).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any, Literal

Better = Literal["higher", "lower", "same", "none"]
HIGHER: Better = "higher"
LOWER: Better = "lower"
SAME: Better = "same"
NONE: Better = "none"


def add_json_option(ap: argparse.ArgumentParser) -> None:
    ap.add_argument(
        "--json",
        metavar="PATH",
        default=None,
        help="also write the figures as JSON (benchmarks/compare.py compares two)",
    )


class Report:
    """The figures of one run of one benchmark."""

    def __init__(self, benchmark: str, args: argparse.Namespace) -> None:
        self.benchmark = benchmark
        self.args = {k: v for k, v in vars(args).items() if k != "json"}
        self.figures: dict[str, float] = {}
        self.better: dict[str, Better] = {}
        self.meta: dict[str, Any] = {}

    def figure(self, name: str, value: float, better: Better, fmt: str = ".0f") -> None:
        """Print ``name: value`` and keep the figure."""
        print(f"{name}: {value:{fmt}}")
        self.figures[name] = float(value)
        self.better[name] = better

    def to_json(self) -> dict[str, Any]:
        return {
            "benchmark": self.benchmark,
            "figures": self.figures,
            "better": self.better,
            "meta": {"args": self.args, **machine(), **self.meta},
        }

    def write(self, path: str | None) -> None:
        if path:
            Path(path).write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")


def machine() -> dict[str, Any]:
    """Where and when the figures were taken (what makes two runs comparable or not)."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            cwd=Path(__file__).parent,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "commit": commit or None,
        "python": platform.python_version(),
        "implementation": sys.implementation.name,
        "machine": platform.machine(),
        "processor": _cpu_model(),
        "cpus": os.cpu_count(),
    }


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()
