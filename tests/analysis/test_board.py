"""The what-if board (issue 31): any position's choices valued as the analysis values them —
on the line played, every decision of every step equals the post-deal analysis's, for every
kind of decision; a line off the deal's is replayed and valued; bad lines are refused in both
languages; a computer player's move reads the seat's observation only."""

from __future__ import annotations

import pytest

from ulti.analysis import board
from ulti.analysis.puzzles import selfplay_deal
from ulti.analysis.ulti import Decision, analyze, value_step
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.rules import Ruleset
from ulti.players.base import Budget

BUDGET = Budget(6, 1e6)


@pytest.mark.parametrize("index", [0, 3, 5])
def test_every_step_on_the_line_played_is_valued_as_the_analysis_values_it(index: int) -> None:
    deal = selfplay_deal(index, 31, Ruleset(), "pimc:samples=6,ms=3600000")
    a = analyze(deal, BUDGET, seed=7)
    line = board.line_of(deal)
    by_index: dict[int, list[Decision]] = {}
    for dec in a.decisions:
        by_index.setdefault(dec.index, []).append(dec)
    kinds = set()
    for i, decs in by_index.items():
        at = board.node(deal, line[:i])
        got = value_step(at, BUDGET, 7, *board.parsed(line[i : i + 2]), played=deal)
        assert [(g.kind, g.options) for g in got] == [(d.kind, d.options) for d in decs], i
        kinds |= {g.kind for g in got}
    assert "card" in kinds


def test_a_line_off_the_deal_is_valued_and_viewed() -> None:
    deal = selfplay_deal(7, 31, Ruleset(), "pimc:samples=6,ms=3600000")
    line = board.line_of(deal)
    k = next(
        i
        for i in range(len(line))
        if sum(a.kind == ActionKind.PLAY for a in board.node(deal, line[:i]).legal_actions()) > 2
    )
    at = board.node(deal, line[:k])
    view = board.view(at, board.values(at, BUDGET, 1), ["A", "B", "C"])
    options = [o for d in view["decisions"] for o in d["options"]]
    assert all(o["info"] is not None and o["dd"] is not None for o in options)
    other = next(o for o in options if o["actions"] != line[k : k + 1])
    off = board.node(deal, [*line[:k], *other["actions"]])
    assert off.history[-1][1] != deal.history[k][1]
    moved = board.move(off, "easy", 3)
    assert moved in off.legal_actions()


def test_bad_lines_are_refused_in_both_languages() -> None:
    deal = selfplay_deal(2, 31, Ruleset(), "rules")
    line = board.line_of(deal)
    for bad, hu in (
        (["fly away"], "nem ulti lépés"),
        ([*line, "pass"], "a leosztás vége után"),
        (["pass"] * (board.MAX_LINE + 1), "legfeljebb"),
    ):
        with pytest.raises(board.BoardError) as e:
            board.node(deal, bad)
        assert hu in e.value.text("hu") and e.value.text("en") != e.value.text("hu")
