"""Snapszli's computer players (docs/SNAPSZLI.md), behind one interface like Ulti's.

A :class:`SnapPlayer` is told its seat and the rules when a deal starts (:meth:`SnapPlayer.start`),
then at each of its turns receives its seat's :class:`~ulti.games.snapszli.SnapObservation` (Z13)
and the legal actions, and returns one of them (:meth:`SnapPlayer.act`).  It never sees the deal: a
computer player knows nothing a person in that seat would not.  Players are deterministic for a
given seed and game number.  :meth:`SnapPlayer.advise` returns the action with the reason in English
or Hungarian (the catalogue's ``snap.hint-*`` words), for hints.

``make_snap_player("pimc:samples=32,ms=100", seed=7)`` builds one from a spec:

* ``random`` — a uniformly random legal action, but never a false claim (Z9): it claims only when
  its own points reach 66 (:func:`points_of` counts them from the observation);
* ``rules`` — the habits of a careful player (:class:`SnapRulesPlayer`);
* ``pimc`` — Perfect Information Monte Carlo (:class:`SnapPimcPlayer`): deals consistent with
  what the seat knows (:func:`knowledge`, :func:`sample_deal`) are solved exactly by
  :class:`ulti.search.snapszli.solver.SnapSolver`, the action with the best mean is taken.

What a seat knows (Z13), besides its hand and the public history: the turned card while it lies
face up (a player also remembers it after it is drawn, covered or exchanged — the observation
alone no longer shows it, so the players keep it, see :meth:`SnapPlayer.remember`); the shown
card of each marriage the opponent announced (Z7: the opponent holds it until it is played); the
card the opponent took by an exchange (Z6) and the turned card drawn by the opponent at the last
draw; and, in strict play (Z5), what the opponent's plays reveal: one who did not follow had no
card of the led suit, one who did not trump then had no trump, one who followed without winning
had no higher card of the suit (strict play has no draws, so these hold to the end).
"""

from __future__ import annotations

import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ulti.core.cards import KING, NINE, OVER, UNDER, cards_of, mask_of, name
from ulti.games.snapszli import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    POINTS,
    STRENGTH,
    TARGET,
    Kind,
    SnapAction,
    SnapDeal,
    SnapObservation,
    SnapRules,
    beats,
    card_points,
    describe,
    pack,
    play,
)
from ulti.i18n import text
from ulti.players.base import Budget, PlayerSpecError

_MASK64 = (1 << 64) - 1
INF = 1 << 30


def suit_mask(suit: int) -> int:
    return 0xFF << (8 * suit)


def pack_mask(rules: SnapRules) -> int:
    return mask_of(pack(rules.twenty_four))


def exchange_card(rules: SnapRules, trump: int) -> int:
    """The trump card that exchanges for the turned card (Z6; the IX in ZV1)."""
    return trump * 8 + (NINE if rules.twenty_four else UNDER)


# -- the public history, walked ----------------------------------------------------------------


@dataclass(frozen=True)
class Trick:
    """One completed trick: who led what, the answer (and its index in the history), whether
    Z5's strict play applied to the answer, and who won it."""

    leader: int
    led: int
    card: int
    index: int
    strict: bool
    winner: int


@dataclass
class Walk:
    """What the public history (the actions of both seats, in order) says, replayed without the
    hidden cards: tricks, draws (Z4), the exchange (Z6), the closing (Z8), marriages (Z7)."""

    forehand: int
    talon: int  # cards in the talon now (the turned card included)
    tricks: list[Trick] = field(default_factory=list)
    plays: list[tuple[int, int, int]] = field(default_factory=list)  # (index, seat, card)
    #: each round of draws: (index of the trick's last card, winner, loser)
    draws: list[tuple[int, int, int]] = field(default_factory=list)
    final_draw: tuple[int, int] | None = None  # (index, loser): the loser drew the last card
    exchange: tuple[int, int] | None = None  # (index, seat)
    closed: tuple[int, int] | None = None  # (index, seat)
    marriages: list[tuple[int, int, int]] = field(default_factory=list)  # (index, seat, suit)
    won: list[int] = field(default_factory=lambda: [0, 0])
    trick_count: list[int] = field(default_factory=lambda: [0, 0])
    lead: tuple[int, int, int] | None = None  # the trick in progress: (seat, card, index)

    @property
    def strict(self) -> bool:
        """Whether Z5's strict play applies now: the talon is empty or closed."""
        return self.talon == 0 or self.closed is not None


