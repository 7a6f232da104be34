"""The how-to-play game (RULES.md V2; docs/RULES-001.md W1-W14) as the preset ``howto``.

Worked examples from the source: a Simple made at 41 points and lost at 40, an Ulti lost
paying 4 + 4, an Open Durchmars of 24, a marriage declared by a defender in trick 6, a kontra
refused once the second trick is led, a thrown-in deal when everyone passes."""

from __future__ import annotations

import random

import pytest

from fixtures import assert_refused, hand, make_deal, play_random
from ulti.core.cards import ACORNS, HEARTS, LEAVES, cards_of, parse_card
from ulti.games.ulti import actions as A
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.bids import Kind, Silent
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.legality import KINGS_OVERS, play_rule
from ulti.games.ulti.record import dumps, loads
from ulti.games.ulti.rules import Ruleset, RulesetError
from ulti.games.ulti.scoring import SILENT_BASE, Status, Termination, money_for, settle
from ulti.games.ulti.session import Session

HOWTO = Ruleset.from_preset("howto")

#: Dealer 0: forehand is seat 1, then seat 2, then seat 0 (C3).
TOP = "♥A ♥K ♥Q ♣A ♣K ♣Q ♠A ♠K ♦A ♦K"  # the top of every suit in no-trump order (W8)
LOW0 = "♥J ♥10 ♥9 ♥8 ♥7 ♣J ♣10 ♣9 ♣8 ♣7"
LOW1 = "♠Q ♠J ♠10 ♠9 ♠8 ♠7 ♦Q ♦J ♦10 ♦9"
ASIDE = "♦8 ♦7"


def deal_of(hands: dict[int, str], aside: str, dealer: int = 0) -> Deal:
    return make_deal(hands, dealer, HOWTO, aside=aside)


def finish_first_legal(d: Deal) -> Deal:
    """Play on with the first legal card (passing every kontra offer) to the end."""
    while not d.is_over():
        legal = d.legal_actions()
        cards = [a for a in legal if a.kind == ActionKind.PLAY]
        d.apply(A.PASS if d.phase == Phase.KONTRA else cards[0])
    return d


def random_deals(n: int, seed: int = 0, pass_bias: float = 0.7) -> list[Deal]:
    out = []
    for i in range(n):
        rng = random.Random(seed * 100_003 + i)
        out.append(play_random(Deal(HOWTO, rng.getrandbits(48), i % 3), rng, pass_bias=pass_bias))
    return out


# -- the preset -----------------------------------------------------------------------------------


def test_the_preset_is_the_how_to_play_game() -> None:
    """V2: the how-to-play reading is one preset of the one ruleset; each of its differences
    is an option usable alone (W1-W4, W6, W9, W12, W13)."""
    diff = HOWTO.differences()
    assert diff == {
        "bid_ladder": "howto",
        "talon_aside": True,
        "trump_with_bid": True,
        "forehand_leads": True,
        "marriages_with_card": True,
        "kontra_until_second_trick": True,
        "silent_losses": False,
        "simple_forfeit": False,
        "four_aces": False,
        "max_kontra": 2,
    }
    solo = Ruleset().with_options(forehand_leads=True)  # one W option on the standard game
    d = Deal(solo, 5)
    assert d.phase == Phase.DISCARD  # the standard auction, only the first lead differs
    with pytest.raises(RulesetError, match="W1"):
        Ruleset(talon_aside=True, talon=False)
    with pytest.raises(RulesetError, match="W3"):
        Ruleset(bid_ladder="how-to")
    with pytest.raises(RulesetError, match="W10"):
        Ruleset(bid_ladder="howto", open_pays_double=True)


# -- W1, W5: the deal -----------------------------------------------------------------------------


def test_ten_cards_each_and_the_talon_aside() -> None:
    """W1: ten cards to each player, two aside as the talon (nobody's); W5: nothing is exposed
    while dealing — each seat sees its own ten cards and no other card."""
    for seed in range(20):
        d = Deal(HOWTO, seed, seed % 3)
        assert [h.bit_count() for h in d.hands] == [10, 10, 10]
        assert d.talon.bit_count() == 2 and d.talon_owner == -1
        assert d.hands[0] | d.hands[1] | d.hands[2] | d.talon == (1 << 32) - 1
        assert d.phase == Phase.AUCTION and d.current_player == d.forehand  # W2
        for seat in range(3):
            obs = d.observation(seat)
            assert obs.talon is None
            assert obs.visible_cards() == d.hands[seat]


