"""The rest of the command line in Hungarian: ``ulti solve --lang hu``, ``ulti tournament --lang
hu`` (Ulti and Snapszli), a broken record's errors (RecordError) and Snapszli's ruleset errors
(SnapRulesError) as catalogue errors in either language, and the web server's refusal of a bad
ruleset in both languages."""

from __future__ import annotations

import json
import pickle
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from english_words import english_words_in
from fixtures import FAIL, POS, ROOT, finished, make_deal, start
from server_util import Running, person
from ulti import i18n
from ulti.cli import app
from ulti.core.errors import CatalogueError
from ulti.games.snapszli import SnapRules, SnapRulesError
from ulti.games.ulti.record import RecordError, dumps, from_record, loads, to_record
from ulti.games.ulti.session import Session

runner = CliRunner()
SRC = ROOT / "src" / "ulti"
WIDE = {"COLUMNS": "200"}
#: A French face card (a Jack or a Queen) after a suit sign: never on a Hungarian screen.
FRENCH_FACE = re.compile(r"[♥♣♠♦][JQ]")


def _hungarian(out: str, *keep: str) -> list[str]:
    """The English words of ``out`` once what a player types as it is (``keep``: computer
    players' names, a position in the notation) is taken out."""
    for word in keep:
        out = out.replace(word, "")
    return english_words_in(out)


def _deal_file(tmp_path: Path) -> Path:
    """test_notation's record: a 40-100 Ulti Durchmars in Acorns at its first card."""
    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    f = tmp_path / "deal.json"
    f.write_text(dumps(d, ["Anna", "Béla", "Cili"]), encoding="utf-8")
    return f


# -- ulti solve --------------------------------------------------------------------------------


def test_solve_in_hungarian() -> None:
    r = runner.invoke(app, ["solve", POS, "--lang", "hu"], env=WIDE)
    assert r.exit_code == 0, r.output
    out = r.output
    for expected in (
        "Bemondás: negyvenszáz ulti durchmars, adu: makk; felvevő: 1. hely; 1. hely következik; "
        "0 ütés lement",
        "Állás: bid=40-100 ulti durchmars",
        "Célok (a legjobb védekezés ellen)",
        "cél",
        "a bemondásban",
        "teljesül",
        "csendes száz",
        "A felvevő ütéspontjai legjobb játékkal: 80",
        "Elszámolás legjobb játékkal: a felvevő +4 egység",
        "1. hely szabályos lapjai",
        "│ ♣F  │ makk felső",  # the Hungarian corner letter, then the card's name
        "* a soron következőnek a legjobb",
    ):
        assert expected in out, (expected, out)
    assert not FRENCH_FACE.search(out), out
    position = next(ln for ln in out.splitlines() if ln.startswith("Állás: "))
    assert _hungarian(out, position) == [], _hungarian(out, position)
    for word in ("Contract", "Objectives", "Settlement", "yes", "units", "Seat"):
        assert word not in out, word
    # English stays as it was (test_notation checks its lines), and is the default
    en = runner.invoke(app, ["solve", POS], env=WIDE)
    assert en.exit_code == 0
    assert (
        "Contract: 40-100 Ulti Durchmars / negyvenszáz ulti durchmars, Acorns (makk)" in en.output
    )
    assert "│ ♣Q   │ makk felső" in en.output and "Állás" not in en.output
    r = runner.invoke(app, ["solve", POS, "--lang", "fr"])
    assert r.exit_code == 2 and "--lang" in r.output


