"""Every text a player sees comes from one catalogue (ulti.i18n) in English and Hungarian:
each key has both languages with the same fields, no Hungarian entry is left in English, every
key the code (Python and the pages' JavaScript) asks for exists, and no Hungarian words hide
outside the catalogue; the catalogue is read a surface at a time, when its words are asked for."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fixtures import ROOT
from ulti import i18n
from ulti.games.ulti.rules import OPTIONS, PRESETS
from ulti.games.ulti.scoring import Termination
from ulti.server.catalogues import browser_words
from ulti.server.events.service import KINDS

SRC = ROOT / "src" / "ulti"
#: the catalogue's surfaces: its TOML files
SURFACES = sorted(p.stem for p in (SRC / "i18n").glob("*.toml"))
STATIC = SRC / "server" / "static"
#: Words that are the same in both languages (the game's own terms, symbols, numbers).
SAME = {
    "Ulti",
    "JSON",
    "Talon",
    "{message}",
    "ulti",
    "betli",
    "durchmars",
    "Betli",
    "Durchmars",
    "40-100",
    "20-100",
    "{why}",
    "VII",
    "VIII",
    "IX",
    "X",
    "K",
    "mordkontra",
    "kontra",
    "Snapszli",
}


def test_every_key_has_both_languages_with_the_same_fields() -> None:
    assert i18n.check() == []
    # the check can fail: a missing language, a field lost in translation
    broken = {"a": ("seat {seat} wins", ""), "b": ("seat {seat} wins", "nyer")}
    assert i18n.check(broken) == [
        "a: a language is missing",
        "b: the languages hold different fields",
    ]


def test_no_hungarian_entry_is_left_in_english() -> None:
    same = [k for k, (en, hu) in i18n.CATALOGUE.items() if en == hu and en not in SAME]
    assert same == []


def test_the_hungarian_words_players_use() -> None:
    """The issue's list: parti, passz, the kontra levels, terített, negyvenszáz, húszszáz, the
    suits and the ranks."""
    hu = {i18n.text(k, "hu") for k in i18n.CATALOGUE}
    for word in (
        "parti",
        "Passz",
        "kontra",
        "rekontra",
        "szubkontra",
        "mordkontra",
        "hirskontra",
        "fedák sári",
        "negyvenszáz",
        "húszszáz",
        "piros",
        "makk",
        "zöld",
        "tök",
        "alsó",
        "felső",
        "király",
        "ász",
    ):
        assert word in hu, word
    assert "terített" in i18n.text("bidword.open", "hu")


def _python_sources() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if "i18n" not in p.parts)


def _keys_used() -> set[str]:
    """Every literal catalogue key the package's code asks for."""
    used: set[str] = set()
    for path in _python_sources():
        src = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"\btext\(\s*[\"']([a-z]+[.][\w.-]+)[\"']", src))
        used |= set(re.findall(r"\bboth\(\s*[\"']([a-z]+[.][\w.-]+)[\"']", src))
        used |= {f"ui.{k}" for k in re.findall(r"\bt\(\s*[\w.]+,\s*[\"'](\w+)[\"']", src)}
        used |= {f"play.{k}" for k in re.findall(r"\b_say\(\s*\w+,\s*\"(\w+)\"", src)}
        used |= {
            f"error.{k}" for k in re.findall(r"TableError\(\s*\"[\w-]+\",\s*\"([\w-]+)\"", src)
        }
        used |= {f"reason.{k}" for k in re.findall(r"Reason\(\s*\"[^\"]+\",\s*\"([\w-]+)\"", src)}
    return used


def test_every_key_the_code_asks_for_exists() -> None:
    used = _keys_used()
    assert len(used) > 60  # the scan finds the calls (it would pass vacuously otherwise)
    assert {"ui.trick", "reason.follow", "play.saved"} <= used
    assert sorted(used - set(i18n.CATALOGUE)) == []


def test_every_page_word_exists_in_both_languages() -> None:
    served = browser_words()
    en, hu = served["en"], served["hu"]
    assert set(en) == set(hu)
    for name in (
        "shell.js",
        "table-kit.js",
        "ulti.js",
        "ulti-teach.js",
        "snapszli.js",
        "lobby.js",
        "replay.js",
        "board.js",
    ):
        src = (STATIC / name).read_text(encoding="utf-8")
        used = set(re.findall(r"\bW\.(\w+)", src)) | set(re.findall(r"\bW\[\"(\w+)\"\]", src))
        assert used, name
        assert sorted(used - set(en)) == [], name


def _words_of(src: str, names: str) -> set[str]:
    """The words a page's script reads from the parts ``names`` (a regex: ``E|W\\.events``)."""
    return set(re.findall(rf"\b(?:{names})\.([a-z]\w*)", src)) | set(
        re.findall(rf"\b(?:{names})\[\"([\w-]+)\"\]", src)
    )