def walk(obs: SnapObservation, rules: SnapRules) -> Walk:
    """Replay ``obs.history`` publicly (every seat could do the same)."""
    trump = obs.trump
    first = obs.history[0][0] if obs.history else obs.current_player
    w = Walk(forehand=first, talon=len(pack(rules.twenty_four)) - 2 * rules.hand_size)
    for i, (seat, a) in enumerate(obs.history):
        if a.kind == Kind.PLAY:
            w.plays.append((i, seat, a.card))
            if w.lead is None:
                w.lead = (seat, a.card, i)
                continue
            leader, led, _ = w.lead
            winner = seat if beats(a.card, led, trump) else leader
            w.tricks.append(Trick(leader, led, a.card, i, w.strict, winner))
            w.won[winner] |= (1 << led) | (1 << a.card)
            w.trick_count[winner] += 1
            w.lead = None
            if w.talon and w.closed is None:
                w.draws.append((i, winner, 1 - winner))
                w.talon -= 2
                if w.talon == 0:
                    w.final_draw = (i, 1 - winner)
        elif a.kind == Kind.MARRIAGE:
            w.marriages.append((i, seat, a.suit))
        elif a.kind == Kind.EXCHANGE:
            w.exchange = (i, seat)
        elif a.kind == Kind.CLOSE:
            w.closed = (i, seat)
    return w


def points_of(obs: SnapObservation, seat: int | None = None, rules: SnapRules | None = None) -> int:
    """A seat's points (Z9) from an observation: its won cards and its marriages, credited once
    it has won a trick (Z7); the last trick's ten in ZV4.  Everything counted is public: a seat
    may count its opponent's points as well as its own (``seat``; default the observer)."""
    rules = rules or SnapRules()
    p = obs.seat if seat is None else seat
    w = walk(obs, rules)
    total = card_points(w.won[p])
    if w.trick_count[p]:
        total += sum(40 if suit == obs.trump else 20 for who, suit in obs.marriages if who == p)
        if obs.pending >= 0 and p == obs.leader and not obs.trick:  # "twenty and out" (Z7)
            total += 40 if obs.pending == obs.trump else 20
    if rules.last_trick_ten and w.tricks and not obs.hand and not obs.trick:
        if w.tricks[-1].winner == p:
            total += 10
    return total


# -- what a seat knows, and deals consistent with it -------------------------------------------


@dataclass
class SnapKnowledge:
    """What one seat knows of the hidden cards (module doc)."""

    seat: int
    rules: SnapRules
    trump: int
    walk: Walk
    hand: int
    played: int  # every card played (the trick in progress included)
    opp_held: int  # cards the opponent surely holds now
    opp_cannot: int  # cards the opponent surely does not hold (strict play, Z5)
    opp_size: int
    talon_size: int
    bottom: int  # the talon's last card when known (-1: unknown, or no talon)
    turned: int  # the card turned at the deal when known (-1)
    opp_hands: list[int] = field(default_factory=list)  # for an open deal: see knowledge()

    @property
    def unknown(self) -> int:
        """Cards whose place (the opponent's hand or the talon) this seat does not know."""
        known = self.hand | self.played | self.opp_held
        if self.bottom >= 0:
            known |= 1 << self.bottom
        return pack_mask(self.rules) & ~known

    @property
    def exact(self) -> bool:
        """Both hands are known (the talon is empty): no sampling is needed."""
        return self.talon_size == 0