def test_solve_of_a_record_and_its_refusals_in_hungarian(tmp_path: Path) -> None:
    f = _deal_file(tmp_path)
    r = runner.invoke(app, ["solve", "--record", str(f), "--lang", "hu"], env=WIDE)
    assert r.exit_code == 0, r.output
    assert "felvevő: Béla; Béla következik" in r.output
    # still in the auction; a deal out of range; nothing to solve
    r = runner.invoke(app, ["solve", "--record", str(f), "--move", "1", "--lang", "hu"])
    assert r.exit_code == 2 and "hiba: R1: a megoldó a lejátszás" in r.output, r.output
    assert "solver" not in r.output
    s = tmp_path / "s.json"
    assert (
        runner.invoke(app, ["demo", "--deals", "3", "--seed", "5", "--save", str(s)]).exit_code == 0
    )
    r = runner.invoke(app, ["solve", "--record", str(s), "--deal", "9", "--lang", "hu"])
    assert r.exit_code == 2 and "hiba: --deal: 1 és 3 között" in r.output, r.output
    r = runner.invoke(app, ["solve", "--lang", "hu"])
    assert r.exit_code == 2 and "adj meg egy állást" in r.output
    r = runner.invoke(app, ["solve", "--record", str(tmp_path / "none.json"), "--lang", "hu"])
    assert r.exit_code == 2 and "hiba: nem olvasható: " in r.output and "Errno" not in r.output
    # a broken record: the record's error in Hungarian
    rec = json.loads(f.read_text(encoding="utf-8"))
    rec["dealer"] = 5
    f.write_text(json.dumps(rec), encoding="utf-8")
    r = runner.invoke(app, ["solve", "--record", str(f), "--lang", "hu"], env=WIDE)
    assert r.exit_code == 2 and "hiba: az osztó: 0, 1 vagy 2 (C3)" in r.output, r.output
    r = runner.invoke(app, ["solve", "--record", str(f)], env=WIDE)
    assert r.exit_code == 2 and "error: dealer: 0, 1 or 2 (C3)" in r.output


# -- ulti tournament ---------------------------------------------------------------------------


def test_an_ulti_tournament_in_hungarian() -> None:
    args = ["tournament", "--bots", "random,rules", "--deals", "2"]
    r = runner.invoke(app, [*args, "--lang", "hu"], env=WIDE)
    assert r.exit_code == 0, r.output
    out = r.output
    for expected in (
        "2 játékos három helyre: mind a 6 ülésrendben egy játékos két helyen ül",
        "Páros verseny: 2 leosztás × 6 ülésrend (1. mag)",
        "játékos",
        "egység / leosztás",
        "95%-os intervallum",
        "felvevőként",
        "döntés ms (medián / p95)",
        "Párok: az egységek különbsége leosztásonként",
        "ítélet",
        "random felvevőként: ",
    ):
        assert expected in out, (expected, out)
    assert "nem különül el" in out or "vezet" in out or "nincs intervallum" in out
    assert _hungarian(out, "random", "rules") == [], _hungarian(out, "random", "rules")
    for word in ("Duplicate", "seatings", "Pairs", "as soloist", "units"):
        assert word not in out, word
    # English as it was
    en = runner.invoke(app, args, env=WIDE)
    assert en.exit_code == 0
    assert "Duplicate tournament: 2 deals x 6 seatings (seed 1)" in en.output
    assert "Pairs: difference of units per deal" in en.output
    assert "2 players for three seats: in each of the 6 seatings one player" in en.output


def test_a_snapszli_tournament_in_hungarian() -> None:
    args = ["tournament", "--game", "snapszli", "--bots", "random,rules", "--deals", "2"]
    r = runner.invoke(app, [*args, "--lang", "hu"], env=WIDE)
    assert r.exit_code == 0, r.output
    out = r.output
    for expected in (
        i18n.text("snap.cli-tourn-seatings", "hu"),
        "Snapszli páros verseny: 2 leosztás x 2 ülésrend (1. mag, szabály: standard)",
        "Párok: a játszmapontok különbsége leosztásonként",
        "játszmapont / leosztás",
        "így nyert: ",
    ):
        assert expected in " ".join(out.split()), (expected, out)
    assert _hungarian(out, "random", "rules", "standard") == [], out
    for word in ("Every pair", "duplicate", "game points", "wins by", "deals x seatings"):
        assert word not in out, word
    en = runner.invoke(app, args, env=WIDE)
    assert en.exit_code == 0 and "Snapszli duplicate tournament: 2 deals" in en.output