# -- W2, W3, W4: the auction ----------------------------------------------------------------------


def test_pass_or_name_a_contract_picking_up_the_talon_first_if_you_like() -> None:
    """W2: forehand speaks first; a player passes, names a higher contract, or picks up the
    talon, lays two cards and then must name one; two passes after a contract end it."""
    d = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    kinds = [a.kind for a in d.legal_actions()]
    assert kinds[:2] == [ActionKind.PASS, ActionKind.PICKUP]
    assert set(kinds[2:]) == {ActionKind.BID}
    d.apply("pass")  # seat 1
    d.apply("pickup")  # seat 2
    assert d.phase == Phase.DISCARD and d.hands[2].bit_count() == 12
    d.apply("discard ♦K ♦A")
    assert d.phase == Phase.BID
    assert {a.kind for a in d.legal_actions()} == {ActionKind.BID}  # picked up: must bid
    d.apply("bid betli")
    assert d.phase == Phase.AUCTION and d.current_player == 0
    assert d.talon == hand("♦K ♦A") and d.talon_owner == 2
    d.apply("pass")
    assert not d.is_over() and d.phase == Phase.AUCTION
    d.apply("pass")  # the second pass in a row after the contract: the auction is over
    assert d.phase == Phase.PLAY and d.soloist == 2 and d.contract is not None
    assert d.contract.key == "betli"


def test_a_thrown_in_deal_when_everyone_passes() -> None:
    """W2: nobody names a contract: the deal is thrown in, nobody pays; the next deal is the
    next dealer's (W14: a session goes on)."""
    d = Deal(HOWTO, 3, 0)
    for _ in range(3):
        d.apply("pass")
    assert d.is_over() and d.returns() == [0, 0, 0]
    assert d.outcome is not None and d.outcome.termination == Termination.THROWN_IN
    assert d.outcome.rule == "W2"
    assert d.settlement is not None and "thrown in" in d.settlement.summary[0]
    assert "elmarad" in d.settlement.summary_text("hu")[0]
    assert "thrown in" in d.end_reason
    assert loads(dumps(d)).key() == d.key()  # the record replays
    s = Session(HOWTO, seed=1)
    while s.deal.phase == Phase.AUCTION and not s.deal.is_over():
        s.deal.apply("pass")
    assert s.deal.is_over()
    assert s.next_deal().dealer == 1


def test_the_ladder_of_the_how_to_play_page() -> None:
    """W3: Simple < Betli < 40-100 < 20-100 < Betli of Hearts < Open Betli < Durchmars < Ulti <
    Durchmars of Hearts < Open Durchmars; every combination above them, by total value."""
    ladder = HOWTO.ladder
    singles = [
        "simple",
        "betli",
        "40-100",
        "20-100",
        "rebetli",
        "open betli",
        "plain durchmars",
        "ulti",
        "durchmars of hearts",
        "plain open durchmars",
    ]
    ranks = [ladder[k].rank for k in singles]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    combos = [b for b in ladder.bids if len(b.components) > 1]
    assert combos and min(b.rank for b in combos) > max(ranks)
    assert [b.value for b in sorted(combos, key=lambda b: b.rank)] == sorted(
        b.value for b in combos
    )
    # W4: the Hearts form of a trump single ranks with it; W10: its values
    assert ladder["simple of hearts"].rank == ladder["simple"].rank
    assert ladder["ulti of hearts"].rank == ladder["ulti"].rank
    values = {k: ladder[k].value for k in singles}
    assert values == {
        "simple": 1,
        "betli": 5,
        "40-100": 4,
        "20-100": 8,
        "rebetli": 10,
        "open betli": 20,
        "plain durchmars": 6,
        "ulti": 4,  # W10: no implicit Simple
        "durchmars of hearts": 12,
        "plain open durchmars": 24,
    }
    assert not any(b.has(Kind.FOUR_ACES) for b in ladder.bids)  # not in this book


