"""The one base of every error the package raises for bad input.

Each error a user can cause (an illegal action, a text that is no card, bid, action, position or
record, a ruleset that does not hold together) is an :class:`UltiError`, and also a
``ValueError`` as it always was, so ``except ValueError`` keeps working.
"""

from __future__ import annotations

from ulti import i18n


class UltiError(ValueError):
    """Bad input to the engine: a clear message, and nothing changed."""


class CatalogueError(UltiError):
    """A refusal whose words are the catalogue's ``SECTION.KEY`` (with ``fields``), in either
    language (:mod:`ulti.i18n`); its ``str`` is the English."""

    section = ""

    def __init__(self, key: str, **fields: object) -> None:
        self.key = key
        self.fields = fields
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return i18n.text(f"{self.section}.{self.key}", lang, **self.fields)


__all__ = ["CatalogueError", "UltiError"]