@pytest.mark.parametrize(
    ("args", "hungarian", "english"),
    [
        (["--bots", "random"], "egy versenyhez legalább két játékos kell", "at least two"),
        (["--deals", "0", "--bots", "random,rules"], "pozitív", "must be positive"),
        (["--ray", "local", "--workers", "2"], "csak az egyiket add meg", "give one"),
        (["--ray", " "], "egy fürt címe", "a cluster's address"),
        (["--game", "snapszli", "--ray", "local"], "csak Ulti-versenyhez", "for Ulti"),
        (["--game", "snapszli", "--bots", "random"], "legalább két", "two"),
        (["--game", "snapszli", "--deals", "0"], "pozitív", "positive"),
        (["--game", "snapszli", "--preset", "nope"], "ismeretlen előbeállítás", "unknown"),
        (["--bots", "random,wizard"], "hibás gépi játékos", "error:"),
        (["--game", "snapszli", "--bots", "random,wizard"], "hibás gépi játékos", "error:"),
    ],
)
def test_a_tournament_refuses_in_hungarian(
    args: list[str], hungarian: str, english: str, tmp_path: Path
) -> None:
    r = runner.invoke(app, ["tournament", *args, "--lang", "hu"], env=WIDE)
    assert r.exit_code == 2, r.output
    assert r.output.startswith("hiba: ") and hungarian in r.output, r.output
    assert english not in r.output
    en = runner.invoke(app, ["tournament", *args], env=WIDE)
    assert en.exit_code == 2 and en.output.startswith("error: "), en.output


