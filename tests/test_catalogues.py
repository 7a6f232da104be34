"""Every text a player sees comes from one catalogue (ulti.messages) in English and Hungarian:
each key has both languages with the same fields, no Hungarian entry is left in English, every
key the code (Python and the pages' JavaScript) asks for exists, and no Hungarian words hide
outside the catalogue."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from ulti import messages
from ulti.rules import OPTIONS, PRESETS
from ulti.scoring import Termination
from ulti.server.app import browser_words

SRC = Path(__file__).resolve().parent.parent / "src" / "ulti"
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
    assert messages.check() == []
    # the check can fail: a missing language, a field lost in translation
    broken = {"a": ("seat {seat} wins", ""), "b": ("seat {seat} wins", "nyer")}
    assert messages.check(broken) == [
        "a: a language is missing",
        "b: the languages hold different fields",
    ]


def test_no_hungarian_entry_is_left_in_english() -> None:
    same = [k for k, (en, hu) in messages.CATALOGUE.items() if en == hu and en not in SAME]
    assert same == []


def test_the_hungarian_words_players_use() -> None:
    """The issue's list: parti, passz, the kontra levels, terített, negyvenszáz, húszszáz, the
    suits and the ranks."""
    hu = {messages.text(k, "hu") for k in messages.CATALOGUE}
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
    assert "terített" in messages.text("bidword.open", "hu")


def _python_sources() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if p.name != "messages.py")


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
    assert sorted(used - set(messages.CATALOGUE)) == []


def test_every_page_word_exists_in_both_languages() -> None:
    served = browser_words()
    en, hu = served["en"], served["hu"]
    assert set(en) == set(hu)
    for name in ("table.js", "lobby.js", "replay.js"):
        src = (STATIC / name).read_text(encoding="utf-8")
        used = set(re.findall(r"\bW\.(\w+)", src)) | set(re.findall(r"\bW\[\"(\w+)\"\]", src))
        assert used, name
        assert sorted(used - set(en)) == [], name


def test_every_rule_option_preset_and_end_has_its_words() -> None:
    for o in OPTIONS:
        assert f"option.{o.name}" in messages.CATALOGUE, o.name
        assert f"option.{o.name}.doc" in messages.CATALOGUE, o.name
    for p in PRESETS:
        assert f"preset.{p}" in messages.CATALOGUE, p
        assert f"preset.{p}.doc" in messages.CATALOGUE, p
    for t in Termination:
        assert f"end.{t.value}" in messages.CATALOGUE, t


#: Hungarian letters in a literal outside the catalogue: allowed only where the text is no
#: player's sentence (a parser's words, the command's bilingual title, research output).
ALLOWED = {
    (
        "cli/__init__.py",
        "Ulti, Hungary's national three-player card game (Ulti, a magyar kártyajáték).",
    ),
    ("cli/play.py", "ú"),  # a key the resume question accepts (új)
    # the parsers' errors name the notations they read, Hungarian among them
    ("cards.py", " is not a card (try 'Hearts Ace', 'piros ász', '♥A' or 'HA')"),
    ("cards.py", " is not a suit (hearts, acorns, leaves, bells; piros, makk, zöld, tök; ♥ ♣ ♠ ♦)"),
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


@pytest.mark.parametrize("lang", messages.LANGS)
def test_text_fills_fields_and_falls_back_to_english(lang: str) -> None:
    out = messages.text("error.no-deal", lang, number=7)
    assert "7" in out
    assert messages.text("ui.trick", "de") == messages.text("ui.trick", "en")
    with pytest.raises(KeyError):
        messages.text("ui.no-such-key", lang)