def knowledge(obs: SnapObservation, rules: SnapRules, turned: int = -1) -> SnapKnowledge:
    """What ``obs.seat`` knows; ``turned``: the card turned at the deal, when remembered (the
    observation shows it only while it lies face up)."""
    seat, opp, trump = obs.seat, 1 - obs.seat, obs.trump
    w = walk(obs, rules)
    hand = mask_of(obs.hand)
    played = mask_of(obs.played())
    x = exchange_card(rules, trump)
    if turned < 0:
        turned = obs.turned_at_deal  # Z2: both players saw it turned
    if obs.turned >= 0 and w.exchange is None:
        turned = obs.turned
    opp_held = 0
    for _i, who, suit in w.marriages:  # Z7: the shown card stays in the announcer's hand
        if who == opp:
            opp_held |= ((1 << suit * 8 + KING) | (1 << suit * 8 + OVER)) & ~played
    bottom = -1
    if obs.talon_size:
        if obs.turned >= 0:
            bottom = obs.turned
        elif w.exchange is not None:
            bottom = x  # Z6: the exchanged Alsó (IX) lies under the closed talon
        else:
            bottom = turned
    else:  # the last draw: the loser took the talon's last card
        last = x if w.exchange is not None else turned
        if w.final_draw is not None and w.final_draw[1] == opp and last >= 0:
            opp_held |= (1 << last) & ~played
    if w.exchange is not None and w.exchange[1] == opp and turned >= 0:
        opp_held |= (1 << turned) & ~played  # Z6: the opponent took the turned card
    cannot = 0
    for t in w.tricks:  # Z5: what the opponent's answers in strict play reveal
        if t.strict and t.leader == seat:
            cannot |= _answer_reveals(t.led, t.card, trump)
    opp_held &= ~hand
    size = len(pack(rules.twenty_four)) - played.bit_count() - len(obs.hand) - obs.talon_size
    return SnapKnowledge(
        seat, rules, trump, w, hand, played, opp_held, cannot, size, obs.talon_size, bottom, turned
    )


def _answer_reveals(led: int, answer: int, trump: int) -> int:
    """Cards a player answering ``led`` with ``answer`` under Z5 cannot hold."""
    suit = led >> 3
    if answer >> 3 != suit:
        out = suit_mask(suit)  # did not follow: void in the led suit
        if answer >> 3 != trump:
            out |= suit_mask(trump)  # and did not trump: no trump either
        return out
    if STRENGTH[answer & 7] < STRENGTH[led & 7]:  # followed without winning: nothing higher
        low = STRENGTH[led & 7]
        return sum(1 << c for c in range(suit * 8, suit * 8 + 8) if STRENGTH.get(c & 7, -1) > low)
    return 0


def sample_deal(k: SnapKnowledge, obs: SnapObservation, rng: random.Random) -> SnapDeal | None:
    """A deal consistent with ``k``, drawn uniformly among them (the opponent's hand and the
    talon's order), built from a deck that reproduces it and the public history replayed;
    ``None`` when repeated tries find none (the constraints would then be inconsistent)."""
    for _ in range(200):
        d = _try_sample(k, obs, rng)
        if d is not None:
            return d
    return None


def _accept(rng: random.Random, candidates: int, cap: int) -> bool:
    """Rejection step: a hidden turned card could be any of ``candidates`` trumps; a deal is
    the likelier the more there are (at most ``cap``)."""
    return candidates > 0 and rng.random() * max(cap, 1) < candidates


def _try_sample(k: SnapKnowledge, obs: SnapObservation, rng: random.Random) -> SnapDeal | None:
    rules, trump, w = k.rules, k.trump, k.walk
    unknown = k.unknown
    trumps = suit_mask(trump) & pack_mask(rules)
    cap = trumps.bit_count()
    need = k.opp_size - k.opp_held.bit_count()
    free = cards_of(unknown & ~k.opp_cannot)
    forced = cards_of(unknown & k.opp_cannot)
    if need > len(free) or need < 0:  # never for a real deal: drop the inferences
        free, forced = cards_of(unknown), []
        if need > len(free) or need < 0:
            return None
    rng.shuffle(free)
    opp = k.opp_held | mask_of(free[:need])
    rest = free[need:] + forced
    rng.shuffle(rest)
    talon: list[int] = []
    if k.talon_size:
        if k.bottom >= 0:
            talon = [*rest, k.bottom]
        else:  # a closed talon whose turned card this seat never saw: a trump lies under it
            cands = [c for c in rest if trumps >> c & 1]
            if not _accept(rng, len(cands), min(cap, len(rest))):
                return None
            bottom = rng.choice(cands)
            talon = [c for c in rest if c != bottom] + [bottom]
    elif rest:
        return None
    hands = [0, 0]
    hands[k.seat] = k.hand
    hands[1 - k.seat] = opp
    turned = k.turned
    if turned < 0:
        turned = _guess_turned(k, hands, talon, rng)
        if turned < 0:
            return None
    return build_deal(rules, obs, w, hands, talon, turned)


