"""``ulti analyze FILE --explore``: the what-if board in the terminal (issue 31): a node's
choices valued from the seat and with the cards open (the analysis's values on the line
played), a choice off the line, the computer player's move, back and forward through the tree,
in English and Hungarian; a wrong key asked again; a level that is none refused."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ulti.analysis import board
from ulti.analysis.board import line_of, node
from ulti.analysis.ulti import analyze, number
from ulti.cli import app
from ulti.games.ulti.record import load
from ulti.players.base import Budget

runner = CliRunner()
BUDGET = ["--budget", "samples=4,ms=1000000"]


def _demo(tmp_path: Path) -> Path:
    rec = tmp_path / "demo.json"
    r = runner.invoke(app, ["demo", "--seed", "3", "--deals", "1", "--save", str(rec)])
    assert r.exit_code == 0, r.output
    return rec


def test_the_board_walks_a_tree_in_english(tmp_path: Path) -> None:
    rec = _demo(tmp_path)
    deal = load(rec)
    played = line_of(deal)
    a = analyze(deal, Budget(4, 1e6), seed=0)
    card = next(d for d in a.decisions if d.kind == "card" and len(d.options) > 2)
    k = card.index
    # the choices as the board lists them (best first): the number of one not played
    at = node(deal, played[:k])
    view = board.view(
        at, board.values(at, Budget(4, 1e6), 0, *board.parsed(played[k : k + 2])), ["A", "B", "C"]
    )
    listed = [o["actions"] for d in view["decisions"] for o in d["options"] if o["actions"]]
    other = next(i for i, acts in enumerate(listed, 1) if acts != played[k : k + len(acts)])
    typed = f"x\n{other}\np\nb\nb\nf\nq\n"
    r = runner.invoke(
        app,
        ["analyze", str(rec), *BUDGET, "--explore", "--step", str(k)],
        input=typed,
        env={"COLUMNS": "160"},
    )
    assert r.exit_code == 0, r.output
    out = r.output
    assert f"Step {k}" in out and "From the seat" in out and "Cards open" in out
    # on the line played, the values are the analysis's
    first = out.split(f"Step {k}")[1].split("Step ")[0]
    for o in card.options:
        assert o.label("en") in first
        assert number(o.info, "en") in first and number(o.dd, "en") in first
    assert "a number from 1 to" in out  # "x" asked again
    assert "(another line than the one played)" in out
    assert f"Step {k + 1}" in out and f"Step {k + 2}" in out  # a choice, then the computer
    assert node(deal, played[:k]).current_player == card.seat


def test_the_board_in_hungarian_and_its_refusals(tmp_path: Path) -> None:
    rec = _demo(tmp_path)
    r = runner.invoke(
        app,
        ["analyze", str(rec), *BUDGET, "--explore", "--step", "14", "--lang", "hu"],
        input="g\nk\n",
        env={"COLUMNS": "160"},
    )
    assert r.exit_code == 0, r.output
    assert "14. lépés" in r.output and "15. lépés" in r.output and "Nyílt lapokkal" in r.output
    r = runner.invoke(
        app, ["analyze", str(rec), "--explore", "--player", "grandmaster", "--lang", "hu"]
    )
    assert r.exit_code == 2 and "a --player egy szint: easy, club, expert" in r.output
