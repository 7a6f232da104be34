"""The engine's words as a player reads them: without the rule ids they cite.

The engine's texts cite the rule book (``R8: ten tricks played``, ``follow suit (R2)``,
``pays it doubled (A5)``): the records, the rule book and the command line keep them.  Every
player screen (the terminal, the web pages through the server) shows the words alone, with
the ids at most in a details line for the curious.  This module is the one place that tells
the two apart:

* :func:`plain` -- the words without the ids (and with a real minus sign before a number in
  Hungarian);
* :func:`cited` -- the ids a text cites, in order, each once;
* :func:`said` -- a text in every language, plain, with the ids it cited (``{"en", "hu",
  "rules"}``): what the server sends a page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ulti.i18n import LANGS, text

__all__ = ["RULE_ID", "cited", "plain", "said"]

#: A rule book id as the engine's words cite it: ``A5``, ``R8``, ``ZV1``, ``K1b``, ``Z1-Z13``.
RULE_ID = r"[A-Z]{1,2}\d{1,2}[a-z]?(?:\s*[-–]\s*[A-Z]{0,2}\d{1,2}[a-z]?)?"
#: "and" between two cited ids, in every language (``R2 and R3``)
_AND = "|".join(re.escape(text("ui.and", lang)) for lang in LANGS)
_CITED = re.compile(
    rf"\s*\((?:{RULE_ID}|unclear seed)(?:(?:,\s*|\s*/\s*|\s+(?:{_AND})\s+){RULE_ID})*\)"
)
_LEADING = re.compile(rf"(?:(?<=^)|(?<=\n)|(?<=— )|(?<=: )|(?<=\. )|(?<=; )|(?<=\()){RULE_ID}:\s+")
_TAIL = re.compile(rf",\s*{RULE_ID}(?=\))")  # "(10 points, P3)"
_ANY = re.compile(rf"\b{RULE_ID}\b")
_MINUS = re.compile(r"(?<![\w.,-])-(?=\d)")


def plain(words: str, lang: str = "en") -> str:
    """``words`` as a player reads them: without the rule ids they cite (``A5: ...``,
    ``... (R2)``), and with a real minus sign before a number in Hungarian."""
    out = _LEADING.sub("", _TAIL.sub("", _CITED.sub("", words)))
    out = _MINUS.sub("−", out) if lang == "hu" else out
    return out[:1].upper() + out[1:] if out[:1] != words[:1] else out


def cited(*texts: str) -> list[str]:
    """The rule ids ``texts`` cite (leading ``R8:`` or in parentheses), in order, each once."""
    out: list[str] = []
    for words in texts:
        found = [m.group(0) for m in _CITED.finditer(words)]
        found += [m.group(0) for m in _LEADING.finditer(words)]
        found += [m.group(0) for m in _TAIL.finditer(words)]
        for part in found:
            for rule in _ANY.findall(part):
                if rule not in out:
                    out.append(rule)
    return out


def said(texts: Mapping[str, str], rules: Iterable[str] = ()) -> dict[str, Any]:
    """A text in every language (``{"en": ..., "hu": ...}``) as a page shows it: each
    :func:`plain`, with ``rules`` -- the ids it cited and any ``rules`` given -- for a details
    line."""
    out: dict[str, Any] = {lang: plain(words, lang) for lang, words in texts.items()}
    out["rules"] = list(dict.fromkeys([*rules, *cited(*texts.values())]))
    return out
