"""``pimc``: Perfect Information Monte Carlo, the strongest player (the default everywhere).

It decides as :mod:`ulti.players.ulti.pimc1` (``pimc-1``, the frozen baseline) does — sample deals
consistent with what the seat knows, solve each double dummy, take the best mean — and improves
on it where the baseline is known to go wrong (issue 17):

* sound bids only: no contract whose condition the cards kept cannot meet (a 40-100 without
  the trump marriage, a 20-100 without a marriage, an Ulti without the trump VII, Four Aces
  with an Ace laid or fewer than three held) and none no expert makes (a lone Simple without
  trump length, a Betli with unguarded high cards, a Durchmars with losers):
  :func:`~ulti.players.ulti.evaluate.unsound`;
* inference: the deals it solves are drawn in proportion to how likely the other seats were
  to bid, pass, name the trump and double or not as they did holding them
  (:mod:`ulti.players.ulti.inference`; the card play too with :attr:`PimcPlayer.read_cards`):
  each deal used is resampled from :data:`POOL` uniform ones by their weights
  (sampling-importance-resampling); during card play only in the first
  :data:`INFER_TRICKS` tricks (later the cards played say more, and weighing costs more
  than solving);
* bidding: the contracts worth measuring are chosen by the learned evaluator
  (:mod:`ulti.players.ulti.learned`: each component's chance fitted to the solver's verdicts on
  the project's own deals) instead of the hand-written formulas;
* kontra: every double and re-double judged on those weighted deals — an opponent's raise is
  evidence of his holding — against a bar that rises with the level (the stake doubles each
  time, and each raise the other side answers says it holds the cards): a defender doubles
  when the soloist makes the component in at most :data:`DEFENDER_RAISE` of the deals at that
  level, the soloist re-doubles when he makes it in at least :data:`SOLOIST_RAISE`;
* time: ``ms`` is a hard limit for the whole decision, not for each question within it: a
  sample is not begun when the ones before say it would end past the limit, and the solver
  stops a search still running at the limit (``Solver.limit``): the decision is then taken on
  the samples finished, or, when not one finished, by the ``rules`` player's judgement.
  Default 150 ms for a card, 600 ms for the few other decisions of a deal (each weighs whole
  contracts: a talon's first sample alone can take longer than 150 ms).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence

from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import Ruleset
from ulti.players.ulti.inference import Evidence, evidence, log_weight
from ulti.players.ulti.knowledge import Knowledge, knowledge, sample
from ulti.players.ulti.learned import learned_chance
from ulti.players.ulti.pimc1 import MIN_SAMPLES, Pimc1Player, _explain
from ulti.search.ulti import solver as S
from ulti.search.ulti.solver import SearchTimeout

__all__ = ["MIN_SAMPLES", "POOL", "PimcPlayer", "_explain"]

#: uniform deals drawn for each deal used (the weighted ones are resampled from them)
POOL = 4
#: card play: deals are weighed in the first this many tricks
INFER_TRICKS = 4
#: a defender's kontra at each of his levels (1 Kontra, 3 Subkontra, ...): the most the
#: soloist may make the component in (share of the weighted deals); above level 3, 0.05
DEFENDER_RAISE = {1: 0.3, 3: 0.12}
#: the soloist's re-doubles (2 Rekontra, 4 Mordkontra, ...): the least he must make it in;
#: above level 4, 0.97
SOLOIST_RAISE = {2: 0.8, 4: 0.92}
#: no raise beyond this level (Mordkontra, x16)
MAX_RAISE = 4
#: the default time limit of a card decision (ms), and of the others (the auction, the talon,
#: the trump, a kontra: a few a deal, each weighing whole contracts, whose first sample
#: alone can take longer than a card's whole limit); a budget's ``ms`` is the limit of every
#: kind of decision
DEFAULT_MS = 150.0
DEFAULT_CONTRACT_MS = 600.0
#: deals resampled at a time
BATCH = 8
#: the weights are flattened (halving their logs) until the effective number of distinct
#: deals in a batch's pool is at least this share of the pool: the model of the others is
#: rough, and one deal solved many times would make it a certainty
MIN_ESS_SHARE = 0.25


class PimcPlayer(Pimc1Player):
    name = "pimc"
    sound = True
    #: weigh sampled deals by what the other seats did (:mod:`ulti.players.ulti.inference`)
    infer = True
    #: ... the cards they chose included.  Off: measured by ``benchmarks/bench_card_inference.py``
    #: (one pool weighed with and without the cards), the rules player's card play as the model
    #: places the hidden cards much better against rules players (log-likelihood +0.066 a card,
    #: [+0.057, +0.076]) but not against sampling ones (-0.002, [-0.012, +0.008]; -0.012 in
    #: an earlier run), and ``pimc``'s opponents in its tournaments sample
    read_cards = False

    def start(self, seat: int, rules: Ruleset, game: int = 0) -> None:
        super().start(seat, rules, game)
        self.chance = learned_chance  # the contracts to measure: by the learned evaluator
        self.evidence: Evidence | None = None
        self.weigh = True  # weigh the deals drawn for this decision
        self.batch = BATCH  # deals resampled at a time (fewer where fewer are wanted)
        self.decision_deadline: float | None = None
        self._queue: list[tuple[tuple[int, int, int], int]] = []
        self._queue_k: Knowledge | None = None

    def know(self, obs: Observation) -> Knowledge:
        return knowledge(obs, self.rules, careful=True)

    def observe(self, obs: Observation) -> None:
        """Read what ``obs`` says about the others' hands (before deciding on it, or before
        valuing a decision from the seat: the analysis and the teacher): the deals drawn
        after are weighed by it, up to :data:`INFER_TRICKS` tricks into the play."""
        self.evidence = evidence(obs, self.rules, self.read_cards) if self.infer else None
        self.weigh = obs.phase != "PLAY" or len(obs.tricks) < INFER_TRICKS
        self._queue = []
        self._queue_k = None

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self.observe(obs)
        ms = self.budget.ms
        if ms is None:
            cards_only = obs.phase == "PLAY" and all(a.kind != ActionKind.KONTRA for a in legal)
            ms = DEFAULT_MS if cards_only else DEFAULT_CONTRACT_MS
        self.decision_deadline = time.perf_counter() + ms / 1000.0
        sv = S._solver()  # this thread's: the limit is lifted before another player uses it
        sv.limit(ms / 1000.0)
        try:
            return super().act(obs, legal)
        except SearchTimeout:
            # not one sample's search ended in time: the hand-written judgement decides
            self.explanation = ("hint.quick", {})
            return self.fallback.act(obs, legal)
        finally:
            sv.limit(None)
            self.decision_deadline = None

    # -- time -------------------------------------------------------------------------------

    def deadline(self) -> float:
        if self.decision_deadline is not None:
            return self.decision_deadline
        ms = self.budget.ms if self.budget.ms is not None else DEFAULT_MS
        return time.perf_counter() + ms / 1000.0

    def steps(self, n: int, deadline: float, least: int = MIN_SAMPLES) -> Iterator[int]:
        """Sample numbers, at most ``n`` (at least one): a sample is not begun when the mean
        time of those taken says it would end past the deadline."""
        start = time.perf_counter()
        for i in range(max(n, 1)):
            if i:
                now = time.perf_counter()
                if now + (now - start) / i > deadline:
                    return
            yield i

    def draw(self, k: Knowledge) -> tuple[tuple[int, int, int], int]:
        """A sampled deal, drawn with the weight the evidence gives it: resampled in batches
        of :attr:`batch` (:data:`BATCH`) from :data:`POOL` times as many uniform ones."""
        ev = self.evidence
        if ev is None or ev.empty or not self.weigh:
            return sample(k, self.rng)
        if self._queue_k is not k:
            self._queue = []
            self._queue_k = k
        if not self._queue:
            pool = [sample(k, self.rng) for _ in range(self.batch * POOL)]
            logs = [log_weight(ev, h, t) for h, t in pool]
            self._queue = [pool[i] for i in resample(logs, self.batch, self.rng.random())]
            self.rng.shuffle(self._queue)
        return self._queue.pop()

    # -- kontras ------------------------------------------------------------------------------

    def raise_wanted(self, obs: Observation, ks: list[Action]) -> Action | None:
        """The kontra (or re-double) to give, judged on the weighted deals, or ``None``."""
        ks = [a for a in ks if a.level <= MAX_RAISE]
        if not ks:
            return None
        rates = self.made_rates(obs, list({a.component for a in ks}))
        soloist = obs.seat == obs.soloist
        best: tuple[float, Action] | None = None
        for a in ks:
            p = rates[a.component]
            if soloist:
                ok = p >= SOLOIST_RAISE.get(a.level, 0.97)
                edge = p
            else:
                ok = p <= DEFENDER_RAISE.get(a.level, 0.05)
                edge = 1 - p
            if ok and (best is None or edge > best[0]):
                best = (edge, a)
        self.explanation = (
            "hint.kontra",
            {"rates": [(a.component, rates[a.component]) for a in ks]},
        )
        return best[1] if best is not None else None

    def answer_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        ks = [a for a in legal if a.kind == ActionKind.KONTRA]
        got = self.raise_wanted(obs, ks) if ks else None
        if got is not None:
            return got
        return next((a for a in legal if a.kind == ActionKind.PASS), legal[0])

    def play_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        ks = [a for a in legal if a.kind == ActionKind.KONTRA]
        if ks and not any(a.kind == ActionKind.MARRIAGE for a in legal):
            if obs.seat != obs.soloist:
                got = self.raise_wanted(obs, ks)
                if got is not None:
                    return got
            legal = [a for a in legal if a.kind != ActionKind.KONTRA]
        return super().play_turn(obs, legal)


def flatten(logs: list[float]) -> list[float]:
    """Weights from log-weights (the largest 1), flattened (the log-weights scaled by halves)
    until the pool's effective size is at least :data:`MIN_ESS_SHARE` of it."""
    scale = 1.0
    top = max(logs)
    while True:
        w = [math.exp((x - top) * scale) for x in logs]
        total = sum(w)
        ess = total * total / sum(x * x for x in w)
        if ess >= MIN_ESS_SHARE * len(logs) or scale < 1e-3:
            return w
        scale /= 2


def resample(logs: list[float], n: int, u: float) -> list[int]:
    """``n`` indices drawn in proportion to ``exp(logs)`` (systematic resampling, offset
    ``u`` in [0, 1)), the weights flattened first (:func:`flatten`)."""
    w = flatten(logs)
    total = sum(w)
    out: list[int] = []
    step = total / n
    pos = u * step
    acc = 0.0
    i = 0
    for j, x in enumerate(w):
        acc += x
        while i < n and pos < acc:
            out.append(j)
            i += 1
            pos += step
    while len(out) < n:  # rounding at the very end
        out.append(len(w) - 1)
    return out