def test_a_bid_must_be_higher_than_the_one_standing() -> None:
    """W2, W3 (B5): a lower contract, or a combination of the same total value, is refused."""
    d = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    d.apply("bid betli")  # seat 1
    assert_refused(d, "bid simple", "B5")
    d.apply("bid 40-100 durchmars")  # seat 2: a combination, total 10
    d.apply("trump leaves")  # W4: named with the bid
    assert_refused(d, "bid ulti durchmars", "B5")  # also 10: not higher
    d.apply("bid 20-100 ulti")  # 12
    assert d.phase == Phase.TRUMP and d.current_player == 0


def test_the_trump_is_named_with_the_bid() -> None:
    """W4: the bidder names the trump at once (none for Betli and plain Durchmars; Hearts for
    an 'of Hearts' bid, which doubles every component)."""
    d = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    d.apply("bid 40-100")  # seat 1
    assert d.phase == Phase.TRUMP and d.current_player == 1
    assert_refused(d, "trump hearts", "B6")
    d.apply("trump acorns")
    assert d.bid_trump == ACORNS and d.phase == Phase.AUCTION and d.current_player == 2
    assert_refused(d, "bid 40-100 of hearts", "B5")  # W4: Hearts doubles, ranks the same
    d.apply("bid 20-100 of hearts")  # seat 2: Hearts, no naming
    assert d.phase == Phase.AUCTION and d.current_player == 0
    d.apply("pass")
    d.apply("pass")
    assert d.phase == Phase.PLAY and d.trump == HEARTS and d.soloist == 2
    [m] = [m for i, m in d.money() if i == Kind.TWENTY_HUNDRED]
    assert (m.first, m.second) == (16, 16)  # Hearts doubles the 8
    d2 = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    d2.apply("bid ulti")
    d2.apply("trump leaves")
    d2.apply("pass")
    d2.apply("pass")
    assert d2.phase == Phase.PLAY and d2.trump == LEAVES and d2.soloist == 1


# -- W6, W7, W8: play -----------------------------------------------------------------------------


def test_forehand_leads_the_first_trick() -> None:
    """W6: forehand leads to the first trick, not the soloist; the winner leads next."""
    d = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    d.apply("pass")
    d.apply("bid plain durchmars")  # seat 2 is soloist
    d.apply("pass")
    d.apply("pass")
    assert d.soloist == 2 and d.current_player == d.forehand == 1
    d.apply("play ♠7")
    d.apply("play ♠A")  # W7: the soloist must beat ♠7 and can
    d.apply("play ♥7")
    assert d.phase == Phase.KONTRA  # W13: the defenders may still double
    while d.phase == Phase.KONTRA:
        d.apply("pass")
    assert d.tricks[-1][2] == 2 and d.current_player == 2


def test_follow_beat_and_trump_as_the_page_says() -> None:
    """W7: follow suit and beat the highest card in the trick if you can (a trumped trick: any
    card of the suit); void, play a trump; W8: trump games rank A 10 K Q J 9 8 7 in every
    suit, no-trump games A K Q J 10 9 8 7.  (W7 is RULES.md's R2 and R3 in other words.)"""
    d = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    d.apply("bid betli")  # seat 1, forehand, leads
    d.apply("pass")
    d.apply("pass")
    d.apply("play ♠J")
    assert d.legal_cards() == [parse_card("♠K"), parse_card("♠A")]  # K beats J (W8)
    hands = {
        1: "♥K ♥7 ♣J ♣Q ♣K ♣A ♠10 ♠J ♠Q ♠K",
        2: "♥10 ♥Q ♥8 ♣7 ♣8 ♠7 ♠8 ♠9 ♦9 ♦10",
        0: "♥A ♥9 ♥J ♣9 ♣10 ♠A ♦7 ♦8 ♦J ♦Q",
    }
    d = deal_of(hands, "♦K ♦A")
    d.apply("bid simple")  # seat 1, acorns trump
    d.apply("trump acorns")
    d.apply("pass")
    d.apply("pass")
    d.apply("play ♥K")  # forehand, the soloist here, leads (W6)
    assert d.legal_cards() == [parse_card("♥10")]  # only the 10 beats the K (W8)
    d.apply("play ♥10")
    assert d.legal_cards() == [parse_card("♥A")]
    d.apply("play ♥A")
    while d.phase == Phase.KONTRA:
        d.apply("pass")
    assert d.current_player == 0
    d.apply("play ♦7")
    assert d.legal_cards() == cards_of(hand("♣J ♣Q ♣K ♣A"))  # void: a trump
    d.apply("play ♣J")
    assert d.legal_cards() == cards_of(hand("♦9 ♦10"))  # trumped: any card of the suit
    d.apply("play ♦10")
    assert d.tricks[-1][2] == 1


