"""Inference (issue 17): what the auction, the trump and the kontras say about the hidden
hands (ulti.players.ulti.inference), the careful knowledge of the pimc player, and the weighted
draw."""

from __future__ import annotations

import math
import random

import pytest

from ulti.core.cards import SEVEN, card, mask_of, parse_cards
from ulti.games.ulti.actions import parse_action
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal, deck_for_hands
from ulti.games.ulti.rules import Ruleset
from ulti.players import make_player
from ulti.players.base import Budget
from ulti.players.ulti.inference import (
    CARD_ALPHAS,
    KONTRA_SURPRISE,
    card_hits,
    evidence,
    legal_plays,
    log_weight,
)
from ulti.players.ulti.knowledge import knowledge, sample
from ulti.players.ulti.pimc import MIN_ESS_SHARE, POOL, PimcPlayer, flatten, resample

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


def test_flatten_keeps_a_quarter_of_the_pool_effective() -> None:
    def ess(w: list[float]) -> float:
        return sum(w) ** 2 / sum(x * x for x in w)

    # weights already spread enough come back as they are, the largest 1
    assert flatten([0.0, math.log(3.0)]) == pytest.approx([1 / 3, 1.0])
    logs = [0.0] * 31 + [50.0]
    w = flatten(logs)
    assert ess(w) >= MIN_ESS_SHARE * len(logs)
    assert max(w) == w[31] == 1.0 and len(set(w[:31])) == 1  # the order is kept
    assert ess([math.exp(x - 50.0) for x in logs]) < 1.01  # unflattened: one deal


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


def test_legal_plays_are_the_rules_own() -> None:
    """R2 (follow, overtake unless a trick of another suit is trumped), R3 (trump, overtrump),
    R6 (the Ulti soloist keeps the trump VII): the model's legal cards are the deal's, at every
    card of random deals of trump and no-trump contracts."""
    checked = 0
    for preset in ("standard", "tournament", "two-round", "hearts-trump"):
        rules = Ruleset.from_preset(preset)
        for g in range(100):
            rng = random.Random(g)
            d = Deal(rules, 9100 + g, g % 3)
            while not d.is_over():
                if d.phase.name == "PLAY" and d.contract is not None:
                    b = d.contract
                    t = d.trump if b.trump else -1
                    ub = (
                        1 << card(t, SEVEN)
                        if t >= 0 and b.has(Kind.ULTI) and d.player == d.soloist
                        else 0
                    )
                    p = d.player
                    trick = d.observation(p).trick
                    assert legal_plays(d.hands[p], trick, t, b.trump, ub) == d.legal_mask()
                    checked += 1
                d.apply(rng.choice(d.legal_actions()))
    assert checked > 2000


def test_the_rules_players_cards_are_the_models_choice() -> None:
    """The model of a seat's card play is the rules player's: in deals the rules players play,
    every card a seat chose among several in the first tricks is, in the true deal, the card
    the model expects (the hand it had then rebuilt from its hand now and its later cards)."""
    weighed = 0
    for preset in ("standard", "tournament"):
        rules = Ruleset.from_preset(preset)
        for g in range(30):
            players = [make_player("rules", seed=3 * g + s) for s in range(3)]
            d = Deal(rules, 500 + g, g % 3)
            for s, pl in enumerate(players):
                pl.start(s, rules, g)
            while not d.is_over():
                seat = d.current_player
                obs = d.observation(seat)
                if obs.phase == "PLAY" and obs.contract and len(obs.tricks) == 4 and not obs.trick:
                    ev = evidence(obs, rules)
                    assert ev.contract is not None
                    hits = card_hits(ev, ev.contract, (d.hands[0], d.hands[1], d.hands[2]))
                    assert all(hit for _, hit, _ in hits), (preset, g, hits)
                    weighed += len(hits)
                d.apply(players[seat].act(obs, d.legal_actions()))
    assert weighed > 150


def forty_hundred(lead: str, answer: str) -> Deal:
    """40-100 of Acorns by seat 0, who leads ``lead``; seat 1 (four trumps with the Ace and
    the X) answers ``answer`` without a kontra."""
    d = stacked("AK AO A9 A8 HA HX LA LX BA BX H9 H8", "AA AX AU A7 HK HO LK LO BK BO")
    for t in ("discard H9 H8", "bid 40-100", "pass", "pass", "pass", "trump acorns"):
        d.apply(parse_action(t))
    d.apply(parse_action(lead))
    d.apply(parse_action(answer))
    return d


