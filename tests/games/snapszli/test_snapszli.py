"""Snapszli, the two-player game (docs/SNAPSZLI.md): the pack and the deal, open and strict
play, the exchange, marriages, closing, claims, the last trick, matches, what a seat may see,
the options, records; worked examples and golden move counts (perft) recomputed by an
independent reference."""

from __future__ import annotations

import random

import pytest

from ulti.core.cards import ACE, KING, NINE, OVER, TEN, UNDER, card, cards_of, parse_card
from ulti.core.errors import UltiError
from ulti.games.snapszli import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    NUM_ACTIONS,
    POINTS,
    Kind,
    SnapAction,
    SnapDeal,
    SnapIllegal,
    SnapMatch,
    SnapRules,
    SnapRulesError,
    action_from_id,
    card_points,
    describe,
    from_record,
    marriage,
    pack,
    parse_action,
    play,
    render,
    to_record,
)

H, A, L, B = 0, 1, 2, 3  # piros, makk, zöld, tök


def c(text: str) -> int:
    return parse_card(text)


def cs(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def deal_of(
    forehand: str,
    dealer: str,
    turned: str,
    talon: str = "",
    rules: SnapRules | None = None,
) -> SnapDeal:
    """A deal with these hands (dealer seat 0, forehand seat 1), the turned card and the
    talon's other cards top first; the rest of the pack goes under them in pack order."""
    rules = rules or SnapRules()
    fh, dl, top = cs(forehand), cs(dealer), cs(talon)
    used = {*fh, *dl, c(turned), *top}
    rest = [x for x in pack(rules.twenty_four) if x not in used]
    n = 3 if rules.twenty_four else 2
    order = fh[:3] + dl[:3] + [c(turned)] + fh[3 : 3 + n] + dl[3 : 3 + n] + top + rest
    return SnapDeal(rules, dealer=0, deck=order)


def first_legal_play(d: SnapDeal) -> None:
    d.apply(play(d.legal_cards()[0]))


def random_play(d: SnapDeal, rng: random.Random, claims: bool = True) -> None:
    """Random legal actions to the end; a claim only when it is true (if ``claims``)."""
    while not d.is_over():
        acts = [a for a in d.legal_actions() if a.kind != Kind.CLAIM]
        if claims and d.points(d.current_player) >= 66:
            acts = [CLAIM]
        d.apply(rng.choice(acts))


# -- Z1, Z2, Z3 ---------------------------------------------------------------------------------


def test_z1_the_pack_its_points_and_order() -> None:
    """Z1: 20 cards, Ász 11 X 10 Király 4 Felső 3 Alsó 2 = 120; Ász > X > K > F > A."""
    p = pack()
    assert len(p) == 20 and card_points(sum(1 << x for x in p)) == 120
    assert [POINTS[r] for r in (ACE, TEN, KING, OVER, UNDER)] == [11, 10, 4, 3, 2]
    d = deal_of("HX HU LA AU AO", "HA HK LU LO AK", "BX", "BA BK BO BU AA HO LX LK AX")
    d.apply("play HX")  # X of hearts led, Ace follows: the Ace wins
    d.apply("play HA")
    assert d.leader == 0 and d.tricks_won(0) == 1


def test_zv1_twenty_four_cards() -> None:
    """ZV1: the IXs added (0 points, below the Alsó), 6 cards each, a talon of 11 + turned;
    the trump IX exchanges (Z6)."""
    r = SnapRules(twenty_four=True)
    assert len(pack(True)) == 24 and POINTS[NINE] == 0
    d = SnapDeal(r, seed=7)
    assert [len(cards_of(h)) for h in d.hands] == [6, 6] and len(d.talon) == 12
    nine = card(d.trump, NINE)
    for seat in (0, 1):
        if d.hands[seat] >> nine & 1 and d.current_player == seat:
            assert EXCHANGE in d.legal_actions()
    d2 = deal_of("HX HU LA AU AO B9", "HA HK LU LO AK H9", "BX", rules=r)
    d2.apply("exchange")
    assert d2.hands[1] >> c("BX") & 1 and d2.talon[-1] == c("B9")


def test_z2_the_deal_and_z3_forehand_leads() -> None:
    """Z2: three to forehand, three to the dealer, the turn-up, two each; the talon is the
    rest with the turned card last.  Z3: forehand (not the dealer) leads."""
    d = SnapDeal(seed=11, dealer=0)
    order = d.deck
    assert d.hands[1] == sum(1 << x for x in (*order[0:3], *order[7:9]))
    assert d.hands[0] == sum(1 << x for x in (*order[3:6], *order[9:11]))
    assert d.turned == order[6] and d.trump == order[6] >> 3
    assert list(d.talon) == [*order[11:], order[6]]
    assert d.current_player == 1 == d.forehand
    assert SnapDeal(seed=11, dealer=1).current_player == 0
    assert SnapDeal(seed=11).deck == SnapDeal(seed=11).deck  # D2: the seed decides


# -- Z4, Z5 -------------------------------------------------------------------------------------


def test_z4_open_talon_any_card_trump_wins_winner_draws_first() -> None:
    """Z4: with the talon open anything may be played; a trump beats the led suit; the winner
    draws the top card, the loser the next; the last draw is the turned trump."""
    d = deal_of("HX HU LA AU AO", "HA HK LU LO AK", "BX", "BA BK BO BU AA HO LX LK AX")
    d.apply("play AU")
    assert {a.card for a in d.legal_actions() if a.kind == Kind.PLAY} == set(cs("HA HK LU LO AK"))
    d.apply("play HA")  # no need to follow: Z4
    assert d.leader == 1 and d.tricks_won(1) == 1  # the led suit wins against a side suit
    assert d.hands[1] >> c("BA") & 1 and d.hands[0] >> c("BK") & 1  # winner first
    d.apply("play LA")
    d.apply("play LU")
    d.apply("play HX")
    d.apply("play AK")
    assert d.tricks_won(1) == 3
    # play on to the end of the talon: the loser of the trick that empties it gets the trump
    while d.talon:
        before = d.talon[-1]
        left = len(d.talon)
        first_legal_play(d)
        first_legal_play(d)
        if left == 2:
            loser = 1 - d.leader
            assert d.hands[loser] >> before & 1


def test_z5_strict_play_after_the_talon_runs_out() -> None:
    """Z5: once the talon is empty: follow and win if you can; void, trump if you can; else
    anything.  The refusal names the rule."""
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        d = SnapDeal(seed=rng.getrandbits(64), dealer=rng.randrange(2))
        while not d.is_over() and d.talon:
            d.apply(rng.choice([a for a in d.legal_actions() if a.kind == Kind.PLAY]))
        if d.is_over() or not d.trick:
            if not d.is_over():
                first_legal_play(d)
            if d.is_over():
                continue
        led = d.trick[0]
        hand = cards_of(d.hands[d.current_player])
        same = [x for x in hand if x >> 3 == led >> 3]
        higher = [x for x in same if _stronger(x, led)]
        trumps = [x for x in hand if x >> 3 == d.trump]
        want = higher or same or trumps or hand
        assert sorted(d.legal_cards()) == sorted(want)
        for x in hand:
            if x not in want:
                why = d.why_illegal(play(x))
                assert isinstance(why, SnapIllegal) and why.rule == "Z5"
                with pytest.raises(SnapIllegal, match="Z5"):
                    d.apply(play(x))
                checked += 1
    assert checked > 50


def _stronger(x: int, y: int) -> bool:
    order = (NINE, UNDER, OVER, KING, TEN, ACE)
    return order.index(x & 7) > order.index(y & 7)


def test_z5_worked_example_follow_and_overtake() -> None:
    """Z5: holding the led suit, a higher card of it must be played; the words say so in
    English and Hungarian."""
    d = deal_of("HX HU LA AU AO", "HA HK LU LO AK", "BX", "BA BK BO BU AA HO LX LK AX")
    d.apply("close")  # Z8: strict play from now on
    d.apply("play HU")
    assert sorted(d.legal_cards()) == sorted(cs("HA HK"))  # both beat the Alsó
    why = d.why_illegal(play(c("LU")))
    assert why is not None and why.rule == "Z5"
    assert why.text("en") == "follow suit (Hearts)" and why.text("hu") == "színt kell adni (piros)"


# -- Z6, ZV3 ------------------------------------------------------------------------------------


def test_z6_trump_exchange_and_its_limit() -> None:
    """Z6: the player on lead may exchange the trump Alsó for the turned card while the talon
    holds more than two cards; at two, no more (ZV3 moves the limit)."""
    d = deal_of("BU HU LA AU AO", "HA HK LU LO AK", "BX", "BA BK BO HX AA HO LX LK AX")
    assert EXCHANGE in d.legal_actions()
    d.apply("exchange")
    assert d.hands[1] >> c("BX") & 1 and d.turned == c("BU")
    assert EXCHANGE not in d.legal_actions()  # the Alsó is gone from the hand
    d.undo()
    # forehand wins four tricks, keeping the Alsó: at a talon of two the exchange is refused
    late = deal_of("HA LA AA BU HK", "HU LU AU HO LO", "BX", "BA AO BK BO LX LK HX AX AK")
    for lead, follow in (("HA", "HU"), ("LA", "HO"), ("AA", "AU"), ("BA", "LU")):
        late.apply(f"play {lead}")
        late.apply(f"play {follow}")
    assert len(late.talon) == 2 and late.current_player == 1 and late.hands[1] >> c("BU") & 1
    assert EXCHANGE not in late.legal_actions() and CLOSE not in late.legal_actions()
    why = late.why_illegal(EXCHANGE)
    assert why is not None and why.rule == "Z6" and "at least 3" in why.text("en")
    assert late.why_illegal(CLOSE) is not None  # Z8: the same limit
    # ZV3: a limit of 11 refuses both at the first lead already
    r = SnapRules(min_talon=11)
    d11 = deal_of("BU HU LA AU AO", "HA HK LU LO AK", "BX", "BA BK BO HX AA HO LX LK AX", r)
    refused = d11.why_illegal(EXCHANGE)
    assert refused is not None and refused.rule == "ZV3"
    assert refused.text("hu") == "a talonban 10 lap van; legalább 11 kell"
    assert CLOSE not in d11.legal_actions()


# -- Z7 ---------------------------------------------------------------------------------------


def test_z7_marriage_points_count_only_after_a_first_trick() -> None:
    """Z7: a marriage announced before any trick won is credited with the first trick; the
    other card is shown; its card is led at once; one marriage per lead; 40 in trump."""
    d = deal_of("HK HO LA AU AO", "HA HX LU LO AK", "BX", "BA BK BO BU AA HU LX LK AX")
    assert marriage(H) in d.legal_actions()
    d.apply("marriage hearts")
    assert d.legal_cards() == cs("HO HK") or sorted(d.legal_cards()) == sorted(cs("HK HO"))
    assert marriage(A) not in d.legal_actions() and CLOSE not in d.legal_actions()
    with pytest.raises(SnapIllegal, match="Z7"):
        d.apply("play LA")
    d.apply("play HO")
    obs = d.observation(0)
    assert c("HK") in obs.shown  # the other card is shown to the opponent (Z13)
    d.apply("play HA")  # the dealer takes it: seat 1 has announced 20 but won nothing
    assert d.points(1) == 0 and d.points(0) == 14
    assert d.hands[1] >> c("BK") & 1  # drawn from the talon (the loser's draw)
    d.apply("play AK")
    d.apply("play BK")  # seat 1 trumps and wins its first trick: the 20 is credited now
    assert d.tricks_won(1) == 1 and d.points(1) == 4 + 4 + 20
    trump40 = deal_of("BK BO LA AU AO", "HA HX LU LO AK", "BX", "BA HK HO BU AA HU LX LK AX")
    trump40.apply("marriage bells")
    assert describe(marriage(B), "hu", trump40.trump) == "Bemondom: 40 ♦ tök"


# -- Z8, Z11 ----------------------------------------------------------------------------------


def test_z8_z11_a_closing_that_fails_scores_three_for_the_opponent() -> None:
    """Z8: the player on lead closes before leading: no more draws, strict play; Z11: the
    closer who does not reach 66 gives the opponent 3 game points when the opponent had no
    trick at the moment of closing."""
    d = deal_of("HA HX LA AU AO", "HK HO LU LO AK", "BX", "BA BK BO BU AA HU LX LK AX")
    d.apply("close")
    assert d.closed_by == 1 and d.turned == -1 and len(d.talon) == 10
    d.apply("play HA")
    assert sorted(d.legal_cards()) == sorted(cs("HO HK"))  # Z5: follow (no higher heart)
    d.apply("play HK")
    assert len(d.talon) == 10  # nobody draws
    # play out: seat 1 (the closer) cannot reach 66 with these cards
    while not d.is_over():
        acts = [a for a in d.legal_actions() if a.kind == Kind.PLAY]
        d.apply(acts[0])
    e = d.outcome
    assert e is not None and e.rule == "Z11"
    assert d.points(1) < 66
    assert e.winner == 0 and e.game_points == 3  # the dealer had no trick when closed
    assert d.game_points() == (3, 0)
    assert "betakart" in e.text("hu", ("Anna", "Béla"))


def test_z11_a_closer_who_reaches_66_scores_by_the_moment_of_closing() -> None:
    """Z11: a closer's true claim scores by the opponent's points when the talon was closed."""
    d = deal_of("HA HX LA LX AA", "HK HO LU LO AK", "BX", "BA BK BO BU AU HU AX LK AO")
    d.apply("play HA")
    d.apply("play HO")  # seat 1 leads and wins: 14
    d.apply("close")
    assert d.closed_by == 1
    for lead, follow in (("HX", "HK"), ("LA", "LO"), ("LX", "LU"), ("AA", "AK")):
        d.apply(f"play {lead}")
        d.apply(f"play {follow}")
        if d.points(1) >= 66:
            break
    assert d.points(1) >= 66
    d.apply("claim")
    e = d.outcome
    assert e is not None and e.rule == "Z11" and e.code == "closer-claims"
    assert e.game_points == 3  # the opponent had no trick when closed


# -- Z9 ---------------------------------------------------------------------------------------


def test_z9_a_false_claim_gives_the_opponent_two_or_three() -> None:
    """Z9: a claim below 66 ends the deal; the opponent scores 2, or 3 with no trick."""
    d = deal_of("HA HX LA AU AO", "HK HO LU LO AK", "BX", "BA BK BO BU AA HU LX LK AX")
    d.apply("play HA")
    d.apply("play HK")
    assert d.points(1) == 15
    d.apply("claim")  # far from 66
    e = d.outcome
    assert e is not None and e.rule == "Z9" and e.code == "false-claim"
    assert e.winner == 0 and e.game_points == 3  # the dealer has no trick
    with pytest.raises(SnapIllegal, match="Z9"):
        d.apply("play HX")  # the deal is over
    d2 = deal_of("HA HX LA AU AO", "HK HO LU LO AK", "BX", "BA BK BO BU AA HU LX LK AX")
    d2.apply("play HA")
    d2.apply("play HK")  # forehand (seat 1) has a trick
    d2.apply("play AU")
    d2.apply("play AK")  # the dealer wins one and claims with 6
    d2.apply("claim")
    e2 = d2.outcome
    assert e2 is not None and e2.winner == 1 and e2.game_points == 2


def test_z9_a_true_claim_scores_three_two_or_one() -> None:
    """Z9: 3 if the opponent has no trick, 2 if below 33 points, else 1."""
    rng = random.Random(9)
    seen = set()
    for _ in range(400):
        d = SnapDeal(seed=rng.getrandbits(64), dealer=rng.randrange(2))
        random_play(d, rng)
        e = d.outcome
        assert e is not None
        if e.code == "claim":
            loser = 1 - e.winner
            t, p = d.tricks_won(loser), d.points(loser)
            assert e.game_points == (3 if t == 0 else 2 if p < 33 else 1)
            seen.add(e.game_points)
    assert seen >= {1, 2}


# -- Z10, ZV4 -----------------------------------------------------------------------------------


def test_z10_the_last_trick_wins_when_the_talon_ran_out() -> None:
    """Z10: no claim, the talon ran out: the last trick's winner wins, scored by the loser's
    points; ZV4 adds ten to the last trick."""
    rng = random.Random(10)
    found = 0
    for i in range(300):
        rules = SnapRules(last_trick_ten=bool(i % 2))
        d = SnapDeal(rules, seed=rng.getrandbits(64))
        while not d.is_over():  # nobody claims: play cards only
            d.apply(rng.choice([a for a in d.legal_actions() if a.kind == Kind.PLAY]))
        e = d.outcome
        assert e is not None
        if e.rule == "Z10":
            found += 1
            loser = 1 - e.winner
            t, p = d.tricks_won(loser), d.points(loser)
            assert e.game_points == (3 if t == 0 else 2 if p < 33 else 1)
            assert sum(d.points(s) for s in (0, 1)) >= 120 + (10 if rules.last_trick_ten else 0)
    assert found > 50


# -- Z12, ZV2 -----------------------------------------------------------------------------------


def test_z12_a_match_to_seven_with_alternating_dealers() -> None:
    """Z12: deals until one player has 7 game points; dealers alternate; ZV2 sets the
    length."""
    rng = random.Random(12)
    m = SnapMatch(seed=3, players=("Anna", "Béla"))
    while True:
        random_play(m.deal, rng)
        if m.is_over():
            break
        m.next_deal()
    assert max(m.totals()) >= 7 and m.winner() in (0, 1)
    assert [d.dealer for d in m.deals] == [i % 2 for i in range(len(m.deals))]
    with pytest.raises(UltiError, match="Z12"):
        m.next_deal()
    again = SnapMatch.from_record(m.to_record())
    assert [d.key() for d in again.deals] == [d.key() for d in m.deals]
    short = SnapMatch(SnapRules.from_preset("short"), seed=1)
    assert short.rules.match_points == 3  # ZV2


# -- Z13 ----------------------------------------------------------------------------------------


def test_z13_a_seat_sees_its_hand_the_turn_up_and_what_was_played_only() -> None:
    """Z13: the hand, the turned card until drawn or covered, the cards played, the shown
    marriage card, the talon's size; never the other hand or the talon; own points only
    as a learner's option, never the opponent's."""
    rng = random.Random(13)
    for _ in range(200):
        d = SnapDeal(seed=rng.getrandbits(64))
        steps = rng.randrange(0, 12)
        for _ in range(steps):
            if d.is_over():
                break
            d.apply(rng.choice([a for a in d.legal_actions() if a.kind != Kind.CLAIM]))
        for seat in (0, 1):
            o = d.observation(seat)
            other = d.hands[1 - seat]
            seen = set(o.hand) | set(o.played()) | set(o.shown) | ({o.turned} - {-1})
            leaked = (set(cards_of(other)) - set(o.shown)) & (seen - set(o.hand))
            assert not leaked
            hidden_talon = set(d.talon[:-1]) if d.closed_by < 0 else set(d.talon)
            assert not hidden_talon & (set(o.hand) | set(o.played()))
            blob = repr(o.to_dict())
            assert str(d.seed) not in blob or d.seed < 1000
            assert o.own_points is None
            assert d.observation(seat, show_points=True).own_points == d.points(seat)
            assert o.talon_size == len(d.talon)


# -- actions, records, undo ---------------------------------------------------------------------


def test_action_text_round_trip_ids_and_hungarian_words() -> None:
    for i in range(NUM_ACTIONS):
        a = action_from_id(i)
        assert a.id == i and parse_action(str(a)) == a
    assert parse_action("elég") == CLAIM and parse_action("betakarás") == CLOSE
    assert parse_action("csere") == EXCHANGE and parse_action("húsz piros") == marriage(H)
    assert parse_action("play piros ász") == play(c("HA")) == parse_action("HA")
    with pytest.raises(UltiError, match="not a Snapszli action"):
        parse_action("bid ulti")


def test_records_replay_and_refuse_a_bad_one() -> None:
    rng = random.Random(14)
    for i in range(50):
        d = SnapDeal(SnapRules(twenty_four=bool(i % 2)), seed=rng.getrandbits(64), dealer=i % 2)
        random_play(d, rng)
        again = from_record(to_record(d, ("Anna", "Béla")))
        assert again.key() == d.key() and again.returns() == d.returns()
    rec = to_record(d)
    rec["actions"][0][1] = "play ♥7"
    with pytest.raises(UltiError, match="action 1"):
        from_record(rec)
    assert "Snapszli" in render(d, ("Anna", "Béla")) and "leosztás" in render(d, lang="hu")


def test_undo_and_clone_retrace_the_deal() -> None:
    rng = random.Random(15)
    for _ in range(100):
        d = SnapDeal(seed=rng.getrandbits(64))
        snapshots = []
        while not d.is_over():
            snapshots.append((d.hands, d.talon, d.trick, d.points(0), d.points(1), d.closed_by))
            d.apply(rng.choice(d.legal_actions()))
        copy = d.clone()
        while snapshots:
            d.undo()
            assert (d.hands, d.talon, d.trick, d.points(0), d.points(1), d.closed_by) == (
                snapshots.pop()
            )
        assert copy.is_over()


def test_a_clone_keeps_its_own_undo_records() -> None:
    """Undoing and playing on in one deal never changes what its clone undoes to."""
    rng = random.Random(3)
    for n in range(50):
        d = SnapDeal(seed=n)
        for _ in range(4):
            d.apply(rng.choice(d.legal_actions()[:-1]))
        twin = d.clone()
        d.undo()
        before = d.key()
        d.apply(rng.choice(d.legal_actions()[:-1]))
        twin.undo()
        assert twin.key() == before


def test_a_refused_action_changes_nothing() -> None:
    d = SnapDeal(seed=1)
    before = d.key()
    for bad in ("play ♥7", "marriage leaves", "claim now"):
        with pytest.raises(UltiError):
            d.apply(bad)
    assert d.key() == before


def test_rules_presets_toml_and_errors(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    assert SnapRules.from_preset("sixty-six").twenty_four  # ZV1 + ZV4
    f = tmp_path / "club.toml"
    f.write_text('preset = "sixty-six"\nmatch_points = 11\n', encoding="utf-8")
    assert SnapRules.from_toml(f).match_points == 11
    f.write_text('preset = "sixty-six"\ntwenty_four = false\n', encoding="utf-8")
    with pytest.raises(SnapRulesError, match="sets twenty_four"):
        SnapRules.from_toml(f)
    with pytest.raises(SnapRulesError, match="ZV2"):
        SnapRules(match_points=0)
    with pytest.raises(SnapRulesError, match="ZV3"):
        SnapRules(min_talon=40)
    with pytest.raises(SnapRulesError, match="unknown option"):
        SnapRules.from_dict({"four_aces": True})


# -- perft --------------------------------------------------------------------------------------


def ref_moves(
    hands: list[list[int]], talon: list[int], trick: list[int], turn: int, trump: int
) -> list[int]:
    """An independent reading of Z4/Z5 for the cards one may play (no marriages pending)."""
    hand = hands[turn]
    if not trick or talon:
        return sorted(hand)
    led = trick[0]
    same = [x for x in hand if x >> 3 == led >> 3]
    higher = [x for x in same if _stronger(x, led)]
    trumps = [x for x in hand if x >> 3 == trump]
    return sorted(higher or same or trumps or hand)


def perft(d: SnapDeal, depth: int) -> int:
    """Card-play sequences of ``depth`` plays (no claims, exchanges, closings or marriages)."""
    if depth == 0 or d.is_over():
        return 1
    total = 0
    for x in d.legal_cards():
        d.push(play(x))
        total += perft(d, depth - 1)
        d.pop()
    return total


def ref_perft(
    hands: list[list[int]],
    talon: list[int],
    trick: list[int],
    turn: int,
    leader: int,
    trump: int,
    depth: int,
) -> int:
    if depth == 0 or not (hands[0] or hands[1]):
        return 1
    total = 0
    for x in ref_moves(hands, talon, trick, turn, trump):
        h = [list(hands[0]), list(hands[1])]
        h[turn].remove(x)
        if not trick:
            total += ref_perft(h, talon, [x], 1 - turn, leader, trump, depth - 1)
            continue
        led = trick[0]
        win = (
            turn
            if (x >> 3 == led >> 3 and _stronger(x, led)) or (x >> 3 == trump and led >> 3 != trump)
            else leader
        )
        t = list(talon)
        if t:
            h[win].append(t.pop(0))
            h[1 - win].append(t.pop(0))
        total += ref_perft(h, t, [], win, win, trump, depth - 1)
    return total


GOLDEN = {1: 5, 2: 25, 3: 125, 4: 625}


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 6])
def test_perft_open_talon_and_against_a_reference(depth: int) -> None:
    """Z4: with the talon open every card is legal, so the first plies are 5^n; deeper, the
    engine and an independent reference agree (Z5 once the talon runs out)."""
    d = SnapDeal(seed=2024)
    n = perft(d, depth)
    if depth in GOLDEN:
        assert n == GOLDEN[depth]
    hands = [cards_of(d.hands[0]), cards_of(d.hands[1])]
    assert n == ref_perft(hands, list(d.talon), [], d.current_player, d.leader, d.trump, depth)