# -- W9: marriages --------------------------------------------------------------------------------


def test_a_marriage_declared_by_a_defender_in_trick_six() -> None:
    """W9: a defender declares a marriage with a card of the pair in the sixth trick and
    scores 20 (40 in trump) for the defenders at once."""
    for seed in range(400):
        rng = random.Random(seed)
        d = Deal(HOWTO, seed, seed % 3)
        while not d.is_over():
            legal = d.legal_actions()
            marriages = [a for a in legal if a.kind == ActionKind.MARRIAGE]
            late = d.tricks_played == 5 and d.current_player != d.soloist
            if marriages and late:
                suit = marriages[0].suit
                seat = d.current_player
                d.apply(marriages[0])
                assert d.marriages[-1] == (seat, suit) and d.pair_due == suit
                events = d.events
                assert events[-1].value == (40 if suit == d.trump else 20)
                assert all(KINGS_OVERS[suit] >> a.card & 1 for a in d.legal_actions())
                free = play_rule(d, seat)[0] & ~KINGS_OVERS[suit]
                if free:  # a card the rules of play allow, but not of the pair: W9 refuses
                    assert_refused(d, str(A.PLAY[cards_of(free)[0]]), "W9")
                d.apply(d.legal_actions()[0])
                finish_first_legal(d)
                assert d.settlement is not None
                if d.contract is not None and d.contract.trump and d.statuses.get(Kind.SIMPLE):
                    assert "+ 20" in d.settlement.summary[0] or "+ 40" in d.settlement.summary[0]
                return
            if marriages and rng.random() < 0.5:
                legal = [a for a in legal if a.kind != ActionKind.MARRIAGE]
            if d.phase == Phase.AUCTION and rng.random() < 0.5 and d.bid is None:
                d.apply("bid simple")
                continue
            d.apply(rng.choice([a for a in legal if a.kind != ActionKind.CLAIM]))
    raise AssertionError("no deal with a defender's marriage in trick 6")


def test_a_marriage_needs_a_card_of_its_pair_now() -> None:
    """W9: declared only with a card of the pair that may be played now; not twice."""
    hands = {
        0: "♥10 ♥Q ♣7 ♣8 ♣9 ♠7 ♠8 ♠9 ♦7 ♦8",
        1: "♥K ♥7 ♣J ♣Q ♣K ♣A ♠10 ♠J ♦9 ♦10",
        2: "♥A ♥8 ♥9 ♥J ♣10 ♠Q ♠K ♠A ♦J ♦Q",
    }
    d = deal_of(hands, "♦K ♦A")
    d.apply("bid simple")
    d.apply("trump leaves")
    d.apply("pass")
    d.apply("pass")
    assert A.MARRIAGE[ACORNS] in d.legal_actions()  # seat 1 leads: ♣Q ♣K may be played
    d.apply("play ♥K")
    # seat 2 holds ♠Q ♠K (the trump pair) but must follow hearts: no marriage now
    assert A.MARRIAGE[LEAVES] not in d.legal_actions()
    assert_refused(d, "marriage leaves", "W9")


# -- W10, W11, W12: values ------------------------------------------------------------------------


def test_an_open_durchmars_of_24() -> None:
    """W10: Open Durchmars is worth 24 from each defender; after the first trick the hands lie
    open and the result, proved, settles the deal (R7)."""
    d = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    d.apply("pass")
    d.apply("bid plain open durchmars")
    d.apply("pass")
    d.apply("pass")
    finish_first_legal(d)
    assert d.statuses[Kind.DURCHMARS] == Status.WON
    assert d.returns() == [-24, -24, 48]


