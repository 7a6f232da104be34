"""Seats, the deal and the auction (C3, C4, D1, D2, A1-A6, B6, V1, V4, V5, V8)."""

from __future__ import annotations

import random

import pytest

from fixtures import assert_refused, make_deal, play_random, start
from ulti.core.cards import HEARTS, card_points, cards_of, code, parse_card
from ulti.core.seeds import shuffled_deck
from ulti.games.ulti import actions as A
from ulti.games.ulti.deal import Deal, IllegalAction, Phase, deck_for_hands
from ulti.games.ulti.rules import Ruleset

HANDS = {
    # dealer 0: seat 1 is forehand (12 cards)
    1: "♣A ♣10 ♣K ♣Q ♣J ♣9 ♣8 ♣7 ♥A ♠A ♦7 ♦8",
    2: "♥10 ♥K ♥Q ♥J ♥9 ♠7 ♠10 ♠K ♠Q ♠J",
    0: "♥8 ♥7 ♠9 ♠8 ♦A ♦10 ♦K ♦Q ♦J ♦9",
}


# -- seats and dealing -----------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_c3_forehand_is_dealer_plus_one_and_play_passes_to_the_next_seat(dealer: int) -> None:
    d = Deal(seed=11, dealer=dealer)
    assert d.forehand == (dealer + 1) % 3
    assert d.current_player == d.forehand
    d.apply(d.legal_actions()[0])
    d.apply("bid simple")
    assert d.current_player == (d.forehand + 1) % 3
    d.apply("pass")
    assert d.current_player == (d.forehand + 2) % 3 == dealer


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**64 - 1])
def test_d1_deal_is_5_7_5(seed: int) -> None:
    d = Deal(seed=seed, dealer=2)
    deck = shuffled_deck(seed)
    fh, second, dealer = 0, 1, 2

    def m(cs: list[int]) -> int:
        return sum(1 << c for c in cs)

    # five to each from forehand, seven to forehand, five to each of the others
    assert d.hands[fh] == m(deck[0:5] + deck[15:22])
    assert d.hands[second] == m(deck[5:10] + deck[22:27])
    assert d.hands[dealer] == m(deck[10:15] + deck[27:32])
    assert [h.bit_count() for h in d.hands] == [12, 10, 10]
    assert d.talon == 0


def test_d2_seeded_and_reproducible() -> None:
    assert shuffled_deck(7) == shuffled_deck(7)
    assert sorted(shuffled_deck(7)) == list(range(32))
    assert shuffled_deck(7) != shuffled_deck(8)
    # the shuffle is specified exactly (any implementation must reproduce it): frozen
    frozen = (
        "BA A7 HX LU A8 B9 HA AU AA LA HO BX L9 A9 L8 H9 "
        "HU BO BK LX AO B8 L7 LK LO B7 AX H8 BU HK H7 AK"
    )
    assert " ".join(code(c) for c in shuffled_deck(2026)) == frozen
    assert Deal(seed=2026).deck == tuple(shuffled_deck(2026))
    assert Deal(seed=2026) == Deal(seed=2026)
    assert Deal(seed=2026) != Deal(seed=2027)


def test_d2_seed_and_deck_are_secret_until_the_end() -> None:
    d = Deal(seed=99)
    for seat in range(3):
        o = d.observation(seat)
        assert o.seed is None and o.dealt_hands is None
        assert "99" not in str(o.to_dict().get("seed"))
    play_random(d, random.Random(1))
    assert d.observation(0).seed == 99


def test_d2_shuffle_is_uniform_enough() -> None:
    """Each card lands in each position about equally often over many seeds."""
    counts = [[0] * 32 for _ in range(32)]
    n = 6400
    for s in range(n):
        for pos, c in enumerate(shuffled_deck(s)):
            counts[c][pos] += 1
    expected = n / 32
    worst = max(abs(x - expected) for row in counts for x in row)
    assert worst < 6 * expected**0.5  # far inside what a uniform shuffle produces


def test_deck_for_hands_builds_the_given_deal() -> None:
    d = make_deal(HANDS, dealer=0)
    for seat, text in HANDS.items():
        assert d.hands[seat] == sum(1 << parse_card(t) for t in text.split())
    with pytest.raises(ValueError, match="D1"):
        deck_for_hands([d.hands[0], d.hands[1], d.hands[1]], 0)
    with pytest.raises(ValueError, match="D1"):
        Deal(deck=[0] * 32)


# -- the auction -----------------------------------------------------------------------------


def test_a1_forehand_lays_two_then_must_bid() -> None:
    d = make_deal(HANDS)
    assert d.phase == Phase.DISCARD
    assert len(d.legal_actions()) == 66  # any two of twelve
    assert_refused(d, "pass", "A1")
    assert_refused(d, "bid simple", "A1")
    assert_refused(d, "discard ♥10 ♥K", "A1")  # cards not held
    d.apply("discard ♦7 ♦8")
    assert d.talon == (1 << parse_card("♦7")) | (1 << parse_card("♦8"))
    assert d.phase == Phase.BID
    legal = d.legal_actions()
    assert A.PASS not in legal  # A1: must make a bid, Simple at least
    assert len(legal) == 54 and legal[0] == A.bid("simple")
    d.apply("bid simple")
    assert d.bid is not None and d.bid.key == "simple"


