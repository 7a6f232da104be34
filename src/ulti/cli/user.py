"""``ulti user``: the owner's commands for the server's accounts (docs/CLUB.md): add one, give
one a new password, disable, enable, grant or revoke a role (:data:`ROLES`: an organiser
creates the club's events), list."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from ulti.cli import console
from ulti.cli.club import DbOpt, _club, _store
from ulti.cli.common import LangOpt, _lang, _user_fail
from ulti.server.accounts import (
    ROLES,
    AccountError,
    Accounts,
    RoleChange,
    check_name,
    clean,
    role_name,
)
from ulti.server.store import User

app = typer.Typer(
    name="user",
    help="The server's accounts: add one, give one a new password, disable, enable, grant or "
    "revoke a role, list.",
    no_args_is_help=True,
    add_completion=False,
)

PasswordStdinOpt = Annotated[
    bool,
    typer.Option(
        "--password-stdin",
        help="Read the password from the first line of the standard input (else it is asked "
        "twice, unseen).",
    ),
]
NameArg = Annotated[str, typer.Argument(help="The account's name.")]
RoleArg = Annotated[
    str,
    typer.Argument(
        help=f"The role: {', '.join(ROLES)} (may create the club's events), or its Hungarian name."
    ),
]


def _password_command(
    command: str,
    doc: str,
    before: Callable[[Accounts, str, str], str],
    change: Callable[[Accounts, str, str], User],
    done: str,
) -> None:
    """``ulti user COMMAND NAME``, an account given a new password (asked twice, or read with
    --password-stdin): ``before(accounts, name, lang)`` refuses, before the password is asked,
    what the change would (one line, exit 1), else gives the name to change;
    ``change(accounts, name, password)`` makes the change, said by ``done``'s words."""

    def run(
        name: NameArg,
        db: DbOpt = None,
        password_stdin: PasswordStdinOpt = False,
        lang: LangOpt = "en",
    ) -> None:
        lang = _lang(lang)
        accounts = _accounts(db, lang)
        named = before(accounts, name, lang)
        password = _new_password(lang, password_stdin)
        _account_change(lang, lambda: change(accounts, named, password), done)

    run.__name__ = f"user_{command}"
    app.command(command, help=doc)(run)


def _free_name(accounts: Accounts, name: str, lang: str) -> str:
    """``name`` cleaned, if a new account may have it (a bad or taken name, or one like an
    account's, refused)."""
    try:
        cleaned = check_name(name)
        accounts.check_free(cleaned)
    except AccountError as exc:
        _user_fail(lang, exc.text(lang))
    return cleaned


def _account_named(accounts: Accounts, name: str, lang: str) -> str:
    """``name``, if an account has it (refused otherwise)."""
    if accounts.store.user_by_name(clean(name)) is None:
        _user_fail(lang, _club(lang, "no-user", name=clean(name)))
    return name


_password_command(
    "add",
    "Make an account (its password asked twice, or read with --password-stdin).",
    _free_name,
    Accounts.register,
    "user-added",
)
_password_command(
    "reset",
    "Give an account a new password; every session of the account ends.",
    _account_named,
    Accounts.reset,
    "user-reset",
)


@app.command("disable")
def user_disable(name: NameArg, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Disable an account: it cannot log in, and every session of it ends."""
    lang = _lang(lang)
    accounts = _accounts(db, lang)
    _account_change(lang, lambda: accounts.disable(name), "user-disabled")


@app.command("enable")
def user_enable(name: NameArg, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Let a disabled account log in again."""
    lang = _lang(lang)
    accounts = _accounts(db, lang)
    _account_change(lang, lambda: accounts.enable(name), "user-enabled")


@app.command("grant")
def user_grant(name: NameArg, role: RoleArg, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Give an account a role (organiser: may create the club's events); one it holds
    already is said, and nothing changes."""
    lang = _lang(lang)
    accounts = _accounts(db, lang)
    _role_change(lang, lambda: accounts.grant(name, role), "role-granted", "role-held")


@app.command("revoke")
def user_revoke(name: NameArg, role: RoleArg, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Take a role from an account; one it does not hold is said, and nothing changes."""
    lang = _lang(lang)
    accounts = _accounts(db, lang)
    _role_change(lang, lambda: accounts.revoke(name, role), "role-revoked", "role-not-held")


@app.command("list")
def user_list(db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Every account: its id, name, since when, whether it is disabled, and its roles."""
    lang = _lang(lang)
    store = _accounts(db, lang).store
    users = store.users()
    if not users:
        console.print(_club(lang, "user-none"), highlight=False)
        return
    roles = store.roles_by_user()
    t = Table(box=box.SIMPLE_HEAD)
    for key in ("id", "name", "since", "state", "roles"):
        t.add_column(_club(lang, f"user-col-{key}"), justify="right" if key == "id" else "left")
    for u in users:
        state = "user-state-disabled" if u.disabled else "user-state-active"
        t.add_row(
            str(u.id),
            escape(u.name),
            u.created.strftime("%Y-%m-%d %H:%M"),
            _club(lang, state),
            ", ".join(role_name(r, lang) for r in roles.get(u.id, [])),
        )
    console.print(t)


def _accounts(db: str | None, lang: str) -> Accounts:
    """The accounts of the database ``db`` (as ``ulti serve --db``), brought up to date."""
    return Accounts(_store(db, lang))


def _new_password(lang: str, from_stdin: bool) -> str:
    """The password, from the standard input's first line or asked twice (unseen)."""
    if from_stdin:
        line = sys.stdin.readline()
        if not line:
            _user_fail(lang, _club(lang, "user-password-stdin"))
        password = line.removesuffix("\n").removesuffix("\r")
    else:
        password = typer.prompt(_club(lang, "user-password"), hide_input=True)
        again = typer.prompt(_club(lang, "user-password-again"), hide_input=True)
        if password != again:
            _user_fail(lang, _club(lang, "user-password-mismatch"))
    return password


def _role_change(lang: str, change: Callable[[], RoleChange], done: str, same: str) -> None:
    """Grant or revoke a role: its refusal (an unknown role or account) is one line and exit
    1, nothing changed; else one line, ``done``'s words, or ``same``'s when the account
    already was as asked."""
    try:
        user, role, changed = change()
    except AccountError as exc:
        _user_fail(lang, exc.text(lang))
    words = _club(lang, done if changed else same, name=user.name, role=role_name(role, lang))
    console.print(escape(words), soft_wrap=True, highlight=False)


def _account_change(lang: str, change: Callable[[], User], done: str) -> None:
    """Run an account change; its refusal is one line and exit 1, its success one line."""
    try:
        user = change()
    except AccountError as exc:
        _user_fail(lang, exc.text(lang))
    console.print(escape(_club(lang, done, name=user.name, id=user.id)), soft_wrap=True)
