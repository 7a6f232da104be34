"""People's events as pure logic (issue 30): the duplicate event's schedule and its balance,
matchpoints and standings by percentage, Swiss tables and tie-breaks, arena seating."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ulti.arena.events.matchpoints import Result, score_boards, standings
from ulti.arena.events.schedule import (
    FILLER,
    EventError,
    Schedule,
    balance,
    distinct_seatings,
    make_schedule,
)
from ulti.arena.events.swiss import (
    SwissStanding,
    TableResult,
    arena_tables,
    met_pairs,
    place_points,
    swiss_standings,
    swiss_tables,
)

# -- the schedule -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [9, 12, 13, 30])
def test_four_rounds_seat_every_pair_at_most_once_and_even_out_the_seats(players: int) -> None:
    """The issue's counts: over 4 rounds of threes nobody meets anyone twice (each meets 8,
    at most as many as there are others), each sits each seat once or twice, computer players
    (13 is not a multiple of 3) sit one a table."""
    s = make_schedule(players, 3, 4, seed=7)
    b = balance(s)
    assert b.most_meetings == 1, b.pairs
    assert b.seat_spread <= 1, b.seats
    for r in s.rounds:  # every person once a round
        seated = [p for t in r for p in t if p != FILLER]
        assert sorted(seated) == list(range(players))
        assert all(t.count(FILLER) <= 1 for t in r)
    fillers_a_round = s.tables * 3 - players
    assert sum(b.fillers) == 4 * fillers_a_round * 2  # each computer player sits with two
    assert max(b.fillers) - min(b.fillers) <= 1
    # opponents: as many different ones as the tables gave
    alone = [
        sum(3 - 1 - t.count(FILLER) for r in s.rounds for t in r if p in t) for p in range(players)
    ]
    assert list(b.opponents) == alone


def test_nine_players_over_four_rounds_meet_everyone_once() -> None:
    """9 players, 4 rounds of threes: the schedule is perfect (every pair exactly once)."""
    b = balance(make_schedule(9, 3, 4, seed=1))
    assert b.pairs == {1: 36, 0: 0}
    assert set(b.opponents) == {8}


def test_a_schedule_is_the_seeds_and_is_stored_whole() -> None:
    a = make_schedule(13, 3, 5, seed=3)
    assert a == make_schedule(13, 3, 5, seed=3)
    assert a != make_schedule(13, 3, 5, seed=4)
    assert Schedule.from_dict(a.to_dict()) == a
    bad = a.to_dict()
    bad["rounds"][0][0][0] = bad["rounds"][0][1][0]  # one player twice
    with pytest.raises(ValueError, match="every player once"):
        Schedule.from_dict(bad)


@pytest.mark.parametrize(
    ("players", "size", "rounds", "key"),
    [
        (9, 3, 0, "no-rounds"),
        (3, 3, 2, "too-few"),  # one table: nobody to compare with
        (2, 2, 1, "too-few"),
        (3, 2, 13, "too-many-rounds"),  # Snapszli: 3 players, 2 tables, 12 different rounds
    ],
)
def test_an_impossible_event_is_refused_in_both_languages(
    players: int, size: int, rounds: int, key: str
) -> None:
    with pytest.raises(EventError) as e:
        make_schedule(players, size, rounds, seed=1)
    assert e.value.key == key
    en, hu = e.value.text("en"), e.value.text("hu")
    assert en and hu and en != hu and "{" not in en + hu


def test_distinct_seatings_counts_rounds_by_brute_force() -> None:
    """3 players at tables of 2 (a computer player fills one seat): every way of seating
    them, the tables alike, counted one by one."""
    from itertools import permutations

    seen = set()
    for order in permutations([0, 1, 2, FILLER]):
        tables = frozenset((order[0:2], order[2:4]))
        seen.add(tables)
    assert distinct_seatings(3, 2) == len(seen) == 12
    assert make_schedule(3, 2, 12, seed=1).rounds  # all 12 may be played


def test_four_at_the_table_and_pairs_schedule_too() -> None:
    """Tables of four (the dealer sits out each deal) and of two (Snapszli).  At four, the
    perfect schedules are rare (16 players over 5 rounds: the affine plane of order 4) and the
    search finds near ones: a few pairs twice, no seat held more than twice as often."""
    four = balance(make_schedule(16, 4, 4, seed=2))
    assert four.most_meetings <= 2 and four.pairs.get(2, 0) <= 8 and four.seat_spread <= 2
    assert min(four.opponents) >= 9
    pairs = balance(make_schedule(10, 2, 6, seed=2))
    assert pairs.most_meetings == 1 and pairs.seat_spread == 0


# -- matchpoints --------------------------------------------------------------------------------


def test_matchpoints_count_the_outscored_and_half_the_ties() -> None:
    """Three tables, one board: seat 0 scored 10, 10 and -5 -> 1½, 1½ and 0 of a top of 2."""
    rs = [
        Result((0, 0), 0, 0, 0, 10),
        Result((0, 0), 0, 1, 3, 10),
        Result((0, 0), 0, 2, 6, -5),
        Result((0, 0), 1, 0, 1, -5),
        Result((0, 0), 1, 1, 4, -5),
        Result((0, 0), 1, 2, FILLER, 20),
    ]
    scored = score_boards(rs)
    assert [s.matchpoints for s in scored] == [
        Fraction(3, 2),
        Fraction(3, 2),
        0,
        Fraction(1, 2),
        Fraction(1, 2),
        2,
    ]
    assert {s.top for s in scored} == {2}
    assert scored[0].percent == 75.0
    table = standings(scored)
    assert [(s.player, s.rank) for s in table] == [(0, 1), (3, 1), (1, 3), (4, 3), (6, 5)]
    assert FILLER not in {s.player for s in table}  # computer players compare, never rank


def test_a_seat_sat_out_is_compared_with_nobody() -> None:
    rs = [Result((0, 0), 3, t, p, None) for t, p in enumerate((0, 1))]
    rs += [Result((0, 0), 0, t, p, x) for t, (p, x) in enumerate(((2, 4), (3, 4)))]
    scored = score_boards(rs)
    assert [(s.top, s.percent) for s in scored] == [(0, None), (0, None), (1, 50.0), (1, 50.0)]
    table = {s.player: s for s in standings(scored, players=[0, 1, 2, 3])}
    assert table[0].boards == 0 and table[0].percent == 0.0
    assert table[2].boards == 1


@given(
    st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(-20, 20)),
        min_size=1,
        max_size=40,
    )
)
def test_every_comparison_shares_out_one_matchpoint(rows: list[tuple[int, int, int]]) -> None:
    """On each board's seat, the holders' matchpoints add up to one per pair of holders, and
    each is recomputed here pair by pair."""
    rs = [Result((b, 0), s, i, i, x) for i, (b, s, x) in enumerate(rows)]
    scored = score_boards(rs)
    by: dict[tuple[int, int], list[int]] = {}
    for i, s in enumerate(scored):
        by.setdefault((s.result.board[0], s.result.seat), []).append(i)
    for idx in by.values():
        total = sum((scored[i].matchpoints for i in idx), Fraction(0))
        assert total == len(idx) * (len(idx) - 1) // 2
        for i in idx:
            mine = rs[i].score
            assert mine is not None
            want = Fraction(0)
            for j in idx:
                other = rs[j].score
                assert other is not None
                if j != i:
                    want += 1 if mine > other else Fraction(1, 2) if mine == other else 0
            assert scored[i].matchpoints == want


# -- Swiss and arena ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("units", "points"),
    [
        ([5, 0, -5], [2, 1, 0]),
        ([5, 5, -10], [Fraction(3, 2), Fraction(3, 2), 0]),
        ([-10, 5, 5], [0, Fraction(3, 2), Fraction(3, 2)]),
        ([0, 0, 0], [1, 1, 1]),
        ([3, -3], [1, 0]),
        ([1, 2, 3, -6], [1, 2, 3, 0]),
    ],
)
def test_points_by_place_share_the_places_of_a_tie(units: list[int], points: list[object]) -> None:
    assert place_points(units) == points
    n = len(units)
    assert sum(place_points(units)) == n * (n - 1) // 2


def test_swiss_standings_state_their_tie_breaks() -> None:
    """Points first; then the opponents' points (Buchholz); then units; then registration."""
    tables = [
        TableResult((0, 1, 2), (10, 0, -10)),  # 0: 2 points, 1: 1, 2: 0
        TableResult((3, 4, 5), (10, 0, -10)),  # 3: 2, 4: 1, 5: 0
        TableResult((0, 4, 5), (-10, 0, 10)),  # 0: 0 (2 total), 4: 1 (2 total), 5: 2 (2 total)
        TableResult((1, 2, 3), (0, 0, 0)),  # 1, 2, 3: 1 each -> 1: 2, 2: 1, 3: 3
    ]
    ranked = swiss_standings(tables, players=[0, 1, 2, 3, 4, 5])
    points = {s.player: s.points for s in ranked}
    assert points == {0: 2, 1: 2, 2: 1, 3: 3, 4: 2, 5: 2}
    assert ranked[0].player == 3
    # four players on 2 points: Buchholz decides (0 met 1,2,4,5; 1 met 0,2,2,3 ...)
    level = [s for s in ranked if s.points == 2]
    keys = [(s.buchholz, s.units) for s in level]
    assert keys == sorted(keys, reverse=True)
    assert [s.rank for s in ranked] == [1, 2, 3, 4, 5, 6]