def test_a_tournament_refuses_an_unwritable_output_in_hungarian(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "t.json"
    for game in ("ulti", "snapszli"):
        args = ["tournament", "-g", game, "--bots", "random,rules", "--json", str(missing)]
        r = runner.invoke(app, [*args, "--deals", "2", "--lang", "hu"], env=WIDE)
        assert r.exit_code == 2 and "hiba: nem írható: " in r.output, r.output
        assert "verseny" not in r.output  # nothing was played


# -- RecordError: a broken record, in either language -----------------------------------------


RECORD_CASES: list[tuple[Callable[[dict[str, Any]], object], str, str]] = [
    (lambda r: "not json", "not valid JSON", "nem érvényes JSON"),
    (lambda r: [], "a record is a JSON object", "a játékleírás egy JSON-objektum"),
    (lambda r: {**r, "format": "chess"}, "not an Ulti deal record", "nem egy Ulti-leosztás"),
    (lambda r: {**r, "version": 99}, "unsupported record version 99", "változat: 99"),
    (lambda r: {**r, "seed": -1}, "seed: an integer", "a mag (seed) egész szám"),
    (lambda r: {**r, "dealer": 3}, "dealer: 0, 1 or 2", "az osztó: 0, 1 vagy 2"),
    (lambda r: {**r, "rules": {"bogus": 1}}, "rules: unknown option", "ismeretlen beállítás"),
    (lambda r: {**r, "actions": "play"}, "actions: a list", "[hely, lépés] párok listája"),
    (lambda r: {**r, "deck": 5}, "deck: the 32 card codes", "a 32 lap kódja"),
    (lambda r: {**r, "actions": [[1]]}, "action 1: expected [seat, action]", "1. lépés: [hely"),
    (lambda r: {**r, "actions": [[1, 7]]}, "the action must be text", "szövegnek kell lennie"),
    (lambda r: {**r, "actions": [[2, "pass"]]}, "recorded for seat 2", "az 1. hely következik"),
    (
        lambda r: {**r, "actions": [[1, "pass"]]},
        "action 1 ('pass'): A1: ",
        "1. lépés ('pass'): A1: ",
    ),
    (lambda r: {**r, "result": {"totals": [9, 9, -18]}}, "replay settles", "elszámolása"),
    (lambda r: {**r, "actions": r["actions"][:-1]}, "do not finish", "nem fejezik be"),
    (lambda r: {**r, "actions": [*r["actions"], [0, "pass"]]}, "already over", "már vége"),
]


@pytest.mark.parametrize(("mutate", "english", "hungarian"), RECORD_CASES)
def test_a_record_error_has_both_languages(
    mutate: Callable[[dict[str, Any]], object], english: str, hungarian: str
) -> None:
    rec = to_record(finished(6))
    bad = mutate(rec)
    with pytest.raises(RecordError) as info:
        loads(bad if isinstance(bad, str) else json.dumps(bad))
    exc = info.value
    assert isinstance(exc, CatalogueError)
    assert english in str(exc) and str(exc) == exc.text("en") == exc.text()
    hu = exc.text("hu")
    assert hungarian in hu and hu != str(exc), hu
    assert english not in hu
    assert f"record.{exc.key}" in i18n.CATALOGUE
    assert _hungarian(hu, "'pass'", "(seed)", "(actions)", "JSON") == [], hu
    again = pickle.loads(pickle.dumps(exc))  # a worker's error keeps its key and fields
    assert (again.key, again.text("hu"), str(again)) == (exc.key, hu, str(exc))


def test_a_session_record_error_has_both_languages() -> None:
    s = Session(seed=3)
    rec = json.loads(s.dumps())
    assert Session.from_record(rec).deals  # the record is fine as it is
    rec["deals"][0]["dealer"] = 9
    with pytest.raises(RecordError) as info:
        Session.from_record(rec)
    exc = info.value
    assert str(exc).startswith("deal 1: ")  # the English as it was, then the deal's own error
    assert exc.text("hu").startswith("1. leosztás: ") and "osztó" in exc.text("hu")
    for bad, english, hungarian in (
        ({"format": "x"}, "not an Ulti session record", "nem egy Ulti-játszma"),
        ({**rec, "first_dealer": 7}, "first_dealer: a seat from 0 to 2", "az első osztó"),
        ({**rec, "deals": []}, "deals: a non-empty list", "nem üres listája"),
    ):
        with pytest.raises(RecordError) as info:
            Session.from_record(bad)
        assert english in str(info.value) and hungarian in info.value.text("hu")


def test_a_plain_record_error_keeps_its_words() -> None:
    exc = RecordError("a caller's own words")
    assert str(exc) == exc.text("hu") == "a caller's own words"


def test_every_record_error_key_exists_and_is_used() -> None:
    src = "".join(  # the keys of Ulti's records, at a table of three and of four
        (SRC / "games" / room / n).read_text(encoding="utf-8")
        for room, names in (
            ("ulti", ("record.py", "session.py", "game.py")),
            ("ulti4", ("record.py", "session.py")),
        )
        for n in names
    )
    used = set(re.findall(r"RecordError\(\s*\"([\w-]+)\"", src))  # raised, or given to _need
    used |= set(re.findall(r"\"(bad-[\w-]+)\"", src))
    keys = {k.removeprefix("record.") for k in i18n.CATALOGUE if k.startswith("record.bad-")}
    assert len(used) > 25
    assert sorted(used - keys) == [] and sorted(keys - used) == []


def test_replay_analyze_and_play_say_a_broken_record_in_hungarian(tmp_path: Path) -> None:
    f = tmp_path / "deal.json"
    rec = to_record(finished(6))
    rec["actions"] = [[1, "pass"]]  # the forehand may not pass first (A1)
    f.write_text(json.dumps(rec), encoding="utf-8")
    for command in ("replay", "analyze"):
        r = runner.invoke(app, [command, "--lang", "hu", str(f)], env=WIDE)
        assert r.exit_code == 2, r.output
        assert r.output.startswith(f"hiba: {f}: 1. lépés ('pass'): A1: "), r.output
        assert "error" not in r.output and "action 1" not in r.output
        en = runner.invoke(app, [command, str(f)], env=WIDE)
        assert en.exit_code == 2 and en.output.startswith(f"error: {f}: action 1 ('pass'): A1: ")
    # a session's deal
    s = tmp_path / "s.json"
    assert (
        runner.invoke(app, ["demo", "--deals", "3", "--seed", "2", "--save", str(s)]).exit_code == 0
    )
    data = json.loads(s.read_text(encoding="utf-8"))
    data["deals"][1]["seed"] = -1
    s.write_text(json.dumps(data), encoding="utf-8")
    r = runner.invoke(app, ["replay", "--lang", "hu", str(s)], env=WIDE)
    assert r.exit_code == 2 and "2. leosztás: a mag (seed) egész szám" in r.output, r.output
    r = runner.invoke(app, ["analyze", "--lang", "hu", str(s)], env=WIDE)
    assert r.exit_code == 2 and "2. leosztás: a mag (seed)" in r.output, r.output
    # ulti play --resume of a broken save
    r = runner.invoke(
        app, ["play", "--resume", "--save", str(s), "--lang", "hu"], env=WIDE, input="\n"
    )
    assert r.exit_code == 2 and "2. leosztás: a mag (seed)" in r.output, r.output
    assert "deal 2" not in r.output


def test_the_replay_of_a_good_record_is_unchanged(tmp_path: Path) -> None:
    f = _deal_file(tmp_path)
    d = from_record(json.loads(f.read_text(encoding="utf-8")))
    assert d.history  # the record replays (RecordError is raised only for broken ones)


# -- SnapRulesError: a catalogue error --------------------------------------------------------


def test_a_snapszli_ruleset_error_is_a_catalogue_error(tmp_path: Path) -> None:
    with pytest.raises(SnapRulesError) as info:
        SnapRules(min_talon=0)
    exc = info.value
    assert isinstance(exc, CatalogueError) and exc.key == "int"
    assert str(exc) == exc.text("en") == "ZV3: min_talon is an integer from 1 to 12"
    assert exc.text("hu") == "ZV3: a min_talon egész szám 1 és 12 között"
    again = pickle.loads(pickle.dumps(exc))
    assert (again.key, again.text("hu"), str(again)) == (exc.key, exc.text("hu"), str(exc))
    # a rules file's errors carry the ruleset's rules.file-… keys
    with pytest.raises(SnapRulesError) as info:
        SnapRules.from_toml(tmp_path / "none.toml")
    assert info.value.key == "file-read"
    assert str(info.value).startswith("cannot read rules file ")
    assert info.value.text("hu").startswith("a szabályfájl nem olvasható: ")
    bad = tmp_path / "bad.toml"
    bad.write_text('preset = "standard"\nx = [\n', encoding="utf-8")
    with pytest.raises(SnapRulesError) as info:
        SnapRules.from_toml(bad)
    assert info.value.key == "file-toml" and "nem érvényes TOML" in info.value.text("hu")
    assert SnapRulesError("own words").text("hu") == "own words"
    r = runner.invoke(
        app, ["rules", "--game", "snapszli", "--rules", str(bad), "--lang", "hu"], env=WIDE
    )
    assert r.exit_code == 2 and "nem érvényes TOML" in r.output and "not valid" not in r.output


# -- the web server ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "english", "hungarian"),
    [
        ({"seats": [person()] * 3, "options": {"max_kontra": 1}}, "from 2 (Rekontra", "2-től"),
        (  # V11: "no limit" is no more
            {"seats": [person()] * 3, "options": {"max_kontra": 0}},
            "there is no 'no limit' (0)",
            "„korlátlan” (0) nincs",
        ),
        ({"seats": [person()] * 3, "preset": "nope"}, "unknown preset", "ismeretlen"),
        (
            {"game": "snapszli", "seats": [person()] * 2, "options": {"min_talon": 0}},
            "is an integer from 1 to 12",
            "egész szám 1 és 12 között",
        ),
        (
            {"seats": [{"kind": "bot", "name": "A"}] * 3},
            i18n.text("error.bot-spec", "en"),
            i18n.text("error.bot-spec", "hu"),
        ),
    ],
)
def test_a_bad_ruleset_is_refused_in_both_languages(
    tmp_path: Path, body: dict[str, Any], english: str, hungarian: str
) -> None:
    with Running(f"sqlite:///{tmp_path / 'ulti.sqlite3'}") as srv:
        r = httpx.post(f"{srv.base}/api/tables", json=body)
    assert r.status_code == 422, r.text
    detail, detail_hu = r.json()["detail"], r.json()["detail_hu"]
    assert detail.startswith("the table cannot be made: ") and english in detail
    assert detail_hu.startswith("az asztal nem hozható létre: ") and hungarian in detail_hu
    assert english not in detail_hu