def _guess_turned(k: SnapKnowledge, hands: list[int], talon: list[int], rng: random.Random) -> int:
    """The turned card, when this seat does not know it: a trump with whoever took it."""
    w, trump = k.walk, k.trump
    trumps = suit_mask(trump) & pack_mask(k.rules)
    x = exchange_card(k.rules, trump)
    if w.exchange is not None:
        at, who = w.exchange
    elif talon:
        return talon[-1]
    else:
        assert w.final_draw is not None
        at, who = w.final_draw
    later = mask_of(c for i, s, c in w.plays if s == who and i > at)
    if w.exchange is not None:
        trumps &= ~(1 << x)  # the Alsó (IX) exchanged was not the turned card
    cands = cards_of((later | hands[who]) & trumps)
    if not _accept(rng, len(cands), trumps.bit_count()):
        return -1
    return rng.choice(cands)


def build_deal(
    rules: SnapRules,
    obs: SnapObservation,
    w: Walk,
    hands: Sequence[int],
    talon: Sequence[int],
    turned: int,
) -> SnapDeal | None:
    """A :class:`SnapDeal` whose public history is ``obs.history`` and whose present hands and
    talon (top first) are the given ones, built from a deck (Z2) that reproduces them: which
    card each seat was dealt and which it drew is chosen so that every card is in hand when it
    is played, announced (Z7) or exchanged (Z6).  ``None`` if no such deck exists."""
    h = rules.hand_size
    trump = turned >> 3
    x = exchange_card(rules, trump)
    n_talon = len(pack(rules.twenty_four)) - 2 * h - 1  # the talon's face-down cards at the deal
    positions: list[int] = [-1] * n_talon
    initial: list[list[int]] = [[], []]
    bottom = x if w.exchange is not None else turned
    for p in (0, 1):
        need: dict[int, int] = {}
        for i, s, c in w.plays:
            if s == p:
                need[c] = min(need.get(c, INF), i)
        for i, s, suit in w.marriages:
            if s == p:
                for c in (suit * 8 + KING, suit * 8 + OVER):
                    need[c] = min(need.get(c, INF), i)
        for c in cards_of(hands[p]):
            need.setdefault(c, INF)
        fixed: list[tuple[int, int]] = []  # (time, card) taken at a known moment
        extra: list[tuple[int, int]] = []
        if w.exchange is not None and w.exchange[1] == p:
            fixed.append((w.exchange[0], turned))
            extra.append((w.exchange[0], x))  # the Alsó (IX) held until the exchange
        if w.final_draw is not None and w.final_draw[1] == p:
            fixed.append((w.final_draw[0], bottom))
        for at, c in fixed:
            if need.get(c, -1) <= at:
                return None
            del need[c]
        items = sorted([(t, c) for c, t in need.items()] + extra)
        slots: list[tuple[int, int]] = [(-1, -1)] * h  # (time, talon position; -1: dealt)
        for r, (i, winner, loser) in enumerate(w.draws):
            if winner == p:
                slots.append((i, 2 * r))
            if loser == p and not (w.final_draw is not None and r == len(w.draws) - 1):
                slots.append((i, 2 * r + 1))
        slots.sort()
        if len(items) != len(slots):
            return None
        for (t, c), (at, pos) in zip(items, slots, strict=True):
            if at >= t:
                return None
            if pos < 0:
                initial[p].append(c)
            else:
                positions[pos] = c
    drawn = 2 * len(w.draws) - (1 if w.final_draw is not None else 0)
    left = list(talon[:-1]) if talon else []
    if drawn + len(left) != n_talon:
        return None
    positions[drawn:] = left
    fh, dealer = w.forehand, 1 - w.forehand
    a, b = initial[fh], initial[dealer]
    deck = [*a[:3], *b[:3], turned, *a[3:], *b[3:], *positions]
    if -1 in deck:
        return None
    try:
        d = SnapDeal(rules, 0, dealer, deck)
        for who, act in obs.history:
            if d.current_player != who:
                return None
            d.apply(act)
    except Exception:  # an inconsistent reconstruction: refused, never played
        return None
    if d.hands[0] != hands[0] or d.hands[1] != hands[1] or list(d.talon) != list(talon):
        return None
    return d


