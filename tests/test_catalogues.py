"""Every text a player sees exists in English and Hungarian: each catalogue of words has the
same keys in both languages, and no Hungarian entry is left in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ulti.cli import PLAY_TEXTS
from ulti.legality import DOING
from ulti.legality import TEXTS as REASONS
from ulti.rules import OPTIONS
from ulti.scoring import _TERMINATION_TEXT, LINE_TEXTS
from ulti.tui.texts import TEXTS as TUI

STATIC = Path(__file__).resolve().parent.parent / "src" / "ulti" / "server" / "static"
#: Words that are the same in both languages (names of the game's own terms, symbols).
SAME = {"Ulti", "JSON", "Talon", "{message}", "Kontra", "kontra", "ulti", "betli", "durchmars"}


def test_the_terminal_words_have_both_languages() -> None:
    assert set(TUI["en"]) == set(TUI["hu"])
    for key in TUI["en"]:
        assert TUI["hu"][key] != TUI["en"][key] or TUI["en"][key] in SAME, key


@pytest.mark.parametrize(
    ("name", "table"),
    [
        ("reasons", REASONS),
        ("settlement lines", LINE_TEXTS),
        ("ends", _TERMINATION_TEXT),
        ("play command", PLAY_TEXTS),
        ("phases", DOING),
    ],
)
def test_each_catalogue_has_both_languages(name: str, table: dict[object, object]) -> None:
    for key, words in table.items():
        if isinstance(words, dict):
            en, hu = str(words["en"]), str(words["hu"])
        else:
            assert isinstance(words, tuple) and len(words) == 2
            en, hu = str(words[0]), str(words[1])
        assert en and hu, (name, key)
        assert en != hu or en in SAME, (name, key)
        # the same fields in both: a Hungarian text never loses a number or a name
        assert set(re.findall(r"{(\w+)", en)) == set(re.findall(r"{(\w+)", hu)), (name, key)


def test_the_browser_words_have_both_languages() -> None:
    text = (STATIC / "i18n.js").read_text(encoding="utf-8")
    blocks = re.search(r"en: \{(.*?)\n  \},\n  hu: \{(.*?)\n  \},", text, re.S)
    assert blocks is not None
    pairs: list[dict[str, str]] = [
        dict(re.findall(r"(\w+): \"([^\"]*)\"", b)) for b in blocks.groups()
    ]
    en, hu = pairs
    assert en and set(en) == set(hu)
    for key in en:
        assert hu[key] != en[key] or en[key] in SAME, key
    names_hu = set(re.findall(r"(\w+): \"", text.split("OPTION_NAMES_HU")[1].split("};")[0]))
    assert {o.name for o in OPTIONS} <= names_hu  # every rule option has its Hungarian name
