"""A tournament's checkpoint (``ulti tournament --checkpoint``): every finished game kept on
disk as it ends, so that a stopped tournament goes on where it stopped and ends with the very
results of a run that never stopped; a file that is not this tournament's is refused and left
as it is (what a user saved is never overwritten)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from english_words import english_words_in
from ulti.arena import ulti as tournament_mod
from ulti.arena.checkpoint import CHECKPOINT_FORMAT, Checkpoint, CheckpointError
from ulti.arena.snapszli import tournament as snap_tournament
from ulti.arena.ulti import UnitResult, tournament, units
from ulti.cli import app
from ulti.games.ulti.rules import Ruleset

SPECS = ["rules", "random"]
DEALS = 4
SEED = 5


class Stop(Exception):
    """A stop in the middle of a tournament (Ctrl-C, a closed laptop)."""


def stopping_after(n: int) -> Any:
    def progress(done: int, total: int) -> None:
        if done >= n:
            raise Stop

    return progress


def outcome(results: list[UnitResult]) -> list[tuple[Any, ...]]:
    """What a tournament's results say, decision times aside."""
    return [(r.index, r.seating, r.returns, r.soloist, r.contract, r.made) for r in results]


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def whole() -> tuple[dict[str, Any], list[UnitResult]]:
    """The tournament played through without a checkpoint."""
    return tournament(SPECS, DEALS, SEED)


def test_a_stopped_tournament_goes_on_and_ends_as_one_that_never_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, whole: Any
) -> None:
    cp = tmp_path / "t.jsonl"
    with pytest.raises(Stop):
        tournament(SPECS, DEALS, SEED, progress=stopping_after(7), checkpoint=cp)
    kept = lines(cp)
    assert kept[0]["format"] == CHECKPOINT_FORMAT
    assert kept[0]["config"]["bots"] == SPECS and kept[0]["config"]["deals"] == DEALS
    assert len(kept) == 1 + 7  # every finished game was on disk before the stop
    assert all(len(x["times"]) == 3 for x in kept[1:])  # decision times kept too

    played: list[Any] = []
    run = tournament_mod.run_unit

    def counted(u: Any) -> Any:
        played.append((u.index, u.seating))
        return run(u)

    monkeypatch.setattr(tournament_mod, "run_unit", counted)
    calls: list[tuple[int, int]] = []
    summary, results = tournament(
        SPECS, DEALS, SEED, progress=lambda d, t: calls.append((d, t)), checkpoint=cp
    )
    total = DEALS * 6
    assert len(played) == total - 7  # only what the checkpoint lacked
    assert {(k["index"], tuple(k["seating"])) for k in kept[1:]}.isdisjoint(played)
    assert calls[0] == (7, total) and calls[-1] == (total, total)
    assert outcome(results) == outcome(whole[1])
    assert summary["pairs"] == whole[0]["pairs"]
    assert summary["config"] == whole[0]["config"]
    assert len(lines(cp)) == 1 + total

    # a finished checkpoint: nothing is played again, the same summary comes back
    played.clear()
    again, results2 = tournament(SPECS, DEALS, SEED, checkpoint=cp)
    assert played == [] and outcome(results2) == outcome(whole[1])
    assert again["bots"]["rules"]["decision_ms"] == summary["bots"]["rules"]["decision_ms"]


def test_a_last_line_cut_off_by_a_stop_is_dropped_and_played_again(
    tmp_path: Path, whole: Any
) -> None:
    cp = tmp_path / "t.jsonl"
    with pytest.raises(Stop):
        tournament(SPECS, DEALS, SEED, progress=stopping_after(5), checkpoint=cp)
    text = cp.read_text(encoding="utf-8")
    cp.write_text(text + '{"index": 3, "seat', encoding="utf-8")  # killed mid-write
    _, results = tournament(SPECS, DEALS, SEED, checkpoint=cp)
    assert outcome(results) == outcome(whole[1])
    kept = lines(cp)  # the file reads whole again: the cut line is gone
    assert len(kept) == 1 + DEALS * 6


def test_a_file_of_another_tournament_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    cp = tmp_path / "t.jsonl"
    with pytest.raises(Stop):
        tournament(SPECS, DEALS, SEED, progress=stopping_after(2), checkpoint=cp)
    before = cp.read_bytes()
    for kw, differs in (
        ({"seed": SEED + 1}, "seed"),
        ({"deals": DEALS + 1}, "deals"),
        ({"specs": ["rules", "pimc"]}, "bots"),
        ({"rules": Ruleset.from_preset("no-four-aces")}, "rules"),
    ):
        args: dict[str, Any] = {"specs": SPECS, "deals": DEALS, "seed": SEED, **kw}
        with pytest.raises(CheckpointError) as err:
            tournament(**args, checkpoint=cp)
        assert err.value.key == "other" and differs in str(err.value)
        assert cp.read_bytes() == before


