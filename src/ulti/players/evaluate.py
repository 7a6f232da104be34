"""Hand evaluation: which contracts a hand can play, with which trump and which two cards laid.

A quick, hand-written estimate (no search) shared by the ``rules`` player, which bids on it,
and the ``pimc`` player, which takes its best candidates and then measures them by sampling
and solving.  Every estimate is in units for the soloist (the contract's value times two
defenders, won or lost), so candidates of different contracts compare directly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

from ulti.bids import Bid, Kind
from ulti.cards import (
    ACE,
    HEARTS,
    KING,
    OVER,
    PLAIN_ORDER_STRENGTH,
    POINT_CARDS,
    SEVEN,
    SUIT_MASKS,
    TEN,
    TRUMP_ORDER_STRENGTH,
    card,
    cards_of,
)
from ulti.rules import Ruleset


@dataclass(frozen=True)
class Candidate:
    bid: Bid
    trump: int  # -1 no trump; Hearts for Hearts bids
    discard: tuple[int, int] | None  # the two cards to lay (a 12-card hand), else None
    estimate: float  # expected units for the soloist (heuristic)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def suit_cards(hand: int, suit: int) -> list[int]:
    return cards_of(hand & SUIT_MASKS[suit])


def trump_strength(hand: int, trump: int) -> dict[str, float]:
    """Features of a hand with ``trump`` as trump (C2 trump order)."""
    t = hand & SUIT_MASKS[trump]
    n_t = t.bit_count()
    top = 0  # consecutive top trumps from the Ace down (A X K O ...)
    order = sorted(range(8), key=lambda r: -TRUMP_ORDER_STRENGTH[r])
    for r in order:
        if t >> card(trump, r) & 1:
            top += 1
        else:
            break
    honours = sum(1 for r in (ACE, TEN, KING, OVER) if t >> card(trump, r) & 1)
    side_aces = sum(1 for s in range(4) if s != trump and hand >> card(s, ACE) & 1)
    side_tens = sum(
        1 for s in range(4) if s != trump and hand >> card(s, TEN) & 1 and hand >> card(s, ACE) & 1
    )
    voids = sum(1 for s in range(4) if s != trump and not hand & SUIT_MASKS[s])
    singles = sum(1 for s in range(4) if s != trump and (hand & SUIT_MASKS[s]).bit_count() == 1)
    # expected tricks: top trumps, long trumps, side aces and their tens, ruffs
    tricks = (
        top
        + max(0, n_t - 3) * 0.7
        + (honours - top) * 0.4
        + side_aces * 0.9
        + side_tens * 0.6
        + (voids * 0.8 + singles * 0.4) * min(1.0, max(0, n_t - 2) / 3)
    )
    points = (
        10
        * (
            side_aces * 0.9
            + side_tens * 0.6
            + sum(0.9 for r in (ACE, TEN) if t >> card(trump, r) & 1)
        )
        + min(tricks, 10) * 3.0
    )
    return {
        "n": n_t,
        "top": top,
        "honours": honours,
        "tricks": tricks,
        "points": points,
        "seven": float(t >> card(trump, SEVEN) & 1),
        "marriage": float(t >> card(trump, KING) & 1 and t >> card(trump, OVER) & 1),
    }


def betli_risk(hand: int) -> float:
    """How many of the hand's cards could be forced to win a trick (no-trump order)."""
    risk = 0.0
    for s in range(4):
        ranks = sorted(PLAIN_ORDER_STRENGTH[c & 7] for c in suit_cards(hand, s))
        for i, r in enumerate(ranks):
            risk += max(0, r - 2 * i) * (0.5 if i else 1.0)
    return risk


def durchmars_losers(hand: int, trump: int) -> float:
    """Tricks the hand may lose (trump order with ``trump``, or no-trump order)."""
    strength = TRUMP_ORDER_STRENGTH if trump >= 0 else PLAIN_ORDER_STRENGTH
    losers = 0.0
    n_t = (hand & SUIT_MASKS[trump]).bit_count() if trump >= 0 else 0
    for s in range(4):
        cs = sorted((strength[c & 7] for c in suit_cards(hand, s)), reverse=True)
        if not cs:
            continue
        if s == trump:
            losers += sum(1 for i, r in enumerate(cs) if r < 7 - i) * 1.0
            continue
        for i, r in enumerate(cs):
            if r < 7 - i:  # not among the top cards of the suit
                losers += 0.5 if trump >= 0 and n_t >= 6 else 1.0
    return losers


