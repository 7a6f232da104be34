"""The command line for Snapszli (docs/SNAPSZLI.md): ``ulti play --game snapszli`` (a match to
7, Z12, saved and never overwritten without asking), ``ulti replay`` of Snapszli deals and
matches, ``ulti rules --game snapszli`` (the ZV options and presets), ``ulti tournament --game
snapszli``; a bad --game is refused by name."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ulti.cli
import ulti.cli.play
import ulti.tui.snapszli
from ulti.games.snapszli import MATCH_FORMAT, Kind, SnapDeal, SnapMatch, SnapRules, to_record
from ulti.players.snapszli import PLAY_SPEC

runner = CliRunner()
cli = ulti.cli.app


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, bool]]:
    """The Snapszli games that would have started (the app itself is not run)."""
    calls: list[tuple[Any, bool]] = []
    monkeypatch.setattr(ulti.tui.snapszli, "run", lambda cfg, resume: calls.append((cfg, resume)))
    return calls


def played_match(deals: int = 2, seed: int = 5) -> SnapMatch:
    """A match of ``deals`` finished deals between random legal moves (claims left out)."""
    rng = random.Random(seed)
    m = SnapMatch(SnapRules(), seed=seed, first_dealer=1, players=["Anna", "Béla"])
    for i in range(deals):
        d = m.deal
        while not d.is_over():
            d.apply(rng.choice([a for a in d.legal_actions() if a.kind != Kind.CLAIM]))
        if i < deals - 1 and not m.is_over():
            m.next_deal()
    return m


def saved_match(path: Path) -> str:
    m = played_match(1)
    m.next_deal()
    m.save(path)
    return path.read_text(encoding="utf-8")


# -- --game -----------------------------------------------------------------------------------


def test_a_bad_game_is_refused_naming_the_choices(started: list[tuple[Any, bool]]) -> None:
    for args, words in (
        (["play", "--game", "chess"], ("error", "ulti or snapszli", "chess")),
        (["play", "--game", "chess", "--lang", "hu"], ("hiba", "ulti vagy snapszli")),
        (["rules", "--game", "schnapsen"], ("error", "ulti or snapszli")),
        (["tournament", "--game", "66"], ("error", "ulti or snapszli")),
    ):
        r = runner.invoke(cli, args)
        assert r.exit_code == 2 and "Traceback" not in r.output, r.output
        assert all(w in r.output for w in words), r.output
    assert not started


def test_options_of_the_other_game_are_refused(started: list[tuple[Any, bool]]) -> None:
    """Ulti's --opponents and --deals have no meaning in Snapszli (one opponent; a match to
    the rules' match points, Z12/ZV2); --opponent and --show-points none in Ulti."""
    for args, word in (
        (["play", "--game", "snapszli", "--opponents", "pimc,rules"], "--opponent"),
        (["play", "--game", "snapszli", "--deals", "6"], "ZV2"),
        (["play", "--opponent", "rules"], "--game snapszli"),
        (["play", "--show-points"], "--game snapszli"),
        (["play", "--game", "snapszli", "--opponent", "wizard"], "random, rules or pimc"),
        (["play", "--game", "snapszli", "--preset", "nonsense"], "preset"),
        (["play", "--game", "snapszli", "--resume", "--new"], "exclude"),
    ):
        r = runner.invoke(cli, args)
        assert r.exit_code == 2 and "Traceback" not in r.output, (args, r.output)
        assert word in r.output, (args, r.output)
    assert not started


