"""Random complete games for learning loops: Ulti's compiled state, the Python engine, and
OpenSpiel's Skat, driven from the same Python loop, interleaved in one run.

Each game: a new state (Ulti: a seeded deal under the research rules, standard with kontras
capped at Mordkontra, :data:`ulti.games.ulti.game.RESEARCH_MAX_KONTRA`; Skat:
``pyspiel.load_game("skat")``, its deal 32 chance outcomes drawn from ``chance_outcomes()``),
then uniformly random legal actions to the end (``legal_actions()``, ``random()``,
``apply_action()``), then ``returns()``.  The figures count **decisions** (player actions):
Ulti's deal is no action, and Skat's 32 chance outcomes are applied and timed but not counted
(OpenSpiel counts a game's length the same way); ``skat-moves-per-second`` counts them too,
for reference.

As in ``bench_engine.py``, the random Ulti player never claims (R7: a claim is settled by
proven best play, a search, not play; ~27% of random deals would end in one).  The same loop
with claims allowed is measured too (``ulti-compiled-actions-per-second-with-claims``): there
the solver's searches for claims dominate the time.  Most random contracts are open ones (a
random auction climbs the ladder), so every figure includes the solver's R7 proofs after each
trick and the claim checks (``ulti-compiled-solver-share``: their share of the compiled loop's
time).

``tensor-us`` is the median cost of one information-state tensor (63,917 floats) from the
compiled state at random points of random deals, written into a kept buffer;
``tensor-python-us`` the same tensor through the OpenSpiel face's Python code
(``python_ulti``'s ``information_state_tensor``, for reference).

    python benchmarks/bench_rl.py [--seconds 12] [--rounds 4] [--seed 7] [--json PATH]

Prints ``ulti-compiled-actions-per-second``, ``ulti-python-actions-per-second``,
``skat-actions-per-second`` (medians over the rounds; each round runs the three loops one
after the other, so that a noisy machine slows them alike) and ``ratio-compiled-vs-skat``
(target: at least 2), ``ratio-compiled-vs-python``, ``tensor-us`` and ``tensor-python-us``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from report import HIGHER, LOWER, NONE, Report, add_json_option

try:
    import pyspiel
except ImportError:  # pragma: no cover - the research extra is part of the dev install
    sys.exit("bench_rl needs the research extra: pip install -e '.[research]'")

from ulti.games.ulti.actions import CLAIM
from ulti.games.ulti.deal import Deal
from ulti.search import _core
from ulti.search.ulti.fast import FastDeal, research_rules

CLAIM_ID = CLAIM.id


def ulti_compiled(seconds: float, rng: random.Random, claims: bool = False) -> tuple[int, float]:
    """(decisions, seconds) of random compiled games for about ``seconds``."""
    rules = research_rules()
    rand = rng.random
    bits = rng.getrandbits
    n = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end:
        for _ in range(20):
            d = FastDeal(rules, bits(63), 0)
            while not d.is_terminal():
                legal = d.legal_actions()
                a = legal[int(rand() * len(legal))]
                if a == CLAIM_ID and not claims:
                    a = legal[1 + int(rand() * (len(legal) - 1))]
                d.apply_action(a)
                n += 1
            d.returns()
    return n, time.perf_counter() - t0


def ulti_python(seconds: float, rng: random.Random) -> tuple[int, float]:
    rules = research_rules()
    rand = rng.random
    bits = rng.getrandbits
    n = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end:
        for _ in range(5):
            d = Deal(rules, bits(63), 0)
            while not d.is_over():
                legal = d.legal_actions()
                a = legal[int(rand() * len(legal))]
                if a.id == CLAIM_ID:
                    a = legal[1 + int(rand() * (len(legal) - 1))]
                d.apply(a)
                n += 1
            d.returns()
    return n, time.perf_counter() - t0


def skat(seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """(decisions, all moves, seconds) of random Skat games."""
    game = pyspiel.load_game("skat")
    rand = rng.random
    n = moves = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end:
        for _ in range(20):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    s.apply_action(outcomes[int(rand() * len(outcomes))][0])
                else:
                    legal = s.legal_actions()
                    s.apply_action(legal[int(rand() * len(legal))])
                    n += 1
                moves += 1
            s.returns()
    return n, moves, time.perf_counter() - t0


def solver_share(seconds: float, seed: int) -> float:
    """The share of the compiled loop's time spent in the solver (R7), timed by wrapping the
    thread's solver."""
    real = _core.thread_solver()
    spent = [0.0]

    class Timed:
        def __getattr__(self, name: str) -> Any:
            f = getattr(real, name)

            def timed(*args: Any) -> Any:
                t = time.perf_counter()
                try:
                    return f(*args)
                finally:
                    spent[0] += time.perf_counter() - t

            return timed

    _core.THREAD.solver = Timed()  # what the compiled state's searches take as this thread's
    try:
        _, total = ulti_compiled(seconds, random.Random(seed))
    finally:
        _core.THREAD.solver = real
    return spent[0] / total


