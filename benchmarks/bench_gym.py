"""A small policy trained on the Gymnasium environment against random players, judged against the
random player itself (one process, numpy only: the learner of examples/train_ulti_gym.py).

The policy (masked linear-softmax, REINFORCE with a baseline) trains for a fixed number of
deals against two ``random`` players; then it plays, greedily, a fixed set of held-out seeded
deals in the same seat against two ``random`` players, and so does the ``random`` player (the
same seeds: the same cards, dealer and opponents' seeds).  Prints ``trained-mean-units``,
``random-mean-units`` and their paired difference with its 95% interval
(``difference-low95`` above 0: the trained policy beats random), and the training time.

    python benchmarks/bench_gym.py [--deals 5000] [--eval 1000] [--seed 0] [--json PATH]

``--json`` writes the figures for ``compare.py``.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from report import HIGHER, LOWER, NONE, Report, add_json_option

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_ulti_gym.py"


def learner() -> ModuleType:
    """examples/train_ulti_gym.py, loaded from its file (the examples are no package)."""
    spec = importlib.util.spec_from_file_location("train_ulti_gym", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_ulti_gym"] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=5000, help="training deals")
    ap.add_argument("--eval", type=int, default=1000, help="held-out evaluation deals")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seat", type=int, default=0)
    add_json_option(ap)
    args = ap.parse_args(argv)
    report = Report("bench_gym", args)
    ex = learner()
    trained = ex.train(args.deals, args.seed, seat=args.seat)
    ev = ex.evaluate(trained.policy, args.eval, args.seed, seat=args.seat)
    diff, half = ev.difference()
    print(f"seat {args.seat}, opponents random, random; {args.deals} training deals")
    report.figure("training-deals", args.deals, NONE)
    report.figure("evaluation-deals", ev.n, NONE)
    report.figure("training-seconds", trained.seconds, LOWER, ".1f")
    report.figure("trained-mean-units", ev.mean(ev.trained), HIGHER, ".2f")
    report.figure("random-mean-units", ev.mean(ev.random), NONE, ".2f")
    report.figure("difference-mean-units", diff, HIGHER, ".2f")
    report.figure("difference-ci95-half", half, NONE, ".2f")
    report.figure("difference-low95", diff - half, HIGHER, ".2f")
    report.figure("difference-high95", diff + half, NONE, ".2f")
    print(f"trained - random: {diff:+.2f} ± {half:.2f} units per deal (95%)")
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
