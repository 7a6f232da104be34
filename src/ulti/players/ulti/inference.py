"""What the auction, the trump and the kontras say about the hidden hands: a weight for each
sampled deal.

:mod:`ulti.players.ulti.knowledge` samples deals uniformly among those consistent with the hard
facts (cards seen, voids, ...).  Yet a seat that passed rarely holds a strong hand, a soloist
who bid 40-100 Ulti holds the trump marriage and the VII and many trumps, and a defender who
doubled the Ulti holds trumps.  This module scores a sampled deal by how likely the other seats
were to act as they did had they held its hands — the *policy-based inference* that research on
Skat found worth a large margin.  The model of the other players is the project's own: the
``rules`` player's policy (:mod:`ulti.players.ulti.rules`, whose bidding rests on the hand
evaluation of :mod:`ulti.players.ulti.evaluate`), made soft (a logistic choice with a temperature in
units) so that no deal is ruled out by a judgement alone.

What is weighed (for every seat but the one deciding):

* each pass and pick-up of the auction, at the bid then standing: the seat's best contract
  above it (:func:`~ulti.players.ulti.evaluate.estimate_table` of its cards) against the ``rules``
  player's threshold for picking up;
* the bid the soloist plays: its estimate with the cards he kept (a bid seldom made on a hand
  that cannot carry it), and the trump he named among those he could (its estimate against the
  others');
* each kontra of a defender: his holding in the doubled component (trumps against a trump
  game, an Ace against Four Aces, a guard against a Durchmars), and each component he let
  pass without one when he could have given it (his first card played, no double from his
  side before it): the same holding, read the other way;
* each re-double of the soloist: the estimate of that component alone with his cards;
* with ``cards`` (:func:`evidence`), each card a seat chose among several in the first
  :data:`PLAY_TRICKS` tricks: the card the ``rules`` player would have played from the hand
  the deal gives him then (the cards he holds now and those he played since), the trick so
  far and what had been played — likely when it is the card played (a defender who ducked
  under a trick he could have won cheaply, a soloist who did not draw trumps with the top
  trump, a seat that threw an Ace where a small card would do), unlikely when another one;
  each seat follows that model with a chance unknown (:data:`CARD_ALPHAS`).  The legal
  cards are the rules' own (R2, R3, R6: :func:`legal_plays`).  The model is exact for the
  rules player and wrong for a sampling one: the ``pimc`` player leaves it off
  (:attr:`~ulti.players.ulti.pimc.PimcPlayer.read_cards`).

A seat's cards are taken as its hand now plus the cards it has played (and, for the soloist,
the two he laid); a seat that picked up and was overcalled held two other cards then, which the
model ignores.  :func:`log_weight` is the log-likelihood of the actions seen, up to a constant
that does not depend on the deal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ulti.core.cards import BEATS_PLAIN_ORDER, BEATS_TRUMP_ORDER, SEVEN, SUIT_MASKS, card
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.bids import Bid, Kind
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.play import trick_winner
from ulti.games.ulti.rules import Ruleset
from ulti.players.ulti.evaluate import (
    component_chance,
    component_term,
    estimate_table,
    trump_strength,
    trump_suits,
)
from ulti.players.ulti.rules import RulesPlayer, kontra_holding

#: the rules player picks up (or bids) when its best contract's estimate plus the talon's
#: worth exceeds this (:data:`ulti.players.ulti.rules.TALON_BONUS` folded in: 0.5 - 1.0)
PICKUP_THRESHOLD = -0.5
#: how sharply a seat's choice follows its estimate (units): larger is softer
TEMPERATURE = 3.0
#: the trump named: the suits' estimates compared at this temperature (units)
TRUMP_TEMPERATURE = 2.0
#: the chance the model gives a kontra from a holding the rules player would not double on
#: (and one minus it to a holding it would)
KONTRA_SURPRISE = 0.15
#: card play with :data:`CARD_ALPHAS` None: the chance of another card than the rules
#: player's (shared among the other legal cards)
CARD_SURPRISE = 0.5
#: card play: the chances a seat plays the rules player's card (else any legal card), each
#: alike (``None``: that chance is ``1 - CARD_SURPRISE``, the rest shared among the others)
CARD_ALPHAS: tuple[float, ...] | None = (0.0, 0.5, 0.9)
#: card play: the cards chosen in the first this many tricks are weighed
PLAY_TRICKS = 4
#: the log-weight of a deal in which a card played was not a legal one (the hard facts of
#: :mod:`ulti.players.ulti.knowledge` leave none such; kept soft all the same)
IMPOSSIBLE = math.log(1e-6)


FULL = (1 << 32) - 1


def _log_sigmoid(x: float) -> float:
    return -math.log1p(math.exp(-x)) if x > -30 else x


@dataclass
class Evidence:
    """The public actions of the other seats, read once per decision from an observation."""

    seat: int
    rules: Ruleset
    soloist: int
    contract: Bid | None
    trump: int
    #: (seat, picked up, rank of the bid then standing): auction passes and pick-ups
    auction: list[tuple[int, bool, int]] = field(default_factory=list)
    #: the seat named its trump among several suits
    trump_named: bool = False
    #: (seat, component) doubled by a defender, (component, level) re-doubled by the soloist
    kontras: list[tuple[int, Kind]] = field(default_factory=list)
    rekontras: list[tuple[Kind, int]] = field(default_factory=list)
    #: cards each seat has played (its hand then = its hand now and these)
    played: list[int] = field(default_factory=lambda: [0, 0, 0])
    #: (defender, component) he could have doubled at his first card and did not
    declined: list[tuple[int, Kind]] = field(default_factory=list)
    #: the cards the other seats chose in the first :data:`PLAY_TRICKS` tricks
    plays: list[PastPlay] = field(default_factory=list)
    #: the model of a seat's card play (the rules player's choice)
    policy: RulesPlayer | None = None
    #: the contract as the observation names it
    contract_key: str | None = None

    @property
    def empty(self) -> bool:
        return not (
            self.auction
            or self.trump_named
            or self.kontras
            or self.rekontras
            or self.declined
            or self.plays
        ) and (self.contract is None or self.soloist == self.seat)


@dataclass(frozen=True)
class PastPlay:
    """A card a seat played, with what it saw then (all public but its own hand)."""

    seat: int
    card: int
    leader: int  # of the trick
    trick: tuple[int, ...]  # the cards before it in the trick
    before: int  # every card played before it
    later: int  # the cards the seat played after it (its hand then: its hand now, these, it)
    sol_void: int  # the suits (a mask of SUIT_MASKS) the soloist had shown void in then


@dataclass
class _Seen:
    """The part of an observation the rules player's card choice reads."""

    seat: int
    soloist: int
    contract: str | None
    trump: int
    trick: tuple[int, ...]
    trick_leader: int


