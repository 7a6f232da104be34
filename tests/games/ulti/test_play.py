"""Card play (R1-R8), marriages (R5, P2, P4), open contracts and claims (R7)."""

from __future__ import annotations

import random

import pytest

from fixtures import (
    ULTI_HANDS,
    assert_refused,
    make_deal,
    play_random,
    random_action,
    ref_legal,
    start,
)
from ulti.core.cards import cards_of, parse_card, parse_cards
from ulti.games.ulti import actions as A
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal, IllegalAction, Phase
from ulti.games.ulti.rules import Ruleset


def legal(d: Deal) -> set[str]:
    return {str(a)[5:] for a in d.legal_actions() if str(a).startswith("play")}


def cards(text: str) -> set[str]:
    from ulti.core.cards import symbol

    return {symbol(c) for c in parse_cards(text)}


def test_r1_to_r6_a_scripted_ulti() -> None:
    d = start(make_deal(ULTI_HANDS), "ulti", "♦7 ♦8", trump="acorns")
    assert d.current_player == 1  # R1: the soloist leads the first trick
    # R6: the trump VII is held back while other cards are legal
    assert legal(d) == cards("♥A ♥9 ♠K ♠8 ♣A ♣10 ♣9 ♦A ♦9")
    assert_refused(d, "play ♣7", "R6")
    d.apply("play ♥9")
    assert legal(d) == cards("♥K ♥10")  # R2: follow and overtake ♥9
    assert_refused(d, "play ♥7", "R2")
    assert_refused(d, "play ♠A", "R2")
    d.apply("play ♥10")
    assert legal(d) == cards("♥Q ♥J ♥8")  # R2: cannot beat ♥X (trump order, C2): any heart
    d.apply("play ♥8")
    assert d.tricks[-1][2] == 2  # R4: highest card of the led suit
    d.apply("play ♦K")
    assert legal(d) == cards("♦J")
    d.apply("play ♦J")
    assert legal(d) == cards("♦A")  # must overtake the King
    d.apply("play ♦A")
    assert d.current_player == 1  # the winner leads (R1)
    d.apply("play ♠8")
    assert legal(d) == cards("♠A ♠Q")
    d.apply("play ♠Q")
    assert legal(d) == cards("♠10")  # ♠X beats ♠Q in a trump contract (C2)
    d.apply("play ♠10")
    d.apply("play ♠J")
    d.apply("play ♠K")
    d.apply("play ♠A")
    assert d.tricks[-1][2] == 2
    d.apply("play ♦Q")
    assert legal(d) == cards("♣Q ♣J")  # R3: void, must trump
    assert_refused(d, "play ♠9", "R3")
    d.apply("play ♣J")
    assert legal(d) == cards("♦9")
    d.apply("play ♦9")
    assert d.tricks[-1][2] == 0  # R4: the trump wins
    d.apply("play ♣Q")
    assert legal(d) == cards("♣A ♣10")  # R3/R2: overtake the trump; the VII stays back
    d.apply("play ♣10")
    assert legal(d) == cards("♣K ♣8")  # cannot beat ♣X: any trump
    d.apply("play ♣8")
    d.apply("play ♥A")
    d.apply("play ♥7")
    d.apply("play ♥Q")
    assert legal(d) == cards("♣A ♣9")
    d.apply("play ♣A")
    d.apply("play ♣K")
    d.apply("play ♠9")
    assert legal(d) == cards("♣9")
    d.apply("play ♣9")
    assert legal(d) == cards("♥K ♦10")  # R3: void and no trump left: any card
    d.apply("play ♦10")
    d.apply("play ♠7")
    assert legal(d) == cards("♣7")  # the last trick
    d.apply("play ♣7")
    d.apply("play ♥K")
    d.apply("play ♥J")
    assert d.is_over() and d.tricks_played == 10
    lines = {ln.item: ln for ln in d.settlement.lines} if d.settlement else {}
    assert lines["Ulti"].outcome == "won"  # the VII won the last trick
    assert d.returns()[1] > 0