def test_an_ulti_lost_pays_4_and_4() -> None:
    """W10: a lost Ulti costs the soloist its value and a penalty of 4 more, to each defender
    (K4); the soloist without the trump VII has lost it from the start."""
    d = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    d.apply("pass")
    d.apply("bid ulti")
    d.apply("trump acorns")  # seat 2 has no ♣7
    d.apply("pass")
    d.apply("pass")
    finish_first_legal(d)
    assert d.statuses[Kind.ULTI] == Status.LOST
    assert d.settlement is not None
    lines = [ln for ln in d.settlement.lines if ln.outcome == "lost"]
    assert [ln.amounts for ln in lines] == [(4, 4, -8), (4, 4, -8)]  # the Ulti, the penalty
    assert d.returns()[2] == -16 + sum(
        ln.amounts[2] for ln in d.settlement.lines if ln.outcome == "won"
    )


def test_a_simple_is_made_at_41_points() -> None:
    """W10: the Simple needs more than 40 of the 90 points (talon for the defenders, the last
    trick 10): at the end of ten tricks, 50 makes it and 40 does not."""
    from ulti.core.cards import card_points
    from ulti.games.ulti.scoring import status

    seen = set()
    for d in random_deals(400, seed=4, pass_bias=0.3):
        if d.tricks_played != 10 or d.marriages or d.contract is None or not d.contract.trump:
            continue
        s = d.soloist
        sp = card_points(d.taken[s]) + (10 if d.last_winner == s else 0)
        if sp in (40, 50):
            assert status(d, Kind.SIMPLE) == (Status.WON if sp == 50 else Status.LOST)
            seen.add(sp)
    assert seen == {40, 50}


def test_each_component_is_paid_by_each_defender() -> None:
    """W11: every component of a combination is settled on its own; each defender pays (or is
    paid) its full amount."""
    checked = 0
    for d in random_deals(300, seed=5, pass_bias=0.5):
        if d.settlement is None or d.contract is None:
            continue
        for ln in d.settlement.lines:
            if ln.item_id < 0 or ln.item_id >= SILENT_BASE:
                continue
            value = next(c.value for c in d.contract.components if c.kind == ln.item_id)
            s = d.soloist
            first, second = ln.amounts[(s + 1) % 3], ln.amounts[(s + 2) % 3]
            sign = -1 if ln.outcome == "won" else 1
            assert (first, second) == (
                sign * value * d.bid_multiplier << ln.levels[0],
                sign * value * d.bid_multiplier << ln.levels[1],
            )
            checked += 1
    assert checked > 50


def test_silent_bonuses_are_half_value_and_never_charged() -> None:
    """W12: an Ulti or Durchmars made without being bid earns half its value (2, 3; doubled
    in Hearts); a failed one costs nothing."""
    ladder = HOWTO.ladder
    assert dict(ladder["simple"].silent) == {Silent.ULTI: 2, Silent.DURCHMARS: 3}
    assert dict(ladder["40-100 of hearts"].silent) == {Silent.ULTI: 4, Silent.DURCHMARS: 6}
    assert dict(ladder["ulti"].silent) == {Silent.DURCHMARS: 3}
    assert ladder["betli"].silent == ()
    money = dict(money_for(ladder["simple"], {}, 1, HOWTO))
    sulti = money[SILENT_BASE + Silent.ULTI]
    assert sulti.won_total == 4 and sulti.lost_total == 0
    charged = dict(money_for(ladder["simple"], {}, 1, HOWTO.with_options(silent_losses=True)))
    assert charged[SILENT_BASE + Silent.ULTI].lost_total == -8  # S2 where losses count
    item = SILENT_BASE + Silent.ULTI
    d = next(
        d
        for d in random_deals(100, seed=6, pass_bias=0.8)
        if d.contract is not None and any(i == item for i, _ in d.money())
    )
    failed = settle(d, {**d.statuses, item: Status.LOST})
    made = settle(d, {**d.statuses, item: Status.WON})
    assert all(ln.item_id != item for ln in failed.lines)  # not charged
    assert failed.totals == settle(d, {**d.statuses, item: Status.VOID}).totals
    [line] = [ln for ln in made.lines if ln.item_id == item]
    m = dict(d.money())[item]
    s = d.soloist
    assert line.amounts[s] == m.first + m.second and line.amounts[(s + 1) % 3] == -m.first
    assert d.contract is not None
    assert m.first == (2 if not d.contract.hearts else 4) << m.levels[0]  # half of 4 (8)