@dataclass
class _Known:
    """The part of a seat's knowledge the rules player's card choice reads."""

    hand: int
    played: int
    cannot: list[int]


def legal_plays(
    hand: int, trick: Sequence[int], trump: int, trump_game: bool, ulti_bit: int = 0
) -> int:
    """The cards a seat holding ``hand`` may play to ``trick`` (a mask): R2 follow suit and overtake
    when able (any card of the suit on a trick of another suit that is trumped), R3 trump and
    overtrump when void, R6 the Ulti soloist's trump VII held back (``ulti_bit``: its bit, for the
    soloist of an Ulti).  The same steps as :func:`ulti.games.ulti.legality.play_rule` (a
    differential test holds them together)."""
    legal = hand
    if trick:
        led = trick[0] >> 3
        i, trumped = trick_winner(trick, trump, no_trump=not trump_game)
        best = trick[i]
        beats = BEATS_TRUMP_ORDER if trump_game else BEATS_PLAIN_ORDER
        follow = hand & SUIT_MASKS[led]
        if follow:
            legal = follow
            if not (trumped and led != trump):
                over = follow & beats[best]
                if over:
                    legal = over
        elif trump >= 0:
            trumps = hand & SUIT_MASKS[trump]
            if trumps:
                legal = trumps
                if trumped:
                    overtrumps = trumps & beats[best]
                    if overtrumps:
                        legal = overtrumps
    if ulti_bit and legal & ulti_bit and legal != ulti_bit:
        legal ^= ulti_bit
    return legal