def tensor_us(samples: int, rng: random.Random) -> tuple[float, float]:
    """Median microseconds of one information-state tensor (63,917 floats) at random points of
    random deals: from the compiled state (written into a kept buffer, as a learning loop
    would) and through the OpenSpiel face's Python code (``python_ulti``)."""
    import numpy as np

    import ulti.research.openspiel  # noqa: F401  (registers python_ulti)

    rules = research_rules()
    compiled: list[float] = []
    python: list[float] = []
    out = np.zeros(FastDeal(rules, 0).information_state_size, np.float32)
    while len(compiled) < samples:
        seed = rng.randrange(1 << 30)
        stop = rng.randrange(1, 40)
        f = FastDeal(rules, seed, 0)
        f.play_random(seed, stop)
        if f.is_terminal():
            continue
        seat = f.current_player
        t = time.perf_counter()
        f.information_state_tensor(seat, out)
        compiled.append((time.perf_counter() - t) * 1e6)
        if len(python) < max(10, samples // 10):  # slow: fewer of them
            game = pyspiel.load_game("python_ulti", {"seed": seed})
            state = game.new_initial_state()
            for _, a in f.history:
                state.apply_action(a)
            t = time.perf_counter()
            state.information_state_tensor(seat)
            python.append((time.perf_counter() - t) * 1e6)
    return statistics.median(compiled), statistics.median(python)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=12.0, help="total measuring time")
    ap.add_argument("--rounds", type=int, default=4, help="rounds; the medians are reported")
    ap.add_argument("--tensors", type=int, default=200, help="tensors timed for tensor-us")
    ap.add_argument("--seed", type=int, default=7)
    add_json_option(ap)
    args = ap.parse_args(argv)
    report = Report("bench_rl", args)
    share = args.seconds / args.rounds / 4  # four loops a round
    rng = random.Random(args.seed)
    compiled, python, sk, sk_moves, with_claims = [], [], [], [], []
    FastDeal(research_rules(), 0, 0).legal_actions()  # tables built before timing
    for r in range(args.rounds):
        n, t = ulti_compiled(share, rng)
        compiled.append(n / t)
        n, t = ulti_python(share, rng)
        python.append(n / t)
        n, m, t = skat(share, rng)
        sk.append(n / t)
        sk_moves.append(m / t)
        n, t = ulti_compiled(share, rng, claims=True)
        with_claims.append(n / t)
        print(
            f"round {r + 1}: compiled {compiled[-1]:,.0f}  python {python[-1]:,.0f}  "
            f"skat {sk[-1]:,.0f}  compiled with claims {with_claims[-1]:,.0f} actions/s",
            file=sys.stderr,
        )
    c, p, s = (statistics.median(x) for x in (compiled, python, sk))
    report.figure("ulti-compiled-actions-per-second", c, HIGHER)
    report.figure("ulti-python-actions-per-second", p, HIGHER)
    report.figure("skat-actions-per-second", s, NONE)
    report.figure("skat-moves-per-second", statistics.median(sk_moves), NONE)
    report.figure("ratio-compiled-vs-skat", c / s, HIGHER, ".2f")
    report.figure("ratio-compiled-vs-python", c / p, HIGHER, ".1f")
    report.figure(
        "ulti-compiled-actions-per-second-with-claims", statistics.median(with_claims), HIGHER
    )
    report.figure("ulti-compiled-solver-share", solver_share(share, args.seed), NONE, ".2f")
    compiled_us, python_us = tensor_us(args.tensors, rng)
    report.figure("tensor-us", compiled_us, LOWER, ".1f")
    report.figure("tensor-python-us", python_us, NONE, ".0f")
    print(
        f"min/max compiled {min(compiled):,.0f}/{max(compiled):,.0f}, skat {min(sk):,.0f}/"
        f"{max(sk):,.0f}"
    )
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
