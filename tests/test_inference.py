"""Inference (issue 17): what the auction, the trump and the kontras say about the hidden
hands (ulti.players.inference), the careful knowledge of the pimc player, and the weighted
draw."""

from __future__ import annotations

import math
import random

from ulti.actions import parse_action
from ulti.cards import mask_of, parse_cards
from ulti.deal import Deal, deck_for_hands
from ulti.players.inference import evidence, log_weight
from ulti.players.knowledge import knowledge
from ulti.players.pimc import POOL, PimcPlayer, resample
from ulti.rules import Ruleset

FULL = (1 << 32) - 1


def test_careful_knowledge_never_rules_out_the_true_deal() -> None:
    """A2 (talons laid and picked up), R2/R3 (plays): at every decision of random deals with
    many pick-ups, no seat is told it cannot hold a card another seat truly holds."""
    for preset in ("standard", "two-round"):
        rules = Ruleset.from_preset(preset)
        for g in range(40):
            rng = random.Random(g)
            d = Deal(rules, 7000 + g, g % 3)
            while not d.is_over():
                seat = d.current_player
                k = knowledge(d.observation(seat), rules, careful=True)
                for p in range(3):
                    if p != seat:
                        assert not d.hands[p] & k.cannot[p], (preset, g, len(d.history))
                legal = d.legal_actions()
                pickups = [a for a in legal if a.kind.name == "PICKUP"]
                d.apply(pickups[0] if pickups and rng.random() < 0.6 else rng.choice(legal))


def stacked(h0: str, h1: str) -> Deal:
    a, b = mask_of(parse_cards(h0)), mask_of(parse_cards(h1))
    return Deal(Ruleset(), 1, 2, deck_for_hands([a, b, FULL & ~a & ~b], dealer=2))


def test_a_laid_card_picked_up_by_the_next_seat_is_not_in_the_third_hand() -> None:
    """A2: seat 0 lays H7 H8, seat 1 picks them up and lays two others: seat 2 never saw them,
    so, for seat 0, H7 and H8 lie with seat 1 or in the talon, never with seat 2."""
    d = stacked("HA HX HK HO HU H9 H8 H7 AA LA BA AX", "A7 A8 A9 AU AO AK L7 L8 L9 LX")
    for t in ("discard H7 H8", "bid simple", "pickup", "discard A7 A8", "bid simple of hearts"):
        d.apply(parse_action(t))
    obs = d.observation(0)
    careful, plain = knowledge(obs, d.rules, careful=True), knowledge(obs, d.rules)
    h78 = mask_of(parse_cards("H7 H8"))
    assert careful.cannot[2] & h78 == h78 and not careful.cannot[1] & h78
    assert not plain.cannot[2] & h78  # the frozen pimc-1 does not know it


def test_the_bid_weighs_the_soloists_hand() -> None:
    """S1/R5: a soloist who plays 40-100 of Acorns holds the Acorn marriage: a deal that gives
    it to him weighs more than one that gives it to a defender."""
    d = stacked("AK AO AA AX A9 A8 A7 HA LA BA HX H9", "H8 H7 HK HO LK LO L9 L8 L7 B7")
    for t in ("discard HX H9", "bid 40-100", "pass", "pass", "pass", "trump acorns"):
        d.apply(parse_action(t))
    obs = d.observation(1)  # a defender's view
    ev = evidence(obs, d.rules)
    assert ev.contract is not None and ev.soloist == 0 and not ev.empty
    true = (d.hands[0], d.hands[1], d.hands[2])
    swap = mask_of(parse_cards("AK AO"))
    other = mask_of(parse_cards("BK BO"))
    assert d.hands[2] & other == other  # seat 2 holds the Bell marriage
    wrong = (true[0] & ~swap | other, true[1], true[2] & ~other | swap)
    assert log_weight(ev, true, d.talon) > log_weight(ev, wrong, d.talon) + 1.0


def test_passes_weigh_against_strong_hands() -> None:
    """A2: a seat that would not pick up over a Simple holds no hand that bids much more."""
    d = stacked("H9 H8 AU A9 A8 LU L9 L8 BU B9 B8 B7", "HA HX HK HO HU AA AX LA LX BA")
    for t in ("discard B7 B8", "bid simple", "pass"):
        d.apply(parse_action(t))
    obs = d.observation(2)
    ev = evidence(obs, d.rules)
    assert [(p, picked) for p, picked, _ in ev.auction] == [(1, False)]
    strong = (d.hands[0], d.hands[1], d.hands[2])
    weak_hand = mask_of(parse_cards("H9 H8 AU A9 A8 LU L9 L8 BU B9"))
    weak = (strong[1], weak_hand, strong[2])  # seat 1 as weak as forehand was (for the model)
    assert log_weight(ev, weak, d.talon) > log_weight(ev, strong, d.talon)


def test_resample_draws_in_proportion_to_the_weights() -> None:
    picks = resample([0.0, math.log(3.0)], 400, 0.5)
    assert picks.count(0) == 100 and picks.count(1) == 300
    # one overwhelming weight is flattened so that the pool keeps a quarter effective
    picks = resample([0.0] * 31 + [50.0], 8, 0.5)
    assert len(set(picks)) > 1 and 31 in picks


def test_the_weighted_draw_stays_consistent_with_what_the_seat_knows() -> None:
    d = stacked("AK AO AA AX A9 A8 A7 HA LA BA HX H9", "H8 H7 HK HO LK LO L9 L8 L7 B7")
    for t in ("discard HX H9", "bid 40-100", "pass", "pass", "pass", "trump acorns", "play AA"):
        d.apply(parse_action(t))
    p = PimcPlayer(3)
    p.start(1, d.rules, 0)
    obs = d.observation(1)
    p.observe(obs)
    k = p.know(obs)
    for _ in range(POOL * 8):
        hands, talon = p.draw(k)
        assert hands[1] == d.hands[1]  # its own hand
        assert not (hands[0] | hands[2] | talon) & d.hands[1]
        for q in (0, 2):
            assert not hands[q] & k.cannot[q]