def test_r2_a_trumped_trick_may_be_followed_with_any_card_of_the_suit() -> None:
    hands = {
        1: "♣A ♣10 ♣K ♣Q ♣J ♣9 ♣8 ♣7 ♠A ♠7 ♦7 ♦8",
        2: "♥A ♥10 ♥K ♥Q ♥J ♥9 ♥8 ♥7 ♦A ♦10",
        0: "♠10 ♠K ♠Q ♠J ♠9 ♠8 ♦K ♦Q ♦J ♦9",
    }
    d = make_deal(hands, rules=Ruleset(simple_forfeit=False))
    start(d, "simple", "♦7 ♦8", trump="leaves")  # spades (leaves) are trump
    d.apply("play ♣A")  # seat 2 and seat 0 are void in acorns
    # seat 2 has no acorns and no trump (leaves): any card (R3)
    assert legal(d) == cards("♥A ♥10 ♥K ♥Q ♥J ♥9 ♥8 ♥7 ♦A ♦10")
    d.apply("play ♦A")
    # seat 0: no acorns, holds trumps: must trump (R3), any trump since none is in the trick
    assert legal(d) == cards("♠10 ♠K ♠Q ♠J ♠9 ♠8")
    d.apply("play ♠8")
    assert d.tricks[-1][2] == 0
    # seat 0 leads a diamond; seat 1 cannot follow and trumps with the ♠A... first the soloist
    d.apply("play ♦K")
    assert legal(d) == cards("♠A ♠7")  # R3: must trump (the ♠7 is no Ulti here)
    d.apply("play ♠7")
    # seat 2 follows diamonds; the trick is trumped, so any diamond will do (R2)
    assert legal(d) == cards("♦10")
    d.apply("play ♦10")


@pytest.mark.parametrize("seed", range(40))
def test_r2_r3_r6_move_generation_matches_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for _ in range(25):
        d = Deal(seed=rng.getrandbits(64), dealer=rng.randrange(3))
        while not d.is_over():
            if d.phase == Phase.PLAY:
                p = d.current_player
                c = d.contract
                assert c is not None
                ref = ref_legal(cards_of(d.hands[p]), list(d.trick), d.trump, c.trump)
                if c.has(Kind.ULTI) and p == d.soloist and d.ulti_card in ref and len(ref) > 1:
                    ref.discard(d.ulti_card)  # R6
                assert set(d.legal_cards()) == ref
                checked += 1
            d.apply(random_action(d, rng))
    assert checked > 100


def test_r5_marriages_declared_with_the_first_trick_card() -> None:
    hands = {
        1: "♣A ♣10 ♣K ♣Q ♥K ♥Q ♠A ♠10 ♦A ♦10 ♦7 ♦8",
        2: "♥A ♥10 ♥J ♥9 ♠K ♠Q ♠J ♠9 ♣J ♣9",
        0: "♥8 ♥7 ♠8 ♠7 ♦K ♦Q ♦J ♦9 ♣8 ♣7",
    }
    d = start(make_deal(hands), "simple of hearts", "♦7 ♦8")
    assert [str(a) for a in d.legal_actions()[:2]] == ["marriage hearts", "marriage acorns"]
    d.apply("marriage hearts")  # 40: Hearts are trump
    d.apply("marriage acorns")  # 20
    assert_refused(d, "marriage acorns", "R5")
    d.apply("play ♠A")
    assert "marriage leaves" in [str(a) for a in d.legal_actions()]
    d.apply("marriage leaves")  # seat 2: the defenders' marriage
    assert_refused(d, "marriage bells", "R5")  # seat 2 does not hold it
    d.apply("play ♠K")
    assert "marriage bells" in [str(a) for a in d.legal_actions()]
    d.apply("play ♠7")  # seat 0 does not declare ♦K♦Q: the marriage is lost
    assert d.marriages == [(1, 0), (1, 1), (2, 2)]
    d.apply("play ♣A")
    assert not [a for a in d.legal_actions() if a.kind == A.ActionKind.MARRIAGE]
    assert_refused(d, "marriage bells", "R5")  # only with the first trick's card
    play_random(d, random.Random(0))
    summary = d.settlement.summary[0] if d.settlement else ""
    assert "+ 60 marriages" in summary  # P2: 40 + 20 for the soloist
    assert "+ 20 marriages" in summary  # the defenders' 20


