"""The exact Snapszli solver (``ulti.search._snap`` behind ``ulti.search.snapszli.solver``) against
a plain brute force over the engine, on random positions of every phase (docs/SNAPSZLI.md).

The reference, :func:`brute`, is plain minimax over :class:`~ulti.games.snapszli.SnapDeal`'s own
``legal_actions``/``apply``/``undo``: every action the engine allows, **false claims
included** (Z9: a false claim is an action like any other, and it can pay — a player who will
take no trick loses 3 by the cards but only 2 by a false claim once the opponent has a trick).
With ``false_claims=False`` it claims only when the claim is true, the game that
``SnapSolver(false_claims=False)`` solves.  It remembers the values of positions it has seen
(keyed on the engine's whole state, so transpositions cost nothing); it prunes nothing.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from fixtures import ROOT
from ulti.core.cards import parse_card, parse_cards
from ulti.games.snapszli import (
    CLAIM,
    CLOSE,
    TARGET,
    Kind,
    SnapAction,
    SnapDeal,
    SnapRules,
    marriage,
    play,
)
from ulti.search import _snap
from ulti.search.snapszli.solver import SnapSolver, SolverBusy, core_state, strict_position

Memo = dict[tuple[object, ...], int]


# -- the reference -----------------------------------------------------------------------------


def state_key(d: SnapDeal) -> tuple[object, ...]:
    """Everything of the engine's state that the rest of the deal depends on."""
    s = d._s
    return (
        tuple(s.hands),
        tuple(s.talon),
        tuple(s.trick),
        s.leader,
        tuple(s.won),
        tuple(s.tricks),
        tuple(s.marriages),
        s.pending,
        s.closed_by,
        s.closing,
    )


def brute(d: SnapDeal, memo: Memo, false_claims: bool = True) -> int:
    """The value of ``d`` for the player to move: plain minimax over the engine's actions
    (module doc)."""
    k = state_key(d)
    if k in memo:
        return memo[k]
    p = d.current_player
    best = -9
    for a in d.legal_actions():
        if a.kind == Kind.CLAIM and not false_claims and d.points(p) < TARGET:
            continue
        best = max(best, after(d, a, memo, false_claims))
    memo[k] = best
    return best


def after(d: SnapDeal, a: SnapAction, memo: Memo, false_claims: bool = True) -> int:
    """The value of action ``a`` for the player taking it (the engine's score at an end)."""
    p = d.current_player
    d.apply(a)
    try:
        if d.is_over():
            return d.returns()[p]
        v = brute(d, memo, false_claims)
        return v if d.current_player == p else -v
    finally:
        d.undo()


# -- positions ---------------------------------------------------------------------------------


def random_position(rng: random.Random, rules: SnapRules, phase: str) -> SnapDeal:
    """A position reached by random play (a claim only when true): ``run-out`` (Z5 after the
    talon ran out: no closing), ``closed`` (Z8), or ``open`` (the talon still open with at most
    two cards, the turned one included).  Mid-trick and pending-marriage positions included."""
    while True:
        d = SnapDeal(rules, rng.getrandbits(40), rng.randrange(2))
        while not d.is_over():
            p = d.current_player
            if phase == "run-out" and not d.talon and rng.random() < 0.3:
                return d
            if phase == "closed" and d.closed_by >= 0 and rng.random() < 0.3:
                return d
            if phase == "open" and not d.strict() and len(d.talon) <= 2 and rng.random() < 0.5:
                return d
            acts = [
                a
                for a in d.legal_actions()
                if (a.kind != Kind.CLAIM or d.points(p) >= TARGET)
                and (a.kind != Kind.CLOSE or phase == "closed")
            ]
            if phase == "closed" and CLOSE in acts and rng.random() < 0.35:
                d.apply(CLOSE)
            else:
                d.apply(rng.choice(acts))


def positions(seed: int, n: int, phase: str, twenty_four: bool, zv4: bool) -> list[SnapDeal]:
    rng = random.Random(f"{seed}-{phase}-{twenty_four}-{zv4}")
    out = []
    for _ in range(n):
        rules = SnapRules(
            twenty_four=twenty_four, last_trick_ten=zv4, min_talon=rng.choice((1, 2, 3, 3, 4))
        )
        out.append(random_position(rng, rules, phase))
    return out


PACKS = [(tw, zv4) for tw in (False, True) for zv4 in (False, True)]


