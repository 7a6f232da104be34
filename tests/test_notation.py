"""The position notation of ``ulti solve`` and the command itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fixtures import FAIL, make_deal, start
from ulti.cli import app
from ulti.record import dumps
from ulti.solver import NotationError, Position, parse_position, value

POS = ("bid=40-100 ulti durchmars; trump=acorns; soloist=1; marriages=1:acorns; "
       "hands=H8 H7 L9 L8 BA BX BK BQ BJ B9 / AA AX AK AO AU A9 A8 A7 HA L7 / "
       "HX HK HQ HJ H9 LA LX LK LQ LJ; talon=B7 B8")


def test_notation_gives_the_same_position_as_the_deal() -> None:
    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    from_deal = Position.from_deal(d)
    parsed, bid = parse_position(POS)
    assert bid.key == "40-100 ulti durchmars"
    assert parsed.hands == from_deal.hands
    assert (parsed.trump, parsed.soloist, parsed.leader, parsed.sm) == (1, 1, 1, 40)
    assert value(parsed) == value(from_deal)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("hands=HA", "'bid' is required"),
        ("bid=ulti", "'hands' is required"),
        (POS.replace("trump=acorns", "trump=hearts"), "name the trump"),
        ("bid=nonsense; hands=a/b/c", "B5"),
        ("bid=betli; hands=HA HK / HA / ", "twice|two places"),
        ("bid=betli; color=red; hands=//", "unknown field"),
        ("bid=betli; hands=HA / HK", "three hands"),
        ("bid=betli; soloist=4; hands=//", "seat"),
        (POS.replace("talon=B7 B8", "talon=B7"), "two cards|32 cards"),
        (POS.replace("soloist=1", "soloist=1; soloist=2"), "twice"),
    ],
)
def test_bad_notation(text: str, match: str) -> None:
    with pytest.raises(NotationError, match=match):
        parse_position(text)


def test_solve_command_on_a_position() -> None:
    r = CliRunner().invoke(app, ["solve", POS], env={"COLUMNS": "160"})
    assert r.exit_code == 0, r.output
    assert "Settlement under best play: soloist +4 units" in r.output  # 4 - 6 + 4: B3
    assert "♠7" in r.output and "durchmars" in r.output


def test_solve_command_on_a_record(tmp_path: Path) -> None:
    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    f = tmp_path / "deal.json"
    f.write_text(dumps(d), encoding="utf-8")
    r = CliRunner().invoke(app, ["solve", "--record", str(f)], env={"COLUMNS": "160"})
    assert r.exit_code == 0, r.output
    assert "Settlement under best play: soloist +4 units" in r.output
    r = CliRunner().invoke(app, ["solve", "--record", str(f), "--move", "1"])
    assert r.exit_code == 2 and "R1" in r.output  # still in the auction
    r = CliRunner().invoke(app, ["solve", "bid=betli"])
    assert r.exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "x"}))
    assert CliRunner().invoke(app, ["solve", "--record", str(bad)]).exit_code == 2
