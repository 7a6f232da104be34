"""The terminal game's words: the ``ui`` section of the one catalogue (:mod:`ulti.i18n`)."""

from __future__ import annotations

from ulti.core.cards import RANK_FACES, RANK_INDEX_EN, RANK_INDEX_HU, SUIT_NAMES_EN, SUIT_NAMES_HU
from ulti.i18n import text
from ulti.i18n.plain import plain

__all__ = ["plain", "rank_short", "signed", "suit_name", "t", "ta"]


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


def signed(n: int, lang: str) -> str:
    """A signed whole number: ``+2``, ``-4`` in English, ``+2``, ``−4`` (a real minus sign) in
    Hungarian."""
    out = f"{n:+d}" if n else "0"
    return out.replace("-", "−") if lang == "hu" else out
