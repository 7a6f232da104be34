"""Four at the table (docs/RULES.md, N1-N5): the dealer deals to the other three and sits out,
the three play a deal of three-handed Ulti under every preset, the dealer's result is 0, the
deal passes on, sessions of four, and the dealer sees only what a spectator sees."""

from __future__ import annotations

import random

import pytest

from ulti.core.cards import cards_of, code
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import (
    SPECTATOR,
    observation_tensor,
    observation_text,
    tensor_layout,
)
from ulti.games.ulti.record import RecordError
from ulti.games.ulti.rules import PRESETS, Ruleset
from ulti.games.ulti4 import INNER_DEALER, ULTI4, Deal4, Session4, from_record, to_record
from ulti.games.ulti4.observation import (
    TABLE_SIZE,
    TENSOR4_SIZE,
    observation4_tensor,
    observation4_text,
    table_text,
)


def play_out(d: Deal4, rng: random.Random, each: object = None) -> None:
    """Random legal actions to the end of the deal (``each(d)`` after every action)."""
    while not d.is_over():
        d.apply(rng.choice(d.legal_actions()))
        if callable(each):
            each(d)


@pytest.mark.parametrize("dealer", range(4))
def test_n1_the_dealer_deals_to_the_other_three_and_takes_no_part(dealer: int) -> None:
    d = Deal4(seed=77, dealer=dealer)
    assert d.players == tuple((dealer + k) % 4 for k in (1, 2, 3))
    forehand = (dealer + 1) % 4
    assert d.current_player == forehand  # forehand, the seat after the dealer, starts (D1)
    sizes = [len(d.observation(s).deal.hand) for s in range(4)]
    assert sizes[dealer] == 0 and sizes[forehand] == 12  # the 5-7-5 deal: forehand holds 12
    assert sorted(sizes) == [0, 10, 10, 12]
    # dealt exactly as the three-handed deal among the three: forehand, then the two after
    three = Deal(Ruleset(), 77, INNER_DEALER)
    for inner, seat in enumerate(d.players):
        assert d.observation(seat).deal.hand == tuple(cards_of(three.hands[inner]))
    seen: set[int] = set()
    play_out(d, random.Random(dealer), lambda x: seen.add(x.current_player))
    assert dealer not in seen and seen <= set(d.players) | {-1}


def test_n1_the_dealer_is_a_seat_of_four() -> None:
    for bad in (-1, 4, True, 1.0):
        with pytest.raises(ValueError, match="N1"):
            Deal4(dealer=bad)  # type: ignore[arg-type]
    d = Deal4(dealer=0)
    assert [d.inner_seat(s) for s in range(4)] == [-1, 0, 1, 2]
    assert [d.seat_of(i) for i in range(3)] == [1, 2, 3]
    with pytest.raises(ValueError, match="N1"):
        d.observation(4)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_n2_the_three_play_three_handed_ulti_unchanged_under_every_preset(preset: str) -> None:
    """Action for action, the four-handed deal is the three-handed one among the three (its
    legal actions, whose turn, its returns), the seats being the three's."""
    rules = Ruleset.from_preset(preset)
    for seed in range(6):
        dealer = seed % 4
        four = Deal4(rules, seed, dealer)
        three = Deal(rules, seed, INNER_DEALER)
        rng = random.Random(seed)
        while not three.is_over():
            assert four.legal_actions() == three.legal_actions()
            assert four.current_player == four.players[three.current_player]
            a = rng.choice(three.legal_actions())
            three.apply(a)
            four.apply(a)
        assert four.is_over() and four.current_player == -1
        returns = four.returns()
        assert [returns[s] for s in four.players] == three.returns()


def test_n3_the_dealer_scores_nothing_and_the_deal_passes_on() -> None:
    s = Session4(seed=5, players=["Anna", "Béla", "Cili", "Dóra"], deals=8)
    rng = random.Random(5)
    for k in range(8):
        d = s.deal
        assert d.dealer == k % 4  # the deal passes to the next seat (C4)
        play_out(d, rng)
        r = d.returns()
        assert r[d.dealer] == 0 and sum(r) == 0  # settled among the three (S1)
        if k < 7:
            nxt = s.next_deal()
            assert d.dealer in nxt.players  # the one who sat out plays the next deal
    assert s.is_over()
    assert s.totals == tuple(sum(d.returns()[i] for d in s.deals) for i in range(4))


def test_n4_a_session_of_four_is_24_deals_each_dealing_six() -> None:
    s = Session4()
    assert s.session_deals == 24 and s.tiebreak_deals == 4
    assert [s._make(k).dealer for k in range(24)].count(0) == 6
    for bad in (0, 6, 10, -4, True):
        with pytest.raises(ValueError, match="N4"):
            Session4(deals=bad)
    with pytest.raises(ValueError, match="N4"):
        Session4(tiebreak=3)
    with pytest.raises(ValueError, match="C3"):
        Session4(players=["Anna", "Béla", "Cili"])
    with pytest.raises(ValueError, match="C3"):
        Session4(first_dealer=4)


def test_n4_the_score_sheet_has_four_columns_and_a_tie_is_broken_by_four_deals() -> None:
    s = Session4(seed=11, deals=4)
    rng = random.Random(11)
    while True:
        play_out(s.deal, rng)
        if s.is_over():
            break
        s.next_deal()
    sheet = s.score_sheet()
    assert len(sheet) == len(s.deals)
    for _n, dealer, _contract, result, running in sheet:
        assert len(result) == len(running) == 4 and result[dealer] == 0
    assert sheet[-1][4] == s.totals
    tied = sorted(s._totals(s.deals[:4]))[-1] == sorted(s._totals(s.deals[:4]))[-2]
    assert len(s.deals) == (8 if tied else 4)  # S3's tie-break: one more round of four


