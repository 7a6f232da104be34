"""Strength levels for people (issue 17): ``easy``, ``club`` and ``expert`` name players by
search and budget, in the command line, the terminal and the lobby's words, in English and
Hungarian."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ulti.cli
import ulti.tui.ulti
from ulti.i18n import text
from ulti.players import LEVELS, Budget, level_of, make_player, resolve
from ulti.players.ulti.pimc import PimcPlayer
from ulti.players.ulti.rules import RulesPlayer
from ulti.tui.ulti import bot_name

runner = CliRunner()


def test_each_level_is_a_player_and_budget() -> None:
    assert set(LEVELS) == {"easy", "club", "expert"}
    assert isinstance(make_player("easy"), RulesPlayer)
    club, expert = make_player("club"), make_player("expert")
    assert isinstance(club, PimcPlayer) and isinstance(expert, PimcPlayer)
    assert club.budget == Budget(12, 80.0) and expert.budget == Budget(64, 800.0)
    assert resolve("expert") == "pimc:samples=64,ms=800" and resolve("pimc") == "pimc"
    assert level_of("pimc:samples=12,ms=80") == "club" and level_of("pimc") is None
    with pytest.raises(ValueError, match="expert"):  # the error lists the levels too
        make_player("grandmaster")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_levels_have_words_in_both_languages(lang: str) -> None:
    words = {lv: text(f"web.{lv}", lang) for lv in LEVELS}
    assert len(set(words.values())) == 3
    if lang == "hu":
        assert words == {"easy": "kezdő", "club": "klubjátékos", "expert": "mester"}
    assert bot_name("expert", 1, lang) == ("Mester 1" if lang == "hu" else "Expert 1")
    assert bot_name("club", 2, lang) == ("Klub 2" if lang == "hu" else "Club 2")
    # a player named by its spec keeps the plain name, even when the spec is a level's
    assert bot_name("pimc:samples=12,ms=80", 2, lang) == ("Gép 2" if lang == "hu" else "Bot 2")
    assert bot_name("pimc", 2, lang) == ("Gép 2" if lang == "hu" else "Bot 2")


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, bool]]:
    calls: list[tuple[Any, bool]] = []
    monkeypatch.setattr(ulti.tui.ulti, "run", lambda cfg, resume: calls.append((cfg, resume)))
    return calls


def test_play_level_seats_both_opponents_at_it(
    tmp_path: Path, started: list[tuple[Any, bool]]
) -> None:
    r = runner.invoke(ulti.cli.app, ["play", "--level", "club", "--save", str(tmp_path / "s")])
    assert r.exit_code == 0, r.output
    assert started[0][0].opponents == ("club", "club")


@pytest.mark.parametrize(
    ("args", "lang"),
    [(["--level", "grandmaster"], "en"), (["--level", "easy", "--opponents", "pimc,rules"], "hu")],
)
def test_play_refuses_a_bad_level_in_one_line(
    tmp_path: Path, started: list[tuple[Any, bool]], args: list[str], lang: str
) -> None:
    r = runner.invoke(ulti.cli.app, ["play", *args, "--lang", lang, "--save", str(tmp_path / "s")])
    assert r.exit_code == 2 and not started
    assert "easy, club, expert" in r.output
    assert ("értéke" in r.output) == (lang == "hu")
    assert "Traceback" not in r.output


@pytest.mark.parametrize(
    ("spec", "en", "hu"),
    [
        ("wizard", "unknown player 'wizard'", "ismeretlen név, 'wizard'"),
        ("pimc:speed=3", "is not samples=N or ms=X", "nem samples=N vagy ms=X alakú keret"),
        ("pimc:samples=0", "samples is a whole number", "közötti egész szám"),
        ("pimc:ms=-1", "ms is a number of milliseconds", "ezredmásodperc"),
    ],
)
def test_a_refused_player_spec_says_why_in_both_languages(spec: str, en: str, hu: str) -> None:
    from ulti.players import PlayerSpecError

    with pytest.raises(PlayerSpecError) as got:
        make_player(spec)
    assert en in str(got.value) and hu in got.value.text("hu")
    assert got.value.text("hu").startswith("hibás gépi játékos")