# -- W13: kontra ----------------------------------------------------------------------------------


def test_kontra_until_the_second_trick_is_led() -> None:
    """W13: a defender may say Kontra after the first trick too, the soloist answers Rekontra
    (no further level by default), and once the second trick is led doubling is closed."""
    d = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    d.apply("pass")
    d.apply("bid ulti")
    d.apply("trump leaves")
    d.apply("pass")
    d.apply("pass")
    for _ in range(3):  # the first trick, nobody doubles
        d.apply(next(a for a in d.legal_actions() if a.kind == ActionKind.PLAY))
    assert d.phase == Phase.KONTRA and d.current_player == 0  # the defenders first
    assert A.kontra(Kind.ULTI, 1) in d.legal_actions()
    d.apply("kontra ulti")
    while d.phase == Phase.KONTRA and d.current_player != 2:
        d.apply("pass")
    assert d.current_player == 2 and A.kontra(Kind.ULTI, 2) in d.legal_actions()
    d.apply("rekontra ulti")
    assert d.phase == Phase.PLAY  # capped at Rekontra: nothing left to answer
    assert d.kontra_levels(Kind.ULTI) == (2, 2)
    assert d.current_player == 2  # the soloist won the first trick and leads the second
    d.apply(next(a for a in d.legal_actions() if a.kind == ActionKind.PLAY))  # trick 2 led
    assert_refused(d, "kontra ulti", "W13")  # the third level is past the cap anyway
    assert not [a for a in d.legal_actions() if a.kind == ActionKind.KONTRA]


def test_kontra_refused_once_the_second_trick_is_led() -> None:
    """W13: the kontra of a component not yet doubled, tried after the second trick is led."""
    d = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    d.apply("pass")
    d.apply("bid 40-100 ulti")
    d.apply("trump leaves")
    d.apply("pass")
    d.apply("pass")
    for _ in range(3):
        d.apply(next(a for a in d.legal_actions() if a.kind == ActionKind.PLAY))
    while d.phase == Phase.KONTRA:
        d.apply("pass")
    d.apply(next(a for a in d.legal_actions() if a.kind == ActionKind.PLAY))  # trick 2 is led
    assert d.current_player != d.soloist
    assert_refused(d, "kontra 40-100", "W13")


# -- W14 and the whole game -----------------------------------------------------------------------


def test_sessions_and_records_under_the_preset() -> None:
    """W14: 24 deals, a tie played off with three more; every deal's record replays."""
    assert (HOWTO.session_deals, HOWTO.tiebreak_deals) == (24, 3)
    for d in random_deals(60, seed=7, pass_bias=0.6):
        again = loads(dumps(d))
        assert again.key() == d.key() and again.returns() == d.returns()
        assert sum(d.returns()) == 0
        if d.contract is not None:
            assert d.history[0][0] == d.forehand


def test_undo_takes_back_every_how_to_play_action() -> None:
    """Undo (pop) restores the state exactly after W2's passes and pick-ups, W4's trump,
    W9's marriages and their cards, W13's kontras."""
    for i, d in enumerate(random_deals(40, seed=8, pass_bias=0.5)):
        states = []
        replay = Deal(HOWTO, d.seed, d.dealer)
        for _, a in d.history:
            states.append(replay.key())
            replay.apply(a)
        assert replay.key() == d.key()
        for key in reversed(states):
            replay.pop()
            assert replay.key() == key, i


def test_every_refused_action_names_its_rule() -> None:
    """Each refusal names a W or RULES.md id (B5, W9, W13 above): laying cards without the
    talon picked up is W2's; anything but the trump after a trump bid is B6's (W4)."""
    d = deal_of({0: LOW0, 1: LOW1, 2: TOP}, ASIDE)
    assert_refused(d, "discard ♠Q ♠J", "W2")
    d.apply("bid 40-100")
    assert_refused(d, "pass", "B6")
    assert d.hands[1] == hand(LOW1)