# -- strict positions --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
@pytest.mark.parametrize("phase", ["run-out", "closed"])
@pytest.mark.parametrize(("twenty_four", "zv4"), PACKS)
def test_strict_positions_equal_the_brute_force(
    phase: str, twenty_four: bool, zv4: bool, seed: int
) -> None:
    """Z5 strict play after the talon ran out (Z4 draws done) or was closed (Z8), 20 and 24
    cards (ZV1), ZV4 off and on: 2 seeds x 8 x 20 = 320 random positions (seed 2 among the
    slow tests), each solved exactly as the brute force over the engine scores it — claims
    (Z9), the last trick (Z10, ZV4), the closing's data (Z11), marriages announced in the
    strict phase (Z7)."""
    sv = SnapSolver()
    for d in positions(seed, 20, phase, twenty_four, zv4):
        assert strict_position(d)
        history = d.history
        assert sv.solve(d) == brute(d, {}), [str(a) for _, a in history]
        assert d.history == history  # the deal is only read


@pytest.mark.parametrize(("twenty_four", "zv4"), PACKS)
def test_each_actions_value_in_strict_positions(twenty_four: bool, zv4: bool) -> None:
    """move_values: every legal action (Z4/Z5 cards, Z7 marriages, Z9 claims true or false)
    valued as the brute force values the position after it; the best is solve's."""
    sv = SnapSolver()
    for phase in ("run-out", "closed"):
        for d in positions(3, 8, phase, twenty_four, zv4):
            memo: Memo = {}
            mv = sv.move_values(d)
            assert list(mv) == d.legal_actions()
            for a, v in mv.items():
                assert v == after(d, a, memo), (str(a), [str(x) for _, x in d.history])
            assert max(mv.values()) == sv.solve(d) == brute(d, memo)


def test_claiming_only_when_true() -> None:
    """SnapSolver(false_claims=False) solves the game where a claim is made only when true
    (Z9): the brute force without false claims agrees; the two games differ in some positions
    (a false claim is a way out for either player)."""
    exact = SnapSolver()
    honest = SnapSolver(false_claims=False)
    assert not honest.false_claims and exact.false_claims
    rng = random.Random(3)
    differ = 0
    for i in range(40):
        rules = SnapRules(twenty_four=i % 2 == 1, last_trick_ten=i % 4 >= 2)
        d = random_position(rng, rules, ("run-out", "closed")[i % 3 == 0])
        v = honest.solve(d)
        assert v == brute(d, {}, false_claims=False)
        differ += exact.solve(d) != v
    assert 0 < differ < 40


# -- open-talon positions ----------------------------------------------------------------------


def open_positions(seed: int, n: int, twenty_four_every: int) -> list[SnapDeal]:
    """Open-talon positions at the talon's end: every ``twenty_four_every``-th of 24 cards
    (ZV1), ZV4 on every other, ZV3 limits from 1 to 3 (so that the exchange, Z6, and the
    closing, Z8, are there at the last draw too)."""
    rng = random.Random(f"open-{seed}")
    out = []
    for i in range(n):
        rules = SnapRules(
            twenty_four=i % twenty_four_every == twenty_four_every - 1,
            last_trick_ten=i % 2 == 1,
            min_talon=rng.choice((1, 2, 3)),
        )
        out.append(random_position(rng, rules, "open"))
    return out


@pytest.mark.parametrize(
    ("seed", "n", "twenty_four_every"),
    [(1, 6, 1000), pytest.param(2, 30, 5, marks=pytest.mark.slow)],
)
def test_open_talon_positions_equal_the_brute_force(
    seed: int, n: int, twenty_four_every: int
) -> None:
    """The open talon's end (Z4: the last draw takes the turned card) with the talon's order
    known: 36 positions in all (6 here, 30 more among the slow tests), solve_open and every
    action's value as the brute force's."""
    sv = SnapSolver()
    for d in open_positions(seed, n, twenty_four_every):
        assert not strict_position(d)
        with pytest.raises(ValueError, match="solve_open"):
            sv.solve(d)
        memo: Memo = {}
        assert sv.solve_open(d) == brute(d, memo), [str(a) for _, a in d.history]
        mv = sv.move_values(d)
        assert list(mv) == d.legal_actions()
        for a, v in mv.items():
            assert v == after(d, a, memo), (str(a), [str(x) for _, x in d.history])


def test_open_talon_moves_cover_exchange_close_and_marriages() -> None:
    """The open-talon positions above include what Z6, Z7 and Z8 add at a lead (else the test
    would prove less than it says)."""
    kinds: set[Kind] = set()
    for seed, n, every in ((1, 6, 1000), (2, 30, 5)):
        for d in open_positions(seed, n, every):
            kinds |= {a.kind for a in d.legal_actions()}
    assert kinds == set(Kind)


