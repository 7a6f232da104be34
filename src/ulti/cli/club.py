"""What ``ulti user`` and ``ulti ratings`` share: the club's database (--db, as ``ulti serve``'s)
opened and brought up to date, and the words of the catalogue's ``club`` section."""

from __future__ import annotations

from typing import Annotated

import typer
from alembic.util import CommandError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from ulti import i18n
from ulti.cli.common import _user_fail
from ulti.server.store import Store, StoreError, default_url

DbOpt = Annotated[
    str | None,
    typer.Option(
        help="Database URL, as ulti serve --db: sqlite:///PATH or "
        "postgresql://user:pass@host/db (default: the SQLite file in your data folder)."
    ),
]


def _club(lang: str, key: str, **fields: object) -> str:
    """The words of ``ulti user`` and ``ulti ratings``, from the catalogue's ``club`` section."""
    return i18n.text(f"club.{key}", lang, **fields)


def _store(db: str | None, lang: str) -> Store:
    """The database ``db`` (as ``ulti serve --db``), brought up to date; one line and exit 1
    when it cannot be opened."""
    url = db or default_url()
    try:
        return Store(url)
    except (SQLAlchemyError, OSError, ImportError, StoreError, CommandError) as exc:
        why = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        shown = _without_password(url)
        _user_fail(
            lang, _club(lang, "user-db", db=shown, why=why[0] if why else type(exc).__name__)
        )


def _without_password(url: str) -> str:
    """A database URL fit to print (its password hidden)."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:  # a bare path
        return url