def test_play_snapszli_passes_its_choices_to_the_game(
    tmp_path: Path, started: list[tuple[Any, bool]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default opponent is pimc, points hidden (Z13), the standard rules (Z12: to 7), the
    file snapszli.json in the data folder (Ulti's stays session.json); --opponent,
    --show-points, --lang, --seed, --preset and --rules FILE (read as Snapszli rules) reach
    the game."""
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app: str(tmp_path / "data"))
    r = runner.invoke(cli, ["play", "--game", "snapszli"])
    assert r.exit_code == 0, r.output
    cfg, resume = started[-1]
    assert cfg.save == tmp_path / "data" / "snapszli.json" and not resume
    assert cfg.opponent == PLAY_SPEC and not cfg.show_points and cfg.lang == "en"
    assert cfg.rules == SnapRules() and cfg.rules.match_points == 7
    assert "ulti play --game snapszli --resume" in r.output
    rules = tmp_path / "r.toml"
    rules.write_text("match_points = 5\nlast_trick_ten = true\n", encoding="utf-8")
    r = runner.invoke(
        cli,
        [
            "play",
            "--game",
            "SnapSzli",
            "--opponent",
            "rules",
            "--show-points",
            "--lang",
            "hu",
            "--seed",
            "9",
            "--rules",
            str(rules),
            "--save",
            str(tmp_path / "m.json"),
        ],
    )
    assert r.exit_code == 0, r.output
    cfg, _ = started[-1]
    assert (cfg.opponent, cfg.show_points, cfg.lang, cfg.seed) == ("rules", True, "hu", 9)
    assert cfg.rules.match_points == 5 and cfg.rules.last_trick_ten  # ZV2, ZV4
    assert "bummli elmentve" in r.output
    r = runner.invoke(
        cli, ["play", "--game", "snapszli", "--preset", "short", "--save", str(tmp_path / "s")]
    )
    assert r.exit_code == 0 and started[-1][0].rules.match_points == 3
    bad = tmp_path / "bad.toml"
    bad.write_text("match_points = 0\n", encoding="utf-8")
    r = runner.invoke(cli, ["play", "--game", "snapszli", "--rules", str(bad)])
    assert r.exit_code == 2 and "ZV2" in r.output and "Traceback" not in r.output


# -- saving: never overwritten without asking ---------------------------------------------------


def test_a_saved_match_is_not_overwritten_without_a_terminal_to_ask(
    tmp_path: Path, started: list[tuple[Any, bool]]
) -> None:
    f = tmp_path / "m.json"
    before = saved_match(f)
    for lang, words in (("en", ("error", "saved match")), ("hu", ("hiba", "mentett bummli"))):
        r = runner.invoke(cli, ["play", "--game", "snapszli", "--save", str(f), "--lang", lang])
        assert r.exit_code == 2 and "Traceback" not in r.output
        said = " ".join(r.output.split())  # the message wraps where the path's length puts it
        assert all(w in said for w in (*words, "--resume", "--new")), r.output
        assert "Anna" in r.output and "Béla" in r.output  # the match's players and score
    assert f.read_text(encoding="utf-8") == before and not started


def test_asked_the_player_resumes_or_starts_anew_keeping_a_backup(
    tmp_path: Path, started: list[tuple[Any, bool]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ulti.cli.play, "_interactive", lambda: True)
    f = tmp_path / "m.json"
    before = saved_match(f)
    r = runner.invoke(cli, ["play", "--game", "snapszli", "--save", str(f)], input="r\n")
    assert r.exit_code == 0, r.output
    assert [x for _, x in started] == [True]
    r = runner.invoke(
        cli, ["play", "--game", "snapszli", "--save", str(f), "--lang", "hu"], input="u\n"
    )
    assert r.exit_code == 0, r.output
    assert [x for _, x in started] == [True, False]
    assert not f.exists() and (tmp_path / "m.json.bak").read_text(encoding="utf-8") == before
    saved_match(f)
    r = runner.invoke(cli, ["play", "--game", "snapszli", "--save", str(f), "--new"])
    assert r.exit_code == 0 and (tmp_path / "m.json.bak-2").exists()
    saved_match(f)
    r = runner.invoke(cli, ["play", "--game", "snapszli", "--save", str(f)], input="q\n")
    assert r.exit_code == 1 and f.exists() and len(started) == 3


def test_a_save_path_that_cannot_be_written_or_read_is_refused_before_play(
    tmp_path: Path, started: list[tuple[Any, bool]]
) -> None:
    for bad in (tmp_path / "no" / "such" / "m.json", tmp_path):
        r = runner.invoke(cli, ["play", "--game", "snapszli", "--save", str(bad)])
        said = " ".join(r.output.split())  # the message wraps where the path's length puts it
        assert r.exit_code == 2 and "cannot save the match" in said, r.output
        assert "Traceback" not in r.output
    for text in ("{not json", json.dumps({"format": "ulti-session"})):
        broken = tmp_path / "broken.json"
        broken.write_text(text, encoding="utf-8")
        r = runner.invoke(cli, ["play", "--game", "snapszli", "--save", str(broken)])
        said = " ".join(r.output.split())
        assert r.exit_code == 2 and "--new" in said and "cannot be read" in said, r.output
        assert broken.read_text(encoding="utf-8") == text
    assert not started


def test_resume_without_a_saved_match_says_so(tmp_path: Path) -> None:
    r = runner.invoke(
        cli, ["play", "--game", "snapszli", "--resume", "--save", str(tmp_path / "none.json")]
    )
    assert r.exit_code == 2 and "no saved match" in " ".join(r.output.split()), r.output


# -- replay -------------------------------------------------------------------------------------


def test_replay_prints_a_snapszli_deal_and_a_match(tmp_path: Path) -> None:
    """A deal record: the hands dealt, the turned trump, every action, the end with its rule
    (Z9-Z11) and the game points; a match: each deal, the score and the winner (Z12); in
    English or Hungarian."""
    rng = random.Random(3)
    d = SnapDeal(seed=11, dealer=1)
    while not d.is_over():
        d.apply(rng.choice([a for a in d.legal_actions() if a.kind != Kind.CLAIM]))
    deal_file = tmp_path / "deal.json"
    deal_file.write_text(json.dumps(to_record(d, ["Anna", "Béla"])), encoding="utf-8")
    r = runner.invoke(cli, ["replay", str(deal_file)])
    assert r.exit_code == 0, r.output
    assert "Snapszli deal, seed 11: Béla deals" in r.output and "Turned trump" in r.output
    assert d.outcome is not None and f"{d.outcome.rule}: " in r.output
    assert "Game points: Anna" in r.output
    r = runner.invoke(cli, ["replay", str(deal_file), "--lang", "hu"])
    assert r.exit_code == 0 and "Snapszli leosztás, 11. mag" in r.output

    m = played_match(3)
    match_file = tmp_path / "match.json"
    m.save(match_file)
    assert json.loads(match_file.read_text(encoding="utf-8"))["format"] == MATCH_FORMAT
    r = runner.invoke(cli, ["replay", str(match_file)])
    assert r.exit_code == 0, r.output
    assert r.output.count("Snapszli deal, seed") == len(m.deals) == 3
    tot = m.totals()
    assert f"Match: Anna {tot[0]}, Béla {tot[1]} (to 7)" in r.output
    while not m.is_over():  # a finished match names its winner (Z12)
        m.next_deal()
        dd = m.deal
        while not dd.is_over():
            dd.apply(rng.choice([a for a in dd.legal_actions() if a.kind != Kind.CLAIM]))
    m.save(match_file)
    r = runner.invoke(cli, ["replay", str(match_file), "--lang", "hu"])
    assert r.exit_code == 0 and "győztes: " + m.players[m.winner()] in r.output


def test_replay_refuses_a_broken_snapszli_record(tmp_path: Path) -> None:
    d = SnapDeal(seed=2)
    rec = to_record(d)
    rec["actions"] = [[d.current_player, "play ♥7"]]  # no VII in Snapszli's pack (Z1)
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(rec), encoding="utf-8")
    r = runner.invoke(cli, ["replay", str(f)])
    assert r.exit_code == 2 and "error" in r.output and "action 1" in r.output
    assert "Traceback" not in r.output
    r = runner.invoke(cli, ["replay", str(f), "--lang", "fr"])
    assert r.exit_code == 2


# -- rules --------------------------------------------------------------------------------------


def test_rules_for_snapszli_print_every_option_within_80_columns(tmp_path: Path) -> None:
    """Each option with its ZV id, value and meaning; the presets, the chosen one marked; the
    lines fit 80 columns, also piped."""
    r = runner.invoke(cli, ["rules", "--game", "snapszli"])
    assert r.exit_code == 0, r.output
    for option, rule in (
        ("twenty_four", "ZV1"),
        ("match_points", "ZV2"),
        ("min_talon", "ZV3"),
        ("last_trick_ten", "ZV4"),
    ):
        assert option in r.output and rule in r.output
    assert "* standard" in r.output and "sixty-six: twenty_four = true" in r.output
    assert "bidding" not in r.output.lower() and "Ladder" not in r.output  # not Ulti's
    assert max(len(line) for line in r.output.splitlines()) <= 80
    r = runner.invoke(cli, ["rules", "--game", "snapszli", "--preset", "sixty-six"])
    assert r.exit_code == 0 and "Snapszli rules: sixty-six" in r.output
    assert "* sixty-six" in r.output
    f = tmp_path / "r.toml"
    f.write_text('preset = "short"\nmin_talon = 5\n', encoding="utf-8")
    r = runner.invoke(cli, ["rules", "--game", "snapszli", "--rules", str(f)])
    assert r.exit_code == 0 and "Snapszli rules: short" in r.output
    line = next(x for x in r.output.splitlines() if "min_talon" in x)
    assert " 5 " in line
    f.write_text("deck = 32\n", encoding="utf-8")
    r = runner.invoke(cli, ["rules", "--game", "snapszli", "--rules", str(f)])
    assert r.exit_code == 2 and "unknown option" in r.output and "Traceback" not in r.output
    r = runner.invoke(cli, ["rules"])  # Ulti's, as before
    assert r.exit_code == 0 and "Ladder" in r.output


def test_rules_for_snapszli_in_hungarian_and_a_bad_file_refused_in_both_languages(
    tmp_path: Path,
) -> None:
    """``ulti rules --game snapszli --lang hu``: the table's words and each option's meaning
    (ZV1-ZV4) in Hungarian; a rules file with an unknown or out-of-range option is refused,
    naming the ZV option (ZV2, ZV3), in the language asked for."""
    r = runner.invoke(cli, ["rules", "--game", "snapszli", "--lang", "hu"])
    assert r.exit_code == 0, r.output
    assert "Snapszli szabályok: standard" in r.output and "jelentés" in r.output
    assert "kilencesekkel" in r.output and "bummlit (Z12)" in r.output  # ZV1, ZV2
    assert "a szabálykönyv játéka" in r.output and "meaning" not in r.output
    assert max(len(line) for line in r.output.splitlines()) <= 80
    r = runner.invoke(cli, ["rules", "--game", "snapszli", "--lang", "fr"])
    assert r.exit_code == 2 and "Traceback" not in r.output
    f = tmp_path / "bad.toml"
    f.write_text("match_pionts = 5\n", encoding="utf-8")
    r = runner.invoke(cli, ["rules", "--game", "snapszli", "--rules", str(f), "--lang", "hu"])
    assert r.exit_code == 2 and "ismeretlen beállítás: 'match_pionts'" in r.output
    assert "match_points" in r.output  # the options that exist are named
    f.write_text("min_talon = 0\n", encoding="utf-8")
    r = runner.invoke(cli, ["rules", "--game", "snapszli", "--rules", str(f), "--lang", "hu"])
    assert r.exit_code == 2 and "ZV3: a min_talon egész szám 1 és 12 között" in r.output
    r = runner.invoke(cli, ["rules", "--game", "snapszli", "--rules", str(f)])
    assert r.exit_code == 2 and "ZV3: min_talon is an integer from 1 to 12" in r.output
    f.write_text("match_points = 0\n", encoding="utf-8")
    r = runner.invoke(cli, ["play", "--game", "snapszli", "--rules", str(f), "--lang", "hu"])
    assert r.exit_code == 2 and "ZV2: a match_points egész szám" in r.output


def test_replay_takes_game_like_the_other_commands(tmp_path: Path) -> None:
    """``ulti replay --game snapszli FILE`` reads a Snapszli record (Z9-Z11 end, Z12 match); a
    record of the other game is refused by name, in the language asked for."""
    m = played_match(2)
    f = tmp_path / "match.json"
    m.save(f)
    r = runner.invoke(cli, ["replay", "--game", "snapszli", str(f)])
    assert r.exit_code == 0, r.output
    assert r.output.count("Snapszli deal, seed") == len(m.deals)
    r = runner.invoke(cli, ["replay", "-g", "ulti", str(f), "--lang", "hu"])
    assert r.exit_code == 2 and "ez nem ulti-felvétel" in r.output
    r = runner.invoke(cli, ["replay", "--game", "chess", str(f)])
    assert r.exit_code == 2 and "ulti or snapszli" in r.output


# -- tournament ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_tiny_snapszli_tournament(tmp_path: Path) -> None:
    """Two deals, each played by the pair in both seatings; the tables, the JSON and the plot
    are written; an unknown player or a single one is refused."""
    out = tmp_path / "t.json"
    r = runner.invoke(
        cli,
        [
            "tournament",
            "--game",
            "snapszli",
            "--bots",
            "rules,random",
            "--deals",
            "2",
            "--seed",
            "3",
            "--json",
            str(out),
            "--plot",
            str(tmp_path / "t.png"),
        ],
    )
    assert r.exit_code == 0, r.output
    assert "Snapszli duplicate tournament: 2 deals x 2 seatings" in r.output
    assert "rules - random" in r.output or "random - rules" in r.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["config"]["game"] == "snapszli" and len(data["units"]) == 4
    assert {tuple(u["seating"]) for u in data["units"]} == {(0, 1), (1, 0)}
    assert (tmp_path / "t.png").stat().st_size > 0
    for bots in ("rules,wizard", "rules"):
        r = runner.invoke(cli, ["tournament", "--game", "snapszli", "--bots", bots])
        assert r.exit_code == 2 and "Traceback" not in r.output