# -- move generation (perft) -------------------------------------------------------------------


def perft(d: SnapDeal, depth: int) -> int:
    """Engine action sequences of ``depth`` actions (a deal that ends sooner counts once)."""
    if depth == 0 or d.is_over():
        return 1
    total = 0
    for a in d.legal_actions():
        d.apply(a)
        total += perft(d, depth - 1)
        d.undo()
    return total


@pytest.mark.parametrize("phase", ["run-out", "closed", "open"])
def test_perft_of_the_compiled_move_generator(phase: str) -> None:
    """The core's legal actions are SnapDeal.legal_actions (Z4 any card, Z5 follow/overtake/
    trump, Z6 exchange, Z7 marriages and the pending marriage's two cards, Z8 closing, Z9
    claims), in the same order, at random positions; and the numbers of action sequences of
    three actions (draws, the closing, the end of a deal: Z9, Z10, Z11) are the engine's."""
    sv = _snap.Solver()
    rng = random.Random(f"perft-{phase}")
    for i in range(30):
        rules = SnapRules(
            twenty_four=i % 2 == 1, last_trick_ten=i % 3 == 0, min_talon=rng.choice((1, 2, 3))
        )
        d = random_position(rng, rules, phase)
        state, talon = core_state(d)
        assert sv.legal_ids(state, talon) == [a.id for a in d.legal_actions()]
        assert sv.perft(state, talon, 3) == perft(d, 3)


def test_perft_from_the_first_lead() -> None:
    """The whole open phase's first actions from seeded deals (Z2 deal, Z4, Z6, Z7, Z8)."""
    sv = _snap.Solver()
    for seed in range(6):
        for rules in (SnapRules(), SnapRules(twenty_four=True, last_trick_ten=True)):
            d = SnapDeal(rules, seed, seed % 2)
            state, talon = core_state(d)
            assert sv.perft(state, talon, 3) == perft(d, 3)


# -- worked example ----------------------------------------------------------------------------

#: Dealer 0, forehand 1 (Z2): the forehand holds the four top hearts and the ♣A, the turned
#: card is the ♥U (hearts trump), the dealer holds no heart at all.
EXAMPLE = parse_cards("HA HX HK LX LU BU HU HO AA BX BO AX AU AO AK LO LK LA BK BA")


def example() -> SnapDeal:
    return SnapDeal(SnapRules(), 0, 0, EXAMPLE)


def test_worked_example() -> None:
    """The forehand announces 40 (Z7) leading the ♥K and wins every trick: from the first
    trick on they hold 44 points and more, 66 by the third trick at the latest (Z9).  The
    dealer, who cannot take a trick (no heart to trump with, Z4/Z5), would lose 3 game points
    (no trick: Z9, or Z11 after the forehand closes, the dealer trickless then).  A false claim
    gives the forehand only 2 once the forehand has a trick (Z9): so the engine's game is worth
    2 to the forehand, the honest one 3."""
    d = example()
    assert d.current_player == 1 and d.trump == 0 and d.turned == parse_card("HU")
    exact, honest = SnapSolver(), SnapSolver(false_claims=False)
    assert exact.solve_open(d) == 2
    assert honest.solve_open(d) == 3
    mv = exact.move_values(d)
    assert mv[CLOSE] == mv[marriage(0)] == 2
    assert mv[CLAIM] == -3  # no points yet: a false claim, the dealer trickless (Z9)
    d.apply(CLOSE)  # Z8: the dealer has no trick at the closing (Z11: 3 or nothing)
    assert strict_position(d) and d.closed_by == 1
    assert exact.solve(d) == 2 and honest.solve(d) == 3
    d.apply(marriage(0))
    d.apply(play(parse_card("HK")))
    # the dealer to move: a false claim now gives 3 (the forehand has no trick yet), after the
    # trick only 2
    mv = exact.move_values(d)
    assert mv[CLAIM] == -3
    assert exact.solve(d) == -2 and honest.solve(d) == -3
    assert set(mv) == {play(c) for c in parse_cards("LX LU BU BX BO")} | {CLAIM}
    d.apply(play(parse_card("BU")))
    assert d.points(1) == 4 + 2 + 40 and d.tricks_won(0) == 0
    d.apply(play(parse_card("HA")))
    assert exact.move_values(d)[CLAIM] == -2 == exact.solve(d)
    assert honest.solve(d) == -3
    assert brute(d, {}) == -2 and brute(d, {}, false_claims=False) == -3


