"""A suite of bidding and kontra positions where one decision is clearly right or clearly
wrong, each with the reason (issue 17).  ``python tests/positions_bidding.py [players]`` lists
which positions each player fails (the README's table); ``tests/test_bidding_positions.py``
demands that ``pimc`` and ``rules`` pass them all.

A position is a deck stacked by hands (cards in the record codes of :mod:`ulti.core.cards`: suits
H hearts / piros, A acorns / makk, L leaves / zöld, B bells / tök; ranks 7 8 9 X U O K A), the
actions that lead to the decision, and a check of the action the player takes there (with the
actions it takes after it, for a discard, which the bid that follows completes).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

from ulti.core.cards import ACE, KING, OVER, SEVEN, card, mask_of, parse_cards
from ulti.games.ulti.actions import Action, ActionKind, parse_action
from ulti.games.ulti.bids import Bid, Kind
from ulti.games.ulti.deal import Deal, deck_for_hands
from ulti.games.ulti.rules import Ruleset
from ulti.players import make_player

FULL = (1 << 32) - 1


@dataclass(frozen=True)
class Position:
    name: str
    why: str  # the reason, citing the rule
    hands: tuple[str, str]  # seat 0 (forehand: 12 cards) and seat 1 (10); seat 2 the rest
    script: tuple[str, ...]  # actions before the decision
    seat: int  # who decides
    #: the check: given the deal after the decision (and, for a discard, the bid after it),
    #: a failure's description or None
    check: Callable[[Deal, list[Action]], str | None]
    preset: str = "standard"


def _married(ten: int, s: int) -> bool:
    return bool(ten >> card(s, KING) & 1 and ten >> card(s, OVER) & 1)


def _bid_of(d: Deal, acts: list[Action]) -> Bid | None:
    keys = [a.bid for a in acts if a.kind == ActionKind.BID]
    return d.rules.ladder[keys[-1]] if keys else None


def no_unmakeable_bid(d: Deal, acts: list[Action]) -> str | None:
    """The bid's conditions met by the ten cards kept (any trump it may take)."""
    b = _bid_of(d, acts)
    if b is None:
        return "no bid made"
    ten = d.hands[0]
    laid = d.talon
    suits = [0] if b.hearts else [1, 2, 3] if b.trump else [-1]
    for t in suits:
        if b.has(Kind.FORTY_HUNDRED) and not _married(ten, t):
            continue
        if b.has(Kind.ULTI) and not ten >> card(t, SEVEN) & 1:
            continue
        if b.has(Kind.TWENTY_HUNDRED) and not any(_married(ten, s) for s in range(4) if s != t):
            continue
        if b.has(Kind.FOUR_ACES) and laid & mask_of(card(s, ACE) for s in range(4)):
            continue
        return None
    return f"bid {b.key} cannot be made with these cards"


def bid_without(*kinds: Kind) -> Callable[[Deal, list[Action]], str | None]:
    def check(d: Deal, acts: list[Action]) -> str | None:
        b = _bid_of(d, acts)
        if b is None:
            return "no bid made"
        bad = [k for k in kinds if b.has(k)]
        return f"bid {b.key}" if bad else no_unmakeable_bid(d, acts)

    return check


def bid_not(*keys: str) -> Callable[[Deal, list[Action]], str | None]:
    def check(d: Deal, acts: list[Action]) -> str | None:
        b = _bid_of(d, acts)
        return f"bid {b.key}" if b is not None and b.key in keys else no_unmakeable_bid(d, acts)

    return check


def bid_key(*keys: str) -> Callable[[Deal, list[Action]], str | None]:
    def check(d: Deal, acts: list[Action]) -> str | None:
        b = _bid_of(d, acts)
        return None if b is not None and b.key in keys else f"bid {b.key if b else None}"

    return check


def bid_at_least(key: str) -> Callable[[Deal, list[Action]], str | None]:
    def check(d: Deal, acts: list[Action]) -> str | None:
        b = _bid_of(d, acts)
        want = d.rules.ladder[key].rank
        if b is None or b.rank < want:
            return f"bid {b.key if b else None}, below {key}"
        return no_unmakeable_bid(d, acts)

    return check


