"""Helpers for building positions by hand: deal given cards, run the auction to a contract."""

from __future__ import annotations

import random

from ulti.actions import Action, ActionKind
from ulti.cards import KING, OVER, card, mask_of, parse_cards
from ulti.deal import Deal, Phase, deck_for_hands
from ulti.rules import STANDARD, Ruleset


def hand(text: str) -> int:
    return mask_of(parse_cards(text))


def make_deal(hands: dict[int, str], dealer: int = 0, rules: Ruleset = STANDARD,
              aside: str = "") -> Deal:
    """A deal whose seats hold the given cards (the forehand 12, or 10 each with ``aside``)."""
    masks = [hand(hands[s]) for s in range(3)]
    return Deal(rules, 0, dealer, deck_for_hands(masks, dealer, hand(aside) if aside else 0))


def start(d: Deal, bid: str, lay: str, trump: str | None = None, soloist: int | None = None,
          forehand_lays: str | None = None) -> Deal:
    """Run the auction so that ``soloist`` (default: forehand) plays ``bid`` with talon ``lay``,
    the others passing; announce ``trump`` when the bid needs it."""
    fh = d.forehand
    soloist = fh if soloist is None else soloist
    if soloist == fh:
        d.apply(f"discard {lay}")
        d.apply(f"bid {bid}")
    else:
        d.apply(f"discard {forehand_lays}")
        d.apply("bid simple")
        while d.current_player != soloist:
            d.apply("pass")
        d.apply("pickup")
        d.apply(f"discard {lay}")
        d.apply(f"bid {bid}")
    while d.phase == Phase.AUCTION:
        d.apply("pass")
    if d.phase == Phase.TRUMP:
        assert trump is not None, "this bid needs a trump suit"
        d.apply(f"trump {trump}")
    return d


def play_random(d: Deal, rng: random.Random, *, pass_bias: float = 0.7,
                kontra_bias: float = 0.15, claims: bool = False) -> Deal:
    """Finish a deal with random legal actions, biased towards realistic auctions (passing more
    often) so that every kind of contract turns up."""
    while not d.is_over():
        d.apply(random_action(d, rng, pass_bias=pass_bias, kontra_bias=kontra_bias,
                              claims=claims))
    return d


def random_action(d: Deal, rng: random.Random, *, pass_bias: float = 0.7,
                  kontra_bias: float = 0.15, claims: bool = False) -> Action:
    legal = d.legal_actions()
    kinds = [a.kind for a in legal]
    if d.phase in (Phase.AUCTION, Phase.ROUND1) and rng.random() < pass_bias:
        return legal[kinds.index(ActionKind.PASS)]
    if d.phase == Phase.BID and rng.random() < 0.6:
        return legal[rng.randrange(min(6, len(legal)))]
    if ActionKind.KONTRA in kinds or d.phase == Phase.KONTRA:
        ks = [a for a in legal if a.kind == ActionKind.KONTRA]
        if ks and rng.random() < kontra_bias:
            return rng.choice(ks)
        legal = [a for a in legal if a.kind != ActionKind.KONTRA] or legal
    if not claims:
        legal = [a for a in legal if a.kind != ActionKind.CLAIM]
    return rng.choice(legal)


def public_cards(d: Deal) -> int:
    """The cards every seat may see: played, in the trick, in exposed hands (R7), and the King
    and Over of each declared marriage (R5)."""
    m = 0
    for _, cards, _ in d.tricks:
        for c in cards:
            m |= 1 << c
    for c in d.trick:
        m |= 1 << c
    for p in range(3):
        if d.exposed >> p & 1:
            m |= d.hands[p]
    for _, suit in d.marriages:
        m |= (1 << card(suit, KING)) | (1 << card(suit, OVER))
    return m