def test_values_are_game_points_for_the_player_to_move() -> None:
    """Every value is a deal's result: +1..+3 won, -1..-3 lost (Z9-Z11); the player to move
    and the other see the same deal with opposite signs."""
    sv = SnapSolver()
    rng = random.Random(7)
    for _ in range(40):
        d = random_position(rng, SnapRules(twenty_four=rng.random() < 0.5), "run-out")
        v = sv.solve(d)
        assert v in (-3, -2, -1, 1, 2, 3)
        a = max(sv.move_values(d).items(), key=lambda kv: kv[1])[0]
        p = d.current_player
        d.apply(a)
        if d.is_over():
            assert v == d.returns()[p]
        else:
            w = sv.solve(d)
            assert v == (w if d.current_player == p else -w)


def test_strict_position() -> None:
    """Z5 applies once the talon is empty or closed (Z8)."""
    d = SnapDeal(SnapRules(), 3, 0)
    assert not strict_position(d)
    d.apply(CLOSE)
    assert strict_position(d)


def test_a_finished_deal_is_refused() -> None:
    d = SnapDeal(SnapRules(), 3, 0)
    d.apply(CLAIM)  # Z9: a false claim ends the deal
    with pytest.raises(ValueError, match="over"):
        SnapSolver().solve(d)


def test_the_core_checks_its_input() -> None:
    sv = _snap.Solver()
    state, talon = core_state(SnapDeal(SnapRules(), 3, 0))
    with pytest.raises(ValueError, match="ints"):
        sv.solve(state[:-1], talon)
    with pytest.raises(ValueError, match="two places"):
        sv.solve([state[0], state[0], *state[2:]], talon)
    with pytest.raises(ValueError, match="talon"):
        sv.solve(state, talon[:-1])
    with pytest.raises(ValueError):
        _snap.Solver(tt_bits=40)
    assert _snap.Solver(tt_bits=10).table_bytes == 24 << 10


# -- threads -----------------------------------------------------------------------------------


def test_a_solver_refuses_a_second_thread_and_each_thread_has_its_own() -> None:
    """The search runs without the GIL; one solver belongs to one thread at a time (an atomic
    guard raises SolverBusy), and solvers in several threads give the same answers."""
    d = SnapDeal(SnapRules(twenty_four=True), 3, 0)  # a full 24-card open solve: a while
    expected = SnapSolver().solve_open(d)
    sv = SnapSolver()
    stop = threading.Event()
    results: list[int] = []

    def searcher() -> None:
        while not stop.is_set():
            results.append(sv.solve_open(d))

    t = threading.Thread(target=searcher)
    t.start()
    try:
        deadline = time.monotonic() + 60
        while not sv.in_use:
            assert time.monotonic() < deadline, "the searcher never entered the solver"
        with pytest.raises(SolverBusy, match="one thread at a time"):
            sv.solve_open(d)
    finally:
        stop.set()
        t.join()
    assert results and set(results) == {expected}

    rng = random.Random(8)
    deals = [random_position(rng, SnapRules(), "run-out") for _ in range(20)]
    want = [SnapSolver().solve(x) for x in deals]
    got: dict[int, list[int]] = {}

    def worker(k: int) -> None:
        own = SnapSolver(tt_bits=12)
        got[k] = [own.solve(x) for x in deals]

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert all(got[k] == want for k in range(4))


# -- the benchmark -----------------------------------------------------------------------------


def test_the_benchmark_writes_its_figures(tmp_path: Path) -> None:
    """benchmarks/bench_snapszli.py runs (a small run) and writes every figure it prints, each
    with the direction it improves in, for compare.py."""
    out = tmp_path / "snap.json"
    bench = ROOT / "benchmarks" / "bench_snapszli.py"
    r = subprocess.run(
        [sys.executable, str(bench), "--seconds", "0.2", "--rounds", "1", "--positions", "6",
         "--open-deals", "1", "--open24-deals", "1", "--repeat", "1", "--json", str(out)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["benchmark"] == "bench_snapszli"
    f, better = data["figures"], data["better"]
    assert set(f) == set(better)
    for name in f:
        assert f"{name}: " in r.stdout
    assert better["random-deals-per-second"] == "higher" and f["random-deals-per-second"] > 0
    for stat in ("median", "p90", "max"):
        assert better[f"strict-solve-{stat}-ms"] == "lower"
    assert better["open-solve-median-ms"] == better["open24-solve-median-ms"] == "lower"
    assert better["strict-won"] == "same" and 0 <= f["strict-won"] <= 6