def action_kind_not(kind: ActionKind, level: int | None = None) -> Callable[..., str | None]:
    def check(d: Deal, acts: list[Action]) -> str | None:
        a = acts[0]
        if a.kind == kind and (level is None or a.level == level):
            return f"took {a}"
        return None

    return check


POSITIONS: tuple[Position, ...] = (
    Position(
        "no-marriage",
        "No King and Over of one suit anywhere: a 40-100 or 20-100 can never be made (S1, R5); "
        "and one Ace: no Four Aces",
        ("HA HX H9 H8 H7 AX A9 LU L9 BU B9 B8", "HK HU AA AK A8 A7 LA LK L8 L7"),
        (),
        0,
        bid_without(Kind.FORTY_HUNDRED, Kind.TWENTY_HUNDRED, Kind.FOUR_ACES),
    ),
    Position(
        "no-seven",
        "No VII in any suit: an Ulti (R6, the trump VII wins the last trick) can never be made",
        ("HA HX HK HO HU H9 H8 AA AX LA LX BA", "H7 A7 A8 A9 AK L7 L8 L9 B7 B8"),
        (),
        0,
        bid_without(Kind.ULTI),
    ),
    Position(
        "two-aces",
        "Two Aces and nothing to take the others with: no Four Aces",
        ("HA HX HK H9 H8 AA A9 A8 L9 L8 B9 B8", "LA BA H7 A7 AX AK L7 LX B7 BX"),
        (),
        0,
        bid_without(Kind.FOUR_ACES),
    ),
    Position(
        "one-ace",
        "One Ace (of Bells) among twelve cards: Four Aces needs the other three taken from "
        "the defenders, who keep them; no Four Aces (a bid seen from pimc-1)",
        ("HX HU AU AO AK L7 LO LK B7 BX BO BA", "H7 HO HK A8 AX LU LA B8 BU BK"),
        (),
        0,
        bid_without(Kind.FOUR_ACES),
    ),
    Position(
        "two-aces-short",
        "Two Aces, of Hearts and Leaves, and short trumps: no Four Aces (a bid seen from pimc-1)",
        ("H9 HA AX AO AK L7 L8 L9 LO LA B7 BO", "H7 HX HU HO A7 AU LK B8 B9 BU"),
        (),
        0,
        bid_without(Kind.FOUR_ACES),
    ),
    Position(
        "short-hearts",
        "Three Hearts with one honour: a Simple of Hearts needs trump length (A5: the plain "
        "Simple forfeited costs 4 units; a lost Simple of Hearts 4, doubled 8)",
        ("H7 HO HA A8 A9 AX L8 LK LA B8 BK BA", "H9 HX A7 AO AK AA L9 LO BX BU"),
        (),
        0,
        bid_not("simple of hearts"),
    ),
    Position(
        "middle-cards-betli",
        "Xs, Unders and Overs in three suits: a Betli is lost to the first low lead (R2)",
        ("H8 H9 HX HU HO A8 AX LO LK B7 B8 BX", "H7 HA A7 AO AA L7 L8 LU LA BA"),
        (),
        0,
        bid_without(Kind.BETLI),
    ),
    Position(
        "weak-forced-opening",
        "Forced to open (A5) with two Hearts and nothing else: a Simple of Hearts loses in most "
        "deals (and is doubled); the plain Simple left standing costs 4 units (A5)",
        ("H9 H8 AU A9 A8 LU L9 L8 BU B9 B8 B7", "HA HX HK HO AA AX LA LX BA BX"),
        (),
        0,
        bid_key("simple"),
    ),
    Position(
        "unguarded-betli",
        "Long Leaves from the Ace down and lone high cards: no Betli, open or not (R2 makes "
        "the soloist overtake what he can)",
        ("LA LK LO LU LX H7 H8 A7 A8 B7 B8 B9", "HA HX AA AX BA BX L7 L8 L9 HK"),
        (),
        0,
        bid_without(Kind.BETLI),
    ),
    Position(
        "monster",
        "Eight Hearts from the Ace with the marriage and two side Aces: a 40-100 at the least "
        "is made in almost every deal",
        ("HA HX HK HO HU H9 H8 H7 AA LA BA AX", "A7 A8 A9 AU AO AK L7 L8 L9 LX"),
        (),
        0,
        bid_at_least("40-100"),
    ),
    Position(
        "hopeless-pickup",
        "Ten middling cards with no marriage, no long suit and no Betli: picking up the talon "
        "over a Simple can only lose",
        ("HA HX HK HO AA AX AK AO LA LX BA BX", "H9 HU A9 AU L9 LU B9 BU H8 A8"),
        ("discard LA LX", "bid simple"),
        1,
        action_kind_not(ActionKind.PICKUP),
    ),
    Position(
        "trumpless-subkontra",
        "A defender with no trump doubled the Ulti, the soloist re-doubled: the soloist showed "
        "the trumps an Ulti needs (R6) and his re-double says he makes it; a Subkontra (K2, "
        "x8) from a seat without a trump throws money away",
        ("AA AX AK AO AU A9 A8 A7 HA LA BA HX", "H9 H8 H7 HK HO LK LO L9 L8 L7"),
        (
            "discard HX HA",
            "bid ulti",
            "pass",
            "pass",
            "pass",
            "trump acorns",
            "play AK",
            "kontra ulti",
            "play H9",
            "play HU",
            "rekontra ulti",
        ),
        1,
        action_kind_not(ActionKind.KONTRA),
    ),
    Position(
        "four-aces-rekontra",
        "The soloist of Four Aces lacks the Ace of Leaves and must follow Leaves; the defender "
        "who doubled holds it with four guards and wins it when his partner leads the suit: "
        "a Rekontra (K2) bets on an Ace he cannot take",
        ("AA AX AK A9 A8 HA HX H9 BA BX L8 L7", "LA LX LK LO L9 H8 H7 HK B7 B8"),
        (
            "discard H9 BX",
            "bid four aces",
            "pass",
            "pass",
            "pass",
            "trump acorns",
            "play AA",
            "kontra four aces",
            "play H7",
            "play A7",
        ),
        0,
        action_kind_not(ActionKind.KONTRA),
    ),
)