def test_perft_strict_play_against_a_reference() -> None:
    """Z5: from positions whose talon has run out, the engine's move counts to the end equal
    the reference's."""
    rng = random.Random(16)
    for _ in range(40):
        d = SnapDeal(seed=rng.getrandbits(64))
        while d.talon and not d.is_over():
            d.apply(rng.choice([a for a in d.legal_actions() if a.kind == Kind.PLAY]))
        if d.is_over() or d.trick:
            continue
        hands = [cards_of(d.hands[0]), cards_of(d.hands[1])]
        n = perft(d, 10)
        assert n == ref_perft(hands, [], [], d.current_player, d.leader, d.trump, 10)
        assert n >= 1


def test_every_game_end_is_zero_sum_and_between_one_and_three() -> None:
    rng = random.Random(17)
    kinds = set()
    for i in range(600):
        d = SnapDeal(SnapRules(twenty_four=i % 3 == 0), seed=rng.getrandbits(64), dealer=i % 2)
        while not d.is_over():
            acts = d.legal_actions()
            d.apply(rng.choice(acts) if rng.random() < 0.1 else rng.choice(acts[:-1] or acts))
        e = d.outcome
        assert e is not None and sum(d.returns()) == 0 and 1 <= e.game_points <= 3
        kinds.add((e.rule, e.code))
    assert {r for r, _ in kinds} == {"Z9", "Z10", "Z11"}


