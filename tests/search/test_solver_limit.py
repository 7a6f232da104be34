"""The solver's time limit (``Solver.limit``) and the ``pimc`` player's hard decision limit
(issue 17: the ms budget is a hard limit for every kind of decision).

A search still running at its solver's limit stops within a few hundred nodes and its entry
point raises ``SearchTimeout`` with no answer; a search that ends in time answers exactly as
without a limit, and the solver stays sound.  ``pimc`` sets the limit of its thread's solver
for each decision and lifts it after, whatever happens; it decides on the samples finished, or
by the rules player's judgement when not one finished.  No test here asserts a wall-clock
figure: the limits are set far from what the searches take (a microsecond, a minute)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fixtures import play_positions
from ulti import i18n
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.rules import Ruleset
from ulti.players import make_player
from ulti.players.ulti.pimc import PimcPlayer
from ulti.players.ulti.pimc1 import Pimc1Player
from ulti.search import _core
from ulti.search.ulti import solver as S

#: each search of the solver from a full play phase (ten tricks to go)
SEARCHES: dict[str, Callable[[S.Position, _core.Solver], Any]] = {
    "value": lambda pos, sv: S.value(pos, sv),
    "points": lambda pos, sv: S.points(pos, sv),
    "objective": lambda pos, sv: S.objective(pos, S.game_objectives(pos)[0], sv),
    "move values": lambda pos, sv: S.move_values_only(pos, sv),
}


def full_positions(n: int) -> list[S.Position]:
    return [S.Position.from_deal(d) for d in play_positions(n, 0, seed=7)]


@pytest.mark.parametrize("name", list(SEARCHES))
def test_a_search_past_its_limit_raises_and_the_solver_stays_sound(name: str) -> None:
    """A search of more than a few hundred nodes given a microsecond raises; one of fewer
    may end first (the clock is read every 256 nodes), and then answers exactly."""
    search = SEARCHES[name]
    raised = 0
    for pos in full_positions(6):
        fresh = _core.Solver()
        expected = search(pos, fresh)
        sv = _core.Solver()
        sv.limit(1e-6)
        assert bool(sv.limited)  # (bool: the property changes below)
        if fresh.nodes < 256:
            assert search(pos, sv) == expected
        else:
            with pytest.raises(S.SearchTimeout):
                search(pos, sv)
            raised += 1
        assert not sv.in_use  # given back
        sv.limit(60.0)  # far more than the search takes: the same answer
        assert search(pos, sv) == expected
        sv.limit(None)
        assert not sv.limited
        assert search(pos, sv) == expected
    assert raised >= 2


def test_an_expired_limit_holds_for_every_search_until_lifted() -> None:
    pos = full_positions(1)[0]
    sv = _core.Solver()
    sv.limit(1e-6)
    for _ in range(3):
        with pytest.raises(S.SearchTimeout):
            S.value(pos, sv)
    sv.limit(None)
    assert S.value(pos, sv) == S.value(pos, _core.Solver())


def first_card_turn(seed: int, rules: Ruleset) -> Deal:
    """A deal at its first choice of a card alone (no marriage, no kontra on offer), rules
    players before it."""
    while True:
        d = Deal(rules, seed, seed % 3)
        players = [make_player("rules", seed=seed * 3 + s) for s in range(3)]
        for s, p in enumerate(players):
            p.start(s, rules, 0)
        while not d.is_over():
            legal = d.legal_actions()
            if len(legal) > 2 and all(a.kind.name == "PLAY" for a in legal):
                return d
            seat = d.current_player
            d.apply(players[seat].act(d.observation(seat), legal))
        seed += 1


def test_pimc_with_no_time_for_one_search_plays_the_rules_players_choice() -> None:
    """Not one sample's search ends within the limit: the rules player's judgement decides,
    the hint says so in both languages, and the thread's solver is left without a limit."""
    rules = Ruleset()
    for seed in (3, 11, 29):
        d = first_card_turn(seed, rules)
        seat = d.current_player
        obs = d.observation(seat)
        legal = d.legal_actions()
        p = make_player("pimc:samples=32,ms=0.001", seed=5)
        p.start(seat, rules, 0)
        assert isinstance(p, PimcPlayer)
        action, why = p.advise(obs, legal, "en")
        assert p.explanation == ("hint.quick", {})
        assert why == i18n.text("hint.quick", "en")
        assert p.advise(obs, legal, "hu")[1] == i18n.text("hint.quick", "hu") != why
        fallback = make_player("rules", seed=0)
        fallback.start(seat, rules, 0)
        assert action == fallback.act(obs, legal) and action in legal
        assert not S._solver().limited


def test_the_limit_is_lifted_after_a_decision_that_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Ruleset()
    d = first_card_turn(3, rules)
    seat = d.current_player
    p = make_player("pimc:samples=4,ms=500", seed=1)
    p.start(seat, rules, 0)

    def broken(self: Pimc1Player, obs: Any, legal: Any) -> Any:
        assert S._solver().limited  # set for the decision
        raise RuntimeError("a bug")

    monkeypatch.setattr(Pimc1Player, "act", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        p.act(d.observation(seat), d.legal_actions())
    assert not S._solver().limited


def test_pimc_1_never_limits_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """The frozen baseline searches every sample it begins to the end (its golden replay,
    tests/test_pimc1.py, holds its decisions)."""
    calls: list[Any] = []
    sv = S._solver()
    real = S._solver

    class Watch:
        def __getattr__(self, name: str) -> Any:
            if name == "limit":
                return lambda *a: calls.append(a)
            return getattr(sv, name)

    monkeypatch.setattr(S, "_solver", lambda: Watch())
    rules = Ruleset()
    d = first_card_turn(3, rules)
    seat = d.current_player
    p = make_player("pimc-1:samples=4,ms=3600000", seed=1)
    p.start(seat, rules, 0)
    monkeypatch.setattr(S, "_solver", real)
    assert p.act(d.observation(seat), d.legal_actions()) in d.legal_actions()
    assert calls == [] and not sv.limited
