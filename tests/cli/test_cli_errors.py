"""A user's mistake on the command line is one clear line and a non-zero exit, never a
traceback; output paths are checked before the work starts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ulti.cli import app

runner = CliRunner()


def refused(args: list[str], *words: str) -> str:
    r = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert r.exit_code == 2, (args, r.exit_code, r.output)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output
    for w in words:
        assert w in r.output, (args, r.output)
    return r.output


@pytest.mark.parametrize(
    "url",
    ["nonsense://x", "sqlite:////no/such/folder/ulti.sqlite3", "postgresql://u@127.0.0.1:1/db"],
)
def test_serve_with_a_database_it_cannot_open(url: str) -> None:
    refused(["serve", "--db", url, "--port", "8765"], "cannot open the database")


def test_serve_with_a_port_out_of_range() -> None:
    refused(["serve", "--port", "99999"])


@pytest.mark.parametrize("option", ["--reconnect-window", "--turn-limit"])
def test_serve_with_a_window_out_of_range(option: str) -> None:
    """Issue 27 item 1(b): the reconnect window and the turn limit are checked at start."""
    refused(["serve", option, "0", "--port", "8765"], option.removeprefix("--"), "between")


def test_files_that_are_not_records_or_rules(tmp_path: Path) -> None:
    binary = tmp_path / "latin1.json"
    binary.write_bytes('{"seed": "\xe9"}'.encode("latin-1"))
    refused(["replay", str(binary)], "not UTF-8")
    toml = tmp_path / "rules.toml"
    toml.write_bytes(b"four_aces = \xff\n")
    refused(["rules", "--rules", str(toml)])
    refused(["rules", "--rules", str(tmp_path / "missing.toml")])
    refused(["rules", "--preset", ""], "preset")
    # V4: a rules file that names a preset and then undoes it
    own = tmp_path / "club.toml"
    own.write_text('preset = "no-talon"\ntalon = true\n', encoding="utf-8")
    refused(["rules", "--rules", str(own)], "preset 'no-talon' sets talon = false")
    refused(["play", "--rules", str(own), "--new"], "talon = true")


def test_a_hungarian_mistake_is_told_in_hungarian(tmp_path: Path) -> None:
    """With --lang hu the one line of a mistake is Hungarian throughout, the reason too."""
    binary = tmp_path / "latin1.json"
    binary.write_bytes('{"seed": "\xe9"}'.encode("latin-1"))
    for command in ("replay", "analyze"):
        out = refused([command, "--lang", "hu", str(binary)], "hiba:", "nem UTF-8 szöveg")
        assert "error" not in out and "not a record" not in out
    broken = tmp_path / "broken.json"
    broken.write_text("{x", encoding="utf-8")
    refused(["analyze", "--lang", "hu", str(broken)], "nem érvényes JSON")
    refused(["analyze", "--lang", "hu", str(broken), "--threshold", "0"], "0-nál nagyobb")
    out = refused(["play", "--lang", "hu", "--save", str(tmp_path)], "ez egy mappa")
    assert "folder" not in out
    out = refused(["play", "--lang", "hu", "--save", str(tmp_path / "no" / "s.json")])
    assert "nincs ilyen mappa" in out and "no folder" not in out
    refused(["play", "--lang", "hu", "--opponents", "rules,wizard"], "hiba: hibás gépi játékos")
    # the English words stay as they were; solve names a binary record instead of a codec
    refused(["play", "--save", str(tmp_path)], "error:", "it is a folder")
    out = refused(["solve", "--record", str(binary)], "not a record (not UTF-8 text)")
    assert "codec" not in out


def test_markup_in_a_message_is_shown_as_written(tmp_path: Path) -> None:
    rec = tmp_path / "r.json"
    rec.write_text(
        json.dumps(
            {"format": "ulti-record", "version": 2, "seed": 1, "dealer": 0, "actions": [["pass"]]}
        ),
        encoding="utf-8",
    )
    refused(["replay", str(rec)], "[seat, action]")


def test_counts_and_seeds_out_of_range_are_errors() -> None:
    refused(["demo", "--deals", "0"])
    refused(["demo", "--seed", "-1"])
    refused(["tournament", "--deals", "0", "--bots", "random,rules"])


def test_output_paths_are_checked_before_the_work(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such"
    refused(["demo", "--save", str(missing / "d.json")], "cannot write")
    refused(["demo", "--save", str(tmp_path)], "cannot write", "folder")
    out = refused(
        ["tournament", "--bots", "random,rules", "--deals", "2", "--json", str(missing / "t.json")],
        "cannot write",
    )
    assert "Duplicate tournament" not in out  # nothing was played
    refused(
        ["tournament", "--bots", "random,rules", "--deals", "2", "--plot", str(missing / "t.png")],
        "cannot write",
    )


def test_solve_takes_a_deal_from_a_session_record(tmp_path: Path) -> None:
    """A session's record (S3) gives its deals to `solve --record`: the first that reached
    card play, or the one named by --deal; a deal out of range is one line."""
    f = tmp_path / "s.json"
    r = runner.invoke(app, ["demo", "--deals", "3", "--seed", "5", "--save", str(f)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["solve", "--record", str(f)], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "Position:" in r.output and "Objectives" in r.output
    refused(["solve", "--record", str(f), "--deal", "99"], "--deal: 1 to")