def test_r5_hundred_bids_allow_only_the_marriage_of_the_bid() -> None:
    hands = {
        1: "♣A ♣10 ♣K ♣Q ♥K ♥Q ♠A ♠10 ♦A ♦10 ♦7 ♦8",
        2: "♥A ♥10 ♥J ♥9 ♠K ♠Q ♠J ♠9 ♣J ♣9",
        0: "♥8 ♥7 ♠8 ♠7 ♦K ♦Q ♦J ♦9 ♣8 ♣7",
    }
    d = start(make_deal(hands), "40-100", "♦7 ♦8", trump="acorns")
    assert [str(a) for a in d.legal_actions() if a.kind == A.ActionKind.MARRIAGE] == [
        "marriage acorns"
    ]
    assert_refused(d, "marriage hearts", "R5")
    d.apply("marriage acorns")
    d.apply("play ♠A")
    assert not [a for a in d.legal_actions() if a.kind == A.ActionKind.MARRIAGE]
    assert_refused(d, "marriage leaves", "R5")  # no other marriage counts for anyone
    d = start(make_deal(hands), "20-100", "♦7 ♦8", trump="acorns")
    assert [str(a) for a in d.legal_actions() if a.kind == A.ActionKind.MARRIAGE] == [
        "marriage hearts"
    ]
    d.apply("marriage hearts")
    assert not [a for a in d.legal_actions() if a.kind == A.ActionKind.MARRIAGE]


def test_p4_no_marriages_in_no_trump_contracts() -> None:
    hands = {
        1: "♣A ♣10 ♣K ♣Q ♥K ♥Q ♠A ♠10 ♦A ♦10 ♦7 ♦8",
        2: "♥A ♥10 ♥J ♥9 ♠K ♠Q ♠J ♠9 ♣J ♣9",
        0: "♥8 ♥7 ♠8 ♠7 ♦K ♦Q ♦J ♦9 ♣8 ♣7",
    }
    d = start(make_deal(hands), "plain durchmars", "♦7 ♦8")
    assert not [a for a in d.legal_actions() if a.kind == A.ActionKind.MARRIAGE]
    assert_refused(d, "marriage hearts", "P4")


def test_r7_open_contract_hands_are_laid_face_up_after_the_first_trick() -> None:
    d = start(
        make_deal(
            {
                1: "♥7 ♥8 ♥9 ♠7 ♠8 ♠9 ♣7 ♣8 ♣9 ♦7 ♦A ♦K",
                2: "♥A ♥K ♥Q ♥J ♥10 ♠A ♠K ♠Q ♠J ♠10",
                0: "♣A ♣K ♣Q ♣J ♣10 ♦Q ♦J ♦10 ♦9 ♦8",
            }
        ),
        "open betli",
        "♦A ♦K",
    )
    assert d.observation(2).exposed == ()
    assert "claim" not in [str(a) for a in d.legal_actions()]
    d.apply("play ♥7")
    d.apply("play ♥A")
    d.apply("play ♣A")  # trick 1 to seat 2
    assert d.exposed == 0b111
    o = d.observation(2)
    assert {seat for seat, _ in o.exposed} == {0, 1}
    assert dict(o.exposed)[1] == tuple(sorted(cards_of(d.hands[1])))
    # a claim is offered only where the solver upholds it (R7): not to this defender ...
    assert d.current_player == 2 and A.CLAIM not in d.legal_actions()
    while d.current_player != d.soloist:
        d.apply(A.play(d.legal_cards()[0]))
    assert d.legal_actions()[0] == A.CLAIM  # ... but to the soloist, who cannot lose


def test_v10_soloist_alone_exposes() -> None:
    d = start(
        make_deal(
            {
                1: "♥7 ♥8 ♥9 ♠7 ♠8 ♠9 ♣7 ♣8 ♣9 ♦7 ♦A ♦K",
                2: "♥A ♥K ♥Q ♥J ♥10 ♠A ♠K ♠Q ♠J ♠10",
                0: "♣A ♣K ♣Q ♣J ♣10 ♦Q ♦J ♦10 ♦9 ♦8",
            },
            rules=Ruleset(soloist_alone_exposes=True),
        ),
        "open betli",
        "♦A ♦K",
    )
    for c in ("♥7", "♥A", "♣A"):
        d.apply(f"play {c}")
    assert d.exposed == 1 << 1
    assert [seat for seat, _ in d.observation(2).exposed] == [1]
    assert d.observation(1).exposed == ()


OPEN_BETLI = {
    # the soloist cannot take a trick: every suit he holds, a defender holds higher cards
    1: "♥7 ♥8 ♥9 ♠7 ♠8 ♠9 ♣7 ♣8 ♣9 ♦7 ♦A ♦K",
    2: "♥A ♥K ♥Q ♥J ♥10 ♠A ♠K ♠Q ♠J ♠10",
    0: "♣A ♣K ♣Q ♣J ♣10 ♦Q ♦J ♦10 ♦9 ♦8",
}