def contract_estimate(bid: Bid, hand: int, trump: int, rules: Ruleset) -> float:
    """Expected units (for the soloist) of playing ``bid`` with this 10-card hand."""
    total = 0.0
    f = trump_strength(hand, trump) if trump >= 0 else None
    for comp in bid.components:
        v = comp.value * 2  # from each defender
        k = comp.kind
        if k == Kind.SIMPLE:
            assert f is not None
            p = _sigmoid((f["points"] - 50) / 8 + (f["n"] - 4) * 0.4)
        elif k == Kind.FORTY_HUNDRED:
            assert f is not None
            p = 0.0 if not f["marriage"] else _sigmoid((f["points"] - 62) / 7)
        elif k == Kind.TWENTY_HUNDRED:
            assert f is not None
            has = any(
                hand >> card(s, KING) & 1 and hand >> card(s, OVER) & 1
                for s in range(4)
                if s != trump
            )
            p = 0.0 if not has else _sigmoid((f["points"] - 80) / 6)
        elif k == Kind.ULTI:
            assert f is not None
            p = (
                0.0
                if not f["seven"]
                else _sigmoid(
                    (f["n"] - 5.5) * 1.2 + (f["top"] - 1.5) * 0.8 + (f["honours"] - 2) * 0.4
                )
            )
        elif k == Kind.FOUR_ACES:
            aces = sum(1 for s in range(4) if hand >> card(s, ACE) & 1)
            assert f is not None
            p = _sigmoid((aces - 3.4) * 2.0 + (f["tricks"] - 7) * 0.5)
        elif k == Kind.BETLI:
            p = _sigmoid((1.2 - betli_risk(hand)) * 2.2)
        else:  # Durchmars
            p = _sigmoid((0.4 - durchmars_losers(hand, trump)) * 3.0)
        penalty = comp.value * 2 if k == Kind.ULTI else 0
        total += p * v - (1 - p) * (v + penalty)
    return total


def discard_options(hand12: int, bid: Bid, trump: int, n: int = 3) -> list[tuple[int, int]]:
    """The ``n`` most promising pairs of cards to lay for ``bid`` (best first)."""
    cs = cards_of(hand12)
    no_trump = trump < 0
    strength = PLAIN_ORDER_STRENGTH if no_trump else TRUMP_ORDER_STRENGTH
    betli = bid.has(Kind.BETLI)
    keep = 0
    if trump >= 0:
        keep |= SUIT_MASKS[trump]
        if bid.has(Kind.FORTY_HUNDRED) or bid.has(Kind.TWENTY_HUNDRED):
            for s in range(4):
                keep |= (1 << card(s, KING)) | (1 << card(s, OVER))

    def cost(pair: tuple[int, int]) -> float:
        rest = hand12 & ~((1 << pair[0]) | (1 << pair[1]))
        c = 0.0
        for x in pair:
            if keep >> x & 1:
                c += 50
            if betli:
                c -= strength[x & 7] * 3  # lay the highest cards
            else:
                c += strength[x & 7] * 2 + (15 if POINT_CARDS >> x & 1 else 0)  # P3
        if betli:
            c += betli_risk(rest) * 10
        else:
            for s in range(4):
                if s != trump and not rest & SUIT_MASKS[s] and hand12 & SUIT_MASKS[s]:
                    c -= 6  # a void made: ruffs
        return c

    pairs = sorted(combinations(cs, 2), key=cost)
    return [(a, b) for a, b in pairs[:n]]


def candidates(
    hand: int, rules: Ruleset, above_rank: int = 0, n: int = 6, twelve: bool = False
) -> list[Candidate]:
    """The most promising contracts ranked above ``above_rank`` for this hand, best first.
    With ``twelve`` the hand holds 12 cards and each candidate comes with its discard."""
    out: list[Candidate] = []
    discards: dict[tuple[int, bool, bool], tuple[int, int]] = {}
    for b in rules.ladder.above(above_rank):
        if b.trump:
            trumps = [HEARTS] if (b.hearts or rules.hearts_always_trump) else [1, 2, 3]
        else:
            trumps = [-1]
        for t in trumps:
            disc: tuple[int, int] | None = None
            ten = hand
            if twelve:
                key = (t, b.has(Kind.BETLI), b.hundred is not None)
                if key not in discards:
                    discards[key] = discard_options(hand, b, t, 1)[0]
                disc = discards[key]
                ten = hand & ~((1 << disc[0]) | (1 << disc[1]))
            out.append(Candidate(b, t, disc, contract_estimate(b, ten, t, rules)))
    out.sort(key=lambda c: -c.estimate)
    # one candidate per bid (its best trump), the best n
    seen: set[str] = set()
    best: list[Candidate] = []
    for c in out:
        if c.bid.key in seen:
            continue
        seen.add(c.bid.key)
        best.append(c)
        if len(best) == n:
            break
    return best