def test_every_events_page_word_exists_in_both_languages() -> None:
    """The events' pages (issue 30) read their words as ``W.events`` (``E`` for short), the
    club's as ``W.club`` (``C``) and the games' as ``W.snap``: each exists, in both languages;
    the keys they make (a kind's, a state's, how often pairs meet) too."""
    served = browser_words()
    en, hu = served["en"], served["hu"]
    assert set(en["events"]) == set(hu["events"])
    made = [f"kind-{k}" for k in KINDS] + [f"state-{s}" for s in ("open", "running", "over")]
    made += ["pairs-0", "pairs-1", "pairs-2", "pairs-more", "kind-other"]
    assert sorted(set(made) - set(en["events"])) == []
    for name in ("events.js", "event.js", "eventkit.js", "clubpage.js", "lobby.js"):
        src = (STATIC / name).read_text(encoding="utf-8")
        parts = (("events", r"E|W\.events"), ("club", r"C|W\.club"), ("snap", r"W\.snap"))
        for part, names in parts:
            used = _words_of(src, names)
            assert sorted(used - set(en[part])) == [], (name, part)
        assert _words_of(src, r"E|W\.events"), name  # (the scan finds them)


def test_every_rule_option_preset_and_end_has_its_words() -> None:
    for o in OPTIONS:
        assert f"option.{o.name}" in i18n.CATALOGUE, o.name
        assert f"option.{o.name}.doc" in i18n.CATALOGUE, o.name
    for p in PRESETS:
        assert f"preset.{p}" in i18n.CATALOGUE, p
        assert f"preset.{p}.doc" in i18n.CATALOGUE, p
    for t in Termination:
        assert f"end.{t.value}" in i18n.CATALOGUE, t


#: Hungarian letters in a literal outside the catalogue: allowed only where the text is no
#: player's sentence (a parser's words, the command's bilingual title, research output).
ALLOWED = {
    (
        "cli/__init__.py",
        "Ulti, Hungary's national three-player card game (Ulti, a magyar kártyajáték).",
    ),
    ("cli/play.py", "ú"),  # a key the resume question accepts (új)
    # the parsers' errors name the notations they read, Hungarian among them
    ("core/cards.py", " is not a card (try 'Hearts Ace', 'piros ász', '♥A' or 'HA')"),
    (
        "core/cards.py",
        " is not a suit (hearts, acorns, leaves, bells; piros, makk, zöld, tök; ♥ ♣ ♠ ♦)",
    ),
}


def _hungarian_literals(path: Path, root: Path = SRC) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and re.search("[őűáéíóöúüŐŰÁÉÍÓÖÚÜ]", node.value)
            and (path.relative_to(root).as_posix(), node.value) not in ALLOWED
        ):
            found.append(f"{path.relative_to(root)}:{node.lineno}: {node.value!r}")
    return found


def test_no_hungarian_words_hide_outside_the_catalogue() -> None:
    found = [hit for path in _python_sources() for hit in _hungarian_literals(path)]
    assert found == []


def test_the_hiding_check_can_fail(tmp_path: Path) -> None:
    bad = tmp_path / "x.py"
    bad.write_text('"""Docstrings may say piros ász."""\nWORD = "Összesen"\n', encoding="utf-8")
    assert _hungarian_literals(bad, tmp_path) == ["x.py:2: 'Összesen'"]


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_text_fills_fields_and_falls_back_to_english(lang: str) -> None:
    out = i18n.text("error.no-deal", lang, number=7)
    assert "7" in out
    assert i18n.text("ui.trick", "de") == i18n.text("ui.trick", "en")
    with pytest.raises(KeyError):
        i18n.text("ui.no-such-key", lang)


def test_each_key_finds_the_surface_that_holds_it() -> None:
    """A key's section (its first word; the names' first words) names the one surface file
    that holds it, so asking for a key reads the right file and nothing else."""
    held: dict[str, str] = {}
    for surface in SURFACES:
        for name, table in i18n.read_surface(surface).items():
            assert name not in held, name
            held[name] = surface
            for key in table:
                full = f"{name}.{key}" if name else key
                assert i18n._section_of(full) == name, full
    assert held == i18n._SURFACE_OF
    assert list(i18n.CATALOGUE) == list(i18n.keys())
    assert len(i18n.CATALOGUE) == len(set(i18n.CATALOGUE)) > 1000
    for key in ("nosuch.key", "", ".x", "suit.9"):
        assert key not in i18n.CATALOGUE


def test_the_engine_reads_only_the_card_names_and_a_key_loads_its_surface() -> None:
    code = (
        "import json, sys\n"
        "import ulti, ulti.games.ulti.actions, ulti.games.ulti.bids, ulti.core.cards\n"
        "import ulti.games.ulti.legality, ulti.games.ulti.rules\n"
        "from ulti import i18n\n"
        "seen = [i18n.surfaces_loaded()]\n"
        "i18n.pair('club.name-length')\n"
        "'nosuch.key' in i18n.CATALOGUE\n"
        "seen.append(i18n.surfaces_loaded())\n"
        "len(i18n.CATALOGUE)\n"
        "seen.append(i18n.surfaces_loaded())\n"
        "print(json.dumps(seen))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    engine, one_key, everything = json.loads(run.stdout)
    assert engine == ["cards"]
    assert one_key == ["cards", "club"]
    assert everything == SURFACES