def test_describe_names_actions_in_both_languages() -> None:
    assert describe(CLOSE, "hu") == "Betakarok" and describe(CLAIM, "en") == "Claim 66"
    assert describe(play(c("HA")), "hu") == "piros ász"
    assert isinstance(SnapAction(Kind.PLAY, card=3), SnapAction)


def test_z7_z9_twenty_and_out_a_marriage_announced_counts_for_a_claim() -> None:
    """Z7 + Z9: a player with a trick announces a marriage and claims before leading its
    card: the marriage counts (the classical "twenty and out"); its cards are shown."""
    d = SnapDeal(SnapRules(), 616264657, 0)
    for a in ("play ♥10", "play ♣10", "play ♣A", "play ♦10"):
        d.apply(a)
    before = d.points(1)
    d.apply("marriage hearts")
    assert d.points(1) == before + 40  # hearts are trump: 40
    assert set(d.observation(0).shown) == set(cs("HK HO"))
    d.apply("claim")
    e = d.outcome
    assert e is not None and e.rule == "Z9" and e.code == "claim" and e.winner == 1
    # without a trick won, the announced marriage does not count yet
    fresh = deal_of("HK HO LA AU AO", "HA HX LU LO AK", "BX", "BA BK BO BU AA HU LX LK AX")
    fresh.apply("marriage hearts")
    assert fresh.points(1) == 0