def test_a_file_that_is_no_checkpoint_or_has_a_foreign_line_is_refused_unchanged(
    tmp_path: Path,
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my own notes\nsecond line\n", encoding="utf-8")
    with pytest.raises(CheckpointError) as err:
        tournament(SPECS, DEALS, SEED, checkpoint=notes)
    assert err.value.key == "not-checkpoint"
    assert notes.read_text(encoding="utf-8") == "my own notes\nsecond line\n"

    cp = tmp_path / "t.jsonl"
    with pytest.raises(Stop):
        tournament(SPECS, DEALS, SEED, progress=stopping_after(3), checkpoint=cp)
    good = cp.read_text(encoding="utf-8").splitlines()
    for bad in (
        '{"index": 99, "seating": [0, 1, 1], "returns": [0, 0, 0], "soloist": -1, '
        '"contract": null, "made": false}',  # a deal this tournament has not
        good[1],  # the same game twice
        '{"index": 0}',  # not a game's result
        "[1, 2",  # not JSON, with lines after it
    ):
        cp.write_text("\n".join([*good, bad, good[2]]) + "\n", encoding="utf-8")
        before = cp.read_bytes()
        with pytest.raises(CheckpointError) as err:
            tournament(SPECS, DEALS, SEED, checkpoint=cp)
        assert err.value.key in ("bad-line",), bad
        assert err.value.fields["line"] in (len(good) + 1, len(good) + 2), bad
        assert cp.read_bytes() == before


def test_one_run_at_a_time_on_a_checkpoint(tmp_path: Path) -> None:
    cp = tmp_path / "t.jsonl"
    todo = list(units(SPECS, DEALS, SEED, Ruleset()))
    config = {"game": "ulti", "bots": SPECS}
    with Checkpoint(cp, config, todo, UnitResult.from_dict):
        with pytest.raises(CheckpointError) as err:
            Checkpoint(cp, config, todo, UnitResult.from_dict).open()
        assert err.value.key == "busy"
    with Checkpoint(cp, config, todo, UnitResult.from_dict) as again:  # free once closed
        assert again.done == []


def test_snapszli_tournaments_keep_a_checkpoint_too(tmp_path: Path) -> None:
    cp = tmp_path / "s.jsonl"
    whole = snap_tournament(["rules", "random"], 3, 2)
    with pytest.raises(Stop):
        snap_tournament(["rules", "random"], 3, 2, progress=stopping_after(3), checkpoint=cp)
    summary, results = snap_tournament(["rules", "random"], 3, 2, checkpoint=cp)
    assert [(r.index, r.seating, r.returns, r.rule) for r in results] == [
        (r.index, r.seating, r.returns, r.rule) for r in whole[1]
    ]
    assert summary["pairs"] == whole[0]["pairs"]
    with pytest.raises(CheckpointError):  # an Ulti tournament's settings: another tournament
        tournament(["rules", "random"], 3, 2, checkpoint=cp)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_command_says_what_it_kept_and_refuses_in_the_players_language(
    tmp_path: Path, lang: str
) -> None:
    runner = CliRunner()
    cp = tmp_path / "t.jsonl"
    base = ["tournament", "--bots", "rules,random", "--deals", "2", "--seed", "3"]
    base += ["--lang", lang, "--checkpoint", str(cp)]
    r = runner.invoke(app, base)
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    assert ("Every game is kept in" in said) == (lang == "en")
    assert len(lines(cp)) == 1 + 2 * 6
    r = runner.invoke(app, base)  # again: everything played already
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    assert ("all 12 games were played already" in said) == (lang == "en")
    if lang == "hu":
        assert "mind a 12 játszma lement már" in said
    before = cp.read_bytes()
    r = runner.invoke(app, [*base[:6], "4", *base[7:]])  # another seed
    assert r.exit_code == 2
    assert "Traceback" not in r.output and cp.read_bytes() == before
    if lang == "hu":
        assert "másik verseny mentési pontja" in " ".join(r.output.split())
        assert not english_words_in(r.output.replace(str(cp), "")), r.output
    else:
        assert "checkpoint of another tournament" in " ".join(r.output.split())
    r = runner.invoke(app, [*base[:-1], str(tmp_path)])  # a folder
    assert r.exit_code == 2 and "Traceback" not in r.output
    r = runner.invoke(app, [*base, "--json", str(cp)])  # the results would go over it
    assert r.exit_code == 2 and cp.read_bytes() == before
    assert ("as the checkpoint and as an output" in " ".join(r.output.split())) == (lang == "en")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_ctrl_c_says_what_was_kept_and_how_to_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """A stop by Ctrl-C: no traceback, exit 130, the games finished kept in the checkpoint and
    the words to go on; without a checkpoint, the words that would have kept them."""
    run = tournament_mod.run_unit
    played: list[int] = []

    def interrupted(u: Any) -> Any:
        if len(played) == 5:
            raise KeyboardInterrupt
        played.append(u.index)
        return run(u)

    monkeypatch.setattr(tournament_mod, "run_unit", interrupted)
    cp = tmp_path / "t.jsonl"
    base = ["tournament", "--bots", "rules,random", "--deals", "3", "--seed", "4"]
    r = CliRunner().invoke(app, [*base, "--lang", lang, "--checkpoint", str(cp)])
    assert r.exit_code == 130 and "Traceback" not in r.output
    said = " ".join(r.output.split())
    if lang == "en":
        assert "Stopped: 5 of 18 games are kept in" in said and "same command goes on" in said
    else:
        assert "Leállítva: 18 játszmából 5 megmaradt" in said
        assert not english_words_in(said.replace(str(cp), "").replace(" ", " ")), said
    assert len(lines(cp)) == 1 + 5
    played.clear()
    r = CliRunner().invoke(app, [*base, "--lang", lang])
    assert r.exit_code == 130
    said = " ".join(r.output.split())
    assert ("none kept: --checkpoint FILE" in said) == (lang == "en")
