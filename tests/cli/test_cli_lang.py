"""Ulti's command line in Hungarian: ``ulti replay --lang hu`` of an Ulti deal or session (the
account, the score sheet, the totals), ``ulti rules --lang hu`` (readable at 80 columns and
piped), ``ulti demo --lang hu``, and the ruleset's errors (RulesetError) in either language."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from english_words import english_words_in
from fixtures import ROOT, rich_deal
from ulti import i18n
from ulti.cli import app
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.record import dumps, render
from ulti.games.ulti.rules import LADDERS, OPTIONS, PRESETS, Ruleset, RulesetError

runner = CliRunner()
SRC = ROOT / "src" / "ulti"
#: A French face card (a Jack or a Queen) after a suit sign: never in a Hungarian account.
FRENCH_FACE = re.compile(r"[♥♣♠♦][JQ]")


def test_the_account_of_an_ulti_deal_in_hungarian() -> None:
    d = rich_deal()
    names = ["Anna", "Béla", "Cili"]
    text = render(d, names, "hu")
    for expected in (
        "Ulti leosztás, ",
        "A kiosztott lapok:",
        "Béla (előkéz): ♣Á ♣10 ♣K ♣F ♣A ♣9 ♣8 ♣7",  # makk ász … makk alsó: A F K Á letters
        "Béla licitál: negyvenszáz ulti durchmars (20. rang, értéke 14)",
        "Béla adut mond: makk",
        "Bemondás: Béla játssza: negyvenszáz ulti durchmars, adu: makk",
        "Béla bemond: 40 (makk)",
        "Cili: durchmars: kontra",
        " 1. Béla ♣Á, Cili ♥9, Anna ♥7 → Béla (10)",
        "10. Cili ♠10, Anna ♦10, Béla ♣7 → Béla (20)",
        "Vége: R8: mind a tíz ütés lement",
        "Elszámolás:",
        "Összesen: Anna +4  Béla -8  Cili +4",
    ):
        assert expected in text, (expected, text)
    assert not FRENCH_FACE.search(text), text
    assert english_words_in(text) == [], english_words_in(text)
    # English stays as it was (test_record checks its lines), and is the default
    assert render(d, names) == render(d, names, "en") != text
    assert "Béla (forehand): ♣A ♣10 ♣K ♣Q ♣J ♣9 ♣8 ♣7" in render(d, names)


def test_a_deal_in_progress_and_unnamed_seats_in_hungarian() -> None:
    d = Deal(Ruleset(), seed=3, dealer=0)
    text = render(d, None, "hu")
    assert "0. hely (osztó)" in text and "1. hely (előkéz)" in text
    assert "(folyamatban: első licitkör" in text or "(folyamatban: letétel" in text, text
    assert "Seat" not in text and english_words_in(text) == []
    assert "Seat 0 (dealer)" in render(d) and "(in progress: " in render(d)


def test_replay_and_demo_of_an_ulti_deal_in_hungarian(tmp_path: Path) -> None:
    f = tmp_path / "deal.json"
    d = rich_deal()
    f.write_text(dumps(d, ["Anna", "Béla", "Cili"]), encoding="utf-8")
    r = runner.invoke(app, ["replay", "--lang", "hu", str(f)], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert r.output.strip() == render(d, ["Anna", "Béla", "Cili"], "hu")
    en = runner.invoke(app, ["replay", str(f)], env={"COLUMNS": "200"})
    assert en.exit_code == 0 and en.output.strip() == render(d, ["Anna", "Béla", "Cili"])
    # demo --lang hu prints the account its record replays to, in Hungarian
    saved = tmp_path / "demo.json"
    r = runner.invoke(
        app, ["demo", "--seed", "4", "--lang", "hu", "--save", str(saved)], env={"COLUMNS": "200"}
    )
    assert r.exit_code == 0, r.output
    r2 = runner.invoke(app, ["replay", "--lang", "hu", str(saved)], env={"COLUMNS": "200"})
    assert r2.exit_code == 0 and r2.output == r.output
    assert "A kiosztott lapok:" in r.output and "0. hely" in r.output
    assert english_words_in(r.output) == [] and not FRENCH_FACE.search(r.output)


def test_replay_of_a_session_in_hungarian_has_a_hungarian_score_sheet(tmp_path: Path) -> None:
    f = tmp_path / "match.json"
    r = runner.invoke(
        app,
        ["demo", "--deals", "6", "--seed", "2", "--save", str(f), "--lang", "hu"],
        env={"COLUMNS": "200"},
    )
    assert r.exit_code == 0, r.output
    assert "Eredménylap" in r.output and "Győztes: " in r.output and "Score sheet" not in r.output
    r = runner.invoke(app, ["replay", "--lang", "hu", str(f)], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    out = r.output
    for expected in ("1. leosztás", "6. leosztás", "Eredménylap", "osztó", "bemondás"):
        assert expected in out, expected
    assert re.search(r"Összesen: 0\. hely [+-]\d+ egység \([+-]\d+ Ft\)", out), out
    assert "Győztes: " in out
    assert english_words_in(out) == [], english_words_in(out)
    assert not FRENCH_FACE.search(out)
    for word in ("Score sheet", "Totals", "units", "Deal 1", "Seat"):
        assert word not in out, word
    # the English sheet is as it was
    en = runner.invoke(app, ["replay", str(f)], env={"COLUMNS": "200"})
    assert en.exit_code == 0
    assert "Deal 6" in en.output and "Score sheet" in en.output and "Totals: Seat 0" in en.output


def test_replay_refuses_an_unreadable_file_in_hungarian(tmp_path: Path) -> None:
    r = runner.invoke(app, ["replay", "--lang", "hu", str(tmp_path / "none.json")])
    assert r.exit_code == 2 and "hiba: nem olvasható: " in r.output and "cannot" not in r.output
    r = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert r.exit_code == 2 and "error: cannot read " in r.output


def _identifiers(out: str) -> str:
    """``out`` without what a player types as it is: option and preset names, the ladders'
    names, TOML's true and false."""
    words = [o.name for o in OPTIONS] + list(PRESETS) + list(LADDERS) + ["true", "false"]
    for w in sorted(words, key=len, reverse=True):
        out = re.sub(rf"(?<![\w-]){re.escape(w)}(?![\w-])", "", out)
    return out


