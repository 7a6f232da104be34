"""Train a small policy for one seat of Ulti on the Gymnasium environment, with numpy only.

The policy is linear-softmax over the legal actions: each action id has a weight vector over
the observation tensor (scaled to [0, 1] by the space's bounds) and a bias; the action mask
sets every other id's probability to zero.  It learns by REINFORCE with a baseline (a running
mean of the deal's units), against two ``random`` players, one deal per episode, and is then
judged greedily (its most probable legal action) against ``random`` opponents on seeded deals
that training never saw, beside the ``random`` player itself in the same seat on the same
deals (the same seeds: the same cards, dealer and opponents' seeds).

    python examples/train_ulti_gym.py                      # 10,000 deals, about a minute
    python examples/train_ulti_gym.py --deals 3000 --eval 500

Prints the trained policy's mean units per deal, the random player's, and their difference
with a 95% interval (paired by deal).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ulti.core.seeds import derive_seed
from ulti.games.ulti.actions import NUM_ACTIONS
from ulti.research.gymnasium import UltiEnv, env, observation_bounds

#: units are divided by this before they enter the gradient (a deal's units are tens to hundreds)
REWARD_SCALE = 100.0
#: held-out evaluation deals are seeded from this stream, never used by training
EVAL_STREAM = 1_000_000


@dataclass
class Policy:
    """A masked linear-softmax policy over the action ids."""

    weights: NDArray[np.float64]  # (NUM_ACTIONS, features)
    bias: NDArray[np.float64]  # (NUM_ACTIONS,)
    scale: NDArray[np.float64]  # 1 / the observation's upper bounds

    @classmethod
    def new(cls, e: UltiEnv) -> Policy:
        _, high = observation_bounds(e.rules)
        n = high.shape[0]
        return cls(
            np.zeros((NUM_ACTIONS, n)),
            np.zeros(NUM_ACTIONS),
            1.0 / np.maximum(high.astype(np.float64), 1.0),
        )

    def features(self, obs: dict[str, NDArray[Any]]) -> NDArray[np.float64]:
        x: NDArray[np.float64] = obs["observation"].astype(np.float64) * self.scale
        return x

    def probabilities(self, x: NDArray[np.float64], legal: NDArray[np.intp]) -> NDArray[np.float64]:
        """The probability of each legal id (``legal``, from the mask)."""
        z = self.weights[legal] @ x + self.bias[legal]
        z -= z.max()
        p: NDArray[np.float64] = np.exp(z)
        p /= p.sum()
        return p

    def greedy(self, obs: dict[str, NDArray[Any]]) -> int:
        legal = np.flatnonzero(obs["action_mask"])
        x = self.features(obs)
        return int(legal[int(np.argmax(self.weights[legal] @ x + self.bias[legal]))])


@dataclass
class Training:
    """What :func:`train` did: the policy and each training deal's units."""

    policy: Policy
    units: list[float] = field(default_factory=list)
    seconds: float = 0.0


def train(
    deals: int,
    seed: int = 0,
    opponents: Sequence[str] = ("random", "random"),
    seat: int = 0,
    lr: float = 0.01,
    on_deal: Callable[[int, float], None] | None = None,
    **env_options: Any,
) -> Training:
    """REINFORCE with a running-mean baseline for ``deals`` deals (episodes); ``on_deal(i,
    units)`` after each.  Deterministic for a seed."""
    e = env(seat=seat, opponents=tuple(opponents), **env_options)
    policy = Policy.new(e)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    out = Training(policy)
    start = time.perf_counter()
    for i in range(deals):
        obs, _ = e.reset(seed=derive_seed(seed, i))
        steps: list[tuple[NDArray[np.float64], NDArray[np.intp], NDArray[np.float64], int]] = []
        done = False
        reward = 0.0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            x = policy.features(obs)
            p = policy.probabilities(x, legal)
            k = int(rng.choice(len(legal), p=p)) if len(legal) > 1 else 0
            steps.append((x, legal, p, k))
            obs, r, done, _, _ = e.step(int(legal[k]))
            reward = float(r)
        g = reward / REWARD_SCALE
        advantage = g - baseline
        baseline += 0.01 * (g - baseline)
        for x, legal, p, k in steps:
            if len(legal) == 1:
                continue
            grad = -p
            grad[k] += 1.0  # d log p_k / d z = onehot(k) - p
            step = lr * advantage * grad
            policy.weights[legal] += np.outer(step, x)
            policy.bias[legal] += step
        out.units.append(reward)
        if on_deal is not None:
            on_deal(i, reward)
    out.seconds = time.perf_counter() - start
    return out


