"""What one seat knows of the hidden cards, and deals sampled consistently with it.

From its observation alone a seat knows: its hand; the cards played; the hands laid open
(R7); the King and Over of every declared marriage (R5); the talon it laid; and, from the rules
of play, cards others cannot hold: a player who did not follow suit holds none of that suit, one
who did not trump holds no trump (R3), one who followed without overtaking holds no higher card
of the suit (R2), one who trumped low over a trump holds no higher trump.  The soloist of an
Ulti is taken to hold the trump VII until it falls.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb

from ulti.core.cards import (
    BEATS_PLAIN_ORDER,
    BEATS_TRUMP_ORDER,
    FULL_DECK,
    KING,
    OVER,
    SEVEN,
    SUIT_MASKS,
    card,
    cards_of,
    mask_of,
)
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.bids import Bid, Kind
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.play import overtakes
from ulti.games.ulti.rules import Ruleset


@dataclass
class Knowledge:
    seat: int
    hand: int
    played: int  # cards seen played (tricks and the trick in progress)
    held: list[int]  # cards known to be in each seat's hand
    cannot: list[int]  # cards each seat cannot hold
    sizes: list[int]  # hand sizes now
    talon: int  # talon cards this seat knows (the talon it laid)
    talon_size: int  # cards in the talon (or lying aside) now
    contract: Bid | None
    trump: int
    soloist: int

    @property
    def unknown(self) -> int:
        """Cards whose place this seat does not know."""
        known = self.hand | self.played | self.talon
        for p in range(3):
            known |= self.held[p]
        return FULL_DECK & ~known


def knowledge(obs: Observation, rules: Ruleset, careful: bool = False) -> Knowledge:
    """What ``obs``'s seat knows of the hidden cards.  With ``careful`` (the ``pimc`` player;
    ``pimc-1``, frozen, goes without) two more things are weighed: the Ulti soloist's VII is
    assumed only while the play has not shown him without trumps (R3), and a card this seat
    laid to a talon that others picked up is only where it can have gone: the hand of a seat
    that picked it up, or a talon laid after (A2) — never the hand of a seat it cannot have
    reached."""
    seat = obs.seat
    hand = mask_of(obs.hand)
    contract = rules.ladder[obs.contract] if obs.contract else None
    trump = obs.trump
    played = 0
    for _, cs, _ in obs.tricks:
        played |= mask_of(cs)
    played |= mask_of(obs.trick)
    held = [0, 0, 0]
    held[seat] = hand
    for p, cs in obs.exposed:
        held[p] |= mask_of(cs)
    for p, suit in obs.marriages:
        held[p] |= ((1 << card(suit, KING)) | (1 << card(suit, OVER))) & ~played
    exposed = {p for p, _ in obs.exposed}
    sizes = list(obs.hand_sizes)
    if (
        contract is not None
        and contract.has(Kind.ULTI)
        and trump >= 0
        and obs.soloist not in exposed
        and obs.soloist != seat
    ):
        seven = card(trump, SEVEN)
        s = obs.soloist
        # an assumption (a soloist may bid an Ulti without the VII): kept only while it fits
        if not (played | hand | held[s]) >> seven & 1 and held[s].bit_count() < sizes[s]:
            held[s] |= 1 << seven
            ulti_seven = (s, seven)
        else:
            ulti_seven = None
    else:
        ulti_seven = None
    talon = mask_of(obs.talon) if obs.talon else 0
    cannot = [0, 0, 0]
    if contract is not None:
        beats = BEATS_TRUMP_ORDER if contract.trump else BEATS_PLAIN_ORDER
        tricks = [(lead, cs) for lead, cs, _ in obs.tricks]
        if obs.trick:
            tricks.append((obs.trick_leader, obs.trick))
        for lead, cs in tricks:
            _infer(cs, lead, trump, beats, cannot)
    cannot[seat] = 0
    if careful:
        if ulti_seven is not None and cannot[ulti_seven[0]] >> ulti_seven[1] & 1:
            held[ulti_seven[0]] &= ~(1 << ulti_seven[1])  # he showed no trump (R3)
        for c, places in _laid_trails(obs, hand | played).items():
            for r in range(3):
                if r != seat and r not in places:
                    cannot[r] |= 1 << c
    talon_size = 32 - sum(sizes) - played.bit_count()
    return Knowledge(
        seat, hand, played, held, cannot, sizes, talon, talon_size, contract, trump, obs.soloist
    )


_TALON = 3  # a place: the talon


def _laid_trails(obs: Observation, seen: int) -> dict[int, set[int]]:
    """For each card this seat laid to a talon and has not seen since (``seen``: its hand and
    the cards played), the seats whose hand it may have reached by the pickups and discards
    after (A2): the talon's next picker, a talon he laid, its next picker, and so on."""
    out: dict[int, set[int]] = {}
    moves = obs.history
    for j, m in enumerate(moves):
        if m.seat != obs.seat or m.kind != ActionKind.DISCARD or m.action is None:
            continue
        for c in m.action.cards:
            if seen >> c & 1:
                continue
            places = {_TALON}
            for r in moves[j + 1 :]:
                if r.kind == ActionKind.PICKUP and _TALON in places:
                    places.discard(_TALON)
                    if r.seat != obs.seat:  # (a card this seat picked up again is seen)
                        places.add(r.seat)
                elif r.kind == ActionKind.DISCARD and r.seat != obs.seat and r.seat in places:
                    places.add(_TALON)
            out[c] = places
    return out