def test_a2_pass_or_pick_up_and_bid_higher() -> None:
    d = make_deal(HANDS)
    d.apply("discard ♦7 ♦8")
    d.apply("bid 40-100")
    assert d.legal_actions() == [A.PASS, A.PICKUP]
    d.apply("pickup")
    assert d.hands[2].bit_count() == 12 and d.talon == 0
    d.apply("discard ♦7 ♥9")
    assert_refused(d, "bid simple", "B5")
    assert_refused(d, "bid 40-100", "B5")  # equal is not higher
    assert all(d.ladder[a.bid].rank > 3 for a in d.legal_actions())
    d.apply("bid betli")
    assert d.bidder == 2
    # the talon laid by seat 2 is what seat 0 would pick up
    d.apply("pickup")
    assert d.hands[0] >> parse_card("♦7") & 1 and d.hands[0] >> parse_card("♥9") & 1


def test_a2_high_bidder_may_raise_own_bid() -> None:
    d = make_deal(HANDS)
    d.apply("discard ♦7 ♦8")
    d.apply("bid simple")
    d.apply("pass")
    d.apply("pass")
    assert d.current_player == 1 and d.bidder == 1
    d.apply("pickup")
    d.apply("discard ♦7 ♦8")
    d.apply("bid 40-100 ulti")
    assert d.bid is not None and d.bid.key == "40-100 ulti" and d.bidder == 1


def test_a3_a_pass_does_not_stop_a_later_bid() -> None:
    """A3: passing does not stop a player from bidding on a later turn."""
    d = make_deal(HANDS)
    d.apply("discard ♦7 ♦8")
    d.apply("bid simple")
    d.apply("pass")  # seat 2
    d.apply("pickup")  # seat 0
    d.apply("discard ♥7 ♥8")
    d.apply("bid 40-100")
    d.apply("pass")  # seat 1
    d.apply("pickup")  # seat 2, who passed before
    d.apply("discard ♥7 ♥8")
    d.apply("bid betli")
    assert d.bidder == 2


def test_a4_three_passes_end_the_auction() -> None:
    """A4: the auction ends when all three have passed after the last bid; the high bidder is
    soloist with the talon they last laid."""
    d = make_deal(HANDS)
    d.apply("discard ♦7 ♦8")
    d.apply("bid 40-100")
    d.apply("pass")
    d.apply("pass")
    assert d.phase == Phase.AUCTION  # the high bidder's own pass is still to come
    d.apply("pass")
    assert d.phase == Phase.TRUMP and d.soloist == 1 and d.current_player == 1
    assert d.contract is not None and d.contract.key == "40-100"
    assert d.talon_owner == 1


def test_a4_top_bid_cannot_be_overcalled() -> None:
    """A2/A4: over the top rank nobody may pick up; three passes follow."""
    d = make_deal(HANDS)
    d.apply("discard ♦7 ♦8")
    d.apply("bid 20-100 ulti open durchmars of hearts")
    assert d.legal_actions() == [A.PASS]
    assert_refused(d, "pickup", "A2")


def test_a5_simple_forfeit_and_v8_played_out() -> None:
    d = make_deal(HANDS)
    d.apply("discard ♦7 ♦8")
    d.apply("bid simple")
    for _ in range(3):
        d.apply("pass")
    assert d.is_over()
    assert d.returns() == [2, -4, 2]  # A5: the soloist pays the Simple doubled to each
    assert "A5" in d.end_reason
    d = make_deal(HANDS, rules=Ruleset(simple_forfeit=False))
    start(d, "simple", "♦7 ♦8", trump="acorns")
    assert d.phase == Phase.PLAY  # V8: played out
    d = make_deal(HANDS)
    start(d, "simple of hearts", "♦7 ♦8")
    assert d.phase == Phase.PLAY and d.trump == HEARTS  # the Hearts Simple is played


def test_a6_b6_trump_announcement() -> None:
    d = make_deal(HANDS)
    d.apply("discard ♦7 ♦8")
    d.apply("bid ulti")
    for _ in range(3):
        d.apply("pass")
    assert d.phase == Phase.TRUMP
    assert [str(a) for a in d.legal_actions()] == ["trump acorns", "trump leaves", "trump bells"]
    assert_refused(d, "trump hearts", "B6")
    assert_refused(d, "play ♣A", "B6")
    d.apply("trump makk")
    assert d.trump == 1 and d.phase == Phase.PLAY and d.current_player == 1
    # a Hearts bid fixes Hearts; a no-trump bid has none
    d = start(make_deal(HANDS), "ulti of hearts", "♦7 ♦8")
    assert d.trump == HEARTS and d.phase == Phase.PLAY
    d = start(make_deal(HANDS), "betli", "♦7 ♦8")
    assert d.trump == -1 and d.phase == Phase.PLAY


