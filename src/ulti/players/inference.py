"""What the auction, the trump and the kontras say about the hidden hands: a weight for each
sampled deal.

:mod:`ulti.players.knowledge` samples deals uniformly among those consistent with the hard
facts (cards seen, voids, ...).  Yet a seat that passed rarely holds a strong hand, a soloist
who bid 40-100 Ulti holds the trump marriage and the VII and many trumps, and a defender who
doubled the Ulti holds trumps.  This module scores a sampled deal by how likely the other seats
were to act as they did had they held its hands — the *policy-based inference* that research on
Skat found worth a large margin.  The model of the other players is the project's own: the
``rules`` player's policy (:mod:`ulti.players.rules`, whose bidding rests on the hand
evaluation of :mod:`ulti.players.evaluate`), made soft (a logistic choice with a temperature in
units) so that no deal is ruled out by a judgement alone.

What is weighed (for every seat but the one deciding):

* each pass and pick-up of the auction, at the bid then standing: the seat's best contract
  above it (:func:`~ulti.players.evaluate.estimate_table` of its cards) against the ``rules``
  player's threshold for picking up;
* the bid the soloist plays: its estimate with the cards he kept (a bid seldom made on a hand
  that cannot carry it), and the trump he named among those he could (its estimate against the
  others');
* each kontra of a defender: his holding in the doubled component (trumps against a trump
  game, an Ace against Four Aces, a guard against a Durchmars);
* each re-double of the soloist: the estimate of that component alone with his cards.

A seat's cards are taken as its hand now plus the cards it has played (and, for the soloist,
the two he laid); a seat that picked up and was overcalled held two other cards then, which the
model ignores.  :func:`log_weight` is the log-likelihood of the actions seen, up to a constant
that does not depend on the deal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ulti.actions import ActionKind
from ulti.bids import Bid, Kind
from ulti.observation import Observation
from ulti.players.evaluate import (
    component_chance,
    component_term,
    estimate_table,
    trump_strength,
    trump_suits,
)
from ulti.players.rules import kontra_holding
from ulti.rules import Ruleset

#: the rules player picks up (or bids) when its best contract's estimate plus the talon's
#: worth exceeds this (:data:`ulti.players.rules.TALON_BONUS` folded in: 0.5 - 1.0)
PICKUP_THRESHOLD = -0.5
#: how sharply a seat's choice follows its estimate (units): larger is softer
TEMPERATURE = 3.0
#: the trump named: the suits' estimates compared at this temperature (units)
TRUMP_TEMPERATURE = 2.0
#: the chance the model gives a kontra from a holding the rules player would not double on
#: (and one minus it to a holding it would)
KONTRA_SURPRISE = 0.15


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

    @property
    def empty(self) -> bool:
        return not (self.auction or self.trump_named or self.kontras or self.rekontras) and (
            self.contract is None or self.soloist == self.seat
        )


def evidence(obs: Observation, rules: Ruleset) -> Evidence:
    """The evidence in ``obs`` about the hands of the seats other than ``obs.seat``."""
    contract = rules.ladder[obs.contract] if obs.contract else None
    ev = Evidence(obs.seat, rules, obs.soloist, contract, obs.trump)
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
    return ev


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
    for p, kind in ev.kontras:
        out = ~(whole[p]) & ~ev.played[0] & ~ev.played[1] & ~ev.played[2] & ((1 << 32) - 1)
        strong = kontra_holding(kind, whole[p], ev.trump, out)
        total += math.log(1 - KONTRA_SURPRISE if strong else KONTRA_SURPRISE)
    return total
