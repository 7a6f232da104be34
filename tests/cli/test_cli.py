"""The ``ulti`` command: rules, replay, demo."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ulti.cli import app

runner = CliRunner()


def test_rules_prints_options_and_the_whole_ladder() -> None:
    r = runner.invoke(app, ["rules"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    out = r.output
    assert "two_round_auction" in out and "V1" in out
    assert "20-100 Ulti Open Durchmars of Hearts" in out
    assert "piros húszszáz ulti terített durchmars" in out
    assert "54 bids in 42 ranks" in out


def test_rules_with_preset_and_file(tmp_path: Path) -> None:
    r = runner.invoke(app, ["rules", "--preset", "tournament"], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and "38 bids in 15 ranks" in r.output
    f = tmp_path / "r.toml"
    f.write_text("four_aces = false\n")
    r = runner.invoke(app, ["rules", "--rules", str(f)], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and "42 bids in 31 ranks" in r.output
    f.write_text("nonsense = 1\n")
    r = runner.invoke(app, ["rules", "--rules", str(f)])
    assert r.exit_code == 2 and "unknown option" in r.output
    r = runner.invoke(app, ["rules", "--preset", "nope"])
    assert r.exit_code == 2 and "unknown preset" in r.output


def test_demo_and_replay(tmp_path: Path) -> None:
    f = tmp_path / "deal.json"
    r = runner.invoke(app, ["demo", "--seed", "4", "--save", str(f)], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "Settlement:" in r.output or "not played (A5)" in r.output
    rec = json.loads(f.read_text(encoding="utf-8"))
    assert rec["format"] == "ulti-record"
    r2 = runner.invoke(app, ["replay", str(f)], env={"COLUMNS": "200"})
    assert r2.exit_code == 0
    assert r2.output == r.output  # the same rendering from the record


def test_demo_session_and_replay(tmp_path: Path) -> None:
    f = tmp_path / "match.json"
    r = runner.invoke(
        app, ["demo", "--deals", "6", "--seed", "2", "--save", str(f)], terminal_width=200
    )
    assert r.exit_code == 0, r.output
    assert "Score sheet" in r.output and "Winner" in r.output
    r2 = runner.invoke(app, ["replay", str(f)], env={"COLUMNS": "200"})
    assert r2.exit_code == 0 and "Deal 6" in r2.output and "Score sheet" in r2.output


def test_replay_of_a_bad_file(tmp_path: Path) -> None:
    f = tmp_path / "bad.json"
    f.write_text(
        '{"format": "ulti-record", "version": 1, "seed": 1, "dealer": 0, "actions": [[2, "pass"]]}'
    )
    r = runner.invoke(app, ["replay", str(f)])
    assert r.exit_code == 2 and "recorded for seat 2" in r.output
    r = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert r.exit_code == 2 and "cannot read" in r.output


def test_rules_is_readable_at_80_columns_and_piped() -> None:
    """B5's whole ladder with every bid's full name in both languages, nothing cut short and
    nothing wider than the terminal (a pipe gets the same 80 columns)."""
    from ulti.games.ulti.rules import Ruleset

    r = runner.invoke(app, ["rules"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "…" not in r.output
    flowing = " ".join(r.output.split())  # a long name may wrap, as words do
    for b in Ruleset().ladder.by_key.values():
        assert b.title in flowing and b.title_hu in flowing, b.title
    assert "talon_ace_loses_four_aces" in r.output.replace("\n", "").replace(" ", "")


def test_rules_for_four_at_the_table_in_both_languages() -> None:
    """N1-N5 in words after the ruleset; another number of players is refused (exit 2)."""
    en = runner.invoke(app, ["rules", "--players", "4"], env={"COLUMNS": "100"})
    assert en.exit_code == 0, en.output
    text = " ".join(en.output.split())
    assert "Four at the table" in text and "sits out" in text and "24 deals" in text
    assert "4 more deals" in text and "what a spectator sees" in text
    hu = runner.invoke(app, ["rules", "--players", "4", "--lang", "hu"], env={"COLUMNS": "100"})
    assert hu.exit_code == 0 and "Négyen az asztalnál" in hu.output and "kimarad" in hu.output
    three = runner.invoke(app, ["rules"], env={"COLUMNS": "100"})
    assert "Four at the table" not in three.output
    bad = runner.invoke(app, ["rules", "--players", "5", "--lang", "hu"])
    assert bad.exit_code == 2 and "3 vagy 4" in bad.output