def evidence(obs: Observation, rules: Ruleset, cards: bool = True) -> Evidence:
    """The evidence in ``obs`` about the hands of the seats other than ``obs.seat`` (with
    ``cards=False``, the card play aside: see
    :attr:`ulti.players.ulti.pimc.PimcPlayer.read_cards`)."""
    contract = rules.ladder[obs.contract] if obs.contract else None
    ev = Evidence(obs.seat, rules, obs.soloist, contract, obs.trump)
    ev.contract_key = obs.contract
    rank = 0
    closed = False  # the auction is over (a trump named, a kontra or a card played)
    for m in obs.history:
        a = m.action
        if m.kind in (ActionKind.TRUMP, ActionKind.PLAY, ActionKind.KONTRA, ActionKind.MARRIAGE):
            if m.kind == ActionKind.TRUMP and m.seat != obs.seat and contract is not None:
                ev.trump_named = len(trump_suits(contract, rules)) > 1
            if m.kind == ActionKind.KONTRA and m.seat != obs.seat and a is not None:
                if m.seat == obs.soloist:
                    ev.rekontras.append((a.component, a.level))
                else:
                    ev.kontras.append((m.seat, a.component))
            if m.kind in (ActionKind.PLAY, ActionKind.KONTRA):
                closed = True
            continue
        if m.kind == ActionKind.BID and a is not None:
            rank = rules.ladder[a.bid].rank
            continue
        if closed or m.seat == obs.seat:
            continue
        if m.kind == ActionKind.PASS:
            ev.auction.append((m.seat, False, rank))
        elif m.kind == ActionKind.PICKUP:
            ev.auction.append((m.seat, True, rank))
    for lead, cs, _w in obs.tricks:
        for i, c in enumerate(cs):
            ev.played[(lead + i) % 3] |= 1 << c
    for i, c in enumerate(obs.trick):
        ev.played[(obs.trick_leader + i) % 3] |= 1 << c
    # a soloist's passes before he picked up were made on other cards: not weighed
    ev.auction = [x for x in ev.auction if x[0] != obs.soloist]
    if contract is not None and obs.soloist >= 0:
        ev.declined = _declined(obs, contract)
        ev.plays = _plays(obs) if cards else []
        if ev.plays:
            ev.policy = RulesPlayer(0)
            ev.policy.start(obs.seat, rules)
    return ev


def _declined(obs: Observation, contract: Bid) -> list[tuple[int, Kind]]:
    """The components each defender (not the seat deciding) let pass at his first card: no
    double of it from his side before that card, and none from him at all."""
    out: list[tuple[int, Kind]] = []
    kinds = [c.kind for c in contract.components]
    for p in range(3):
        if p in (obs.seat, obs.soloist):
            continue
        first = next(
            (i for i, m in enumerate(obs.history) if m.kind == ActionKind.PLAY and m.seat == p),
            None,
        )
        if first is None:
            continue
        doubled_before: set[Kind] = set()
        his: set[Kind] = set()
        for i, m in enumerate(obs.history):
            if m.kind != ActionKind.KONTRA or m.action is None or m.seat == obs.soloist:
                continue
            if m.seat == p:
                his.add(m.action.component)
            elif i < first:
                doubled_before.add(m.action.component)
        out += [(p, k) for k in kinds if k not in doubled_before and k not in his]
    return out


def _plays(obs: Observation) -> list[PastPlay]:
    """The cards the other seats chose in the first :data:`PLAY_TRICKS` tricks (those they
    played as the only card they held that could be played are weighed too: the model gives
    them certainty, so they change nothing)."""
    tricks = [(lead, cs) for lead, cs, _w in obs.tricks] + (
        [(obs.trick_leader, obs.trick)] if obs.trick else []
    )
    seq: list[tuple[int, int, int, tuple[int, ...]]] = []  # (seat, card, leader, before it)
    for lead, cs in tricks:
        for i, c in enumerate(cs):
            seq.append(((lead + i) % 3, c, lead, tuple(cs[:i])))
    out: list[PastPlay] = []
    before = 0
    void = 0  # suits the soloist has shown void in
    s = obs.soloist
    for n, (p, c, lead, trick) in enumerate(seq):
        if (
            n < 3 * PLAY_TRICKS
            and p != obs.seat
            and not (obs.exposed and any(q == p for q, _ in obs.exposed))
        ):
            later = 0
            for q, x, _l, _t in seq[n + 1 :]:
                if q == p:
                    later |= 1 << x
            out.append(PastPlay(p, c, lead, trick, before, later, void))
        if p == s and trick and c >> 3 != trick[0] >> 3:
            void |= SUIT_MASKS[trick[0] >> 3]
        before |= 1 << c
    return out


def _best_above(table: dict[tuple[str, int], float], rules: Ruleset, rank: int) -> float:
    best = -math.inf
    for b in rules.ladder.above(rank):
        for t in trump_suits(b, rules) or (-1,):
            v = table[(b.key, t)]
            if v > best:
                best = v
    return best