def test_n4_a_session_of_four_saves_and_resumes_exactly() -> None:
    s = Session4(seed=3, first_dealer=2, players=["Anna", "Béla", "Cili", "Dóra"], deals=4)
    rng = random.Random(3)
    play_out(s.deal, rng)
    s.next_deal()
    s.deal.apply(rng.choice(s.deal.legal_actions()))  # the second deal under way
    rec = s.to_record()
    assert rec["format"] == "ulti4-session" and rec["session_deals"] == 4
    back = Session4.from_record(rec)
    assert back.to_record() == rec
    assert back.totals == s.totals and back.deal.dealer == 3 and back.players == s.players
    # the first deal's record names the three who played, its dealer sitting out
    first = rec["deals"][0]
    assert first["dealer"] == 2 and first["deal"]["players"] == ["Dóra", "Anna", "Béla"]
    with pytest.raises(RecordError):
        Session4.from_record({**rec, "session_deals": 6})
    with pytest.raises(RecordError):
        Session4.from_record({**rec, "first_dealer": 4})


def test_a_deal_of_four_round_trips_through_its_record_and_bad_ones_are_refused() -> None:
    d = Deal4(Ruleset.from_preset("casual"), seed=9, dealer=1)
    play_out(d, random.Random(9))
    rec = to_record(d, ["Anna", "Béla", "Cili", "Dóra"])
    back = from_record(rec)
    assert back.returns() == d.returns() and back.dealer == 1 and back.history == d.history
    bad: object
    for bad in (
        {**rec, "format": "ulti-deal"},
        {**rec, "dealer": 4},
        {**rec, "dealer": True},
        {**rec, "version": 2},
        {**rec, "deal": {**rec["deal"], "dealer": 0}},
        [],
    ):
        with pytest.raises(RecordError):
            from_record(bad)


def test_n5_the_dealer_sees_exactly_what_a_spectator_sees() -> None:
    """At every step of many random deals the dealer's observation is the public one: no
    hand, no talon, no discards, no legal action; its words hold no card of any hand that is
    not public.  Once the deal is over, the dealer is shown what the players are shown."""
    for seed in range(40):
        d = Deal4(Ruleset.from_preset("standard" if seed % 2 else "casual"), seed, seed % 4)

        def check(x: Deal4) -> None:
            mine = x.observation(x.dealer)
            public = x.observation(SPECTATOR)
            assert mine.sitting_out and mine.deal == public.deal
            assert mine.deal.hand == () and mine.legal_actions == ()
            if not x.is_over():
                assert mine.deal.talon is None
                hidden = {c for h in x.inner.hands for c in cards_of(h)}
                text = str(mine.to_dict())
                shown = {c for c in hidden if f"'hand': [{c}" in text}
                assert not shown

        check(d)
        play_out(d, random.Random(seed), check)
        over = d.observation(d.dealer).deal
        assert over.talon is not None  # the talon, shown once the deal is over


def test_n5_a_seats_tensor_and_text_are_the_table_then_its_place_and_the_dealers_public() -> None:
    """ulti.games.ulti4.observation: a seat's numbers are its seat and the dealer (one-hot over
    four each), then the three-handed tensor of its place; the dealer's three-handed part is
    the spectator's (N5: no seat among the three, no hand), and neither its tensor nor its text
    names a card of a hand before the deal is over.  A spectator of the table has no seat."""
    layout = tensor_layout()
    for seed in range(12):
        d = Deal4(Ruleset(), seed, seed % 4)

        def check(x: Deal4) -> None:
            for seat in (*range(4), SPECTATOR):
                o = x.observation(seat)
                t = observation4_tensor(o)
                assert len(t) == TENSOR4_SIZE == TABLE_SIZE + len(observation_tensor(o.deal))
                head = [float(i == seat) for i in range(4)]
                assert t[:TABLE_SIZE] == head + [float(i == x.dealer) for i in range(4)]
                assert t[TABLE_SIZE:] == observation_tensor(o.deal)
                text = observation4_text(o)
                assert text == table_text(seat, x.dealer) + "\n" + observation_text(o.deal)
                assert text.startswith(f"table seat {seat} dealer {x.dealer} players ")
                assert text.splitlines()[0].endswith("sitting out") == (seat == x.dealer)
            mine = x.observation(x.dealer)
            t = observation4_tensor(mine)
            # the dealer and a spectator of the table differ only in the seat they name
            assert t[4:] == observation4_tensor(x.observation(SPECTATOR))[4:]
            assert t[TABLE_SIZE:] == observation_tensor(x.inner.observation(SPECTATOR))
            for name in ("seat", "hand"):
                at, n = layout[name]
                assert not any(t[TABLE_SIZE + at : TABLE_SIZE + at + n]), name
            if not x.is_over():
                words = set(observation4_text(mine).split())
                public = mine.deal.visible_cards()
                for h in x.inner.hands:
                    assert not {code(c) for c in cards_of(h & ~public)} & words

        check(d)
        play_out(d, random.Random(seed), check)


def test_the_framework_sees_four_seats() -> None:
    assert ULTI4.name == "ulti4" and ULTI4.seats == 4
    d = ULTI4.deal(None, 4, 3, None)
    assert isinstance(d, Deal4) and d.dealer == 3
    obs = d.observation(d.current_player)
    assert ULTI4.decision_kind(obs, obs.legal_actions) == "talon"  # forehand lays two first
    first = d.legal_actions()[0]
    assert ULTI4.parse_action(str(first)) == first
    c = d.clone()
    c.apply(c.legal_actions()[0])
    assert c.inner.history != d.inner.history  # a clone is its own
