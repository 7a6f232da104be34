"""The club's accounts (docs/CLUB.md): who is logged in (with the tables they sit at),
registering, logging in and out; the cookies and the CSRF token are
:mod:`ulti.server.club`'s."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ulti.server.accounts import AccountError
from ulti.server.club import CSRF_COOKIE, SESSION_COOKIE, set_csrf_cookie, user_json
from ulti.server.refusals import Refused
from ulti.server.schemas import Credentials, read_model
from ulti.server.services import Svc, address
from ulti.server.store import User
from ulti.server.tables import Tables

router = APIRouter()


@router.get("/api/me")
async def me(req: Request, svc: Svc) -> JSONResponse:
    accounts = svc.accounts
    user = svc.club.user(req)
    csrf = req.cookies.get(CSRF_COOKIE) or accounts.new_csrf()
    if user is not None:
        got = accounts.read(req.cookies.get(SESSION_COOKIE))
        assert got is not None
        csrf = got[1]
    seats = _seats_of(svc.tables, user) if user is not None else []
    out = JSONResponse(
        {"user": user_json(user) if user else None, "csrf": csrf, "tables": seats[-20:]}
    )
    if req.cookies.get(CSRF_COOKIE) != csrf:
        set_csrf_cookie(out, req, csrf)
    if user is None and req.cookies.get(SESSION_COOKIE) is not None:
        out.delete_cookie(SESSION_COOKIE, path="/")  # one that no longer works
    return out


def _seats_of(tables: Tables, user: User) -> list[dict[str, Any]]:
    """The seats ``user`` has at the live tables."""
    return [
        {"id": t.id, "seat": i, "game": t.game, "over": t.session.is_over()}
        for t in tables.live.values()
        for i, s in enumerate(t.stored.seats)
        if s.get("user") == user.id and s["kind"] == "person"
    ]


@router.post("/api/register")
async def register(req: Request, svc: Svc) -> JSONResponse:
    svc.club.check_post(req)
    body = await read_model(req, svc.settings, Credentials)
    try:
        # argon2 takes tens of ms: its own thread, not the store's (actions never wait)
        user = await asyncio.to_thread(svc.accounts.register, body.name, body.password)
    except AccountError as exc:
        raise Refused.because(exc) from None
    return svc.club.logged_in(req, user, 201)


@router.post("/api/login")
async def login(req: Request, svc: Svc) -> JSONResponse:
    svc.club.check_post(req)
    body = await read_model(req, svc.settings, Credentials)
    try:
        user = await asyncio.to_thread(
            svc.accounts.login, body.name, body.password, address(req, "-")
        )
    except AccountError as exc:
        refusal = Refused.because(exc)
        if exc.status == 429:
            refusal.headers = {"Retry-After": str(max(1, int(exc.retry_after or 60)))}
        raise refusal from None
    return svc.club.logged_in(req, user, 200)


@router.post("/api/logout")
async def logout(req: Request, svc: Svc) -> JSONResponse:
    svc.club.check_post(req)
    out = JSONResponse({"user": None})
    out.delete_cookie(SESSION_COOKIE, path="/")
    return out