def test_bad_input_out_of_turn_and_wrong_phase() -> None:
    d = make_deal(HANDS)
    d.apply("discard ♦7 ♦8")
    d.apply("bid simple")
    assert_refused(d, "discard ♥10 ♥K", "A2")
    assert_refused(d, "play ♥10", "A2")
    assert_refused(d, "kontra simple", "A2")
    assert_refused(d, "bid 40-100", "A2")  # must pick up the talon first
    with pytest.raises(IllegalAction, match="grammar"):
        d.apply("hello")


def test_v4_no_talon() -> None:
    rules = Ruleset(talon=False)
    d = Deal(rules, seed=5, dealer=0)
    assert [h.bit_count() for h in d.hands] == [10, 10, 10]
    assert d.talon.bit_count() == 2  # lying aside, counted for the defenders (P3)
    assert d.phase == Phase.BID and A.PASS not in d.legal_actions()
    d.apply("bid simple")
    assert A.PICKUP not in d.legal_actions() and A.PASS in d.legal_actions()
    assert_refused(d, "pickup", "V4")
    d.apply("bid ulti")
    for _ in range(3):
        d.apply("pass")
    assert d.soloist == 2 and d.phase == Phase.TRUMP
    for seat in range(3):
        assert d.observation(seat).talon is None  # nobody laid it


def test_v5_combined_bids_only() -> None:
    d = Deal(Ruleset(combined_bids_only=True), seed=5)
    d.apply(d.legal_actions()[0])
    assert d.legal_actions()[0] == A.bid("four aces")
    assert_refused(d, "bid simple", "B5")


def test_v1_two_round_auction() -> None:
    rules = Ruleset(two_round_auction=True)
    d = Deal(rules, seed=77, dealer=0)
    assert [h.bit_count() for h in d.hands] == [5, 5, 5]
    assert d.phase == Phase.ROUND1 and d.current_player == 1
    d.apply("pass")
    d.apply("bid 40-100")  # seat 2, first round: double value
    d.apply("pass")
    d.apply("pass")
    # the first round is won by seat 2, who gets the two extra cards, then five more each
    assert [h.bit_count() for h in d.hands] == [10, 10, 12]
    assert d.phase == Phase.DISCARD and d.current_player == 2
    d.apply(d.legal_actions()[0])
    legal = [d.ladder[a.bid] for a in d.legal_actions()]
    assert legal[0].key == "40-100"  # confirm
    assert all(b.trump and not b.hearts for b in legal)  # the same trump kind
    assert_refused(d, "bid betli", "V1")
    d.apply("bid 40-100")  # confirmed: stays double
    for _ in range(3):
        d.apply("pass")
    assert d.bid_multiplier == 2 and d.soloist == 2


def test_v1_raising_resets_the_multiplier_and_nobody_bidding_falls_back() -> None:
    rules = Ruleset(two_round_auction=True)
    d = Deal(rules, seed=78, dealer=0)
    d.apply("bid simple")
    d.apply("pass")
    d.apply("pass")
    d.apply(d.legal_actions()[0])
    d.apply("bid ulti")  # raise: single value
    assert d.bid_multiplier == 1
    d = Deal(rules, seed=79, dealer=0)
    for _ in range(3):
        d.apply("pass")
    assert [h.bit_count() for h in d.hands] == [10, 12, 10]  # forehand took the two
    assert d.phase == Phase.DISCARD and d.current_player == 1
    d.apply(d.legal_actions()[0])
    assert len(d.legal_actions()) == 54 and d.bid_multiplier == 1


def test_v1_doubled_value_is_paid() -> None:
    rules = Ruleset(two_round_auction=True)
    d = Deal(rules, seed=80, dealer=0)
    d.apply("bid simple")
    d.apply("pass")
    d.apply("pass")
    d.apply(d.legal_actions()[0])
    d.apply("bid simple")  # confirm
    for _ in range(3):
        d.apply("pass")
    assert d.is_over() and d.returns()[1] == -8  # the forfeit doubled by the first round


def test_p3_talon_points_for_the_defenders_in_a_real_deal() -> None:
    d = start(make_deal(HANDS), "simple of hearts", "♥A ♠A")
    assert card_points(d.talon) == 20
    play_random(d, random.Random(3))
    line = d.settlement.summary[0] if d.settlement else ""
    assert "defenders" in line
    # defenders' total includes the talon's 20
    sol = card_points(d.taken[1]) + (10 if d.last_winner == 1 else 0)
    assert f"soloist {sol} in tricks" in line
    assert cards_of(d.talon) == [parse_card("♥A"), parse_card("♠A")]
