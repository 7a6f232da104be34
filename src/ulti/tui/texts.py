"""The terminal game's words: the ``ui`` section of the one catalogue (:mod:`ulti.i18n`)."""

from __future__ import annotations

import re

from ulti.core.cards import RANK_FACES, RANK_INDEX_EN, RANK_INDEX_HU, SUIT_NAMES_EN, SUIT_NAMES_HU
from ulti.i18n import LANGS, text


def t(lang: str, key: str, **fields: object) -> str:
    """The terminal's words for ``key`` in ``lang``."""
    return text(f"ui.{key}", lang, **fields)


def ta(lang: str, key: str, **fields: object) -> str:
    """The analysis's words for ``key`` in ``lang`` (the catalogue's ``analysis`` section: the
    analysis screen and teaching mode)."""
    return text(f"analysis.{key}", lang, **fields)


def suit_name(lang: str, suit: int) -> str:
    return SUIT_NAMES_HU[suit] if lang == "hu" else SUIT_NAMES_EN[suit]


def rank_short(lang: str, rank: int) -> str:
    """A rank as a card's corner shows it: 7-10, then A F K Á in Hungarian (alsó, felső,
    király, ász) and U O K A in English (Under, Over, King, Ace)."""
    if rank < 4:
        return RANK_FACES[rank]
    return (RANK_INDEX_HU if lang == "hu" else RANK_INDEX_EN)[rank]


#: A RULES.md id as the engine's words cite it: ``A5``, ``R8``, ``ZV1``, ``K1b``.
RULE_ID = r"[A-Z]{1,2}\d{1,2}[a-z]?"
#: "and" between two cited ids, in every language (``R2 and R3``)
_AND = "|".join(re.escape(text("ui.and", lang)) for lang in LANGS)
_CITED = re.compile(
    rf"\s*\((?:{RULE_ID}|unclear seed)(?:(?:,\s*|\s*/\s*|\s+(?:{_AND})\s+){RULE_ID})*\)"
)
_LEADING = re.compile(rf"(?:(?<=^)|(?<=\n)|(?<=— )|(?<=: )){RULE_ID}:\s+")
_MINUS = re.compile(r"(?<![\w.,-])-(?=\d)")


def signed(n: int, lang: str) -> str:
    """A signed whole number: ``+2``, ``-4`` in English, ``+2``, ``−4`` (a real minus sign) in
    Hungarian."""
    out = f"{n:+d}" if n else "0"
    return out.replace("-", "−") if lang == "hu" else out


def plain(words: str, lang: str) -> str:
    """The engine's words as a player reads them: without the RULES.md ids they cite
    (``A5: ...``, ``... (R2)``; the rules screen and the records keep them), and with a real
    minus sign before a number in Hungarian."""
    out = _LEADING.sub("", _CITED.sub("", words))
    return _MINUS.sub("−", out) if lang == "hu" else out
