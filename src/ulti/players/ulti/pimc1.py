"""``pimc-1``: Perfect Information Monte Carlo as it stood before issue 17, frozen as a baseline.

Every later improvement is measured against this player in duplicate (``ulti tournament --bots
pimc,pimc-1``).  Its code path is kept unchanged: a test replays its seeded decisions on deals of
several presets against a golden file recorded from the player before the freeze
(``tests/data/pimc1_golden.json``).  What follows is its description as it was.

At every decision the player samples deals consistent with everything its seat knows
(:mod:`ulti.players.ulti.knowledge`: its hand, the cards played, voids and other inferences from the
rules of play, the talon it laid, declared marriages, the Ulti soloist's VII), solves each one
double dummy (:mod:`ulti.search.ulti.solver`) and takes the action with the best mean:

* card play: the settlement value after each legal card, averaged over the samples;
* the talon and the bid: for the candidate contracts of the hand evaluation, the expected units
  over sampled opponent hands (and talons, when deciding whether to pick it up), each with the
  discard the samples rate best; it bids the best candidate above the current bid when its
  expectation is positive (a forced bid takes the best there is);
* the two-round auction (V1): on five cards, random completions of the hand (seven more cards
  for this seat as the round's winner, ten to each other seat) are dealt; for the few first-round
  bids the hand evaluation rates best, the winner's choice on each twelve (confirm at double
  value or raise at single value, as the evaluation prefers) is solved, and so is the best
  single-value contract of the same twelve (what passing might leave); it bids when the bid
  beats half of that by a margin and comes out positive in most completions.  On winning the
  round, confirming and the best raises are measured like any bid, each at its own value;
* the trump: the suit with the best expectation;
* kontra: a component is doubled when the samples say the soloist fails it more often than not
  (and re-doubled by the soloist when he makes it in most of them).

Budget: ``samples`` deals per decision (default 32 for card play, fewer for the costlier
bidding questions) and ``ms``, a time limit per decision (default 200; at least a few samples
are always taken).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from ulti.core.cards import SUIT_NAMES_EN, SUIT_NAMES_HU, mask_of, name
from ulti.games.ulti.actions import Action, ActionKind, bid, discard, play
from ulti.games.ulti.actions import trump as trump_action
from ulti.games.ulti.bids import KIND_NAMES, KIND_NAMES_HU, Bid, Kind
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.scoring import money_for
from ulti.i18n import text
from ulti.players.base import Player
from ulti.players.ulti.evaluate import (
    ROUND1_MARGIN,
    ROUND1_PASS_SHARE,
    ROUND1_SURE,
    Candidate,
    Chance,
    best_single,
    bid_table,
    candidates,
    discard_options,
    forfeited,
    opening_value,
    round1_deal,
    round1_sound,
    v1_confirm_bid,
    v1_options,
)
from ulti.players.ulti.knowledge import Knowledge, knowledge, sample
from ulti.players.ulti.rules import RulesPlayer
from ulti.search import _core
from ulti.search.ulti import solver as S
from ulti.search.ulti.solver import SearchTimeout

MIN_SAMPLES = 4
#: V1: first-round bids measured by solving (the hand evaluation's best)
ROUND1_SHORTLIST = 3
#: V1: below this (units, by the hand evaluation) no first-round bid is worth solving
ROUND1_HOPELESS = -4.0


class Pimc1Player(Player):
    name = "pimc-1"
    #: leave out :func:`~ulti.players.ulti.evaluate.unsound` contracts (not this frozen baseline)
    sound = False
    #: the components' chances for the candidates (None: the hand-written formulas)
    chance: Chance | None = None

    def start(self, seat: int, rules: Ruleset, game: int = 0) -> None:
        super().start(seat, rules, game)
        self.fallback = RulesPlayer(self.seed, self.budget)
        self.fallback.sound = self.sound  # pimc-1: the rules player as it was then
        self.fallback.start(seat, rules, game)
        self.plan: tuple[Bid, int, tuple[int, int]] | None = None
        self.forehand = seat  # the deal's forehand, seen at each decision (W6: it leads)
        self.bid_trump = -1  # W4: the trump of the bid this seat is naming
        # what the last decision rested on (for hints): a ``hint.*`` key and its fields
        self.explanation: tuple[str, dict[str, Any]] = ("hint.only", {})

    def advise(
        self, obs: Observation, legal: Sequence[Action], lang: str = "en"
    ) -> tuple[Action, str]:
        """The action this player would take, and why (its evaluation), in ``lang``."""
        self.explanation = ("hint.only", {})
        a = self.act(obs, legal)
        return a, _explain(*self.explanation, lang)

    @property
    def sv(self) -> _core.Solver:
        """The solver of the thread deciding now.  Never kept on the player: a player may be
        started in one thread and asked in others (a server's worker pool), and a solver
        belongs to one thread at a time."""
        return S._solver()

    # -- budget -------------------------------------------------------------------------

    def samples(self, default: int) -> int:
        return self.budget.samples if self.budget.samples is not None else default

    def deadline(self) -> float:
        ms = self.budget.ms if self.budget.ms is not None else 200.0
        return time.perf_counter() + ms / 1000.0

    # -- dispatch -----------------------------------------------------------------------

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        self.forehand = obs.forehand
        if len(legal) == 1:
            return legal[0]
        ph = obs.phase
        if ph == "PLAY":
            return self.play_turn(obs, legal)
        if ph == "DISCARD":
            return self.discard_turn(obs, legal)
        if ph == "BID":
            return self.bid_turn(obs, legal)
        if ph == "AUCTION":
            return self.auction_turn(obs, legal)
        if ph == "TRUMP":
            return self.trump_turn(obs, legal)
        if ph == "KONTRA":
            return self.answer_turn(obs, legal)
        if ph == "ROUND1":
            return self.round1_turn(obs, legal)
        return self.fallback.act(obs, legal)

    # -- evaluation of a contract by sampling -------------------------------------------

    def contract_value(
        self,
        contract: Bid,
        trump: int,
        hands: tuple[int, int, int],
        talon: int,
        multiplier: int = 1,
    ) -> int:
        """The soloist's (this seat's) units under best play, at the first lead (R1: the
        soloist's; W6: forehand's)."""
        first = self.forehand if self.rules.forehand_leads else self.seat
        pos = S.Position.from_facts(
            contract=contract,
            rules=self.rules,
            trump=trump,
            soloist=self.seat,
            hands=hands,
            talon=talon,
            tricks=(),
            trick=(),
            to_move=first,
            marriages=(),
            items=tuple(money_for(contract, {}, multiplier, self.rules)),
        )
        return S.value(pos, self.sv)

    def evaluate(
        self, k: Knowledge, cands: list[Candidate], hand12: int | None, n: int, obs: Observation
    ) -> tuple[Candidate, tuple[int, int] | None, float]:
        """The best candidate (with its discard) and its expected units."""
        options: list[tuple[Candidate, tuple[int, int] | None]] = []
        for c in cands:
            if hand12 is not None:
                for pair in discard_options(hand12, c.bid, c.trump, 2):
                    options.append((c, pair))
            else:
                options.append((c, None))
        means, taken = self.option_means(k, options, hand12, n, obs)
        for j, (c, _d) in enumerate(options):
            if forfeited(c.bid, self.rules) and (obs.bid is None or c.multiplier == 2):
                # A5: a Simple left standing is forfeited (doubled when V1's bid stood)
                means[j] = min(means[j], -4.0 * c.multiplier)
        best = max(range(len(options)), key=lambda j: means[j])
        self.explanation = (
            "hint.bid",
            {"bid": options[best][0].bid, "ev": means[best], "n": taken},
        )
        return options[best][0], options[best][1], means[best]

    def option_means(
        self,
        k: Knowledge,
        options: Sequence[tuple[Candidate, tuple[int, int] | None]],
        hand12: int | None,
        n: int,
        obs: Observation,
        trace: list[list[float]] | None = None,
    ) -> tuple[list[float], int]:
        """Each option's (contract, trump, discard) expected units for this seat as soloist
        over sampled deals, and how many deals were sampled (``trace`` gets each sample's
        values)."""
        deadline = self.deadline()
        sums = [0.0] * len(options)
        taken = 0
        for _i in self.steps(n, deadline):
            hands, sampled_talon = self.draw(k)
            row = []
            try:
                for c, d in options:
                    h = list(hands)
                    tal = sampled_talon
                    if d is not None and hand12 is not None:
                        h[self.seat] = hand12 & ~((1 << d[0]) | (1 << d[1]))
                        tal = (1 << d[0]) | (1 << d[1])
                    # a new bid is single value; V1's confirmed first-round bid double
                    row.append(
                        self.contract_value(c.bid, c.trump, (h[0], h[1], h[2]), tal, c.multiplier)
                    )
            except SearchTimeout:
                if not taken:
                    raise
                break  # the decision's time is up: the samples taken decide
            for j, v in enumerate(row):
                sums[j] += v
            if trace is not None:
                trace.append([float(v) for v in row])
            taken += 1
        return [x / taken for x in sums], taken

    def steps(self, n: int, deadline: float, least: int = MIN_SAMPLES) -> Iterator[int]:
        """Sample numbers: ``max(n, least)`` of them, ending early once the deadline has
        passed and :data:`MIN_SAMPLES` were taken (a soft limit: a sample begun is finished)."""
        for i in range(max(n, least)):
            if i >= MIN_SAMPLES and time.perf_counter() > deadline:
                return
            yield i

    def know(self, obs: Observation) -> Knowledge:
        """What this seat knows of the hidden cards
        (:func:`~ulti.players.ulti.knowledge.knowledge`)."""
        return knowledge(obs, self.rules)

    def draw(self, k: Knowledge) -> tuple[tuple[int, int, int], int]:
        """One sampled deal (the hands and the talon) consistent with ``k``: uniform among
        them (:func:`~ulti.players.ulti.knowledge.sample`)."""
        return sample(k, self.rng)

    def rank(self, obs: Observation) -> int:
        return self.rules.ladder[obs.bid].rank if obs.bid else 0

    # -- the auction ----------------------------------------------------------------------

    def discard_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        hand = mask_of(obs.hand)
        r1 = v1_confirm_bid(obs, self.rules)
        if r1 is not None:  # V1: confirm the first round's bid (double value) or raise it
            # (confirming or raising is forced: sound options first, any when none is)
            opts = v1_options(bid_table(hand, self.rules, self.sound, self.chance), r1, self.rules)
            opts = opts or v1_options(bid_table(hand, self.rules), r1, self.rules)
            confirm = [c for c in opts if c.multiplier == 2]
            cands = confirm + [c for c in opts if c.multiplier == 1][:3]
        else:
            cands = candidates(
                hand,
                self.rules,
                self.rank(obs),
                4,
                twelve=True,
                sound=self.sound,
                chance=self.chance,
            )
        if not cands:
            return self.fallback.act(obs, legal)
        k = self.know(obs)
        c, d, _ev = self.evaluate(k, cands, hand, self.samples(8), obs)
        assert d is not None
        self.plan = (c.bid, c.trump, d)
        a = discard(*d)
        return a if a in legal else legal[0]

    def bid_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        if self.plan is not None:
            a = bid(self.plan[0].key)
            if a in legal:
                return a
        if not self.rules.talon and obs.bid is None:
            # V4: forehand opens without a talon (a bid it must make): measured by sampling
            # the other hands and the two cards aside, like any bid
            hand = mask_of(obs.hand)
            cands = [
                c
                for c in candidates(hand, self.rules, 0, 4, sound=self.sound, chance=self.chance)
                if bid(c.bid.key) in legal
            ]
            if cands:
                k = self.know(obs)
                c, _d, _ev = self.evaluate(k, cands, None, self.samples(8), obs)
                return bid(c.bid.key)
        return self.fallback.act(obs, legal)

    def auction_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        kinds = [a.kind for a in legal]
        pass_action = legal[kinds.index(ActionKind.PASS)]
        hand = mask_of(obs.hand)
        k = self.know(obs)
        if self.rules.talon_aside:
            return self.aside_turn(obs, legal, k)
        if ActionKind.BID in kinds:  # no talon (V4): bid directly
            cands = candidates(
                hand, self.rules, self.rank(obs), 4, sound=self.sound, chance=self.chance
            )
            if not cands:
                return pass_action
            c, _d, ev = self.evaluate(k, cands, None, self.samples(8), obs)
            self.plan = None
            a = bid(c.bid.key)
            return a if ev > 0.5 and a in legal else pass_action
        if ActionKind.PICKUP not in kinds:
            return pass_action
        if obs.bidder == obs.seat:
            # my own bid stands: the talon is mine and known; raise only to avoid a forfeit
            if obs.bid == "simple" and self.rules.simple_forfeit and obs.talon:
                twelve = hand | mask_of(obs.talon)
                cands = candidates(
                    twelve,
                    self.rules,
                    self.rank(obs),
                    3,
                    twelve=True,
                    sound=self.sound,
                    chance=self.chance,
                )
                if cands:
                    k12 = _with_hand(k, twelve)
                    _c, _d, ev = self.evaluate(k12, cands, twelve, self.samples(6), obs)
                    if ev > -4.0 * obs.bid_multiplier:
                        return legal[kinds.index(ActionKind.PICKUP)]
            return pass_action
        # would picking up pay?  Sample the talon with the opponents' hands.
        got = self.pickup_value(obs, k)
        if got is None:
            return pass_action
        ev, taken = got
        self.explanation = ("hint.pickup", {"ev": ev, "n": taken})
        if taken and ev > 0.5:
            return legal[kinds.index(ActionKind.PICKUP)]
        return pass_action

    def aside_turn(self, obs: Observation, legal: Sequence[Action], k: Knowledge) -> Action:
        """W2: pass, name a contract on the ten cards, or pick up the talon first (and name
        one on twelve): whichever the sampled deals value most, a bid only when it pays."""
        kinds = [a.kind for a in legal]
        pass_action = legal[kinds.index(ActionKind.PASS)]
        hand = mask_of(obs.hand)
        best: tuple[float, Action] = (0.5, pass_action)  # a bid must pay more than this
        cands = [
            c
            for c in candidates(
                hand, self.rules, self.rank(obs), 4, sound=self.sound, chance=self.chance
            )
            if bid(c.bid.key) in legal
        ]
        if cands:
            c, _d, ev = self.evaluate(k, cands, None, self.samples(8), obs)
            if ev > best[0]:
                best = (ev, bid(c.bid.key))
                self.bid_trump = c.trump
        if ActionKind.PICKUP in kinds:
            got = self.pickup_value(obs, k)
            if got is not None and got[1] and got[0] > best[0]:
                best = (got[0], legal[kinds.index(ActionKind.PICKUP)])
        self.explanation = (
            ("hint.bid", {"bid": self.rules.ladder[best[1].bid], "ev": best[0], "n": 0})
            if best[1].kind == ActionKind.BID
            else ("hint.only", {})
        )
        return best[1]

    def round1_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """V1: a first-round bid on five cards (it counts double) or a pass."""
        kinds = [a.kind for a in legal]
        pass_action = legal[kinds.index(ActionKind.PASS)]
        got = self.round1_values(obs, legal)
        if got is None:
            self.explanation = ("hint.only", {})
            return pass_action
        values, pass_value, taken = got
        good = {key: m for key, (m, w) in values.items() if w >= ROUND1_SURE}
        if good:
            key = max(good, key=lambda key: good[key])
            if good[key] > ROUND1_PASS_SHARE * pass_value + ROUND1_MARGIN:
                self.explanation = (
                    "hint.bid",
                    {"bid": self.rules.ladder[key], "ev": good[key], "n": taken},
                )
                return bid(key)
        self.explanation = ("hint.only", {})
        return pass_action

    def round1_values(
        self, obs: Observation, legal: Sequence[Action]
    ) -> tuple[dict[str, tuple[float, float]], float, int] | None:
        """V1: for the first-round bids the hand evaluation rates best, the expected units of
        each (its winner confirming or raising it, by the evaluation's choice, solved) and the
        share of sampled deals in which it is positive; the expected units of passing (the best
        single-value contract of the same twelve cards, solved, or nothing); and how many deals
        were sampled.  ``None`` when the evaluation finds no first-round bid worth solving."""
        hand = mask_of(obs.hand)
        bids = [
            b
            for b in self.rules.ladder.above(self.rank(obs))
            if bid(b.key) in legal and round1_sound(b, hand, self.rules)
        ]
        if not bids:
            return None
        deadline = self.deadline()
        deals = [
            round1_deal(hand, self.seat, self.rng) for _ in range(max(self.samples(8), MIN_SAMPLES))
        ]
        tables = [bid_table(h[self.seat], self.rules) for h in deals]
        heur = {
            b.key: sum(v1_options(t, b, self.rules)[0].estimate for t in tables) / len(tables)
            for b in bids
        }
        short = sorted(bids, key=lambda b: -heur[b.key])[:ROUND1_SHORTLIST]
        if heur[short[0].key] < ROUND1_HOPELESS:
            return None
        sums = dict.fromkeys((b.key for b in short), 0.0)
        wins = dict.fromkeys((b.key for b in short), 0)
        pass_sum = 0.0
        taken = 0
        for i, (hands, table) in enumerate(zip(deals, tables, strict=True)):
            if i >= MIN_SAMPLES and time.perf_counter() > deadline:
                break
            solved: dict[tuple[str, int], float] = {}  # one solve per contract and trump
            try:
                got = [
                    self.planned_value(v1_options(table, b, self.rules)[0], hands, solved)
                    for b in short
                ]
                single = best_single(table, self.rules)
                if single is not None:
                    pass_sum += max(0.0, self.planned_value(single, hands, solved))
            except SearchTimeout:
                if not taken:
                    raise
                break
            for b, v in zip(short, got, strict=True):
                sums[b.key] += v
                wins[b.key] += v > 0
            taken += 1
        values = {key: (sums[key] / taken, wins[key] / taken) for key in sums}
        return values, pass_sum / taken, taken

    def planned_value(
        self, c: Candidate, hands: tuple[int, int, int], solved: dict[tuple[str, int], float]
    ) -> float:
        """This seat's units from playing candidate ``c`` (its discard laid from this seat's
        twelve cards) against ``hands``; a Simple left standing is forfeited (A5).  ``solved``
        keeps each contract's single value for these hands: every amount scales with the
        multiplier (V1), so a contract is solved once whether confirmed or raised to."""
        key = (c.bid.key, c.trump)
        if key not in solved:
            if forfeited(c.bid, self.rules):
                solved[key] = opening_value(c, self.rules)
            else:
                assert c.discard is not None
                laid = (1 << c.discard[0]) | (1 << c.discard[1])
                h = list(hands)
                h[self.seat] &= ~laid
                solved[key] = self.contract_value(c.bid, c.trump, (h[0], h[1], h[2]), laid)
        return solved[key] * c.multiplier

    def pickup_value(self, obs: Observation, k: Knowledge) -> tuple[float, int] | None:
        """The expected units of picking up the talon and playing the best contract the
        twelve cards offer (by the hand evaluation), over sampled talons and hands, and how
        many deals were sampled; ``None`` when a sampled twelve offers no contract."""
        hand = mask_of(obs.hand)
        n = self.samples(8)
        deadline = self.deadline()
        total = 0.0
        taken = 0
        for _i in self.steps(n, deadline):
            hands, tal = self.draw(k)
            try:
                v = self.pickup_one(obs, hand, hands, tal)
            except SearchTimeout:
                if not taken:
                    raise
                break
            if v is None:
                return None
            total += v
            taken += 1
        return (total / taken if taken else 0.0), taken

    def pickup_one(
        self, obs: Observation, hand: int, hands: tuple[int, int, int], tal: int
    ) -> int | None:
        """This seat's units from picking up ``tal`` and playing the best contract of the
        twelve cards (the hand evaluation's first candidate) against ``hands``."""
        twelve = hand | tal
        cands = candidates(
            twelve, self.rules, self.rank(obs), 1, twelve=True, sound=self.sound, chance=self.chance
        )
        if not cands:
            return None
        c = cands[0]
        assert c.discard is not None
        h = list(hands)
        h[self.seat] = twelve & ~((1 << c.discard[0]) | (1 << c.discard[1]))
        # the two cards laid go to the talon; the opponents keep their sampled hands
        return self.contract_value(
            c.bid, c.trump, (h[0], h[1], h[2]), (1 << c.discard[0]) | (1 << c.discard[1])
        )

    def trump_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        if obs.contract is None:  # W4: the trump of the bid just made
            if self.plan is not None and self.plan[0].key == obs.bid and self.plan[1] >= 1:
                return trump_action(self.plan[1])
            if self.bid_trump >= 1:
                return trump_action(self.bid_trump)
        suits = [a.suit for a in legal]
        sums, _n = self.trump_sums(obs, suits)
        best = max(suits, key=lambda t: sums[t])
        self.explanation = ("hint.trump", {"suits": [(t, sums[t]) for t in suits]})
        return trump_action(best)

    def trump_sums(
        self, obs: Observation, suits: Sequence[int], trace: list[list[float]] | None = None
    ) -> tuple[dict[int, float], int]:
        """Each trump suit's units for this seat as soloist, summed over sampled deals (the
        same deals for every suit), and how many deals were sampled."""
        key = obs.contract or obs.bid  # W4: the bid just made, its trump named at once
        assert key is not None
        contract = self.rules.ladder[key]
        k = self.know(obs)
        sums = dict.fromkeys(suits, 0.0)
        deadline = self.deadline()
        taken = 0
        for _i in self.steps(self.samples(8), deadline):
            # the talon the soloist laid is known; the two cards aside of V4 are sampled
            hands, talon = self.draw(k)
            try:
                row = [
                    float(self.contract_value(contract, t, hands, talon, obs.bid_multiplier))
                    for t in suits
                ]
            except SearchTimeout:
                if not taken:
                    raise
                break
            for t, v in zip(suits, row, strict=True):
                sums[t] += v
            if trace is not None:
                trace.append(row)
            taken += 1
        return sums, taken

    # -- kontras --------------------------------------------------------------------------

    def made_rates(self, obs: Observation, kinds: list[Kind]) -> dict[Kind, float]:
        """How often the soloist makes each component over the samples."""
        k = self.know(obs)
        contract = self.rules.ladder[obs.contract] if obs.contract else None
        assert contract is not None
        names = {
            Kind.SIMPLE: "simple",
            Kind.FORTY_HUNDRED: "40-100",
            Kind.TWENTY_HUNDRED: "20-100",
            Kind.FOUR_ACES: "four aces",
            Kind.ULTI: "ulti",
            Kind.BETLI: "betli",
            Kind.DURCHMARS: "durchmars",
        }
        made = dict.fromkeys(kinds, 0)
        taken = 0
        deadline = self.deadline()
        for _i in self.steps(self.samples(12), deadline):
            pos = self.position(obs, k)
            try:
                got = [S.objective(pos, names[kind], self.sv) for kind in kinds]
            except SearchTimeout:
                if not taken:
                    raise
                break
            for kind, ok in zip(kinds, got, strict=True):
                made[kind] += ok
            taken += 1
        return {kind: made[kind] / taken for kind in kinds}

    def answer_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        ks = [a for a in legal if a.kind == ActionKind.KONTRA and a.level <= 4]
        if not ks:
            return legal[0]
        rates = self.made_rates(obs, list({a.component for a in ks}))
        for a in ks:
            p = rates[a.component]
            if obs.seat == obs.soloist and p > 0.75:
                return a
            if obs.seat != obs.soloist and p < 0.3:
                return a
        return legal[0]  # pass

    # -- card play ------------------------------------------------------------------------

    def position(self, obs: Observation, k: Knowledge) -> S.Position:
        contract = self.rules.ladder[obs.contract] if obs.contract else None
        assert contract is not None
        hands, talon = self.draw(k)
        kontra = {kind: (a, b) for kind, a, b in obs.kontras}
        return S.Position.from_facts(
            contract=contract,
            rules=self.rules,
            trump=obs.trump,
            soloist=obs.soloist,
            hands=hands,
            talon=talon,
            tricks=obs.tricks,
            trick=obs.trick,
            to_move=obs.seat,
            marriages=obs.marriages,
            kontra=kontra,
            multiplier=obs.bid_multiplier,
        )

    def play_turn(self, obs: Observation, legal: Sequence[Action]) -> Action:
        for a in legal:
            if a.kind == ActionKind.MARRIAGE:
                return a  # declaring always counts (R5)
        if obs.seat != obs.soloist:
            ks = [a for a in legal if a.kind == ActionKind.KONTRA]
            if ks:
                rates = self.made_rates(obs, list({a.component for a in ks}))
                for a in ks:
                    if rates[a.component] < 0.3:
                        return a
        cards = [a.card for a in legal if a.kind == ActionKind.PLAY]
        if any(a.kind == ActionKind.CLAIM for a in legal):
            k = self.know(obs)
            pos = self.position(obs, k)
            if not k.unknown and S.claim_holds(pos, obs.seat):  # open hands: claim if sound
                return next(a for a in legal if a.kind == ActionKind.CLAIM)
        if len(cards) == 1:
            return play(cards[0])
        return play(self.best_card(obs, cards))

    def card_sums(
        self, obs: Observation, cards: list[int], trace: list[list[float]] | None = None
    ) -> tuple[dict[int, float], int]:
        """The soloist's units after each card, summed over sampled deals (the same deals for
        every card), and how many deals were sampled (``trace`` gets each sample's values, in
        the order of ``cards``)."""
        k = self.know(obs)
        sums = dict.fromkeys(cards, 0.0)
        deadline = self.deadline()
        n = self.samples(32)
        if not k.unknown:
            n = 1  # every card is known (an open contract): one exact solve
        taken = 0
        for _i in self.steps(n, deadline, least=1):
            pos = self.position(obs, k)
            # (the rules of play may allow fewer cards than the solver's: W9, a declared
            # marriage's card next)
            try:
                vals = [(c, v) for c, v in S.move_values_only(pos, self.sv) if c in sums]
            except SearchTimeout:
                if not taken:
                    raise
                break
            for c, v in vals:
                sums[c] += v
            if trace is not None:
                got = dict(vals)
                trace.append([float(got[c]) for c in cards])
            taken += 1
        return sums, taken

    def best_card(self, obs: Observation, cards: list[int]) -> int:
        sums, taken = self.card_sums(obs, cards)
        pick = max if obs.seat == obs.soloist else min
        best = pick(cards, key=lambda c: (sums[c], -c))
        n_done = max(1, taken)
        ranked = sorted(cards, key=lambda c: sums[c], reverse=obs.seat == obs.soloist)
        # every card's mean (a hint shows them all; the words, the first five)
        self.explanation = (
            "hint.card",
            {"cards": [(c, sums[c] / n_done) for c in ranked], "n": taken},
        )
        return best


def _explain(key: str, fields: dict[str, Any], lang: str) -> str:
    """A hint's reason in words: bids, suits, cards and components by their names in
    ``lang``, numbers with a decimal comma in Hungarian."""
    hu = lang == "hu"

    def num(x: float, fmt: str) -> str:
        out = format(x, fmt)
        return out.replace(".", ",") if hu else out

    words: dict[str, object] = {}
    for k, v in fields.items():
        if k == "bid":
            words[k] = v.title_hu if hu else v.title
        elif k == "ev":
            words[k] = num(v, "+.1f")
        elif k == "suits":
            suit_names = SUIT_NAMES_HU if hu else SUIT_NAMES_EN
            words["options"] = "; ".join(f"{suit_names[t]} {num(x, '+.0f')}" for t, x in v)
        elif k == "cards":
            words["options"] = ", ".join(f"{name(c, lang)} {num(x, '+.1f')}" for c, x in v[:5])
        elif k == "rates":
            kinds = KIND_NAMES_HU if hu else KIND_NAMES
            words["options"] = ", ".join(f"{kinds[c]} {num(100 * x, '.0f')}%" for c, x in v)
        else:
            words[k] = v
    return text(key, lang, **words)


def _with_hand(k: Knowledge, hand: int) -> Knowledge:
    """``k`` as if this seat held ``hand`` (its own talon taken back)."""
    sizes = list(k.sizes)
    sizes[k.seat] = hand.bit_count()
    held = list(k.held)
    held[k.seat] = hand
    return replace(k, hand=hand, held=held, sizes=sizes, talon=0, talon_size=0)