def test_swiss_tables_avoid_a_second_meeting_where_the_field_allows() -> None:
    first = [TableResult((0, 1, 2), (9, 0, -9)), TableResult((3, 4, 5), (9, 0, -9))]
    first.append(TableResult((6, 7, 8), (9, 0, -9)))
    standing = swiss_standings(first, players=list(range(9)))
    tables = swiss_tables(standing, met_pairs(first), 3)
    assert sorted(p for t in tables for p in t) == list(range(9))
    again = met_pairs(first) & met_pairs(TableResult(t, (0, 0, 0)) for t in tables)
    assert not again
    # the winners of round one sit together, the last ones together
    assert set(tables[0]) == {0, 3, 6} and set(tables[-1]) == {2, 5, 8}


def test_swiss_fills_the_last_table_with_computer_players() -> None:
    standing = [
        SwissStanding(i + 1, p, Fraction(0), Fraction(0), 0, 0) for i, p in enumerate(range(7))
    ]
    tables = swiss_tables(standing, set(), 3)
    assert len(tables) == 3 and Counter(p for t in tables for p in t)[FILLER] == 2


def test_the_arena_seats_the_longest_waiting_with_the_nearest_in_points() -> None:
    points = {0: Fraction(0), 1: Fraction(9), 2: Fraction(8), 3: Fraction(1), 4: Fraction(2)}
    tables, left = arena_tables([0, 1, 2, 3, 4], points, 3)
    assert tables == [(4, 3, 0)] and left == [1, 2]
    tables, left = arena_tables([1, 2], points, 3)
    assert tables == [] and left == [1, 2]
    tables, left = arena_tables([1, 2, 5], points, 3)
    assert tables == [(1, 2, 5)] and left == []


def test_no_pair_is_repeated_by_swiss_over_rounds_of_twelve() -> None:
    """Four Swiss rounds of twelve, random results: no pair meets twice."""
    import random

    rng = random.Random(5)
    played: list[TableResult] = []
    for r in range(4):
        standing = swiss_standings(played, players=list(range(12)))
        tables = swiss_tables(standing, met_pairs(played), 3, seed=r)
        for t in tables:
            played.append(TableResult(t, tuple(rng.randint(-9, 9) for _ in t)))
    counts = Counter(
        frozenset(pq) for t in played for pq in combinations([p for p in t.seats if p != FILLER], 2)
    )
    assert max(counts.values()) == 1