def test_r7_claim_checked_by_the_solver() -> None:
    d = start(make_deal(OPEN_BETLI), "open betli", "♦A ♦K")
    assert_refused(d, "claim", "R7")  # not before the first trick
    d.apply("play ♥7")
    d.apply("play ♥A")
    d.apply("play ♣A")
    assert not d.is_over()
    assert d.current_player == 2  # a defender: "the soloist must take a trick" is unsound
    assert_refused(d, "claim", "R7")
    while d.current_player != d.soloist and not d.is_over():
        d.apply(A.play(d.legal_cards()[0]))
    if not d.is_over():
        d.apply("claim")  # the soloist: "I take no more tricks" is sound
        assert "R7" in d.end_reason and "claimed" in d.end_reason
    assert d.is_over()
    assert d.returns()[1] == 40  # Open Betli won: 20 from each defender
    # a claim in a closed contract is refused
    d = start(make_deal(ULTI_HANDS), "ulti", "♦7 ♦8", trump="acorns")
    for c in ("♥9", "♥10", "♥8"):
        d.apply(f"play {c}")
    assert_refused(d, "claim", "R7")


def test_r7_the_engine_settles_once_the_result_cannot_change() -> None:
    d = start(make_deal(OPEN_BETLI), "open betli", "♦A ♦K")
    d.apply("play ♥7")
    d.apply("play ♥A")
    d.apply("play ♣A")
    while not d.is_over():
        d.apply(A.play(d.legal_cards()[0]))
    # the soloist can never take a trick, so the engine proves it before the tenth trick
    assert d.tricks_played < 10
    assert d.end_reason.startswith("R7") and "proved by the solver" in d.end_reason
    assert d.returns() == [-20, 40, -20]


def test_r7_claim_settlement_equals_the_reference_best_play() -> None:
    from reference_search import best_play

    rng = random.Random(17)
    checked = 0
    while checked < 12:
        d = Deal(seed=rng.getrandbits(64), dealer=rng.randrange(3))
        while not d.is_over() and not (d.phase == Phase.PLAY and d.tricks_played >= 5):
            d.apply(random_action(d, rng, pass_bias=0.5))
        if d.is_over() or d.contract is None or not d.contract.open:
            continue
        ref = best_play(d).value
        for seat_claim in (d.clone(),):
            try:
                seat_claim.apply("claim")
            except IllegalAction:
                continue
            assert seat_claim.returns()[seat_claim.soloist] == ref
            checked += 1
            # the claim is one entry of the undo stack like any action
            assert seat_claim.pop() == A.CLAIM
            assert seat_claim.key() == d.key()


def test_r7_through_the_adjudicator_the_engine_is_given() -> None:
    """The engine stands on its own: given an adjudicator built on the pure-Python reference
    search instead of the solver, R7's claims and early ends agree with the solver's."""
    from reference_search import ReferenceAdjudicator

    rng = random.Random(5)
    checked = 0
    while checked < 6:
        d = Deal(seed=rng.getrandbits(64), dealer=rng.randrange(3))
        while not d.is_over() and not (d.phase == Phase.PLAY and d.tricks_played >= 6):
            d.apply(random_action(d, rng, pass_bias=0.5))
        if d.is_over() or d.contract is None or not d.contract.open:
            continue
        ref = d.clone()
        ref.adjudicator = ReferenceAdjudicator(depth=4)
        while not d.is_over() and not ref.is_over():
            assert (A.CLAIM in d.legal_actions()) == (A.CLAIM in ref.legal_actions())
            a = random_action(d, rng, claims=True)
            d.apply(a)
            ref.apply(a)
        # one may have proved the result fixed a trick earlier (the solver's proof has a
        # budget): then any play of the other ends in the same settlement
        for x in (d, ref):
            while not x.is_over():
                x.apply(random_action(x, rng))
        assert ref.returns() == d.returns()
        checked += 1


