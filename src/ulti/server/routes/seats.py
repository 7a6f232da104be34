"""The club's lobby and seats (docs/CLUB.md): the public tables, a free seat taken from the
lobby, an account's own seat (a new link), a seat given to a computer player (by its own
person, or the creator of a table that is not rated: :mod:`ulti.server.tables.seats`), and a
rematch.  The lobby's live list is :mod:`ulti.server.ws`'s."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ulti.server.accounts import AccountError, check_name
from ulti.server.refusals import Refused
from ulti.server.schemas import GiveSeat, TakeSeat, read_model
from ulti.server.services import Svc, bearer_token, live_table, seat_link
from ulti.server.tables import NOT_YOURS, Asker, Table, TableError, page_number

router = APIRouter()


def seat_of(t: Table, req: Request) -> int | None:
    """The seat whose token came as ``Authorization: Bearer`` (None: none)."""
    token = bearer_token(req)
    if not token:
        return None
    try:
        return t.seat_of_token(token)
    except TableError:
        raise Refused.of(403, "token-needed") from None


@router.get("/api/lobby")
async def lobby(svc: Svc, page: str = "1") -> dict[str, Any]:
    """A page of the lobby (``?page=N``, from 1): its tables, the page, how many pages and
    tables there are (docs/CLUB.md)."""
    try:
        return svc.tables.lobby(page_number(page))
    except TableError as exc:
        raise Refused.because(exc, 422) from None


@router.post("/api/tables/{table_id}/seats/{seat}")
async def take_seat(table_id: str, seat: int, req: Request, svc: Svc) -> JSONResponse:
    svc.club.check_post(req)
    t = live_table(svc, table_id)
    body = await read_model(req, svc.settings, TakeSeat)
    if not t.stored.public:
        raise Refused.of(403, "private")
    user = svc.club.user(req)
    if user is not None:
        name = user.name
    else:
        if t.stored.rated:
            raise Refused.of(403, "rated-accounts")
        try:
            name = svc.accounts.guest_name(check_name(body.name or ""))
        except AccountError as exc:
            raise Refused.because(exc) from None
    try:
        token = await t.take_seat(seat, name, user.id if user else None)
    except TableError as exc:
        raise Refused.because(exc, 409) from None
    return JSONResponse(
        {"seat": seat, "token": token, "link": seat_link(req, t.id, seat, token)},
        status_code=201,
    )


@router.post("/api/tables/{table_id}/seat")
async def my_seat(table_id: str, req: Request, svc: Svc) -> dict[str, Any]:
    svc.club.check_post(req)
    t = live_table(svc, table_id)
    user = svc.club.user(req)
    if user is None:
        raise Refused.of(401, "login-needed")
    try:
        seat, token = await t.new_token_for(user.id)
    except TableError as exc:
        raise Refused.because(exc, 404) from None
    return {"seat": seat, "token": token, "link": seat_link(req, t.id, seat, token)}


@router.post("/api/tables/{table_id}/seats/{seat}/bot")
async def seat_to_bot(table_id: str, seat: int, req: Request, svc: Svc) -> dict[str, Any]:
    """A person's seat to a computer player: asked by its own person (a forfeit), or at a
    table that is not rated by its creator once the seat's person has been away for the
    reconnect window (:mod:`ulti.server.tables.seats`).  403 for whoever may not; 409 for a
    seat that may not be handed over now."""
    svc.club.check_post(req)
    t = live_table(svc, table_id)
    body = await read_model(req, svc.settings, GiveSeat)
    user = svc.club.user(req)
    mine = seat_of(t, req)
    asker = Asker(mine, user.id if user else None, t.is_creator(mine, user.id if user else None))
    try:
        await t.hand_over(seat, body.spec, asker)
    except TableError as exc:
        raise Refused.because(exc, 403 if exc.code in NOT_YOURS else 409) from None
    except ValueError as exc:
        raise Refused.of(422, "bad-table", why=str(exc)[:300]) from None
    return {"seat": seat, "spec": t.stored.seats[seat]["spec"]}


@router.post("/api/tables/{table_id}/rematch")
async def rematch(table_id: str, req: Request, svc: Svc) -> JSONResponse:
    svc.club.check_post(req)
    t = live_table(svc, table_id)
    seat = seat_of(t, req)
    user = svc.club.user(req)
    if seat is None and not (
        user is not None and any(s.get("user") == user.id for s in t.stored.seats)
    ):
        raise Refused.of(403, "token-needed")
    try:
        new = await svc.tables.rematch(t)
    except TableError as exc:
        raise Refused.because(exc, 409) from None
    base = str(req.base_url).rstrip("/")
    return JSONResponse({"id": new.id, "link": f"{base}/t/{new.id}"}, status_code=201)
