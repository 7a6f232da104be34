"""What a Snapszli seat knows (docs/SNAPSZLI.md Z13), and deals consistent with it.

:func:`walk` replays the public history (every seat could do the same): tricks, draws (Z4), the
exchange (Z6), the closing (Z8), marriages (Z7); :func:`points_of` counts a seat's points from
it.  :func:`knowledge` is what one seat knows of the hidden cards besides its hand and the
public history: the turned card while it lies face up (a player also remembers it after it is
drawn, covered or exchanged — the observation alone no longer shows it, so the players keep it,
see :meth:`ulti.players.snapszli.SnapPlayer.remember`); the shown card of each marriage the
opponent announced (Z7: the opponent holds it until it is played); the card the opponent took by
an exchange (Z6) and the turned card drawn by the opponent at the last draw; and, in strict play
(Z5), what the opponent's plays reveal: one who did not follow had no card of the led suit, one
who did not trump then had no trump, one who followed without winning had no higher card of the
suit (strict play has no draws, so these hold to the end).

:func:`sample_deal` draws a deal consistent with that knowledge, uniformly;
:func:`build_deal` builds the deck that reproduces given hands and talon under the history.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ulti.core.cards import KING, NINE, OVER, UNDER, cards_of, mask_of
from ulti.games.snapszli import (
    STRENGTH,
    Kind,
    SnapDeal,
    SnapObservation,
    SnapRules,
    beats,
    card_points,
    pack,
)

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
    x = exchange_card(rules, turned >> 3)
    n_talon = len(pack(rules.twenty_four)) - 2 * h - 1  # the talon's face-down cards at the deal
    positions: list[int] = [-1] * n_talon
    initial: list[list[int]] = [[], []]
    for p in (0, 1):
        items = _held(w, p, hands[p], turned, x)
        slots = _taken(w, p, h)
        if items is None or len(items) != len(slots):
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
    return _replayed(rules, obs, dealer, deck, hands, talon)


def _held(w: Walk, p: int, hand: int, turned: int, x: int) -> list[tuple[int, int]] | None:
    """The cards seat ``p`` dealt or drew, each with the moment it must be in hand by (its
    first play or marriage, Z7; :data:`INF` for one still held; the Alsó, IX, exchanged, Z6),
    in order; ``None`` if a card taken at a known moment (the turned card by an exchange, the
    talon's last card at the last draw) was needed before it."""
    need: dict[int, int] = {}
    for i, s, c in w.plays:
        if s == p:
            need[c] = min(need.get(c, INF), i)
    for i, s, suit in w.marriages:
        if s == p:
            for c in (suit * 8 + KING, suit * 8 + OVER):
                need[c] = min(need.get(c, INF), i)
    for c in cards_of(hand):
        need.setdefault(c, INF)
    fixed: list[tuple[int, int]] = []  # (time, card) taken at a known moment
    extra: list[tuple[int, int]] = []
    if w.exchange is not None and w.exchange[1] == p:
        fixed.append((w.exchange[0], turned))
        extra.append((w.exchange[0], x))  # the Alsó (IX) held until the exchange
    if w.final_draw is not None and w.final_draw[1] == p:
        fixed.append((w.final_draw[0], x if w.exchange is not None else turned))
    for at, c in fixed:
        if need.get(c, -1) <= at:
            return None
        del need[c]
    return sorted([(t, c) for c, t in need.items()] + extra)


def _taken(w: Walk, p: int, hand_size: int) -> list[tuple[int, int]]:
    """When seat ``p`` took a card and from where, in order: (time, talon position), ``-1``
    for the hand dealt; the last draw's card taken at a known moment is left out."""
    slots: list[tuple[int, int]] = [(-1, -1)] * hand_size
    for r, (i, winner, loser) in enumerate(w.draws):
        if winner == p:
            slots.append((i, 2 * r))
        if loser == p and not (w.final_draw is not None and r == len(w.draws) - 1):
            slots.append((i, 2 * r + 1))
    return sorted(slots)


def _replayed(
    rules: SnapRules,
    obs: SnapObservation,
    dealer: int,
    deck: list[int],
    hands: Sequence[int],
    talon: Sequence[int],
) -> SnapDeal | None:
    """The deal of ``deck`` with the public history replayed, if it ends with these hands and
    talon."""
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


__all__ = [
    "INF",
    "SnapKnowledge",
    "Trick",
    "Walk",
    "build_deal",
    "exchange_card",
    "knowledge",
    "pack_mask",
    "points_of",
    "sample_deal",
    "suit_mask",
    "walk",
]