# -- computer players ---------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["random", "rules", "pimc:samples=4"])
def test_every_computer_player_plays_the_how_to_play_game(spec: str) -> None:
    """V2: each player finishes how-to-play deals with legal actions only: W2's turns, W4's
    trump with its own bid, W9's marriages and their cards, W13's kontras."""
    from ulti.players import make_player

    for game in range(3):
        players = [make_player(spec, seed=game) for _ in range(3)]
        for seat, p in enumerate(players):
            p.start(seat, HOWTO, game)
        d = Deal(HOWTO, 100 + game, game % 3)
        while not d.is_over():
            seat = d.current_player
            legal = d.legal_actions()
            a = players[seat].act(d.observation(seat), legal)
            assert a in legal, (spec, a)
            d.apply(a)
        assert sum(d.returns()) == 0


def test_pimc_names_the_contract_a_hand_is_made_for() -> None:
    """W2, W3: with the top of every suit forehand names a contract (at once or after the
    talon); with the five lowest cards of two suits and nothing else, a Betli (or the Ulti
    of Hearts those cards carry)."""
    from ulti.players import make_player

    d = deal_of({1: TOP, 2: LOW1, 0: LOW0}, ASIDE)
    strong = make_player("pimc:samples=6,ms=3600000", seed=1)
    strong.start(1, HOWTO, 0)
    a = strong.act(d.observation(1), d.legal_actions())
    assert a.kind in (ActionKind.BID, ActionKind.PICKUP), a
    d = deal_of({1: LOW0, 2: TOP, 0: LOW1}, ASIDE)
    low = make_player("pimc:samples=6,ms=3600000", seed=1)
    low.start(1, HOWTO, 0)
    a = low.act(d.observation(1), d.legal_actions())
    # a Betli (made in every sampled deal) or, as the solver values it a little higher, the
    # Ulti of Hearts its five low Hearts with the VII carry; never a contract of high cards
    assert a.kind == ActionKind.BID and a.bid in ("betli", "ulti of hearts"), a


def test_analysis_values_the_how_to_play_auction() -> None:
    """V2 after the deal: W2's turns (pass, pick up, or bid at once) and W4's trump with the
    bid are valued like any decision, with the first lead forehand's (W6)."""
    from ulti.analysis import ulti as analysis
    from ulti.players import Budget, make_player

    players = [make_player(s, seed=1) for s in ("rules", "random", "pimc:samples=4")]
    for seat, p in enumerate(players):
        p.start(seat, HOWTO, 0)
    d = Deal(HOWTO, 71, 1)
    while not d.is_over():
        seat = d.current_player
        d.apply(players[seat].act(d.observation(seat), d.legal_actions()))
    report = analysis.analyze(d, Budget(4, 60), seed=1)
    kinds = {dec.kind for dec in report.decisions}
    assert "auction" in kinds and "card" in kinds
    for dec in report.decisions:
        assert dec.options and all(o.info is None or abs(o.info) < 1000 for o in dec.options)


def test_hints_through_a_how_to_play_deal() -> None:
    """V2: the hint (pimc's advice with its reason) is a legal action at every turn of a
    how-to-play deal — W2's turns, W4's trump, W9's marriages, W13's kontras — in English and
    Hungarian."""
    from english_words import english_words_in
    from ulti.players import make_player

    # its four samples, however long a busy machine takes (the default ms would cut them)
    advisers = [make_player("pimc:samples=4,ms=600000", seed=seat) for seat in range(3)]
    for seat, p in enumerate(advisers):
        p.start(seat, HOWTO, 0)
    d = Deal(HOWTO, 52, 2)
    turns = 0
    while not d.is_over():
        seat = d.current_player
        legal = d.legal_actions()
        a, why = advisers[seat].advise(d.observation(seat), legal, "hu")  # type: ignore[attr-defined]
        assert a in legal and why and english_words_in(why) == [], why
        d.apply(a)
        turns += 1
    assert turns > 10 and sum(d.returns()) == 0
