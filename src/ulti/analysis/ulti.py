"""After the deal: every decision of every seat valued, the mistakes marked and explained.

>>> a = analyze(deal)                                   # a finished deal  # doctest: +SKIP
>>> for dec in a.mistakes(): print(dec.explain("hu"))                      # doctest: +SKIP
>>> a.summary()[1].accuracy                                                # doctest: +SKIP

Each decision with a real choice gets a value for the action taken and for its alternatives,
in two views:

* **double dummy** (``dd``): all hands known; the solver's exact value after each alternative
  (:mod:`ulti.search.ulti.solver`);
* **from the seat** (``info``): what the seat knew when it acted; the sampling player's
  expectation over deals consistent with its observation (:mod:`ulti.players.ulti.pimc`, which
  samples with :mod:`ulti.players.ulti.knowledge`), weighed as the player weighs them by what the
  others' bids, passes, trump and kontras made likely (:mod:`ulti.players.ulti.inference`), each
  solved double dummy.

**Units.**  Every value is in the deciding seat's own units (what the settlement would credit
it): the soloist's units, or a defender's share, half the defence's (both defenders pay alike;
when one defender alone doubled, each defender's part is what it pays).

**Decisions** (``kind``):

=========  ===================================================================================
talon      the twelve-card choice: the two cards laid and the bid that follows (D4, A2)
auction    pass or pick up the talon (A3; without a talon, V4: pass or a bid)
trump      the trump suit (B6)
kontra     each offer of a kontra (K1, K2), said or declined
marriage   a marriage left undeclared at the seat's first card (R5)
card       a card, when more than one was legal (R1-R4)
=========  ===================================================================================

Each alternative of an auction decision is valued as if the auction ended with it: a bid is
played (with the best trump and the two cards the hand evaluation would lay), a pass defends
the standing bid (or throws the deal in).  V1's first round and claims are not analysed.

**Mistakes.**  A decision is a mistake when its loss (the best alternative's value less the
value of the action taken) is at least the threshold (default 2 units).  Card play and a
forgotten marriage are judged double dummy (the amount is exact: what best play from there
would have kept); the judgements made with hidden cards (talon and bid, pick up or pass, trump,
kontra) are judged from the seat, so that nobody is blamed for how cards they could not see
happened to lie; the other view is shown beside it.

**Accuracy.**  Per decision, how close the action came to the best in the judging view, from
0 (the worst alternative) to 100 (the best); a seat's accuracy is the mean over its decisions
whose alternatives differ in value.  Being relative to each decision's spread, it compares
between deals of any stake.

**Hidden information.**  :func:`analyze` reads the whole deal and is for deals that are over.
During a live deal only :func:`teach` may be used: it reads the seat's observation and
nothing else.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ulti.core.cards import ACE, HEARTS, KING, OVER, SEVEN, SUIT_MASKS, TEN, card, mask_of, name
from ulti.games.ulti.actions import Action, ActionKind, describe
from ulti.games.ulti.actions import bid as bid_action
from ulti.games.ulti.actions import discard as discard_action
from ulti.games.ulti.actions import play as play_action
from ulti.games.ulti.bids import Bid, Kind
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.scoring import SILENT_BASE, Money, item_title
from ulti.games.ulti.state import Phase
from ulti.i18n import LANGS, text
from ulti.players.base import Budget
from ulti.players.ulti.evaluate import Candidate, candidates, contract_estimate, discard_options
from ulti.players.ulti.pimc import BATCH, MIN_SAMPLES, PimcPlayer, _explain
from ulti.search.ulti import solver as S

if TYPE_CHECKING:
    from ulti.games.ulti.deal import Deal
    from ulti.games.ulti.observation import Observation
    from ulti.games.ulti.rules import Ruleset
    from ulti.games.ulti.session import Session

#: A decision losing at least this many units (the judging view) is a mistake.
THRESHOLD = 2.0
#: The seat's view per decision: at most this many sampled deals, and this time (ms).
SAMPLES = 12
MS = 120.0
DEFAULT_BUDGET = Budget(SAMPLES, MS)
#: A mistake judged from the seat must lose at least this many standard errors.
Z = 2.0
#: Alternatives whose values differ by less than this are worth the same.
EQUAL = 1e-6

KINDS = ("talon", "auction", "trump", "kontra", "marriage", "card")
#: Which view judges each kind of decision.
JUDGE = {
    "talon": "info",
    "auction": "info",
    "trump": "info",
    "kontra": "info",
    "marriage": "dd",
    "card": "dd",
}

#: A fact: a catalogue key (``analysis.*``) and its fields (cards, items, suits and bids as
#: data; they are named in the reader's language when the fact is put in words).
Fact = tuple[str, dict[str, Any]]


# -------------------------------------------------------------------------------------------
# results


@dataclass(frozen=True)
class Option:
    """One alternative of a decision and its value in each view (the deciding seat's units;
    ``None``: not valued in that view).  A talon option also carries the two cards laid and
    the trump it would play."""

    action: Action | None  # None: no kontra said
    dd: float | None
    info: float | None
    discard: tuple[int, int] | None = None
    trump: int | None = None
    word: str = ""  # a catalogue key naming the option instead of its action

    def value(self, view: str) -> float | None:
        return self.dd if view == "dd" else self.info

    def label(self, lang: str = "en", rules: Ruleset | None = None) -> str:
        """The alternative in words (``Lay the VII of Hearts, … · 40-100 (Acorns)``)."""
        if self.word or self.action is None:
            return text(self.word or "analysis.opt-no-kontra", lang)
        words = describe(self.action, lang, ladder=rules.ladder if rules else None)
        if self.discard is not None:
            words = describe(discard_action(*self.discard), lang) + " · " + words
        named = self.action.kind == ActionKind.BID and self.trump is not None and self.trump >= 0
        if named and rules is not None and not rules.ladder[self.action.bid].hearts:
            words += f" ({text(f'suit.{self.trump}', lang)})"
        return words

    def to_dict(self, rules: Ruleset | None = None) -> dict[str, Any]:
        return {
            "action": str(self.action) if self.action is not None else None,
            "label": {lang: self.label(lang, rules) for lang in LANGS},
            "dd": _round(self.dd),
            "info": _round(self.info),
            "discard": list(self.discard) if self.discard else None,
            "trump": self.trump,
        }


@dataclass(frozen=True)
class Decision:
    """One decision of one seat: the options valued, the loss in each view, whether it is a
    mistake (judged by :data:`JUDGE`'s view) and why, as facts."""

    index: int  # the action's place in the deal's history
    seat: int
    kind: str
    trick: int  # 1-10 during play, 0 before it
    taken: Option
    options: tuple[Option, ...]  # every alternative valued, the one taken among them
    threshold: float
    samples: int  # deals the seat's view sampled
    facts: tuple[Fact, ...] = ()
    rules: Ruleset | None = field(default=None, compare=False, repr=False)
    #: the standard error of the seat's view's loss (paired over the same sampled deals)
    se: float | None = None
    #: the seat's view's best against its runner-up: the standard error of the difference
    #: (paired over the same sampled deals) and, when asked for (``analyze(why=True)``),
    #: why the runner-up is worse, as facts (puzzles: :mod:`ulti.analysis.puzzles`)
    gap_se: float | None = None
    why: tuple[Fact, ...] = ()

    @property
    def judge(self) -> str:
        return JUDGE[self.kind]

    def best(self, view: str | None = None) -> Option | None:
        """The best alternative in ``view`` (default: the judging view)."""
        view = view or self.judge
        valued = [o for o in self.options if o.value(view) is not None]
        if not valued:
            return None
        return max(valued, key=lambda o: (_v(o.value(view)), o is self.taken))

    def loss(self, view: str | None = None) -> float | None:
        """Units the action taken gave away against the best alternative (never negative)."""
        view = view or self.judge
        best = self.best(view)
        got = self.taken.value(view)
        if best is None or got is None:
            return None
        return max(0.0, _v(best.value(view)) - got)

    @property
    def mistake(self) -> bool:
        """The loss reaches the threshold; judged from the seat, the samples must also show it
        clearly (the loss at least :data:`Z` standard errors), so that sampling noise alone
        never marks a mistake."""
        loss = self.loss()
        if loss is None or loss < self.threshold - 1e-9:
            return False
        if self.judge == "info" and self.se is not None:
            return loss >= Z * self.se - 1e-9
        return True

    @property
    def accuracy(self) -> float | None:
        """100 for the best alternative, 0 for the worst (``None``: all alike)."""
        values = [o.value(self.judge) for o in self.options]
        known = [x for x in values if x is not None]
        loss = self.loss()
        if len(known) < 2 or loss is None:
            return None
        spread = max(known) - min(known)
        if spread < 1e-9:
            return None
        return 100.0 * (1.0 - loss / spread)

    def runner_up(self, view: str = "info") -> Option | None:
        """The best alternative worth less than the best in ``view`` (those worth the same,
        such as two touching cards, are the best's equals; ``None``: none is worth less)."""
        best = self.best(view)
        if best is None:
            return None
        top = _v(best.value(view))
        valued = [o for o in self.options if o.value(view) is not None]
        rest = [o for o in valued if _v(o.value(view)) < top - EQUAL]
        return max(rest, key=lambda o: _v(o.value(view))) if rest else None

    def gap(self, view: str = "info") -> float | None:
        """How much the best alternative beats the runner-up by, in ``view``."""
        best, second = self.best(view), self.runner_up(view)
        if best is None or second is None:
            return None
        return _v(best.value(view)) - _v(second.value(view))

    def explain(self, lang: str = "en") -> str:
        """Why this decision lost what it lost, in ``lang`` (empty when it lost nothing)."""
        return " ".join(fact_text(f, lang, self.rules) for f in self.facts)

    def title(self, lang: str = "en") -> str:
        """What was decided, in words (``Trick 3: the King of Acorns``)."""
        label = self.taken.label(lang, self.rules)
        if self.trick:
            return text("analysis.in-trick", lang, n=self.trick, what=label)
        return label

    def to_dict(self) -> dict[str, Any]:
        best = self.best()
        dd_best = self.best("dd")
        info_best = self.best("info")
        return {
            "index": self.index,
            "seat": self.seat,
            "kind": self.kind,
            "trick": self.trick,
            "judge": self.judge,
            "taken": self.taken.to_dict(self.rules),
            "best": best.to_dict(self.rules) if best else None,
            "best_dd": dd_best.to_dict(self.rules) if dd_best else None,
            "best_info": info_best.to_dict(self.rules) if info_best else None,
            "options": [o.to_dict(self.rules) for o in self.options],
            "loss": _round(self.loss()),
            "loss_dd": _round(self.loss("dd")),
            "loss_info": _round(self.loss("info")),
            "mistake": self.mistake,
            "accuracy": _round(self.accuracy),
            "samples": self.samples,
            "se": _round(self.se),
            "title": {lang: self.title(lang) for lang in LANGS},
            "why": {lang: self.explain(lang) for lang in LANGS},
        }


@dataclass(frozen=True)
class SeatSummary:
    """One seat's account of a deal (or a session): its decisions with a choice, its
    mistakes, the units they lost, its accuracy (``None``: no decision to judge)."""

    seat: int
    decisions: int
    mistakes: int
    lost: float
    accuracy: float | None

    def to_dict(self) -> dict[str, Any]:
        """The fields, the units and the accuracy rounded."""
        return {**asdict(self), "lost": _round(self.lost), "accuracy": _round(self.accuracy)}


def summarize(decisions: Sequence[Decision]) -> tuple[SeatSummary, SeatSummary, SeatSummary]:
    """Each seat's summary over ``decisions`` (of one deal or many)."""
    out = []
    for seat in range(3):
        mine = [d for d in decisions if d.seat == seat]
        scored = [a for a in (d.accuracy for d in mine) if a is not None]
        mistakes = [d for d in mine if d.mistake]
        out.append(
            SeatSummary(
                seat,
                len(mine),
                len(mistakes),
                sum(_v(d.loss()) for d in mistakes),
                sum(scored) / len(scored) if scored else None,
            )
        )
    return out[0], out[1], out[2]


@dataclass(frozen=True)
class DealAnalysis:
    """A finished deal analysed: its decisions in order, the soloist's double-dummy value at
    the first lead and after each trick (``curve``: ``(tricks played, units)``), the
    settlement."""

    decisions: tuple[Decision, ...]
    curve: tuple[tuple[int, float], ...]
    returns: tuple[int, int, int]
    soloist: int
    contract: str | None
    threshold: float
    skipped: int = 0  # decisions not analysed (V1's first round, claims)

    def mistakes(self) -> list[Decision]:
        return [d for d in self.decisions if d.mistake]

    def worst(self, n: int = 3) -> list[Decision]:
        """The ``n`` costliest mistakes, costliest first."""
        return sorted(self.mistakes(), key=lambda d: (-_v(d.loss()), d.index))[:n]

    def summary(self) -> tuple[SeatSummary, SeatSummary, SeatSummary]:
        return summarize(self.decisions)

    def to_dict(self) -> dict[str, Any]:
        return {
            "threshold": self.threshold,
            "soloist": self.soloist,
            "contract": self.contract,
            "returns": list(self.returns),
            "curve": [[n, _round(v)] for n, v in self.curve],
            "decisions": [d.to_dict() for d in self.decisions],
            # the costliest mistakes by their place in ``decisions`` (a declined kontra and
            # the card played after it share a place in the history)
            "worst": [self.decisions.index(d) for d in self.worst()],
            "summary": [s.to_dict() for s in self.summary()],
            "skipped": self.skipped,
        }


@dataclass(frozen=True)
class SessionAnalysis:
    """Every deal of a session analysed, and each seat's account over all of them."""

    deals: tuple[DealAnalysis, ...]

    def summary(self) -> tuple[SeatSummary, SeatSummary, SeatSummary]:
        return summarize([d for a in self.deals for d in a.decisions])

    def worst(self, n: int = 3) -> list[tuple[int, Decision]]:
        """The ``n`` costliest mistakes of the session: (deal number from 1, decision)."""
        every = [(i + 1, d) for i, a in enumerate(self.deals) for d in a.mistakes()]
        return sorted(every, key=lambda x: (-_v(x[1].loss()), x[0], x[1].index))[:n]

    def to_dict(self) -> dict[str, Any]:
        return {
            "deals": [a.to_dict() for a in self.deals],
            "summary": [s.to_dict() for s in self.summary()],
            "worst": [[n, self.deals[n - 1].decisions.index(d)] for n, d in self.worst()],
        }


# -------------------------------------------------------------------------------------------
# the analysis


Progress = Callable[[int, int], None]


def analyze(
    deal: Deal,
    budget: Budget | None = None,
    threshold: float = THRESHOLD,
    seed: int = 0,
    progress: Progress | None = None,
    why: bool = False,
) -> DealAnalysis:
    """Analyse a finished deal (see the module documentation).  ``budget`` bounds the seat's
    view per decision (default :data:`DEFAULT_BUDGET`); ``seed`` makes its samples
    reproducible (with a budget of samples and a time limit they never reach, such as
    ``Budget(12, 1e6)``, the analysis is the same on every run);
    ``progress(done, total)`` is told of each step; ``why``: every decision also says why
    its seat's view's runner-up is worse than its best (:attr:`Decision.why`)."""
    if not deal.is_over():
        raise ValueError("R8: a deal is analysed once it is over (during play: teach)")
    if not (isinstance(threshold, (int, float)) and math.isfinite(threshold) and threshold > 0):
        raise ValueError(f"the threshold is a number of units above 0, not {threshold!r}")
    return _Analyst(deal, budget or DEFAULT_BUDGET, float(threshold), seed, progress, why).run()


def analyze_session(
    session: Session,
    budget: Budget | None = None,
    threshold: float = THRESHOLD,
    seed: int = 0,
    progress: Progress | None = None,
    deals: Sequence[int] | None = None,
) -> SessionAnalysis:
    """Every finished deal of a session (or the deals numbered ``deals``, from 1)."""
    finished = session.finished_deals
    chosen = list(range(1, len(finished) + 1)) if deals is None else list(deals)
    for n in chosen:
        if not 1 <= n <= len(finished):
            raise ValueError(f"the session has {len(finished)} finished deals; no deal {n}")
    numbered = [(n, finished[n - 1]) for n in chosen]
    return SessionAnalysis(tuple(analyze_numbered(numbered, budget, threshold, seed, progress)))


def analyze_numbered(
    deals: Sequence[tuple[int, Deal]],
    budget: Budget | None = None,
    threshold: float = THRESHOLD,
    seed: int = 0,
    progress: Progress | None = None,
) -> list[DealAnalysis]:
    """Finished deals, each with its number (a session's, from 1): deal ``n`` analysed with
    the seed ``seed + n``; ``progress(done, total)`` counts the actions of them all."""
    total = sum(len(d.history) for _n, d in deals)
    out = []
    done = 0
    for n, d in deals:

        def step(i: int, _t: int, base: int = done) -> None:
            if progress is not None:
                progress(base + i, total)

        out.append(analyze(d, budget, threshold, seed + n, step))
        done += len(d.history)
    return out


def value_step(
    deal: Deal,
    budget: Budget | None = None,
    seed: int = 0,
    taken: Action | None = None,
    then: Action | None = None,
    played: Deal | None = None,
) -> list[Decision]:
    """The decisions of ``deal``'s next step, valued as :func:`analyze` values them at that
    step of a finished deal with the same ``seed`` (the what-if board: any position, in or off
    the line played).  ``taken``: the action the line takes there (default: the first legal
    one; laying the talon: the first pair the hand evaluation would lay, ``then`` its bid);
    ``played``: the finished deal whose line this step is on (the analysis names a talon
    choice's trump as that deal played it).
    A step may hold two decisions (a kontra offered before a card: the kontra's and the
    card's); none when it offers no choice (or is a first round of V1's or a claim, which the
    analysis leaves too).

    Only for a deal whose hands the caller may see (a finished deal's line): the double
    dummy view reads every hand."""
    if deal.is_over():
        return []
    e = deal.clone()
    legal = e.legal_actions()
    seat = e.current_player
    i = len(e.history)
    a = _Analyst(played or e, budget or DEFAULT_BUDGET, THRESHOLD, seed, None)
    if e.phase == Phase.DISCARD:
        if taken is None or then is None:
            rank = e.bid.rank if e.bid else 0
            c = next(iter(candidates(e.hands[seat], e.rules, rank, 1, twelve=True)), None)
            if c is None or c.discard is None:
                return []
            taken, then = discard_action(*c.discard), bid_action(c.bid.key)
        a._talon(e, i, seat, taken, then)
        return a.decisions
    act = taken if taken is not None else legal[0]
    history = [*e.history, (seat, act)]
    if e.phase == Phase.AUCTION and len(legal) > 1:
        a._auction(e, i, seat, act)
    elif e.phase == Phase.TRUMP and len(legal) > 1:
        a._trump(e, i, seat, act)
    elif e.phase in (Phase.KONTRA, Phase.PLAY) and act.kind != ActionKind.CLAIM:
        if act.kind in _TURN_EXTRAS and act.kind != ActionKind.KONTRA:
            card = next((x for x in legal if x.kind == ActionKind.PLAY), act)
            history[-1] = (seat, card)
            a._play_step(e, i, seat, card, history)
        else:
            a._play_step(e, i, seat, act, history)
    return a.decisions


class _Analyst:
    def __init__(
        self,
        deal: Deal,
        budget: Budget,
        threshold: float,
        seed: int,
        progress: Progress | None,
        why: bool = False,
    ) -> None:
        self.deal = deal
        self.rules = deal.rules
        self.budget = budget
        self.threshold = threshold
        self.seed = seed
        self.progress = progress
        self.why = why
        self.sv = S._solver()
        self.decisions: list[Decision] = []
        self.skipped = 0

    # -- the walk through the deal ----------------------------------------------------------

    def run(self) -> DealAnalysis:
        d = self.deal
        e = Deal(d.rules, d.seed, d.dealer, d.deck if d.custom_deck else None)
        history = list(d.history)
        curve: list[tuple[int, float]] = []
        n = len(history)
        i = 0
        while i < n:
            seat, action = history[i]
            ph = e.phase
            nxt = history[i + 1][1] if i + 1 < n else None
            if ph in (Phase.PLAY, Phase.KONTRA) and not curve and e.contract is not None:
                curve.append((0, float(self._dd_soloist(e))))
            if ph == Phase.DISCARD and nxt is not None and nxt.kind == ActionKind.BID:
                self._talon(e, i, seat, action, nxt)
                e.apply(action)
                e.apply(nxt)
                i += 2
                self._tick(i, n)
                continue
            if ph == Phase.AUCTION and len(e.legal_actions()) > 1:
                self._auction(e, i, seat, action)
            elif ph == Phase.TRUMP and len(e.legal_actions()) > 1:
                self._trump(e, i, seat, action)
            elif ph in (Phase.KONTRA, Phase.PLAY) and action.kind != ActionKind.CLAIM:
                self._play_step(e, i, seat, action, history)
            elif ph == Phase.ROUND1 or action.kind == ActionKind.CLAIM:
                self.skipped += 1
            before = e.tricks_played
            e.apply(action)
            if e.contract is not None and e.tricks_played > before:
                curve.append((e.tricks_played, float(self._dd_soloist(e))))
            i += 1
            self._tick(i, n)
        if curve and e.is_over() and curve[-1][0] != e.tricks_played:
            curve.append((e.tricks_played, float(self._dd_soloist(e))))
        totals = d.returns()
        return DealAnalysis(
            tuple(self.decisions),
            tuple(curve),
            (totals[0], totals[1], totals[2]),
            d.soloist if d.contract is not None else -1,
            d.contract.key if d.contract is not None else None,
            self.threshold,
            self.skipped,
        )

    def _tick(self, i: int, n: int) -> None:
        if self.progress is not None:
            self.progress(i, n)

    def _add(
        self,
        e: Deal,
        i: int,
        seat: int,
        kind: str,
        taken: int,
        options: list[Option],
        samples: int,
        trace: Sequence[Sequence[float]] = (),
        facts: Callable[[Decision], list[Fact]] | None = None,
    ) -> None:
        """Record a decision; ``trace`` holds, per sampled deal, each option's value from the
        seat (own units, in the order of ``options``) for the standard error of the loss."""
        trick = e.tricks_played + 1 if e.phase in (Phase.PLAY, Phase.KONTRA) else 0
        dec = Decision(
            i, seat, kind, trick, options[taken], tuple(options), self.threshold, samples
        )
        best = dec.best("info")
        second = dec.runner_up("info")
        se = gap_se = None
        if best is not None and len(trace) >= 2:
            b = options.index(best)
            se = _stderr([row[b] - row[taken] for row in trace])
            if second is not None:
                r = options.index(second)
                gap_se = _stderr([row[b] - row[r] for row in trace])
        dec = replace(dec, rules=self.rules, se=se, gap_se=gap_se)
        if facts is not None and dec.mistake:
            dec = replace(dec, facts=tuple(facts(dec)))
        if facts is not None and self.why and second is not None:
            dec = replace(dec, why=tuple(facts(replace(dec, taken=second))))
        self.decisions.append(dec)

    def _seat_view(self, seat: int, i: int, obs: Observation) -> PimcPlayer:
        """The sampling player that values a decision from the seat (its samples seeded by
        the analysis seed and the decision's place), having read ``obs`` as it would before
        deciding: the deals it draws are weighed by what the seat saw the others do."""
        return seat_player(obs, self.rules, self.budget, self.seed, game=i)

    def _samples(self, p: PimcPlayer) -> Iterator[int]:
        """Sample numbers while the budget lasts (at least :data:`MIN_SAMPLES`)."""
        deadline = p.deadline()
        for j in range(max(p.samples(SAMPLES), MIN_SAMPLES)):
            if j >= MIN_SAMPLES and time.perf_counter() > deadline:
                return
            yield j

    # -- values ---------------------------------------------------------------------------

    def _dd_soloist(self, e: Deal) -> int:
        """The soloist's units under best play from ``e`` (the settlement once over)."""
        if e.is_over():
            return e.returns()[e.soloist] if e.soloist >= 0 else 0
        return S.value(S.Position.from_deal(e), self.sv)

    def _contract_dd(
        self, e: Deal, contract: Bid, trump: int, soloist: int, hands: Sequence[int], talon: int
    ) -> int:
        """The soloist's units for ``contract`` played from the first lead with these hands."""
        pos = S.Position.from_facts(
            contract=contract,
            rules=self.rules,
            trump=trump,
            soloist=soloist,
            hands=(hands[0], hands[1], hands[2]),
            talon=talon,
            tricks=(),
            trick=(),
            to_move=e.forehand if self.rules.forehand_leads else soloist,  # R1, W6
            marriages=(),
            multiplier=e.bid_multiplier,
        )
        return S.value(pos, self.sv)

    def _trumps(self, b: Bid) -> list[int]:
        if not b.trump:
            return [-1]
        return [HEARTS] if (b.hearts or self.rules.hearts_always_trump) else [1, 2, 3]

    # -- the talon and the bid ----------------------------------------------------------------

    def _talon(self, e: Deal, i: int, seat: int, laid: Action, said: Action) -> None:
        obs = e.observation(seat)
        hand12 = e.hands[seat]
        rank = e.bid.rank if e.bid else 0
        taken_bid = self.rules.ladder[said.bid]
        taken_trump = self._taken_trump(seat, i, taken_bid, hand12, laid.cards)
        pair_laid = (laid.cards[0], laid.cards[1])
        pairs: list[tuple[Candidate, tuple[int, int] | None]] = [
            (Candidate(taken_bid, taken_trump, pair_laid, 0.0), pair_laid)
        ]
        for c in candidates(hand12, self.rules, rank, 4, twelve=True):
            for pair in discard_options(hand12, c.bid, c.trump, 2):
                if (c.bid.key, pair) != (taken_bid.key, pair_laid):
                    pairs.append((c, pair))
        p = self._seat_view(seat, i, obs)
        k = p.know(obs)
        trace: list[list[float]] = []
        means, n = p.option_means(k, pairs, hand12, p.samples(SAMPLES), obs, trace)
        forfeit = self.rules.simple_forfeit and e.bid is None
        for j, (c, _pair) in enumerate(pairs):
            if c.bid.key == "simple" and forfeit:  # A5: a Simple left standing is forfeited
                means[j] = min(means[j], -4.0)
                for row in trace:
                    row[j] = min(row[j], -4.0)
        options = []
        for j, (c, maybe) in enumerate(pairs):
            assert maybe is not None
            pair = maybe
            hands = list(e.hands)
            lay = (1 << pair[0]) | (1 << pair[1])
            hands[seat] = hand12 & ~lay
            dd = self._contract_dd(e, c.bid, c.trump, seat, hands, lay)
            options.append(Option(bid_action(c.bid.key), float(dd), means[j], pair, c.trump))

        def facts(dec: Decision) -> list[Fact]:
            return [
                _compare("analysis.talon", dec),
                *_bid_conditions(dec.taken, hand12, self.rules),
            ]

        self._add(e, i, seat, "talon", 0, options, n, trace, facts)

    def _taken_trump(self, seat: int, i: int, b: Bid, hand12: int, laid: Sequence[int]) -> int:
        """The trump the bid was played with, when this seat played it; else the suit the
        hand evaluation would name."""
        d = self.deal
        if d.contract is not None and d.soloist == seat and d.contract.key == b.key:
            return d.trump
        trumps = self._trumps(b)
        if len(trumps) == 1:
            return trumps[0]
        ten = hand12 & ~mask_of(laid)
        return max(trumps, key=lambda t: contract_estimate(b, ten, t, self.rules))

    # -- the auction: pass, pick up, bid (V4) ---------------------------------------------------

    def _auction(self, e: Deal, i: int, seat: int, action: Action) -> None:
        """Each alternative valued as if the auction ended with it, over the same sampled
        deals: a pass defends the standing bid (its bidder naming the trump best for the
        sampled hand), or plays one's own standing bid, or throws the deal in; a pick-up plays
        the best contract of the twelve cards; a bid (V4) is played as it stands."""
        legal = e.legal_actions()
        obs = e.observation(seat)
        p = self._seat_view(seat, i, obs)
        k = p.know(obs)
        hand = e.hands[seat]
        rank = e.bid.rank if e.bid else 0
        acts: list[Action] = [a for a in legal if a.kind in (ActionKind.PASS, ActionKind.PICKUP)]
        cands: list[Candidate] = []
        if any(a.kind == ActionKind.BID for a in legal):  # no talon (V4)
            by_key = {c.bid.key: c for c in candidates(hand, self.rules, rank, 4)}
            if action.kind == ActionKind.BID and action.bid not in by_key:
                b = self.rules.ladder[action.bid]
                by_key[b.key] = Candidate(b, self._taken_trump(seat, i, b, hand, ()), None, 0.0)
            cands = list(by_key.values())
            acts += [bid_action(c.bid.key) for c in cands]
        if action not in acts:
            self.skipped += 1
            return
        standing = e.bid if e.bidder >= 0 else None
        trace: list[list[float]] = []
        pickup_ok = True
        for _j in self._samples(p):
            hands, talon = p.draw(k)
            row: list[float] = []
            for a in acts:
                if a.kind == ActionKind.PASS:
                    row.append(self._pass_value(e, seat, standing, hands, talon))
                elif a.kind == ActionKind.PICKUP:
                    v = p.pickup_one(obs, hand, hands, talon)
                    pickup_ok = pickup_ok and v is not None
                    row.append(float(v or 0))
            for c in cands:
                row.append(float(self._contract_dd(e, c.bid, c.trump, seat, hands, talon)))
            trace.append(row)
        n = len(trace)
        options = []
        for j, a in enumerate(acts):
            info: float | None = sum(row[j] for row in trace) / n
            if a.kind == ActionKind.PASS:
                dd: float | None = self._pass_value(e, seat, standing, e.hands, e.talon)
            elif a.kind == ActionKind.PICKUP:
                dd = self._pickup_dd(e, seat, rank)
                info = info if pickup_ok else None
            else:
                c = cands[j - (len(acts) - len(cands))]
                dd = float(self._contract_dd(e, c.bid, c.trump, seat, e.hands, e.talon))
            trump = cands[j - (len(acts) - len(cands))].trump if a.kind == ActionKind.BID else None
            options.append(Option(a, dd, info, None, trump))
        taken = acts.index(action)

        def facts(dec: Decision) -> list[Fact]:
            return [_compare("analysis.auction", dec)]

        self._add(e, i, seat, "auction", taken, options, n, trace, facts)

    def _pass_value(
        self, e: Deal, seat: int, standing: Bid | None, hands: Sequence[int], talon: int
    ) -> float:
        """A pass, the auction ending: the standing bid played by its bidder with the trump
        best for these hands (``seat``'s own units), or nothing (a thrown-in deal)."""
        if standing is None:
            return 0.0
        v = max(
            self._contract_dd(e, standing, t, e.bidder, hands, talon)
            for t in self._trumps(standing)
        )
        return float(v) if e.bidder == seat else -v / 2

    def _pickup_dd(self, e: Deal, seat: int, rank: int) -> float | None:
        twelve = e.hands[seat] | e.talon
        best: float | None = None
        for c in candidates(twelve, self.rules, rank, 3, twelve=True):
            assert c.discard is not None
            lay = (1 << c.discard[0]) | (1 << c.discard[1])
            hands = list(e.hands)
            hands[seat] = twelve & ~lay
            v = float(self._contract_dd(e, c.bid, c.trump, seat, hands, lay))
            best = v if best is None else max(best, v)
        return best

    # -- trump ------------------------------------------------------------------------------

    def _trump(self, e: Deal, i: int, seat: int, action: Action) -> None:
        legal = e.legal_actions()
        obs = e.observation(seat)
        p = self._seat_view(seat, i, obs)
        suits = [a.suit for a in legal]
        trace: list[list[float]] = []
        sums, n = p.trump_sums(obs, suits, trace)
        options = []
        for a in legal:
            if e.contract is None:  # W4: the trump of a bid the auction may still overcall
                assert e.bid is not None
                dd = float(self._contract_dd(e, e.bid, a.suit, seat, e.hands, e.talon))
            else:
                c = e.clone()
                c.apply(a)
                dd = float(self._dd_soloist(c))
            options.append(Option(a, dd, sums[a.suit] / max(1, n), None, a.suit))
        taken = legal.index(action)
        hand = e.hands[seat]

        def facts(dec: Decision) -> list[Fact]:
            best = dec.best()
            assert best is not None
            return [
                _compare("analysis.trump", dec),
                (
                    "analysis.trump-length",
                    {
                        "suit": best.trump,
                        "count": (hand & SUIT_MASKS[_suit(best)]).bit_count(),
                        "other": dec.taken.trump,
                        "other_count": (hand & SUIT_MASKS[_suit(dec.taken)]).bit_count(),
                    },
                ),
            ]

        self._add(e, i, seat, "trump", taken, options, n, trace, facts)

    # -- play: kontras, marriages, cards --------------------------------------------------------

    def _play_step(
        self, e: Deal, i: int, seat: int, action: Action, history: Sequence[tuple[int, Action]]
    ) -> None:
        legal = e.legal_actions()
        kontras = [a for a in legal if a.kind == ActionKind.KONTRA]
        if kontras and action.kind != ActionKind.MARRIAGE:
            # a kontra said, or the turn ending (a card, a pass) with none said in it
            said = False
            j = i - 1
            while j >= 0 and history[j][0] == seat and history[j][1].kind in _TURN_EXTRAS:
                said = said or history[j][1].kind == ActionKind.KONTRA
                j -= 1
            if action.kind == ActionKind.KONTRA or not said:
                self._kontra(e, i, seat, action, legal, kontras)
        if action.kind != ActionKind.PLAY:
            return
        marriages = [a for a in legal if a.kind == ActionKind.MARRIAGE]
        if marriages and not e.rules.marriages_with_card:  # W9: the other card may declare it
            self._marriage(e, i, seat, action, marriages)
        cards = [a.card for a in legal if a.kind == ActionKind.PLAY]
        if len(cards) > 1:
            self._card(e, i, seat, action, cards)

    def _kontra(
        self,
        e: Deal,
        i: int,
        seat: int,
        action: Action,
        legal: Sequence[Action],
        kontras: Sequence[Action],
    ) -> None:
        """Each kontra offered, and none: the solver's value with each option's money, with
        all hands open and over the same deals sampled from the seat; a defender's part of
        the defence's units is shared as the two defenders pay (:func:`_share`)."""
        decline = next((a for a in legal if a.kind == ActionKind.PASS), None)
        choices: list[Action | None] = [*kontras, None]  # None: no kontra (play on)
        money = []
        dd = []
        for a in choices:
            c = e.clone()
            if a is not None:
                c.apply(a)
            items = tuple(c.money())
            money.append(items)
            dd.append(_own(S.value(S.Position.from_deal(c), self.sv), seat, e.soloist, items))
        obs = e.observation(seat)
        p = self._seat_view(seat, i, obs)
        k = p.know(obs)
        trace: list[list[float]] = []
        made: dict[int, int] = {}
        for _j in self._samples(p):
            pos = p.position(obs, k)
            row = []
            for items in money:
                v = S.value(replace(pos, items=items), self.sv)
                row.append(_own(v, seat, e.soloist, items))
            trace.append(row)
            for item, _m in money[-1]:
                made[item] = made.get(item, 0) + S.objective(pos, S.ITEM_OBJECTIVE[item], self.sv)
        n = len(trace)
        options = []
        for j, a in enumerate(choices):
            info = sum(row[j] for row in trace) / n
            options.append(Option(a if a is not None else decline, dd[j], info))
        taken = list(kontras).index(action) if action.kind == ActionKind.KONTRA else len(kontras)

        def facts(dec: Decision) -> list[Fact]:
            best = dec.best()
            assert best is not None
            said = dec.taken.action is not None and dec.taken.action.kind == ActionKind.KONTRA
            a = dec.taken.action if said else best.action
            if a is None or a.kind != ActionKind.KONTRA:
                return [_compare("analysis.kontra-other", dec)]
            rate = made.get(int(a.component), 0) / n
            return [
                (
                    "analysis.kontra-said" if said else "analysis.kontra-missed",
                    {
                        "kontra": a,
                        "item": int(a.component),
                        "pct": round(100 * rate),
                        "soloist": seat == e.soloist,
                        "amount": dec.loss(),
                        "n": dec.samples,
                    },
                )
            ]

        self._add(e, i, seat, "kontra", taken, options, n, trace, facts)

    def _marriage(
        self, e: Deal, i: int, seat: int, action: Action, marriages: Sequence[Action]
    ) -> None:
        """A card played while marriages could still be declared: they are lost (R5)."""
        items = tuple(e.money())
        with_v = _own(S.value(S.Position.from_deal(e), self.sv), seat, e.soloist, items)
        silent = S.Position.from_deal(e, silent_seats=(seat,))  # this seat declares no more
        without_v = _own(S.value(silent, self.sv), seat, e.soloist, items)
        options = [Option(action, without_v, None, word="analysis.opt-no-marriage")]
        options += [Option(marriages[0], with_v, None)]
        suit = marriages[0].suit

        def facts(dec: Decision) -> list[Fact]:
            points = 40 if suit == e.trump else 20
            return [("analysis.marriage", {"suit": suit, "points": points, "amount": dec.loss()})]

        self._add(e, i, seat, "marriage", 0, options, 0, (), facts)

    def _card(self, e: Deal, i: int, seat: int, action: Action, cards: list[int]) -> None:
        pos = S.Position.from_deal(e)
        mv = {m.card: m for m in S.move_values(pos, self.sv)}
        obs = e.observation(seat)
        p = self._seat_view(seat, i, obs)
        trace: list[list[float]] = []
        sums, n = p.card_sums(obs, cards, trace)
        s = e.soloist
        items = pos.items
        options = [
            Option(
                play_action(c),
                _own(_v(mv[c].value), seat, s, items),
                _own(sums[c] / max(1, n), seat, s, items),
            )
            for c in cards
        ]
        own_trace = [[_own(v, seat, s, items) for v in row] for row in trace]

        def facts(dec: Decision) -> list[Fact]:
            best = dec.best()
            assert best is not None and best.action is not None
            assert dec.taken.action is not None
            taken = dec.taken.action.card
            return _card_facts(e, pos, mv, seat, taken, best.action.card, dec, self.deal)

        self._add(e, i, seat, "card", cards.index(action.card), options, n, own_trace, facts)


_TURN_EXTRAS = (ActionKind.KONTRA, ActionKind.MARRIAGE)


def _compare(key: str, dec: Decision) -> Fact:
    """The action taken against the best, from the seat: ``taken``, ``best``, their values
    and how many deals were sampled."""
    best = dec.best()
    assert best is not None
    return (
        key,
        {
            "taken": dec.taken,
            "taken_v": dec.taken.info,
            "best": best,
            "best_v": best.info,
            "n": dec.samples,
        },
    )


def _stderr(xs: Sequence[float]) -> float:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return math.sqrt(var / n)


def _share(seat: int, soloist: int, items: Sequence[tuple[int, Money]]) -> float:
    """The part of the defence's payments that ``seat`` (a defender) makes: a half unless
    kontras differ between the defenders."""
    first = sum(m.first for _, m in items)
    both = sum(m.first + m.second for _, m in items)
    if both == 0:
        return 0.5
    return (first if seat == (soloist + 1) % 3 else both - first) / both


def _own(v: float, seat: int, soloist: int, items: Sequence[tuple[int, Money]]) -> float:
    """The soloist's units ``v`` as ``seat``'s own: all of them for the soloist, a
    defender's share of the defence's (:func:`_share`)."""
    if seat == soloist:
        return float(v)
    return -v * _share(seat, soloist, items)


def _suit(o: Option) -> int:
    assert o.trump is not None
    return o.trump


def _v(x: float | None) -> float:
    return -math.inf if x is None else x


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


# -------------------------------------------------------------------------------------------
# facts: why a decision lost what it lost


def _card_facts(
    e: Deal,
    pos: S.Position,
    mv: dict[int, S.MoveValue],
    seat: int,
    taken: int,
    best: int,
    dec: Decision,
    deal: Deal,
) -> list[Fact]:
    s = e.soloist
    soloist_side = seat == s
    names = tuple(S.ITEM_OBJECTIVE[item] for item, _ in pos.items)
    made = S.move_objectives(pos, names)
    facts: list[Fact] = []
    items = [item for item, _ in pos.items]
    for item, nm in zip(items, names, strict=True):
        a, b = made[taken][nm], made[best][nm]
        if a == b:
            continue
        if soloist_side and not a:
            facts.append(("analysis.card-lost", {"card": taken, "item": item, "best": best}))
        elif not soloist_side and a:
            facts.append(("analysis.card-gave", {"card": taken, "item": item, "best": best}))
        else:
            continue
        if item in (int(Kind.ULTI), SILENT_BASE + 2) and e.trump >= 0:
            seven = card(e.trump, SEVEN)
            if not soloist_side and e.hands[s] >> seven & 1:
                trumps = (e.hands[seat] & SUIT_MASKS[e.trump]).bit_count()
                kept = taken >> 3 == e.trump and best >> 3 != e.trump
                facts.append(
                    ("analysis.seven-held", {"trumps": trumps, "keep": kept, "suit": e.trump})
                )
        if nm in ("simple", "40-100", "20-100", "silent 100"):
            facts.append(
                (
                    "analysis.points",
                    {"p": mv[taken].points, "q": mv[best].points, "best": best},
                )
            )
    if not facts:
        facts.append(
            (
                "analysis.card-units",
                {
                    "card": taken,
                    "best": best,
                    "taken_v": dec.taken.dd,
                    "best_v": dec.best("dd").dd if dec.best("dd") else None,  # type: ignore[union-attr]
                },
            )
        )
    # the trick this card went to, as it was played
    rank = taken & 7
    if rank in (ACE, TEN) and e.contract is not None and e.contract.trump:
        winner = _trick_winner(deal, e.tricks_played)
        if winner >= 0 and (winner == s) != soloist_side:
            facts.append(("analysis.gave-points", {"card": taken}))
    facts.append(("analysis.cost", {"amount": dec.loss()}))
    return facts


def _trick_winner(deal: Deal, index: int) -> int:
    return deal.tricks[index][2] if index < len(deal.tricks) else -1


def _bid_conditions(taken: Option, hand12: int, rules: Ruleset) -> list[Fact]:
    """What the ten cards kept lacked for the bid made: the marriage of a 40-100 or 20-100,
    the trump VII of an Ulti, the Aces of a Four Aces."""
    assert taken.action is not None and taken.discard is not None
    b = rules.ladder[taken.action.bid]
    ten = hand12 & ~((1 << taken.discard[0]) | (1 << taken.discard[1]))
    t = taken.trump if taken.trump is not None else -1
    out: list[Fact] = []
    if b.has(Kind.FORTY_HUNDRED) and t >= 0:
        if not (ten >> card(t, KING) & 1 and ten >> card(t, OVER) & 1):
            out.append(("analysis.no-forty", {"suit": t}))
    if b.has(Kind.TWENTY_HUNDRED):
        if not any(
            ten >> card(x, KING) & 1 and ten >> card(x, OVER) & 1 for x in range(4) if x != t
        ):
            out.append(("analysis.no-twenty", {}))
    if b.has(Kind.ULTI) and t >= 0 and not ten >> card(t, SEVEN) & 1:
        out.append(("analysis.no-seven", {"suit": t}))
    if b.has(Kind.FOUR_ACES):
        aces = sum(1 for x in range(4) if ten >> card(x, ACE) & 1)
        if aces < 4:
            out.append(("analysis.aces", {"n": aces}))
    return out


def number(x: float | None, lang: str = "en", sign: bool = True) -> str:
    """Units as a player reads them: whole when whole, else one decimal (a decimal comma in
    Hungarian), signed unless ``sign`` is false; ``?`` for no value."""
    if x is None:
        return "?"
    whole = abs(x - round(x)) < 0.05
    if whole:
        n = round(x)
        out = f"{n:+d}" if sign and n != 0 else str(n)
    else:
        out = f"{x:+.1f}" if sign else f"{x:.1f}"
    return out.replace(".", ",") if lang == "hu" else out


def _num(x: Any, lang: str = "en") -> str:
    return number(None if x is None else float(x), lang)


def _amount(x: Any, lang: str = "en") -> str:
    return number(float(x or 0.0), lang, sign=False)


def fact_text(fact: Fact, lang: str = "en", rules: Ruleset | None = None) -> str:
    """A fact in words: its cards, items, suits and options named in ``lang``."""
    key, fields = fact
    words: dict[str, object] = {}
    for k, v in fields.items():
        if k in ("card", "best") and isinstance(v, int):
            words[k] = name(v, lang)
        elif isinstance(v, Option):
            words[k] = v.label(lang, rules)
        elif k == "item":
            words[k] = item_title(v, lang)
        elif k in ("suit", "other"):
            words[k] = text(f"suit.{v}", lang)
        elif k == "kontra":
            words[k] = describe(v, lang)
        elif k == "amount":
            words[k] = _amount(v, lang)
        elif k.endswith("_v"):
            words[k] = _num(v, lang)
        else:
            words[k] = v
    if key == "analysis.seven-held":
        words["keep"] = text("analysis.keep-trump", lang) if fields["keep"] else ""
        n = fields["trumps"]
        words["trumps"] = text(f"analysis.trumps-{n if n < 2 else 'n'}", lang, n=n)
    if key in ("analysis.kontra-said", "analysis.kontra-missed"):
        words["side"] = text(
            "analysis.side-you" if fields["soloist"] else "analysis.side-soloist", lang
        )
    out = text(key, lang, **words)
    return " ".join(out.split())


# -------------------------------------------------------------------------------------------
# teaching mode: a warning before a card, from the seat's view only


@dataclass(frozen=True)
class TeachWarning:
    """A card that loses units by the sampling player's judgement, before it is played."""

    card: int
    best: int
    loss: float  # the seat's own units, expected
    samples: int
    options: tuple[tuple[int, float], ...]  # every legal card and its expected own units

    def explain(self, lang: str = "en") -> str:
        return text(
            "analysis.teach",
            lang,
            card=name(self.card, lang),
            best=name(self.best, lang),
            amount=_amount(self.loss, lang),
            n=self.samples,
        )

    def to_dict(self) -> dict[str, Any]:
        """The fields, the units rounded, and why in each language."""
        return {
            **asdict(self),
            "loss": _round(self.loss),
            "options": [[c, _round(v)] for c, v in self.options],
            "why": {lang: self.explain(lang) for lang in LANGS},
        }


def seat_player(
    obs: Observation, rules: Ruleset, budget: Budget, seed: int, game: int
) -> PimcPlayer:
    """The sampling player that values a decision from ``obs``'s seat (the analysis and the
    teacher), having read ``obs`` as it reads it before deciding: the deals it draws are
    weighed by what the others' bids, passes, trump and kontras made likely, in batches no
    larger than the samples a decision takes (each deal used costs four weighed)."""
    p = PimcPlayer(seed, budget)
    p.start(obs.seat, rules, game=game)
    p.batch = max(1, min(BATCH, p.samples(SAMPLES)))
    p.observe(obs)
    return p


def teach(
    obs: Observation,
    rules: Ruleset,
    card_to_play: int,
    budget: Budget | None = None,
    threshold: float = THRESHOLD,
    seed: int = 0,
) -> TeachWarning | None:
    """Before ``card_to_play``: a :class:`TeachWarning` when, over deals consistent with what the
    seat sees (``obs`` and nothing else: safe during a live deal), another card is expected
    to keep at least ``threshold`` more units; else ``None``."""
    cards = [a.card for a in obs.legal_actions if a.kind == ActionKind.PLAY]
    if card_to_play not in cards:
        raise ValueError(f"{name(card_to_play)} is not a card this seat may play now")
    if len(cards) < 2 or obs.contract is None:
        return None
    p = seat_player(obs, rules, budget or DEFAULT_BUDGET, seed, game=len(obs.history))
    sums, n = p.card_sums(obs, cards)
    sign = 1.0 if obs.seat == obs.soloist else -0.5
    own = {c: sign * sums[c] / max(1, n) for c in cards}
    best = max(cards, key=lambda c: (own[c], c == card_to_play))
    loss = own[best] - own[card_to_play]
    if loss < threshold - 1e-9:
        return None
    ranked = sorted(cards, key=lambda c: -own[c])
    return TeachWarning(card_to_play, best, loss, n, tuple((c, own[c]) for c in ranked))


# -------------------------------------------------------------------------------------------
# a hint: the sampling player's choice for the seat to move, from the seat's view only


@dataclass(frozen=True)
class Hint:
    """What the sampling player (``pimc``) would do at the seat to move, and why, worked out
    from the seat's observation alone (safe during a live deal: :func:`hint`)."""

    action: Action
    #: the seat's own expected units of it (None: the decision gives none)
    value: float | None
    #: the deals sampled (0: none were)
    samples: int
    #: in card play every legal card and its expected own units, the best first
    options: tuple[tuple[Action, float], ...]
    #: the player's reason: a catalogue key and its fields (``hint.*``, ``analysis.hint-card``)
    reason: tuple[str, dict[str, Any]]
    trump: int = -1

    def explain(self, lang: str = "en", rules: Ruleset | None = None) -> str:
        """The advice in words: the action, then why."""
        ladder = rules.ladder if rules is not None else None
        said = describe(self.action, lang, trump=self.trump, ladder=ladder)
        key, fields = self.reason
        if key == "analysis.hint-card":
            others = ", ".join(
                f"{name(a.card, lang)} {_num(v, lang)}" for a, v in self.options if a != self.action
            )
            why = text(key, lang, amount=_num(self.value, lang), n=self.samples, options=others)
        elif key.startswith("analysis."):
            why = text(key, lang, **fields)
        else:
            why = _explain(key, fields, lang)
            if key == "hint.bid" and self.action.kind == ActionKind.BID:
                return why  # the bid's words name it
        return f"{said} — {why}"

    def to_dict(self, rules: Ruleset | None = None) -> dict[str, Any]:
        """The action (its text), the values rounded, and the advice in each language."""
        return {
            "action": str(self.action),
            "value": _round(self.value),
            "samples": self.samples,
            "options": [[str(a), _round(v)] for a, v in self.options],
            "why": {lang: self.explain(lang, rules) for lang in LANGS},
        }


def hint(obs: Observation, rules: Ruleset, budget: Budget, seed: int = 0) -> Hint:
    """The sampling player's choice for the seat to move, from ``obs`` and nothing else (the
    same ``seed``, the same hint: whatever the hidden cards are), with its value and reason.
    In card play (R1-R4) every legal card is valued for the seat itself (a defender's share
    of the soloist's units, as :func:`teach`); after the talon is laid, the bid is measured
    on the ten cards kept (the player's plan is its own: a hint's adviser starts afresh)."""
    legal = list(obs.legal_actions)
    if not legal or obs.current_player != obs.seat:
        raise ValueError("it is not this seat's turn")
    p = seat_player(obs, rules, budget, seed, game=len(obs.history))
    p.explanation = ("hint.only", {})
    if len(legal) == 1:
        return Hint(legal[0], None, 0, (), p.explanation, obs.trump)
    if obs.phase == "BID":
        measured = _bid_hint(p, obs, legal)
        if measured is not None:
            return measured
    action = p.act(obs, legal)
    key, fields = p.explanation
    if action.kind == ActionKind.MARRIAGE:  # R5: declared, its points count
        return Hint(action, None, 0, (), ("analysis.hint-marriage", {}), obs.trump)
    if key == "hint.card" and action.kind == ActionKind.PLAY:
        sign = 1.0 if obs.seat == obs.soloist else -0.5
        own = [(play_action(c), sign * v) for c, v in fields["cards"]]
        # the best first, the advised card first among equals
        options = tuple(sorted(own, key=lambda o: (-o[1], o[0] != action)))
        value = next(v for a, v in options if a == action)
        return Hint(action, value, fields["n"], options, ("analysis.hint-card", {}), obs.trump)
    value = fields.get("ev")
    n = fields.get("n", 0)
    return Hint(action, value, n, (), p.explanation, obs.trump)


def _bid_hint(p: PimcPlayer, obs: Observation, legal: list[Action]) -> Hint | None:
    """The bid to name with the ten cards kept (the talon laid): the best candidate the
    sampled deals value (None: no candidate is legal; the player's own judgement decides)."""
    hand = mask_of(obs.hand)
    cands = [
        c
        for c in candidates(hand, p.rules, p.rank(obs), 4, sound=p.sound, chance=p.chance)
        if bid_action(c.bid.key) in legal
    ]
    if not cands:
        return None
    p.forehand = obs.forehand
    c, _d, ev = p.evaluate(p.know(obs), cands, None, p.samples(8), obs)
    _key, fields = p.explanation
    return Hint(bid_action(c.bid.key), ev, fields["n"], (), p.explanation, obs.trump)


# -------------------------------------------------------------------------------------------
# the chart


def plot(deals: Sequence[DealAnalysis], path: str | Path, lang: str = "en") -> None:
    """A PNG: the soloist's units under best play after each trick, one line per deal (left),
    and the units each seat lost to mistakes (right); titles in ``lang``."""
    # matplotlib (half a second to import) is loaded by the one function that draws, so that
    # the terminal and the server, which analyse deals but never plot, do not pay for it
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4), dpi=120)
    for n, a in enumerate(deals, start=1):
        if a.curve:
            xs = [x for x, _ in a.curve]
            ys = [y for _, y in a.curve]
            label = text("analysis.deal", lang, n=n) if len(deals) > 1 else None
            left.plot(xs, ys, marker="o", label=label)
    left.axhline(0, color="black", linewidth=0.8)
    left.set_xticks(range(0, 11))
    left.set_xlabel(text("analysis.curve-x", lang))
    left.set_ylabel(text("analysis.curve-y", lang))
    left.set_title(text("analysis.curve", lang), fontsize=10)
    if len(deals) > 1 and any(a.curve for a in deals):
        left.legend(fontsize=7)
    summary = summarize([d for a in deals for d in a.decisions])
    seats = [text("analysis.seat-n", lang, n=s.seat) for s in summary]
    right.bar(seats, [s.lost for s in summary], color="#c0504d", alpha=0.85)
    right.set_ylabel(text("analysis.lost-units", lang))
    right.set_title(text("analysis.lost-title", lang), fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