# -- the player interface ----------------------------------------------------------------------


class SnapPlayer(ABC):
    """A Snapszli player: seeded, deterministic, seeing only its observation."""

    name = "player"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget()
        self.seat = -1
        self.rules = SnapRules()
        self.rng = random.Random(seed)
        self.turned = -1
        #: what the last decision rested on: a ``snap.hint-*`` key and its fields
        self.explanation: tuple[str, dict[str, Any]] = ("hint-only", {})

    def start(self, seat: int, rules: SnapRules, game: int = 0) -> None:
        """A new deal: this player sits at ``seat``.  ``game`` numbers the deals (any public
        integer) so that a seeded player's choices are reproducible deal by deal."""
        self.seat = seat
        self.rules = rules
        self.rng = random.Random((self.seed * 1_000_003 + game * 7 + seat) & _MASK64)
        self.turned = -1

    def remember(self, obs: SnapObservation) -> None:
        """Keep what a person would remember: the card turned at the deal (Z13), seen face up
        before any exchange."""
        if self.turned < 0 and obs.turned >= 0:
            if not any(a.kind == Kind.EXCHANGE for _, a in obs.history):
                self.turned = obs.turned

    def act(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        """The action to take; ``legal`` is never empty and ``obs.seat`` is this seat."""
        self.remember(obs)
        self.explanation = ("hint-only", {})
        return self.choose(obs, legal)

    @abstractmethod
    def choose(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        """The decision itself (after :meth:`remember`); sets :attr:`explanation`."""

    def advise(
        self, obs: SnapObservation, legal: Sequence[SnapAction], lang: str = "en"
    ) -> tuple[SnapAction, str]:
        """The action this player would take, and why, in ``lang`` (``en`` or ``hu``)."""
        a = self.act(obs, legal)
        return a, explain(*self.explanation, lang=lang, trump=obs.trump)

    def points(self, obs: SnapObservation, seat: int | None = None) -> int:
        return points_of(obs, seat, self.rules)

    def may_claim(self, obs: SnapObservation) -> bool:
        """Whether a claim would be true (Z9): this seat's points reach 66."""
        return self.points(obs) >= TARGET

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, budget={self.budget})"


def explain(key: str, fields: dict[str, Any], lang: str = "en", trump: int = -1) -> str:
    """A hint's reason in words: cards and actions by their names in ``lang``."""
    words: dict[str, object] = {}
    for f, v in fields.items():
        if f == "card":
            words[f] = name(v, "hu" if lang == "hu" else "en")
        elif f == "options":
            words[f] = ", ".join(f"{describe(a, lang, trump)} {x:+.2f}" for a, x in v)
        else:
            words[f] = v
    return text(f"snap.{key}", lang, **words)


class SnapRandomPlayer(SnapPlayer):
    """``random``: a uniformly random legal action, never a false claim (Z9)."""

    name = "random"

    def choose(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        options = [a for a in legal if a.kind != Kind.CLAIM]
        if CLAIM in legal and (self.may_claim(obs) or not options):
            options.append(CLAIM)
        self.explanation = ("hint-random", {})
        return options[self.rng.randrange(len(options))]


# -- rules ---------------------------------------------------------------------------------------


class SnapRulesPlayer(SnapPlayer):
    """``rules``: the habits of a careful player, in this order:

    1. claim as soon as its points reach 66 (Z9), never before;
    2. on lead, exchange the trump Alsó (IX) for the turned card whenever allowed (Z6);
    3. close the talon (Z8) when the points it has, the marriages it can announce and the cards
       that surely win in strict play (a conservative count: trumps nothing out can beat, and
       side-suit tops once its sure trumps outnumber the trumps the opponent may hold; the cards
       they capture counted as nothing) reach 66;
    4. announce a marriage whenever it holds one (Z7), the trump one first, leading the Felső
       (the King when it surely wins);
    5. open play, leading: the cheapest card — low side cards first; trumps, Aces and Tens kept,
       and the King and Felső of a marriage still to be made;
    6. open play, answering: take a Ten or Ace led with the cheapest card that wins (the higher
       card of the suit, else the lowest trump); take any side card with a higher card of its
       suit; take anything that brings it to 66; otherwise throw the cheapest card, never
       trumping a low card;
    7. strict play (Z5): lead its sure winners, trumps first while the opponent may hold trumps,
       else its cheapest card; answer with the cheapest card that wins, else the cheapest.
    """

    name = "rules"

    def choose(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        if len(legal) == 1:
            return legal[0]
        me = self.points(obs)
        if CLAIM in legal and me >= TARGET:
            self.explanation = ("hint-claim", {"points": me})
            return CLAIM
        options = [a for a in legal if a.kind != Kind.CLAIM]
        if not options:
            return legal[0]
        k = knowledge(obs, self.rules, self.turned)
        if EXCHANGE in options:
            self.explanation = ("hint-exchange", {})
            return EXCHANGE
        if CLOSE in options:
            sure = self.sure_points(obs, k, me)
            if sure >= TARGET:
                self.explanation = ("hint-close", {"points": sure})
                return CLOSE
        marriages = [a for a in options if a.kind == Kind.MARRIAGE]
        if marriages:
            best = max(marriages, key=lambda a: (a.suit == obs.trump, -a.suit))
            pts = 40 if best.suit == obs.trump else 20
            self.explanation = ("hint-marriage", {"points": pts})
            return best
        cards = [a.card for a in options if a.kind == Kind.PLAY]
        if len(cards) == 1:
            return play(cards[0])
        if not obs.trick:
            return play(self.lead(obs, k, cards))
        return play(self.answer(obs, k, cards, me))

    # -- judgement ----------------------------------------------------------------------------

    def cost(self, c: int, k: SnapKnowledge) -> float:
        """What giving up ``c`` costs: its points, more for a trump (it wins later) and for
        the King or Felső of a marriage still to be made."""
        v = float(POINTS[c & 7]) + STRENGTH[c & 7] * 0.1
        if c >> 3 == k.trump:
            v += 12.0
        rank = c & 7
        if rank in (KING, OVER):
            partner = (c & ~7) | (OVER if rank == KING else KING)
            if k.hand >> partner & 1 or not (k.played >> partner & 1):
                v += 6.0 if k.hand >> partner & 1 else 2.0
        return v

    def opp_possible(self, k: SnapKnowledge) -> int:
        """Cards the opponent may hold."""
        return (k.unknown & ~k.opp_cannot) | k.opp_held

    def sure_winners(self, k: SnapKnowledge) -> list[int]:
        """Cards of this hand that win when led in strict play whatever the opponent holds:
        trumps nothing out beats; side cards nothing out of their suit beats, once the opponent
        can have no trump left (none possible, or the sure trumps, led first, draw them all)."""
        out = self.opp_possible(k)
        trump = k.trump
        trumps: list[int] = []
        side: list[int] = []
        for c in cards_of(k.hand):
            suit = c >> 3
            higher = [
                x for x in cards_of(out & suit_mask(suit)) if STRENGTH[x & 7] > STRENGTH[c & 7]
            ]
            if not higher:
                (trumps if suit == trump else side).append(c)
        opp_trumps = min((out & suit_mask(trump)).bit_count(), k.opp_size)
        if opp_trumps == 0 or len(trumps) >= opp_trumps:
            return trumps + side
        return trumps

    def sure_points(self, obs: SnapObservation, k: SnapKnowledge, me: int) -> int:
        """A conservative count of the points this seat makes with the talon closed."""
        wins = self.sure_winners(k)
        total = me + sum(POINTS[c & 7] for c in wins)
        if wins or k.walk.trick_count[k.seat]:
            for suit in range(4):
                if k.hand >> (suit * 8 + KING) & 1 and k.hand >> (suit * 8 + OVER) & 1:
                    total += 40 if suit == obs.trump else 20
        return total

    def lead(self, obs: SnapObservation, k: SnapKnowledge, cards: list[int]) -> int:
        if k.walk.strict:
            wins = [c for c in self.sure_winners(k) if c in cards]
            if wins:
                # trumps first while the opponent may hold trumps, the highest first
                wins.sort(key=lambda c: (c >> 3 != k.trump, -STRENGTH[c & 7]))
                self.explanation = ("hint-sure", {"card": wins[0]})
                return wins[0]
            c = min(cards, key=lambda c: (self.cost(c, k), c))
            self.explanation = ("hint-lead-low", {"card": c})
            return c
        c = min(cards, key=lambda c: (self.cost(c, k), c))
        self.explanation = ("hint-lead-low", {"card": c})
        return c

    def answer(self, obs: SnapObservation, k: SnapKnowledge, cards: list[int], me: int) -> int:
        led = obs.trick[0]
        trump = k.trump
        winners = [c for c in cards if beats(c, led, trump)]
        if k.walk.strict:
            if winners:
                c = min(winners, key=lambda c: (c >> 3 == trump, STRENGTH[c & 7], c))
                self.explanation = ("hint-win-cheap", {"card": c})
                return c
            c = min(cards, key=lambda c: (self.cost(c, k), c))
            self.explanation = ("hint-duck", {"card": c})
            return c
        credit = 0
        if k.walk.trick_count[k.seat] == 0:
            credit = sum(40 if s == trump else 20 for who, s in obs.marriages if who == k.seat)
        reach = [c for c in winners if me + credit + POINTS[led & 7] + POINTS[c & 7] >= TARGET]
        if reach:
            c = min(reach, key=lambda c: (self.cost(c, k), c))
            self.explanation = ("hint-reach", {"card": c})
            return c
        same = [c for c in winners if c >> 3 == led >> 3]
        if POINTS[led & 7] >= 10 and winners:
            c = min(winners, key=lambda c: (c >> 3 == trump, STRENGTH[c & 7], c))
            self.explanation = ("hint-take", {"card": c})
            return c
        if same and led >> 3 != trump:
            c = min(same, key=lambda c: (STRENGTH[c & 7], c))
            self.explanation = ("hint-take", {"card": c})
            return c
        losers = [c for c in cards if c not in winners or c >> 3 != trump]
        c = min(losers or cards, key=lambda c: (self.cost(c, k), c))
        self.explanation = ("hint-duck", {"card": c})
        return c


# -- pimc ----------------------------------------------------------------------------------------

_LOCAL = threading.local()


def _solver() -> Any:
    """The solver of the thread deciding now (one per thread, never kept on a player: a
    player may be started in one thread and asked in others)."""
    sv = getattr(_LOCAL, "solver", None)
    if sv is None:
        from ulti.search.snapszli.solver import SnapSolver

        sv = _LOCAL.solver = SnapSolver(false_claims=False)
    return sv


class SnapPimcPlayer(SnapPlayer):
    """``pimc``: Perfect Information Monte Carlo.  At each decision with a choice it samples
    deals consistent with what the seat knows (:func:`knowledge`, :func:`sample_deal`), asks the
    solver for each action's game points with every card known, and takes the best mean; with
    the talon empty both hands are known and one exact solve decides.  Ties go to the ``rules``
    player's choice.  It claims as soon as a claim is true and never otherwise (Z9).

    Budget: ``samples`` (default 32) deals per decision, and ``ms``, a time limit per decision
    (none by default, which keeps the player deterministic; at least a few samples are always
    taken)."""

    name = "pimc"
    DEFAULT_SAMPLES = 32
    MIN_SAMPLES = 4

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed, budget)
        self.fallback = SnapRulesPlayer(seed, budget)

    def start(self, seat: int, rules: SnapRules, game: int = 0) -> None:
        super().start(seat, rules, game)
        self.fallback.start(seat, rules, game)

    def choose(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        self.fallback.turned = self.turned
        if len(legal) == 1:
            return legal[0]
        me = self.points(obs)
        if CLAIM in legal and me >= TARGET:
            self.explanation = ("hint-claim", {"points": me})
            return CLAIM
        options = [a for a in legal if a.kind != Kind.CLAIM]
        if len(options) <= 1:
            return options[0] if options else legal[0]
        values, n, exact = self.values(obs, options)
        if n == 0:
            a = self.fallback.choose(obs, legal)
            self.explanation = self.fallback.explanation
            return a
        best = max(values.values())
        tied = [a for a in options if values[a] >= best - 1e-9]
        pick = tied[0]
        if len(tied) > 1:
            preferred = self.fallback.choose(obs, legal)
            if preferred in tied:
                pick = preferred
        ranked = sorted(options, key=lambda a: -values[a])[:5]
        self.explanation = (
            "hint-exact" if exact else "hint-values",
            {"n": n, "options": [(a, values[a]) for a in ranked]},
        )
        return pick

    def values(
        self, obs: SnapObservation, options: Sequence[SnapAction]
    ) -> tuple[dict[SnapAction, float], int, bool]:
        """Each option's mean game points over the samples, the samples taken and whether the
        deal was known exactly."""
        k = knowledge(obs, self.rules, self.turned)
        n = 1 if k.exact else self.budget.samples or self.DEFAULT_SAMPLES
        deadline = (
            time.perf_counter() + self.budget.ms / 1000.0 if self.budget.ms is not None else None
        )
        sums = dict.fromkeys(options, 0.0)
        taken = 0
        sv = _solver()
        for i in range(n):
            if deadline is not None and i >= self.MIN_SAMPLES and time.perf_counter() > deadline:
                break
            d = sample_deal(k, obs, self.rng)
            if d is None:
                continue
            mv = sv.move_values(d)
            for a in options:
                sums[a] += mv[a]
            taken += 1
        return {a: s / max(taken, 1) for a, s in sums.items()}, taken, k.exact


# -- the registry, and a runner ------------------------------------------------------------------


def snap_registry() -> dict[str, type[SnapPlayer]]:
    return {"random": SnapRandomPlayer, "rules": SnapRulesPlayer, "pimc": SnapPimcPlayer}


#: The pimc budget the front ends give a computer opponent and hints: a person waits at most
#: about a second and a half for a move (a 24-card first lead solves slowly, ZV1).
PLAY_SPEC = "pimc:samples=16,ms=1500"


def make_snap_player(spec: str, seed: int = 0) -> SnapPlayer:
    """A player from ``name`` or ``name:budget`` (see :meth:`ulti.players.base.Budget.parse`)."""
    name_, _, budget = spec.partition(":")
    players = snap_registry()
    if name_ not in players:
        raise PlayerSpecError("unknown", name=name_, players=", ".join(players))
    return players[name_](seed, Budget.parse(budget) if budget else None)


@dataclass
class SnapRun:
    """A deal played by players, with each seat's decision times (seconds)."""

    deal: SnapDeal
    times: list[list[float]] = field(default_factory=lambda: [[], []])


def play_snap_deal(
    rules: SnapRules,
    seed: int,
    dealer: int,
    players: Sequence[SnapPlayer],
    game: int = 0,
    deck: Sequence[int] | None = None,
    on_action: Callable[[SnapDeal, int, SnapAction], None] | None = None,
) -> SnapRun:
    """Play one deal: each seat's player acts on its own observation only."""
    if len(players) != 2:
        raise ValueError("Snapszli: two players")
    d = SnapDeal(rules, seed, dealer, deck)
    for seat, p in enumerate(players):
        p.start(seat, rules, game)
    run = SnapRun(d)
    while not d.is_over():
        seat = d.current_player
        legal = d.legal_actions()
        obs = d.observation(seat)
        t = time.perf_counter()
        action = players[seat].act(obs, legal)
        run.times[seat].append(time.perf_counter() - t)
        d.apply(action)
        if on_action is not None:
            on_action(d, seat, action)
    return run


__all__ = [
    "SnapKnowledge",
    "SnapPimcPlayer",
    "SnapPlayer",
    "SnapRandomPlayer",
    "SnapRulesPlayer",
    "SnapRun",
    "Walk",
    "build_deal",
    "explain",
    "knowledge",
    "make_snap_player",
    "play_snap_deal",
    "points_of",
    "sample_deal",
    "snap_registry",
    "walk",
]