def test_the_engine_does_not_import_the_solver() -> None:
    import subprocess
    import sys

    code = (
        "import sys, ulti.games.ulti.deal, ulti.games.ulti.observation, ulti.games.ulti.record; "
        "assert 'ulti.search.ulti.solver' not in sys.modules "
        "and 'ulti.search._core' not in sys.modules, "
        "sorted(m for m in sys.modules if m.startswith('ulti'))"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_r8_play_ends_when_everything_is_decided() -> None:
    d = start(
        make_deal(
            {
                1: "♥A ♥8 ♥9 ♠7 ♠8 ♠9 ♣7 ♣8 ♣9 ♦7 ♦A ♦K",
                2: "♥7 ♥K ♥Q ♥J ♥10 ♠A ♠K ♠Q ♠J ♠10",
                0: "♣A ♣K ♣Q ♣J ♣10 ♦Q ♦J ♦10 ♦9 ♦8",
            }
        ),
        "betli",
        "♦A ♦K",
    )
    d.apply("play ♥A")  # the soloist must win this trick
    d.apply(A.play(d.legal_cards()[0]))
    d.apply(A.play(d.legal_cards()[0]))
    assert d.is_over() and d.tricks_played == 1
    assert "R8" in d.end_reason and d.returns()[1] == -10


def test_r8_ten_tricks_at_most_and_the_last_trick_counts() -> None:
    rng = random.Random(5)
    for _ in range(200):
        d = play_random(Deal(seed=rng.getrandbits(64)), rng)
        assert d.tricks_played <= 10
        if d.tricks_played == 10:
            assert d.last_winner == d.tricks[-1][2]


def test_bad_play_input_changes_nothing() -> None:
    d = start(make_deal(ULTI_HANDS), "ulti", "♦7 ♦8", trump="acorns")
    assert_refused(d, "play ♥K", "R2")  # not held
    assert_refused(d, "bid betli", "R2")
    assert_refused(d, "pickup", "R2")
    d.apply("play ♥9")
    assert_refused(d, "play ♥9", "R2")  # already played / not held
    with pytest.raises(ValueError):
        d.observation(5)


def test_card_notation_in_play_actions() -> None:
    d = start(make_deal(ULTI_HANDS), "ulti", "♦7 ♦8", trump="acorns")
    d.apply("play piros kilences")  # ♥9 in Hungarian
    assert d.trick == [parse_card("♥9")]
    d.apply("play Hearts X")
    d.apply("play H8")
    assert d.tricks_played == 1


def test_r4_trick_winner_is_the_one_the_engine_records() -> None:
    """R4 in one place: :func:`ulti.games.ulti.play.trick_winner` (used by the players) names the
    winner the engine recorded for every trick of many random deals."""
    from ulti.games.ulti.play import trick_winner

    rng = random.Random(8)
    seen = 0
    for _ in range(300):
        d = Deal(seed=rng.getrandbits(64), dealer=rng.randrange(3))
        while not d.is_over():
            d.apply(random_action(d, rng, pass_bias=0.6))
        if d.contract is None:
            continue
        for leader, cards, winner in d.tricks:
            i, _ = trick_winner(cards, d.trump, no_trump=not d.contract.trump)
            assert (leader + i) % 3 == winner
            seen += 1
    assert seen > 500


def test_refusals_are_data_with_words_in_both_languages() -> None:
    """R2/R3/R6/K2/B5 refusals carry the rule id, a code and parameters; every code has
    English and Hungarian words, and the explanation of a card is the same rule that
    excludes it from the legal cards."""
    from ulti.games.ulti.legality import Reason
    from ulti.i18n import CATALOGUE

    codes = [k for k in CATALOGUE if k.startswith("reason.")]
    assert len(codes) > 20
    for code in codes:
        en, hu = CATALOGUE[code]
        assert code == "reason.grammar" or en != hu, code
    rng = random.Random(3)
    explained = 0
    for _ in range(200):
        d = Deal(seed=rng.getrandbits(64), dealer=rng.randrange(3))
        while not d.is_over():
            if d.phase == Phase.PLAY:
                legal = d.legal_mask()
                for c in range(32):
                    why = d.why_illegal(c)
                    assert (why is None) == bool(legal >> c & 1)
                    if why is not None and d.hands[d.current_player] >> c & 1:
                        assert why.rule in ("R2", "R3", "R6") and why.text("hu")
                        with pytest.raises(IllegalAction) as info:
                            d.apply(A.play(c))
                        assert info.value.reason == why
                        explained += 1
            d.apply(random_action(d, rng, pass_bias=0.6))
    assert explained > 300
    reason = Reason("R2", "follow", {"suit": 1})
    assert reason.text("en") == "must follow suit (Acorns)"
    assert reason.text("hu") == "színt kell adni (makk)"