def _infer(
    cs: tuple[int, ...], lead: int, trump: int, beats: tuple[int, ...], cannot: list[int]
) -> None:
    """What the plays of one trick tell about the players' hands (R2, R3)."""
    led = cs[0] >> 3
    best = cs[0]
    trumped = led == trump
    for i in range(1, len(cs)):
        p = (lead + i) % 3
        c = cs[i]
        s = c >> 3
        if s == led:
            if (not trumped or led == trump) and not (1 << c) & beats[best]:
                cannot[p] |= beats[best]  # followed without overtaking: nothing higher (R2)
        else:
            cannot[p] |= SUIT_MASKS[led]  # void in the led suit
            if trump >= 0:
                if s != trump:
                    cannot[p] |= SUIT_MASKS[trump]  # and no trump (R3)
                elif trumped and not (1 << c) & beats[best]:
                    cannot[p] |= beats[best]  # trumped low: no higher trump (R3)
        if overtakes(c, best, trumped, trump, beats):  # R4
            best = c
            trumped = trumped or s == trump


def sample(k: Knowledge, rng: random.Random) -> tuple[tuple[int, int, int], int]:
    """Hands for the three seats and the talon, drawn uniformly among all those consistent
    with ``k`` (exactly: by counting the ways to fill each place).  Should the constraints
    admit no deal (impossible for inferences from a real deal), they are dropped."""
    seat = k.seat
    a_seat, b_seat = [p for p in range(3) if p != seat]
    unknown = cards_of(k.unknown)
    cap_a = k.sizes[a_seat] - k.held[a_seat].bit_count()
    cap_b = k.sizes[b_seat] - k.held[b_seat].bit_count()
    cap_t = k.talon_size - k.talon.bit_count()
    if cap_a + cap_b + cap_t != len(unknown) or min(cap_a, cap_b, cap_t) < 0:
        raise ValueError("the observation's card counts do not add up")
    for relax in (False, True):
        groups: dict[str, list[int]] = {
            "A": [],
            "B": [],
            "T": [],
            "AB": [],
            "AT": [],
            "BT": [],
            "ABT": [],
        }
        for c in unknown:
            key = ""
            if relax or not k.cannot[a_seat] >> c & 1:
                key += "A"
            if relax or not k.cannot[b_seat] >> c & 1:
                key += "B"
            if cap_t:
                key += "T"
            if not key:
                break
            groups[key].append(c)
        else:
            got = _fill(groups, cap_a, cap_b, cap_t, rng)
            if got is not None:
                ha, hb, tal = got
                out = [0, 0, 0]
                out[seat] = k.hand
                out[a_seat] = k.held[a_seat] | ha
                out[b_seat] = k.held[b_seat] | hb
                return (out[0], out[1], out[2]), k.talon | tal
    raise AssertionError("unreachable: without constraints a fill always exists")


def _fill(
    g: dict[str, list[int]], cap_a: int, cap_b: int, cap_t: int, rng: random.Random
) -> tuple[int, int, int] | None:
    """Place the cards of each group (named by the places it may go) uniformly at random."""
    na, nb, nt = len(g["A"]), len(g["B"]), len(g["T"])
    n_ab, n_at, n_bt, n_abt = len(g["AB"]), len(g["AT"]), len(g["BT"]), len(g["ABT"])
    ra, rb, rt = cap_a - na, cap_b - nb, cap_t - nt  # room left after the forced cards
    if min(ra, rb, rt) < 0:
        return None
    choices: list[tuple[int, int, int, int, int]] = []  # (to T from AT, BT, ABT; ABT to A; AB to A)
    weights: list[int] = []
    for t_at in range(min(n_at, rt) + 1):
        for t_bt in range(min(n_bt, rt - t_at) + 1):
            t_abt = rt - t_at - t_bt
            if t_abt > n_abt:
                continue
            a_from_at = n_at - t_at
            b_from_bt = n_bt - t_bt
            rest = n_abt - t_abt
            for a_abt in range(rest + 1):
                a_ab = ra - a_from_at - a_abt
                if not 0 <= a_ab <= n_ab:
                    continue
                b_total = (n_ab - a_ab) + b_from_bt + (rest - a_abt)
                if b_total != rb:
                    continue
                w = (
                    comb(n_at, t_at)
                    * comb(n_bt, t_bt)
                    * comb(n_abt, t_abt)
                    * comb(rest, a_abt)
                    * comb(n_ab, a_ab)
                )
                choices.append((t_at, t_bt, t_abt, a_abt, a_ab))
                weights.append(w)
    if not choices:
        return None
    t_at, t_bt, t_abt, a_abt, a_ab = rng.choices(choices, weights)[0]

    def split(cards: list[int], n: int) -> tuple[list[int], list[int]]:
        cs = cards[:]
        rng.shuffle(cs)
        return cs[:n], cs[n:]

    ha = list(g["A"])
    hb = list(g["B"])
    tal = list(g["T"])
    x, y = split(g["AT"], t_at)
    tal += x
    ha += y
    x, y = split(g["BT"], t_bt)
    tal += x
    hb += y
    x, y = split(g["ABT"], t_abt)
    tal += x
    x2, y2 = split(y, a_abt)
    ha += x2
    hb += y2
    x, y = split(g["AB"], a_ab)
    ha += x
    hb += y
    return mask_of(ha), mask_of(hb), mask_of(tal)