def log_weight(ev: Evidence, hands: tuple[int, int, int], talon: int) -> float:
    """The log-likelihood (up to a constant) of the other seats' actions in ``ev`` had they
    held ``hands`` (and the talon been ``talon``)."""
    rules = ev.rules
    total = 0.0
    whole = [hands[p] | ev.played[p] for p in range(3)]
    tables: dict[int, dict[tuple[str, int], float]] = {}

    def table(p: int) -> dict[tuple[str, int], float]:
        if p not in tables:
            tables[p] = estimate_table(whole[p], rules)
        return tables[p]

    for p, picked, rank in ev.auction:
        best = _best_above(table(p), rules, rank)
        x = (best - PICKUP_THRESHOLD) / TEMPERATURE
        total += _log_sigmoid(x if picked else -x)
    s = ev.soloist
    b = ev.contract
    if b is not None and s >= 0 and s != ev.seat:
        hand = whole[s]
        est = table(s)
        trump = ev.trump if b.trump else -1
        if (b.key, trump) in est:
            total += _log_sigmoid(est[(b.key, trump)] / TEMPERATURE)
        if ev.trump_named and trump >= 0:
            options = [est[(b.key, t)] / TRUMP_TEMPERATURE for t in trump_suits(b, rules)]
            top = max(options)
            norm = top + math.log(sum(math.exp(o - top) for o in options))
            total += est[(b.key, trump)] / TRUMP_TEMPERATURE - norm
        f = trump_strength(hand, trump) if trump >= 0 else None
        for kind, _level in ev.rekontras:
            comp = b.component(kind)
            if comp is None:
                continue
            term = component_term(kind, comp.value, component_chance(kind, hand, trump, f))
            total += _log_sigmoid((term - comp.value) / TEMPERATURE)
    played = ev.played[0] | ev.played[1] | ev.played[2]
    for p, kind in ev.kontras:
        out = ~(whole[p]) & ~played & FULL
        strong = kontra_holding(kind, whole[p], ev.trump, out)
        total += math.log(1 - KONTRA_SURPRISE if strong else KONTRA_SURPRISE)
    for p, kind in ev.declined:
        out = ~(whole[p]) & ~played & FULL
        strong = kontra_holding(kind, whole[p], ev.trump, out)
        total += math.log(KONTRA_SURPRISE if strong else 1 - KONTRA_SURPRISE)
    if ev.plays and b is not None and ev.policy is not None:
        total += _plays_log(ev, b, hands)
    return total


def card_hits(ev: Evidence, b: Bid, hands: tuple[int, int, int]) -> list[tuple[int, bool, int]]:
    """For each card in :attr:`Evidence.plays` chosen among several: (its seat, whether it is
    the rules player's choice from the hand ``hands`` gives the seat then, the number of
    legal cards).  A card ``hands`` makes illegal (never, where the deal keeps the hard facts
    of :mod:`ulti.players.ulti.knowledge`) comes as (seat, False, 0)."""
    policy = ev.policy
    assert policy is not None
    trump_game = b.trump
    t = ev.trump if trump_game else -1
    ulti = card(t, SEVEN) if t >= 0 and b.has(Kind.ULTI) else -1
    out: list[tuple[int, bool, int]] = []
    for x in ev.plays:
        hand = hands[x.seat] | x.later | 1 << x.card
        ub = 1 << ulti if ulti >= 0 and x.seat == ev.soloist else 0
        legal = legal_plays(hand, x.trick, t, trump_game, ub)
        n = legal.bit_count()
        if not legal >> x.card & 1:
            out.append((x.seat, False, 0))
            continue
        if n < 2:
            continue
        seen = _Seen(x.seat, ev.soloist, ev.contract_key, ev.trump, x.trick, x.leader)
        known = _Known(hand, x.before, [x.sol_void if q == ev.soloist else 0 for q in range(3)])
        cards = [c for c in range(32) if legal >> c & 1]
        chosen = policy.choose_card(seen, known, cards)  # type: ignore[arg-type]
        out.append((x.seat, chosen == x.card, n))
    return out


def _plays_log(ev: Evidence, b: Bid, hands: tuple[int, int, int]) -> float:
    """The log-likelihood of the cards chosen (:attr:`Evidence.plays`): each seat plays the
    rules player's card with a chance ``a`` and any legal card otherwise, ``a`` unknown (each
    of :data:`CARD_ALPHAS` alike), so that a seat whose cards the model explains in no deal
    weighs little, and one whose cards it explains (a rules player's) weighs much."""
    per_seat: dict[int, list[tuple[bool, int]]] = {}
    total = 0.0
    for seat, hit, n in card_hits(ev, b, hands):
        if n == 0:
            total += IMPOSSIBLE
        else:
            per_seat.setdefault(seat, []).append((hit, n))
    for seen_plays in per_seat.values():
        if CARD_ALPHAS is None:
            for hit, n in seen_plays:
                total += math.log(1 - CARD_SURPRISE if hit else CARD_SURPRISE / (n - 1))
            continue
        mix = 0.0
        for a in CARD_ALPHAS:
            like = 1.0
            for hit, n in seen_plays:
                like *= a + (1 - a) / n if hit else (1 - a) / n
            mix += like
        total += math.log(mix / len(CARD_ALPHAS))
    return total