def _cells(out: str, header: str, column: str, after: str | None) -> list[tuple[str, str]]:
    """A column of one of ``ulti rules``'s tables: for each row, its first word and its cell in
    that column put together from the lines the cell wraps over.  The table is the one whose
    header line matches ``header``, the column runs from the header word ``column`` to the
    word ``after`` (None: to the line's end); a row starts where a line's first column does
    (an option's name, a rank's number), the lines below it (wrapped words, a bid's parts)
    hold nothing there."""
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if re.search(header, line))
    start = lines[head].index(column)
    end = lines[head].index(after) if after else None
    rows: list[tuple[str, list[str]]] = []
    for line in lines[head + 2 :]:
        if not line.strip():
            break
        if re.match(r"^ {1,5}\S", line):
            rows.append((line.split()[0], []))
        rows[-1][1].append(line[start:end].strip())
    return [(first, " ".join(w for w in cell if w)) for first, cell in rows]


def test_rules_in_hungarian_is_readable_at_80_columns_and_piped() -> None:
    """B5's whole ladder with every bid's Hungarian name, every option's Hungarian meaning,
    nothing cut short, nothing wider than 80 columns, no English word."""
    r = runner.invoke(app, ["rules", "--lang", "hu"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    out = r.output
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "…" not in out
    flowing = " ".join(out.split())
    bids = _cells(out, r"\brang\b.*\blicit\b", "licit", "adu")
    ladder = Ruleset().ladder
    assert bids == [(str(b.rank), b.title_hu) for group in ladder.ranks for b in group]
    meanings = _cells(out, r"beállítás.*jelentés", "jelentés", None)
    assert meanings == [(o.name, i18n.text(f"option.{o.name}.doc", "hu")) for o in OPTIONS]
    for expected in ("Szabályok: standard (alap)", "Licitsor: 54 licit 42 rangban", "Csendes"):
        assert expected in flowing, expected
    assert "casual (baráti)" in flowing
    rules = dict(_cells(out, r"beállítás.*jelentés", "szabály", "érték"))
    assert rules["talon_ace_loses_four_aces"] == "R (kétes forrás)"
    assert rules["two_round_auction"] == "V1"
    for word in ("Ruleset", "Ladder", "Presets", "Silent bonuses", "unclear"):
        assert word not in out, word
    assert english_words_in(_identifiers(out)) == [], english_words_in(_identifiers(out))
    # another preset, and the W4 caption
    r = runner.invoke(app, ["rules", "--lang", "hu", "-p", "howto"], env={"COLUMNS": "80"})
    assert r.exit_code == 0 and "a licitáló a licittel együtt mondja meg (W4)" in r.output
    assert max(len(line) for line in r.output.splitlines()) <= 80
    r = runner.invoke(app, ["rules", "--lang", "fr"])
    assert r.exit_code == 2 and "--lang" in r.output


# -- the ruleset's errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "english", "hungarian"),
    [
        (lambda: Ruleset.from_preset(""), "unknown preset ''", "ismeretlen előbeállítás: ''"),
        (lambda: Ruleset(max_kontra=1), "V11/K2: max_kontra is a kontra level", "nem 1"),
        (lambda: Ruleset(max_kontra=0), "there is no 'no limit' (0)", "„korlátlan” (0) nincs"),
        (lambda: Ruleset.from_dict({"nonsense": 1}), "unknown option 'nonsense'", "ismeretlen"),
        (
            lambda: Ruleset(talon=3),  # type: ignore[arg-type]
            "V4: option 'talon' must be true or false, not 3",
            "nem 3",
        ),
        (lambda: Ruleset().with_options(x=1), "unknown option 'x'", "ismeretlen beállítás: 'x'"),
        (lambda: Ruleset(unit_forints=10**9), "S3: unit_forints is at most", "legfeljebb"),
        (lambda: Ruleset(talon=False, two_round_auction=True), "V1/V4: the two-round", "talon"),
    ],
)
def test_a_ruleset_error_has_both_languages(make: object, english: str, hungarian: str) -> None:
    with pytest.raises(RulesetError) as info:
        make()  # type: ignore[operator]
    exc = info.value
    assert english in str(exc) and str(exc) == exc.text("en") == exc.text()
    hu = exc.text("hu")
    assert hungarian in hu and hu != str(exc)
    assert exc.key and f"rules.{exc.key}" in i18n.CATALOGUE
    again = pickle.loads(pickle.dumps(exc))  # a worker's error keeps its key
    assert (again.key, again.text("hu"), str(again)) == (exc.key, hu, str(exc))


def test_a_plain_ruleset_error_keeps_its_words() -> None:
    exc = RulesetError("the club's own words")
    assert str(exc) == exc.text("hu") == "the club's own words"


def test_every_ruleset_error_key_exists_and_is_used() -> None:
    src = (SRC / "games" / "ulti" / "rules.py").read_text(encoding="utf-8")
    src += (SRC / "games" / "rulesfile.py").read_text(encoding="utf-8")
    src += "".join(p.read_text(encoding="utf-8") for p in sorted((SRC / "cli").glob("*.py")))
    used = set(re.findall(r"RulesetError\(\s*\"([\w-]+)\"", src))
    used |= set(re.findall(r"_refusal\(\s*\w+,\s*\"([\w-]+)\"", src))
    keys = {k.removeprefix("rules.") for k in i18n.CATALOGUE if k.startswith("rules.")}
    assert len(used) > 15
    assert sorted(used - keys) == [] and sorted(keys - used) == []


def test_the_command_line_says_a_ruleset_error_in_hungarian(tmp_path: Path) -> None:
    r = runner.invoke(app, ["rules", "--preset", "", "--lang", "hu"])
    assert r.exit_code == 2
    assert "hiba: hibás szabályok: ismeretlen előbeállítás: ''" in r.output
    assert "unknown" not in r.output and "presets:" not in r.output
    own = tmp_path / "club.toml"
    own.write_text('preset = "no-talon"\ntalon = true\n', encoding="utf-8")
    for args in (["rules", "--rules", str(own)], ["play", "--rules", str(own), "--new"]):
        r = runner.invoke(app, [*args, "--lang", "hu"], env={"COLUMNS": "300"})
        assert r.exit_code == 2, r.output
        assert "'no-talon' előbeállítás szerint talon = false" in r.output, r.output
        assert "the preset" not in r.output and "remove that line" not in r.output
    bad = tmp_path / "bad.toml"
    bad.write_text("max_kontra = 1\n", encoding="utf-8")
    r = runner.invoke(app, ["rules", "--rules", str(bad), "--lang", "hu"], env={"COLUMNS": "300"})
    assert r.exit_code == 2 and "„korlátlan” (0) nincs" in r.output and "no limit" not in r.output
    r = runner.invoke(app, ["rules", "--rules", str(tmp_path / "x.toml"), "--lang", "hu"])
    assert r.exit_code == 2 and "a szabályfájl nem olvasható" in r.output
    # the English line is as it was
    r = runner.invoke(app, ["rules", "--rules", str(own)], env={"COLUMNS": "300"})
    assert "error: the preset" not in r.output
    assert "preset 'no-talon' sets talon = false, the file says talon = true" in r.output
