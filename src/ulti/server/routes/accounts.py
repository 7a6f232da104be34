"""The club's accounts (docs/CLUB.md): who is logged in (with the tables they sit at and the
roles they hold), registering (limited per client address), logging in (limited as
:mod:`ulti.server.accounts` says) and out (the session ends on the server); the cookies and
the CSRF token are :mod:`ulti.server.club`'s."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ulti.server.accounts import AccountError, Accounts
from ulti.server.club import (
    CSRF_COOKIE,
    DEVICE_COOKIE,
    SESSION_COOKIE,
    set_csrf_cookie,
    user_json,
)
from ulti.server.refusals import Refused
from ulti.server.schemas import Credentials, read_model
from ulti.server.services import Svc, address
from ulti.server.store import User, now
from ulti.server.tables import Tables

router = APIRouter()


@router.get("/api/me")
async def me(req: Request, svc: Svc) -> JSONResponse:
    accounts = svc.accounts
    got = accounts.read(req.cookies.get(SESSION_COOKIE))
    user = got[0] if got is not None else None
    csrf = got[1] if got is not None else req.cookies.get(CSRF_COOKIE) or accounts.new_csrf()
    seats = _seats_of(svc.tables, user) if user is not None else []
    roles = await svc.tables.storage(accounts.roles_of, user) if user is not None else []
    out = JSONResponse(
        {
            "user": user_json(user) if user else None,
            "csrf": csrf,
            "tables": seats[-20:],
            # every table waiting for my move (correspondence play: days may pass)
            "my_turn": [x for x in seats if x["turn"]],
            "roles": roles,
        }
    )
    if req.cookies.get(CSRF_COOKIE) != csrf:
        set_csrf_cookie(out, req, csrf)
    if user is None and req.cookies.get(SESSION_COOKIE) is not None:
        out.delete_cookie(SESSION_COOKIE, path="/")  # one that no longer works
    return out


def _seats_of(tables: Tables, user: User) -> list[dict[str, Any]]:
    """The seats ``user`` has at the live tables: whether it is that seat's move, and at a
    table with clocks the seconds it has left."""
    out = []
    for t in tables.live.values():
        for i, s in enumerate(t.stored.seats):
            if s.get("user") != user.id or s["kind"] != "person":
                continue
            over = t.session.is_over()
            turn = not over and not t.waiting and t.deal.current_player == i
            left = None
            if turn and t.clocks is not None:
                left = round(t.clocks.left(i, now()), 1)
            out.append(
                {
                    "id": t.id,
                    "seat": i,
                    "game": t.game,
                    "over": over,
                    "turn": turn,
                    "left": left,
                    "players": [x["name"] for x in t.stored.seats],
                }
            )
    return out


def _refused(exc: AccountError) -> Refused:
    """An account's refusal (a 429 with its Retry-After)."""
    refusal = Refused.because(exc)
    if exc.status == 429:
        refusal.headers = {"Retry-After": str(max(1, int(exc.retry_after or 60)))}
    return refusal


def _registered(
    accounts: Accounts, name: str, password: str, client: str, csrf: str
) -> tuple[User, str]:
    """A new account and its first session's cookie value."""
    user = accounts.register(name, password, client)
    return user, accounts.issue(user, csrf)


def _logged_in(
    accounts: Accounts, name: str, password: str, client: str, device: str | None, csrf: str
) -> tuple[User, str]:
    """The account logged in to and its new session's cookie value."""
    user = accounts.login(name, password, client, device)
    return user, accounts.issue(user, csrf)


@router.post("/api/register")
async def register(req: Request, svc: Svc) -> JSONResponse:
    svc.club.check_post(req)
    body = await read_model(req, svc.settings, Credentials)
    csrf = svc.accounts.new_csrf()
    try:
        # argon2 takes tens of ms: its own thread, not the store's (actions never wait)
        user, session = await asyncio.to_thread(
            _registered, svc.accounts, body.name, body.password, address(req, "-"), csrf
        )
    except AccountError as exc:
        raise _refused(exc) from None
    return svc.club.logged_in(req, user, session, csrf, 201)


@router.post("/api/login")
async def login(req: Request, svc: Svc) -> JSONResponse:
    svc.club.check_post(req)
    body = await read_model(req, svc.settings, Credentials)
    csrf = svc.accounts.new_csrf()
    device = req.cookies.get(DEVICE_COOKIE)
    try:
        user, session = await asyncio.to_thread(
            _logged_in, svc.accounts, body.name, body.password, address(req, "-"), device, csrf
        )
    except AccountError as exc:
        raise _refused(exc) from None
    return svc.club.logged_in(req, user, session, csrf, 200)


@router.post("/api/logout")
async def logout(req: Request, svc: Svc) -> JSONResponse:
    """The session ends on the server (its cookie works nowhere any more), and the browser
    forgets it."""
    svc.club.check_post(req)
    await asyncio.to_thread(svc.accounts.end, req.cookies.get(SESSION_COOKIE))
    out = JSONResponse({"user": None})
    out.delete_cookie(SESSION_COOKIE, path="/")
    return out
