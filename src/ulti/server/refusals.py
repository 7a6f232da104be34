"""The server's HTTP refusals: one exception, answered ``{"detail": English, "detail_hu":
Hungarian}`` with its status and headers by :func:`answer_refused` (the app's handler for it).
"""

from __future__ import annotations

from typing import Protocol

from fastapi import Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from ulti import i18n
from ulti.core.errors import CatalogueError
from ulti.i18n.plain import said
from ulti.server.accounts import AccountError


class Worded(Protocol):
    """A refusal's words in both languages: an account's error, or a table's
    (:class:`~ulti.server.tables.TableError`)."""

    @property
    def message(self) -> str: ...

    @property
    def message_hu(self) -> str: ...


class Refused(Exception):
    """An HTTP refusal in both languages: ``{"detail": English, "detail_hu": Hungarian}``, in
    plain words (:func:`ulti.i18n.plain.said`), with ``"rules"``: the rule ids the words cited,
    when they cited any."""

    def __init__(
        self, status: int, en: str, hu: str, headers: dict[str, str] | None = None
    ) -> None:
        words = said({"en": en, "hu": hu})
        super().__init__(words["en"])
        self.status, self.headers = status, headers
        self.en: str = words["en"]
        self.hu: str = words["hu"]
        self.rules: list[str] = words["rules"]

    @classmethod
    def of(
        cls, status: int, key: str, headers: dict[str, str] | None = None, **fields: object
    ) -> Refused:
        """The refusal ``error.KEY`` of the catalogue."""
        words = i18n.both(f"error.{key}", **fields)
        return cls(status, words["en"], words["hu"], headers)

    @classmethod
    def because(cls, exc: Worded, status: int | None = None) -> Refused:
        """A refused account's or table's words: the account error's own status, or
        ``status`` (a table's error has none of its own: 409 when none is given)."""
        if status is None:
            status = exc.status if isinstance(exc, AccountError) else 409
        return cls(status, exc.message, exc.message_hu)


def bad_table(why: Exception | dict[str, str]) -> Refused:
    """The refusal ``error.bad-table`` (422) with its reason in each language: ``why`` is a
    catalogue error (a ruleset's: :class:`~ulti.core.errors.CatalogueError`, in each language its
    own words), the reason's words in both languages (:func:`ulti.i18n.both`), or any
    other error (its words as they are, in both)."""

    def reason(lang: str) -> str:
        if isinstance(why, dict):
            return why[lang]
        return (why.text(lang) if isinstance(why, CatalogueError) else str(why))[:500]

    words = {lang: i18n.text("error.bad-table", lang, why=reason(lang)) for lang in i18n.LANGS}
    return Refused(422, words["en"], words["hu"])


def validation_message(exc: ValidationError) -> str:
    """Pydantic's errors as one short line per field, without echoing the input."""
    parts = []
    for e in exc.errors()[:5]:
        where = ".".join(str(x) for x in e.get("loc", ()))
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return "; ".join(parts)[:500]


async def answer_refused(_req: Request, exc: Refused) -> JSONResponse:
    """The app's answer to a :class:`Refused` (its exception handler)."""
    body: dict[str, object] = {"detail": exc.en, "detail_hu": exc.hu}
    if exc.rules:
        body["rules"] = exc.rules
    return JSONResponse(body, status_code=exc.status, headers=exc.headers)
