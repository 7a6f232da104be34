"""The compiled solver against plain brute force and the pure-Python reference search."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from fixtures import play_positions, random_action, ref_legal, ref_winner
from reference_search import NO_PROOF, best_play
from ulti.core.cards import ACES, PLAIN_ORDER_STRENGTH, TRUMP_ORDER_STRENGTH, card_points, cards_of
from ulti.games.ulti.actions import PLAY
from ulti.games.ulti.deal import Deal, Phase
from ulti.search.ulti.solver import (
    Position,
    game_objectives,
    move_values,
    objective,
    points,
    solve,
    value,
)


class Line:
    """The facts of one complete play phase that the objectives look at."""

    def __init__(
        self, sp: int, won: list[int], aces: list[int], seven_trick: int, last: int
    ) -> None:
        self.sp, self.won, self.aces, self.seven_trick, self.last = sp, won, aces, seven_trick, last


def brute(pos: Position, leaf: Callable[[Line], bool]) -> bool:
    """Plain AND/OR search to the tenth trick with the reference move generator: whether the
    soloist can make ``leaf`` true against every defence."""
    strength = PLAIN_ORDER_STRENGTH if pos.no_trump else TRUMP_ORDER_STRENGTH
    seven = pos.trump * 8 if pos.trump >= 0 else -1

    def go(
        hands: list[list[int]],
        trick: list[int],
        leader: int,
        tricks: int,
        sp: int,
        won: list[int],
        aces: list[int],
        seven_trick: int,
        last: int,
    ) -> bool:
        if tricks == 10:
            return leaf(Line(sp, won, aces, seven_trick, last))
        player = (leader + len(trick)) % 3
        legal = ref_legal(hands[player], trick, pos.trump, not pos.no_trump)
        if pos.ulti and player == pos.soloist and seven in legal and len(legal) > 1:
            legal.discard(seven)
        results = []
        for c in sorted(legal):
            nh = [list(h) for h in hands]
            nh[player].remove(c)
            nt = [*trick, c]
            st = tricks if c == seven else seven_trick
            if len(nt) < 3:
                results.append(go(nh, nt, leader, tricks, sp, won, aces, st, last))
            else:
                w = (leader + ref_winner(nt, pos.trump, strength)) % 3
                pts = card_points(sum(1 << x for x in nt)) + (10 if tricks == 9 else 0)
                nw = list(won)
                nw[w] += 1
                na = list(aces)
                na[w] |= sum(1 << x for x in nt) & ACES
                results.append(
                    go(
                        nh,
                        [],
                        w,
                        tricks + 1,
                        sp + (pts if w == pos.soloist else 0),
                        nw,
                        na,
                        st,
                        w if tricks == 9 else last,
                    )
                )
            if player == pos.soloist and results[-1]:
                return True
            if player != pos.soloist and not results[-1]:
                return False
        return player != pos.soloist

    hands = [cards_of(h) for h in pos.hands]  # the trick's cards are already out of them
    return go(
        hands,
        list(pos.trick),
        pos.leader,
        pos.tricks,
        pos.sp,
        list(pos.won),
        list(pos.aces),
        pos.seven_trick,
        -1,
    )


def leaves(pos: Position) -> dict[str, Callable[[Line], bool]]:
    s = pos.soloist
    d1, d2 = (s + 1) % 3, (s + 2) % 3
    talon_ace = bool(pos.talon & ACES) and pos.talon_ace_loses

    out: dict[str, Callable[[Line], bool]] = {
        "simple": lambda ln: (
            ln.sp + pos.sm > (90 - card_points(pos.talon) - ln.sp) + card_points(pos.talon) + pos.dm
        ),
        "silent 100": lambda ln: ln.sp + pos.sm >= 100,
        "40-100": lambda ln: pos.forty_declared and ln.sp >= 60,
        "20-100": lambda ln: pos.twenty_declared and ln.sp >= 80,
        "durchmars": lambda ln: ln.won[d1] == 0 and ln.won[d2] == 0,
        "silent durchmars": lambda ln: ln.won[d1] == 0 and ln.won[d2] == 0,
        "betli": lambda ln: ln.won[s] == 0,
        "ulti": lambda ln: pos.had_seven and ln.seven_trick == 9 and ln.last == s,
        "silent ulti": lambda ln: pos.had_seven and ln.seven_trick == 9 and ln.last == s,
        "four aces": lambda ln: not talon_ace and not (ln.aces[d1] | ln.aces[d2]),
        "silent four aces": lambda ln: not talon_ace and not (ln.aces[d1] | ln.aces[d2]),
    }
    return out


@pytest.mark.parametrize("seed", range(8))
def test_objectives_equal_brute_force(seed: int) -> None:
    for d in play_positions(10, 7, seed, ["standard", "hearts-trump", "open-double"][seed % 3]):
        pos = Position.from_deal(d)
        refs = leaves(pos)
        for name in game_objectives(pos):
            assert objective(pos, name) == brute(pos, refs[name]), (name, d.contract)


def at_least(sp: int) -> Callable[[Line], bool]:
    """A line where the soloist takes at least ``sp`` card points."""
    return lambda ln: ln.sp >= sp


@pytest.mark.parametrize("seed", range(4))
def test_exact_points_equal_brute_force(seed: int) -> None:
    for d in play_positions(8, 7, 100 + seed):
        pos = Position.from_deal(d)
        if pos.no_trump:
            continue
        got = points(pos)
        assert brute(pos, at_least(got))
        assert not brute(pos, at_least(got + 10))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_settlement_value_equals_the_reference_search(seed: int) -> None:
    for d in play_positions(8, 2 + seed % 4, 200 + seed):
        pos = Position.from_deal(d)
        assert value(pos) == best_play(d).value, d.contract


def test_move_values_are_the_values_after_each_card() -> None:
    for d in play_positions(10, 6, 300):
        pos = Position.from_deal(d)
        mv = move_values(pos)
        assert [m.card for m in mv] == pos.legal_cards()
        best = max if d.current_player == d.soloist else min
        assert best(m.value for m in mv if m.value is not None) == value(pos)
        for m in mv[:3]:
            c = d.clone()
            c.apply(PLAY[m.card])
            if c.is_over():
                assert c.returns()[c.soloist] == m.value
            elif c.phase == Phase.PLAY:
                assert value(Position.from_deal(c)) == m.value


def test_solve_reports_everything() -> None:
    d = play_positions(1, 3, 400)[0]
    sol = solve(d)
    assert set(sol.objectives) == set(game_objectives(Position.from_deal(d)))
    assert sol.value == value(Position.from_deal(d))
    assert len(sol.moves) == len(d.legal_cards())
    assert sol.nodes > 0


def all_outcomes(d: Deal) -> set[tuple[tuple[int, int], ...]]:
    """Every final set of item statuses over every continuation (anyone playing anything)."""
    if d.is_over():
        return {tuple(sorted((k, int(v)) for k, v in d.statuses.items()))}
    out: set[tuple[tuple[int, int], ...]] = set()
    d = d.clone()
    d.adjudicator = NO_PROOF  # every card played: no R7 shortcut
    for c in d.legal_cards():
        d.push(PLAY[c])
        out |= all_outcomes(d)
        d.pop()
        if len(out) > 1:
            break
    return out


@pytest.mark.parametrize("seed", range(4))
def test_fixed_result_equals_brute_force(seed: int) -> None:
    """R7/R8: the solver says the result can no longer change exactly when no line changes
    any item's outcome."""
    from ulti.search.ulti.solver import fixed

    found = {True: 0, False: 0}
    for d in play_positions(15, 7, 500 + seed):
        if d.trick:
            continue
        outcomes = all_outcomes(d)
        got = fixed(Position.from_deal(d), budget=10**7)
        assert (got is not None) == (len(outcomes) == 1)
        if got is not None:
            assert tuple(sorted((k, int(v)) for k, v in got.items())) == next(iter(outcomes))
        found[got is not None] += 1
    assert found[False] > 0 and found[True] > 0


def test_the_quick_core_position_equals_the_one_built_from_a_position() -> None:
    """R7's quick path (``core_of_deal``) and :meth:`Position.from_deal` build the same
    position for the compiled core, at every point of play of many random deals."""
    from ulti.search.ulti.solver import core_of_deal

    rng = random.Random(44)
    compared = 0
    for _ in range(60):
        d = Deal(seed=rng.getrandbits(64), dealer=rng.randrange(3))
        while not d.is_over():
            if d.phase == Phase.PLAY and d.tricks_played:
                quick = core_of_deal(d).state()
                full = Position.from_deal(d).core().state()
                assert quick == full
                compared += 1
            d.apply(random_action(d, rng, pass_bias=0.6))
    assert compared > 200