def test_a_defender_who_let_a_component_pass_weighs_against_a_strong_holding() -> None:
    """K1: a defender who played his first card without doubling the 40-100 most likely had
    no holding that doubles it (the rules player's judgement, read the other way)."""
    d = forty_hundred("play HA", "play HO")
    obs = d.observation(2)
    ev = evidence(obs, d.rules)
    assert ev.declined == [(1, Kind.FORTY_HUNDRED)]
    strong = (d.hands[0], d.hands[1], d.hands[2])
    give = mask_of(parse_cards("AA AX"))
    take = mask_of(parse_cards("LX BX"))
    weak = (strong[0] & ~take | give, strong[1] & ~give | take, strong[2])
    with_it = log_weight(ev, weak, d.talon) - log_weight(ev, strong, d.talon)
    ev.declined = []
    without = log_weight(ev, weak, d.talon) - log_weight(ev, strong, d.talon)
    expected = math.log((1 - KONTRA_SURPRISE) / KONTRA_SURPRISE)
    assert math.isclose(with_it - without, expected)


def test_a_soloist_who_did_not_draw_trumps_weighs_against_his_holding_the_top_trump() -> None:
    """R1/R4: the soloist of a trump game who holds the top trump with trumps out draws them
    (the rules player's play); one who led a side Ace instead holds the top trump less often:
    among the ten cards he could lead, the deal that gives him the Acorn Ace makes his lead a
    surprise."""
    d = forty_hundred("play HA", "play HO")
    ev = evidence(d.observation(2), d.rules)
    assert [(x.seat, x.card) for x in ev.plays] == [(0, 7), (1, 5)]  # HA, HO
    true = (d.hands[0], d.hands[1], d.hands[2])
    give = mask_of(parse_cards("AA AX"))
    take = mask_of(parse_cards("LX BX"))
    top = (true[0] & ~take | give, true[1] & ~give | take, true[2])  # the soloist holds AA
    with_it = log_weight(ev, true, d.talon) - log_weight(ev, top, d.talon)
    ev.plays = []
    without = log_weight(ev, true, d.talon) - log_weight(ev, top, d.talon)
    n = 10  # his cards then: any may be led
    assert CARD_ALPHAS is not None
    hit = sum(a + (1 - a) / n for a in CARD_ALPHAS)
    miss = sum((1 - a) / n for a in CARD_ALPHAS)
    assert math.isclose(with_it - without, math.log(hit / miss))


def test_pimc_reads_the_card_play_only_when_told() -> None:
    """``read_cards`` (off: the model fits rules players, not sampling ones)."""
    d = forty_hundred("play HA", "play HO")
    obs = d.observation(2)
    p = PimcPlayer(1)
    p.start(2, d.rules, 0)
    p.observe(obs)
    assert p.evidence is not None and p.evidence.plays == [] and p.evidence.declined
    p.read_cards = True
    p.observe(obs)
    assert p.evidence is not None and len(p.evidence.plays) == 2


def test_the_analysis_and_the_teacher_weigh_the_deals_as_the_player_does() -> None:
    """S1/R5, K1: valuing a defender's decision from his seat after a 40-100 of Acorns, the
    analysis and the teacher draw deals as the player would before deciding: the soloist
    holds the Acorn marriage his bid says he holds in more than twice as many of them as in
    uniform draws (about 45% against 18%, 10/22 * 9/21: the weights are flattened so that a
    quarter of each pool stays effective)."""
    from ulti.analysis.ulti import seat_player

    d = forty_hundred("play HA", "play HO")
    obs = d.observation(2)  # the second defender, to play to the first trick
    marriage = mask_of(parse_cards("AK AO"))
    p = seat_player(obs, d.rules, Budget(8, 1e6), seed=3, game=len(obs.history))
    assert p.evidence is not None and not p.evidence.empty and p.weigh
    k = p.know(obs)
    n = 400
    weighed = sum(p.draw(k)[0][0] & marriage == marriage for _ in range(n))
    rng = random.Random(3)
    uniform = sum(sample(k, rng)[0][0] & marriage == marriage for _ in range(n))
    assert uniform < 0.3 * n
    assert weighed > 2 * uniform
