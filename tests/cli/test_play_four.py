"""`ulti play --players 4`: four at the table (docs/RULES.md, N1-N5), you and three computer
players in a session of four; three stays the default, and four is Ulti's alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ulti.cli
import ulti.tui.ulti
import ulti.tui.ulti4
from ulti.games.ulti4 import Session4

runner = CliRunner()


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[tuple[Any, bool]]]:
    """The tables that would have started, of three and of four (the apps are not run)."""
    calls: dict[str, list[tuple[Any, bool]]] = {"three": [], "four": []}
    monkeypatch.setattr(
        ulti.tui.ulti, "run", lambda cfg, resume: calls["three"].append((cfg, resume))
    )
    monkeypatch.setattr(
        ulti.tui.ulti4, "run", lambda cfg, resume: calls["four"].append((cfg, resume))
    )
    return calls


def test_play_help_names_players_four() -> None:
    """N1: the help says what --players 4 is (the dealer deals to the other three and sits
    out)."""
    r = runner.invoke(ulti.cli.app, ["play", "--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0
    assert "--players" in r.output and "sits out" in r.output


def test_players_four_starts_a_table_of_four_with_three_computer_players(
    tmp_path: Path, started: dict[str, list[tuple[Any, bool]]]
) -> None:
    """N1: you and three computer players (default pimc,rules,rules; --level sets all three);
    three at the table stays the default."""
    f = tmp_path / "four.json"
    r = runner.invoke(ulti.cli.app, ["play", "--players", "4", "--save", str(f), "--seed", "3"])
    assert r.exit_code == 0, r.output
    ((cfg, resume),) = started["four"]
    assert cfg.opponents == ("pimc", "rules", "rules") and not resume and cfg.save == f
    r = runner.invoke(ulti.cli.app, ["play", "--players", "4", "--level", "easy", "--save", str(f)])
    assert r.exit_code == 0, r.output
    assert started["four"][-1][0].opponents == ("easy", "easy", "easy")
    r = runner.invoke(ulti.cli.app, ["play", "--save", str(tmp_path / "three.json")])
    assert r.exit_code == 0, r.output
    assert len(started["three"]) == 1 and len(started["four"]) == 2


def test_a_saved_session_of_four_is_resumed_or_kept(
    tmp_path: Path, started: dict[str, list[tuple[Any, bool]]]
) -> None:
    """N4: a saved session of four ("ulti4-session") is never overwritten unasked; --resume
    continues it."""
    f = tmp_path / "four.json"
    Session4(None, 5, 0, ["A", "B", "C", "D"], 8).save(f)
    r = runner.invoke(ulti.cli.app, ["play", "--players", "4", "--save", str(f)])
    assert r.exit_code == 2 and "deal 1 of 8" in " ".join(r.output.split())
    assert not started["four"]
    r = runner.invoke(ulti.cli.app, ["play", "--players", "4", "--save", str(f), "--resume"])
    assert r.exit_code == 0, r.output
    assert started["four"][0][1] is True


@pytest.mark.parametrize(
    ("lang", "words"), [("en", ("error", "Ulti only")), ("hu", ("hiba", "csak ultihoz"))]
)
def test_four_is_for_ulti_alone_and_other_numbers_are_refused(
    lang: str, words: tuple[str, ...], started: dict[str, list[tuple[Any, bool]]]
) -> None:
    """N1: four at the table play Ulti; Snapszli with --players 4, another number of players,
    or two opponents for four are refused in the player's language (exit 2)."""
    r = runner.invoke(
        ulti.cli.app, ["play", "--game", "snapszli", "--players", "4", "--lang", lang]
    )
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert all(w in r.output for w in words), r.output
    r = runner.invoke(ulti.cli.app, ["play", "--players", "5", "--lang", lang])
    assert r.exit_code == 2 and "5" in r.output and "Traceback" not in r.output
    r = runner.invoke(
        ulti.cli.app, ["play", "--players", "4", "--opponents", "pimc,rules", "--lang", lang]
    )
    assert r.exit_code == 2 and "pimc,rules,rules" in r.output
    assert not started["four"] and not started["three"]