@dataclass
class Evaluation:
    """Units per deal of the trained policy and of the random player, deal by deal."""

    trained: list[float]
    random: list[float]

    @property
    def n(self) -> int:
        return len(self.trained)

    def mean(self, xs: Sequence[float]) -> float:
        return sum(xs) / len(xs)

    def difference(self) -> tuple[float, float]:
        """The mean paired difference (trained - random) and its 95% half-interval."""
        d = [a - b for a, b in zip(self.trained, self.random, strict=True)]
        m = self.mean(d)
        if len(d) < 2:
            return m, math.inf
        var = sum((x - m) ** 2 for x in d) / (len(d) - 1)
        return m, 1.96 * math.sqrt(var / len(d))


def play_one(e: UltiEnv, seed: int, choose: Callable[[dict[str, NDArray[Any]]], int]) -> float:
    obs, _ = e.reset(seed=seed)
    while True:
        obs, r, done, _, _ = e.step(choose(obs))
        if done:
            return float(r)


def evaluate(
    policy: Policy,
    deals: int,
    seed: int = 0,
    seat: int = 0,
    on_deal: Callable[[int], None] | None = None,
    **env_options: Any,
) -> Evaluation:
    """The greedy policy and a uniformly random legal choice (what the ``random`` player does)
    in ``seat`` against two ``random`` players, on the same held-out seeded deals."""
    e = env(seat=seat, opponents=("random", "random"), **env_options)
    trained: list[float] = []
    rand: list[float] = []
    for i in range(deals):
        s = derive_seed(seed + EVAL_STREAM, i)
        trained.append(play_one(e, s, policy.greedy))
        rng = np.random.default_rng(s)

        def uniform(obs: dict[str, NDArray[Any]], rng: np.random.Generator = rng) -> int:
            return int(rng.choice(np.flatnonzero(obs["action_mask"])))

        rand.append(play_one(e, s, uniform))
        if on_deal is not None:
            on_deal(i)
    return Evaluation(trained, rand)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10_000, help="training deals (episodes)")
    ap.add_argument("--eval", type=int, default=2_000, help="evaluation deals")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--seat", type=int, default=0)
    args = ap.parse_args(argv)

    from rich.progress import Progress

    with Progress() as bar:
        task = bar.add_task("training", total=args.deals)
        recent: list[float] = []

        def trained_one(i: int, units: float) -> None:
            recent.append(units)
            if len(recent) > 1000:
                del recent[0]
            if i % 100 == 99:
                bar.update(
                    task,
                    advance=100,
                    description=f"training (last 1000 deals: {np.mean(recent):+.1f} units)",
                )

        t = train(args.deals, args.seed, seat=args.seat, lr=args.lr, on_deal=trained_one)
        bar.update(task, completed=args.deals)
        etask = bar.add_task("evaluating", total=args.eval)
        ev = evaluate(
            t.policy,
            args.eval,
            args.seed,
            seat=args.seat,
            on_deal=lambda i: bar.update(etask, advance=1),
        )
    d, half = ev.difference()
    print(f"trained {args.deals} deals in {t.seconds:.0f} s")
    print(f"evaluation: {ev.n} deals, seat {args.seat}, opponents random, random, greedy policy")
    print(f"trained policy: {ev.mean(ev.trained):+.2f} units per deal")
    print(f"random player:  {ev.mean(ev.random):+.2f} units per deal (same seat, same deals)")
    print(f"difference:     {d:+.2f} ± {half:.2f} (95%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
