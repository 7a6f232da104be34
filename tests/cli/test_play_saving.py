"""`ulti play` never loses a saved session: it asks (or, without a terminal, refuses and says
how to go on), keeps a backup when starting anew, draws a fresh seed, and refuses a save path it
cannot write before play starts (S3's sessions are saved as they go)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ulti.cli
import ulti.cli.play
import ulti.tui.ulti
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.session import Session

runner = CliRunner()


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, bool]]:
    """The terminal games that would have started (the app itself is not run)."""
    calls: list[tuple[Any, bool]] = []
    monkeypatch.setattr(ulti.tui.ulti, "run", lambda cfg, resume: calls.append((cfg, resume)))
    return calls


def saved_session(path: Path) -> str:
    s = Session(Ruleset.from_preset("standard"), seed=5, players=["Anna", "Béla", "Cili"])
    s.save(path)
    return path.read_text(encoding="utf-8")


def test_a_saved_session_is_not_overwritten_without_a_terminal_to_ask(
    tmp_path: Path, started: list[tuple[Any, bool]]
) -> None:
    f = tmp_path / "s.json"
    before = saved_session(f)
    for lang, words in (("en", ("error", "saved session")), ("hu", ("hiba", "mentett játszma"))):
        r = runner.invoke(ulti.cli.app, ["play", "--save", str(f), "--lang", lang])
        assert r.exit_code == 2 and "Traceback" not in r.output
        assert all(w in r.output for w in (*words, "--resume", "--new")), r.output
    assert f.read_text(encoding="utf-8") == before and not started


def test_asked_the_player_resumes_or_starts_anew_keeping_a_backup(
    tmp_path: Path, started: list[tuple[Any, bool]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ulti.cli.play, "_interactive", lambda: True)
    f = tmp_path / "s.json"
    before = saved_session(f)
    r = runner.invoke(ulti.cli.app, ["play", "--save", str(f)], input="r\n")
    assert r.exit_code == 0, r.output
    resumed = [r for _, r in started]
    assert resumed == [True]
    r = runner.invoke(ulti.cli.app, ["play", "--save", str(f), "--lang", "hu"], input="u\n")
    assert r.exit_code == 0, r.output
    assert [r for _, r in started] == [True, False]  # a new one, which the game will write
    assert not f.exists()
    assert (tmp_path / "s.json.bak").read_text(encoding="utf-8") == before
    saved_session(f)
    r = runner.invoke(ulti.cli.app, ["play", "--save", str(f)], input="q\n")
    assert r.exit_code == 1 and f.exists() and len(started) == 2


def test_new_keeps_every_earlier_backup_and_seeds_are_fresh(
    tmp_path: Path, started: list[tuple[Any, bool]]
) -> None:
    f = tmp_path / "s.json"
    texts = []
    for _ in range(2):
        texts.append(saved_session(f))
        r = runner.invoke(ulti.cli.app, ["play", "--save", str(f), "--new"])
        assert r.exit_code == 0, r.output
    assert (tmp_path / "s.json.bak").read_text(encoding="utf-8") == texts[0]
    assert (tmp_path / "s.json.bak-2").read_text(encoding="utf-8") == texts[1]
    seeds = {cfg.seed for cfg, _ in started}
    assert len(seeds) == 2  # a new session gets a new random seed
    r = runner.invoke(ulti.cli.app, ["play", "--save", str(tmp_path / "t.json"), "--seed", "7"])
    assert r.exit_code == 0 and started[-1][0].seed == 7
    r = runner.invoke(ulti.cli.app, ["play", "--save", str(f), "--new", "--resume"])
    assert r.exit_code == 2 and "exclude" in r.output


def test_a_save_path_that_cannot_be_written_is_refused_before_play(
    tmp_path: Path, started: list[tuple[Any, bool]]
) -> None:
    for bad in (tmp_path / "no" / "such" / "s.json", tmp_path):
        r = runner.invoke(ulti.cli.app, ["play", "--save", str(bad)])
        assert r.exit_code == 2 and "cannot save" in r.output, r.output
        assert "Traceback" not in r.output and "saved" not in r.output.lower().replace(
            "cannot save", ""
        )
    assert not started
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    r = runner.invoke(ulti.cli.app, ["play", "--save", str(broken)])
    assert r.exit_code == 2 and "--new" in r.output
    assert broken.read_text(encoding="utf-8") == "{not json" and not started
