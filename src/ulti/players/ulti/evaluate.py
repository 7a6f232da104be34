"""Hand evaluation: which contracts a hand can play, with which trump and which two cards laid.

A quick, hand-written estimate (no search) shared by the ``rules`` player, which bids on it,
and the ``pimc`` player, which takes its best candidates and then measures them by sampling
and solving.  Every estimate is in units for the soloist (the contract's value times two
defenders, won or lost), so candidates of different contracts compare directly.

The two-round auction (V1) adds two questions.  On five cards (the first round): which bid, if
any, is worth making at double value, before seven more cards are seen?  The hand is completed
at random many times (the winner of the round holds twelve), each twelve is evaluated as
above, and a bid is judged by what its winner would then do: confirm it at double value, or
raise it (single value, the same trump kind); it is made only when that beats what passing
leaves, the best single-value contract of the same twelve cards (or nothing), by a margin, and
only when the five cards already hold what the bid needs (the trump marriage of a 40-100, a
marriage for a 20-100, the VII of a possible trump for an Ulti, Aces for Four Aces).  On twelve
cards (the winner's turn): confirm or raise, whichever the estimate prefers.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations

from ulti.core.cards import (
    ACE,
    FULL_DECK,
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
from ulti.games.ulti.bids import Bid, Kind
from ulti.games.ulti.legality import same_trump_kind
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import Ruleset


@dataclass(frozen=True)
class Candidate:
    bid: Bid
    trump: int  # -1 no trump; Hearts for Hearts bids
    discard: tuple[int, int] | None  # the two cards to lay (a 12-card hand), else None
    estimate: float  # expected units for the soloist (heuristic)
    multiplier: int = 1  # 2: V1's first-round bid confirmed at double value


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


#: Betli: the chance of taking no trick as a function of :func:`betli_risk`, measured (the
#: rules players of this module, forehand Betlis of random deals): R2 makes the soloist
#: overtake a low card led in a suit he follows, so even hands of no risk by that count are
#: made about half the time, and a Betli (open or not) is seldom worth bidding on its own
BETLI_CEILING = 0.5
BETLI_SLOPE = 0.8
BETLI_CENTRE = 3.0


def betli_chance(hand: int) -> float:
    """The chance that a ten-card hand makes a Betli (:data:`BETLI_CEILING`)."""
    return BETLI_CEILING * _sigmoid((BETLI_CENTRE - betli_risk(hand)) * BETLI_SLOPE)


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
    if trump >= 0:
        # a defender holding as many trumps as the soloist ruffs his side winners (R3)
        longest_out = (8 - n_t + 1) // 2
        losers += max(0, longest_out - n_t + 1) * 0.5
    return losers


def component_chance(
    k: Kind, hand: int, trump: int, f: dict[str, float] | None, rules: Ruleset | None = None
) -> float:
    """The chance (heuristic) that a ten-card hand makes component ``k`` with ``trump``
    (``f``: :func:`trump_strength` of the hand with that trump, ``None`` without one)."""
    if k == Kind.SIMPLE:
        assert f is not None
        return _sigmoid((f["points"] - 50) / 8 + (f["n"] - 4) * 0.4)
    if k == Kind.FORTY_HUNDRED:
        assert f is not None
        return 0.0 if not f["marriage"] else _sigmoid((f["points"] - 62) / 7)
    if k == Kind.TWENTY_HUNDRED:
        assert f is not None
        has = any(
            hand >> card(s, KING) & 1 and hand >> card(s, OVER) & 1 for s in range(4) if s != trump
        )
        return 0.0 if not has else _sigmoid((f["points"] - 80) / 6)
    if k == Kind.ULTI:
        assert f is not None
        return (
            0.0
            if not f["seven"]
            else _sigmoid((f["n"] - 5.5) * 1.2 + (f["top"] - 1.5) * 0.8 + (f["honours"] - 2) * 0.4)
        )
    if k == Kind.FOUR_ACES:
        aces = sum(1 for s in range(4) if hand >> card(s, ACE) & 1)
        assert f is not None
        return _sigmoid((aces - 3.4) * 2.0 + (f["tricks"] - 7) * 0.5)
    if k == Kind.BETLI:
        return betli_chance(hand)
    return _sigmoid((0.4 - durchmars_losers(hand, trump)) * 3.0)  # Durchmars


def component_term(k: Kind, value: int, p: float) -> float:
    """Expected units of one component of ``value`` made with chance ``p`` (from each of
    the two defenders; a failed Ulti also pays its penalty, S1)."""
    v = value * 2  # from each defender
    penalty = value * 2 if k == Kind.ULTI else 0
    return p * v - (1 - p) * (v + penalty)


#: a component's chance for a hand and trump (``component_chance``'s formulas by default; the
#: ``pimc`` player's learned one: :func:`ulti.players.ulti.learned.learned_chance`)
Chance = Callable[[Kind, int, int], float]


def contract_estimate(
    bid: Bid, hand: int, trump: int, rules: Ruleset, chance: Chance | None = None
) -> float:
    """Expected units (for the soloist) of playing ``bid`` with this 10-card hand."""
    total = 0.0
    if chance is not None:
        for comp in bid.components:
            total += component_term(comp.kind, comp.value, chance(comp.kind, hand, trump))
        return total
    f = trump_strength(hand, trump) if trump >= 0 else None
    for comp in bid.components:
        total += component_term(comp.kind, comp.value, component_chance(comp.kind, hand, trump, f))
    return total


_LAYOUTS: dict[Ruleset, list[tuple[str, int, tuple[tuple[Kind, int], ...]]]] = {}


def _layout(rules: Ruleset) -> list[tuple[str, int, tuple[tuple[Kind, int], ...]]]:
    """Every (bid key, trump, its components' kinds and values) of the ladder, once per
    ruleset."""
    got = _LAYOUTS.get(rules)
    if got is None:
        got = [
            (b.key, t, tuple((c.kind, c.value) for c in b.components))
            for b in rules.ladder.above(0)
            for t in trump_suits(b, rules) or (-1,)
        ]
        _LAYOUTS[rules] = got
    return got


def estimate_table(hand: int, rules: Ruleset) -> dict[tuple[str, int], float]:
    """:func:`contract_estimate` of every bid of the ladder with every trump it may take,
    by ``(bid key, trump)``, for a ten-card hand (the same numbers, each component's term
    computed once per trump: a couple of hundred microseconds, where bid by bid takes
    milliseconds)."""
    out: dict[tuple[str, int], float] = {}
    feats: dict[int, dict[str, float] | None] = {}
    terms: dict[tuple[Kind, int, int], float] = {}
    for key, t, comps in _layout(rules):
        total = 0.0
        for kind, value in comps:
            tk = (kind, value, t)
            x = terms.get(tk)
            if x is None:
                if t not in feats:
                    feats[t] = trump_strength(hand, t) if t >= 0 else None
                x = terms[tk] = component_term(
                    kind, value, component_chance(kind, hand, t, feats[t])
                )
            total += x
        out[(key, t)] = total
    return out


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


#: a Simple of Hearts (or any suit) played as the only component wants this many trumps, or
#: one fewer with two of its Ace, X and King (measured: the rules player's Simples of Hearts
#: with one or two trumps were made 31% of the time, -10.7 units on average)
SIMPLE_TRUMPS = 4
#: the most Betli risk (:func:`betli_risk`) a closed Betli and an open one may carry
BETLI_RISK_CLOSED = 2.0
BETLI_RISK_OPEN = 0.5
#: a Durchmars wants no more likely losers (:func:`durchmars_losers`) than this
DURCHMARS_LOSERS = 1.0


def unsound(bid: Bid, ten: int, trump: int, laid: int = 0) -> str | None:
    """Why ``bid`` played with ``trump`` from the ten cards ``ten`` (``laid``: the two cards
    laid to the talon) is a bid no good player makes, or ``None`` when it is sound.

    Conditions the hand cannot meet at all: a 40-100 without the trump marriage, a 20-100
    without a marriage of another suit (R5, S1), an Ulti without the trump VII (R6), Four Aces
    with an Ace laid to the talon (it can never be won) or fewer than three held.  Judgements
    no expert breaks: a Simple as the only component without trump length
    (:data:`SIMPLE_TRUMPS`), a Betli whose high cards are unguarded (:func:`betli_risk`: an open
    Betli at most :data:`BETLI_RISK_OPEN`, a closed one :data:`BETLI_RISK_CLOSED`), a Durchmars
    with more than :data:`DURCHMARS_LOSERS` likely losers.  The plain Simple is always sound:
    it is the bid a forehand is forced to (A5) and is not played when left standing."""
    if bid.key == "simple":
        return None

    def married(s: int) -> bool:
        return bool(ten >> card(s, KING) & 1 and ten >> card(s, OVER) & 1)

    aces = sum(ten >> card(s, ACE) & 1 for s in range(4))
    if bid.has(Kind.FORTY_HUNDRED) and not (trump >= 0 and married(trump)):
        return "40-100 without the trump marriage"
    if bid.has(Kind.TWENTY_HUNDRED) and not any(married(s) for s in range(4) if s != trump):
        return "20-100 without a marriage"
    if bid.has(Kind.ULTI) and not (trump >= 0 and ten >> card(trump, SEVEN) & 1):
        return "Ulti without the trump VII"
    if bid.has(Kind.FOUR_ACES) and (any(laid >> card(s, ACE) & 1 for s in range(4)) or aces < 3):
        return "Four Aces with an Ace laid or fewer than three held"
    if [c.kind for c in bid.components] == [Kind.SIMPLE] and trump >= 0:
        t = ten & SUIT_MASKS[trump]
        honours = sum(1 for r in (ACE, TEN, KING) if t >> card(trump, r) & 1)
        n = t.bit_count()
        if n < SIMPLE_TRUMPS and not (n == SIMPLE_TRUMPS - 1 and honours >= 2):
            return "a Simple without trump length"
    if bid.has(Kind.BETLI):
        limit = BETLI_RISK_OPEN if bid.open else BETLI_RISK_CLOSED
        if betli_risk(ten) > limit:
            return "a Betli with unguarded high cards"
    if bid.has(Kind.DURCHMARS) and durchmars_losers(ten, trump) > DURCHMARS_LOSERS:
        return "a Durchmars with likely losers"
    return None


def candidates(
    hand: int,
    rules: Ruleset,
    above_rank: int = 0,
    n: int = 6,
    twelve: bool = False,
    sound: bool = False,
    chance: Chance | None = None,
) -> list[Candidate]:
    """The most promising contracts ranked above ``above_rank`` for this hand, best first.
    With ``twelve`` the hand holds 12 cards and each candidate comes with its discard.  With
    ``sound`` a contract :func:`unsound` for the cards kept is left out (``pimc-1``, frozen,
    keeps them)."""
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
            laid = (1 << disc[0]) | (1 << disc[1]) if disc is not None else 0
            if sound and unsound(b, ten, t, laid) is not None:
                continue
            out.append(Candidate(b, t, disc, contract_estimate(b, ten, t, rules, chance)))
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


# ------------------------------------------------------------------------------------------
# the two-round auction (V1)

#: how much a first-round bid must beat passing by (units, the doubled value included): a
#: judgement on five cards is rough, and a lost first-round bid costs double
ROUND1_MARGIN = 1.0
#: random completions of the five cards judged per first-round decision (the rules player)
ROUND1_COMPLETIONS = 12
#: the share of the best single-value contract of the twelve cards that passing is taken to
#: leave (a seat that passes may still win the auction, but does not hold the round's cards)
ROUND1_PASS_SHARE = 0.5
#: the share of the completions in which a first-round bid must come out positive
ROUND1_SURE = 0.6


def forfeited(b: Bid, rules: Ruleset) -> bool:
    """Whether ``b`` left standing is not played but paid (A5: the single-value Simple)."""
    return b.key == "simple" and rules.simple_forfeit


def bid_table(
    hand12: int, rules: Ruleset, sound: bool = False, chance: Chance | None = None
) -> dict[str, Candidate]:
    """Every bid's best candidate (trump and the two cards to lay) for a twelve-card hand,
    estimated at single value, by bid key (``sound``: :func:`unsound` bids left out;
    ``chance``: :data:`Chance`)."""
    n = len(rules.ladder.above(0))
    return {
        c.bid.key: c
        for c in candidates(hand12, rules, 0, n, twelve=True, sound=sound, chance=chance)
    }


def opening_value(c: Candidate, rules: Ruleset) -> float:
    """The estimate of bidding ``c`` at single value when no one overcalls it (A5: a Simple
    left standing is forfeited, -4 units)."""
    return -4.0 if forfeited(c.bid, rules) else c.estimate


def best_single(table: dict[str, Candidate], rules: Ruleset) -> Candidate | None:
    """The best contract of a twelve-card hand at single value (A5's forfeit counted)."""
    return max(table.values(), key=lambda c: opening_value(c, rules), default=None)


def v1_options(table: dict[str, Candidate], r1: Bid, rules: Ruleset) -> list[Candidate]:
    """V1: what the first round's winner may bid on twelve cards, best first: the first
    round's bid confirmed (``multiplier`` 2, every amount doubled; a confirmed Simple under
    A5 is forfeited doubled, -8) or a raise keeping its trump kind (single value)."""
    out: list[Candidate] = []
    for c in table.values():
        if c.bid.key == r1.key:
            v = -8.0 if forfeited(c.bid, rules) else 2.0 * c.estimate
            out.append(replace(c, estimate=v, multiplier=2))
        elif c.bid.rank > r1.rank and same_trump_kind(c.bid, r1):
            out.append(c)
    out.sort(key=lambda c: -c.estimate)
    return out


def v1_confirm_bid(obs: Observation, rules: Ruleset) -> Bid | None:
    """V1: the first round's bid, when this seat won the first round and is now to lay two
    cards and confirm or raise it (no bid made since the first discard); else ``None``."""
    if not rules.two_round_auction or obs.bid is None or obs.bidder != obs.seat:
        return None
    if obs.bid_multiplier != 2 or obs.phase not in ("DISCARD", "BID"):
        return None
    discarded = False
    for m in obs.history:
        if m.kind.name == "DISCARD":
            discarded = True
        elif m.kind.name == "BID" and discarded:
            return None
    return rules.ladder[obs.bid]


def trump_suits(b: Bid, rules: Ruleset) -> tuple[int, ...]:
    """The suits ``b`` may be played in (B6, V3): Hearts for a Hearts bid, any other suit for
    a suit bid (Hearts alone when Hearts are always trump), none for a no-trump bid."""
    if not b.trump:
        return ()
    if b.hearts or rules.hearts_always_trump:
        return (HEARTS,)
    return (1, 2, 3)


def round1_sound(b: Bid, hand5: int, rules: Ruleset) -> bool:
    """V1: whether five cards already hold what ``b`` needs, so that a first-round bid of it
    is not a bid whose condition the hand cannot meet: for a 40-100 the marriage of a suit
    it may be played in, for an Ulti that suit's VII (with the marriage too for 40-100 Ulti),
    for a 20-100 a marriage of another suit, for Four Aces two Aces."""
    if b.has(Kind.FOUR_ACES) and sum(hand5 >> card(s, ACE) & 1 for s in range(4)) < 2:
        return False
    if not b.trump:
        return True

    def married(s: int) -> bool:
        return bool(hand5 >> card(s, KING) & 1 and hand5 >> card(s, OVER) & 1)

    for t in trump_suits(b, rules):
        if b.has(Kind.FORTY_HUNDRED) and not married(t):
            continue
        if b.has(Kind.ULTI) and not hand5 >> card(t, SEVEN) & 1:
            continue
        if b.has(Kind.TWENTY_HUNDRED) and not any(married(s) for s in range(4) if s != t):
            continue
        return True
    return False


def round1_deal(hand5: int, seat: int, rng: random.Random) -> tuple[int, int, int]:
    """V1: the three hands at the end of the auction's first round when this seat wins it,
    drawn at random: its five cards and seven more (twelve), ten to each other seat."""
    rest = cards_of(FULL_DECK & ~hand5)
    rng.shuffle(rest)
    hands = [0, 0, 0]
    hands[seat] = hand5 | sum(1 << c for c in rest[:7])
    others = [p for p in range(3) if p != seat]
    hands[others[0]] = sum(1 << c for c in rest[7:17])
    hands[others[1]] = sum(1 << c for c in rest[17:27])
    return hands[0], hands[1], hands[2]


def round1_values(
    hand5: int, rules: Ruleset, above_rank: int, rng: random.Random, n: int = ROUND1_COMPLETIONS
) -> tuple[dict[str, tuple[float, float]], float]:
    """V1: for each sound first-round bid above ``above_rank``, its expected units (its
    winner confirming or raising it on twelve cards, whichever is better) and the share of
    completions in which that is positive; and the expected units of passing (the best
    single-value contract of the same twelve cards, or nothing); over ``n`` random
    completions of the five cards."""
    bids = [b for b in rules.ladder.above(above_rank) if round1_sound(b, hand5, rules)]
    sums = dict.fromkeys((b.key for b in bids), 0.0)
    wins = dict.fromkeys((b.key for b in bids), 0)
    pass_sum = 0.0
    for _ in range(n):
        hand12 = round1_deal(hand5, 0, rng)[0]
        table = bid_table(hand12, rules)
        single = best_single(table, rules)
        pass_sum += max(0.0, opening_value(single, rules)) if single else 0.0
        for b in bids:
            v = v1_options(table, b, rules)[0].estimate
            sums[b.key] += v
            wins[b.key] += v > 0
    return {k: (v / n, wins[k] / n) for k, v in sums.items()}, pass_sum / n


def round1_choice(
    hand5: int, rules: Ruleset, above_rank: int, rng: random.Random, n: int = ROUND1_COMPLETIONS
) -> tuple[Bid | None, float, float]:
    """V1: the first-round bid to make on five cards (``None``: pass), its expected units and
    those of passing (:func:`round1_values`).  A bid must beat passing by
    :data:`ROUND1_MARGIN` and win in :data:`ROUND1_SURE` of the completions."""
    values, pass_value = round1_values(hand5, rules, above_rank, rng, n)
    good = {k: m for k, (m, w) in values.items() if w >= ROUND1_SURE}
    if not good:
        return None, 0.0, pass_value
    key = max(good, key=lambda k: good[k])
    if good[key] > ROUND1_PASS_SHARE * pass_value + ROUND1_MARGIN:
        return rules.ladder[key], good[key], pass_value
    return None, good[key], pass_value