def setup(p: Position) -> Deal:
    rules = Ruleset.from_preset(p.preset)
    h0 = mask_of(parse_cards(p.hands[0]))
    h1 = mask_of(parse_cards(p.hands[1]))
    h2 = FULL & ~h0 & ~h1
    d = Deal(rules, 1, 2, deck_for_hands([h0, h1, h2], dealer=2))
    for t in p.script:
        d.apply(parse_action(t))
    return d


#: the budget of a sampling player without one: samples only, so that no decision depends on
#: the machine's speed
BUDGET = "samples=8,ms=3600000"


def decide(p: Position, spec: str, seed: int = 0) -> str | None:
    """Play position ``p`` with player ``spec`` in the deciding seat; the failure or None."""
    d = setup(p)
    if spec.startswith("pimc") and ":" not in spec:
        spec = f"{spec}:{BUDGET}"
    player = make_player(spec, seed)
    player.start(p.seat, d.rules, 0)
    acts: list[Action] = []
    while True:
        a = player.act(d.observation(p.seat), d.legal_actions())
        d.apply(a)
        acts.append(a)
        # a discard is completed by the bid after it
        if a.kind != ActionKind.DISCARD or d.current_player != p.seat:
            break
    return p.check(d, acts)


def main(argv: list[str]) -> int:
    specs = argv or ["pimc-1", "pimc", "rules"]
    for spec in specs:
        fails = [(p.name, f) for p in POSITIONS if (f := decide(p, spec)) is not None]
        print(f"{spec}: {len(POSITIONS) - len(fails)}/{len(POSITIONS)} passed")
        for name, f in fails:
            print(f"  {name}: {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
