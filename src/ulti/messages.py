"""Compatibility alias of :mod:`ulti.i18n`, the catalogue's home now (temporary).

``src/ulti/cli.py``, ``server/app.py`` and ``server/club.py`` still import ``ulti.messages``
while they are rewritten; everything else reads :mod:`ulti.i18n`.  The lead replaces this
module once they have moved.
"""

from __future__ import annotations

from ulti.i18n import (
    CATALOGUE,
    LANGS,
    Words,
    both,
    check,
    fields_of,
    keys,
    names,
    pair,
    section,
    text,
)

__all__ = [
    "CATALOGUE",
    "LANGS",
    "Words",
    "both",
    "check",
    "fields_of",
    "keys",
    "names",
    "pair",
    "section",
    "text",
]
