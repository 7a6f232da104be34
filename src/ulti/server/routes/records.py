"""A table's finished deals: the list, a deal's record (a download), its replay step by step
and its analysis (:mod:`ulti.analysis.ulti`; Ulti only).  A public table's are anyone's (D2: a
deal is shown whole once it is over); a private table's need a seat's token in the
``Authorization`` header (``Bearer T``, never in a URL) or an account that sits there."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ulti.analysis.board import MAX_LINE, BoardError
from ulti.players.ulti import LEVELS
from ulti.server.refusals import Refused
from ulti.server.services import Services, Svc, address, live_table, sits_at
from ulti.server.tables import Table, TableError

#: the HTTP status of each refusal of an analysis (others: 404, no such finished deal)
ANALYSIS_STATUS = {
    "ulti-only": 422,
    "analysis-busy": 503,
    "analysis-failed": 503,
    "jobs-full": 429,
    "analysis-limited": 429,
}
#: seconds to wait before asking again, after a refusal of each status
RETRY_AFTER = {503: "60", 429: "30"}

router = APIRouter()


def analysis_refused(exc: TableError) -> Refused:
    """A refused analysis or board node as the server answers it: its status (404: no such
    finished deal), a Retry-After where asking again later helps, both languages."""
    status = ANALYSIS_STATUS.get(exc.code, 404)
    retry = RETRY_AFTER.get(status)
    headers = {"Retry-After": retry} if retry else None
    return Refused(status, exc.message, exc.message_hu, headers)


def authorized(svc: Services, table_id: str, req: Request) -> Table:
    """A table whose finished deals this request may see: a public table's (D2: a deal
    is shown whole once it is over), or a private table's to its players: a seat's token in
    the Authorization header (``Bearer T``), or an account that sits there (403 for anyone
    else: nothing of the table is shown)."""
    t = live_table(svc, table_id)
    if not t.stored.public and not sits_at(svc, t, req):
        raise Refused.of(403, "token-needed")
    return t


@router.get("/api/tables/{table_id}/deals")
async def deals(table_id: str, req: Request, svc: Svc) -> list[dict[str, Any]]:
    return authorized(svc, table_id, req).finished_deals()


@router.get("/api/tables/{table_id}/deals/{number}/record.json")
async def record(table_id: str, number: int, req: Request, svc: Svc) -> JSONResponse:
    t = authorized(svc, table_id, req)
    try:
        rec = t.record(number)
    except TableError as exc:
        raise Refused.because(exc, 404) from None
    return JSONResponse(
        rec,
        headers={
            "Content-Disposition": (f'attachment; filename="{t.game}-{table_id}-{number}.json"')
        },
    )


@router.get("/api/tables/{table_id}/deals/{number}/steps")
async def steps(table_id: str, number: int, req: Request, svc: Svc) -> dict[str, Any]:
    t = authorized(svc, table_id, req)
    try:
        return t.steps(number)
    except TableError as exc:
        raise Refused.because(exc, 404) from None


@router.get("/api/tables/{table_id}/deals/{number}/analysis")
async def analysis(table_id: str, number: int, req: Request, svc: Svc) -> dict[str, Any]:
    """A finished Ulti deal analysed (ulti.analysis.ulti), worked out once and kept; a new
    one counts against the client address's queue and allowance (429 past them)."""
    t = authorized(svc, table_id, req)
    try:
        return await svc.tables.analysis(t, number, address(req))
    except TableError as exc:
        raise analysis_refused(exc) from None


class BoardLine(BaseModel):
    """A line of the what-if board: the deal's actions from its first, in our notation."""

    line: list[Annotated[str, Field(max_length=40)]] = Field(default=[], max_length=MAX_LINE)
    #: with a level (easy, club, expert): what that computer player would do at its end
    player: str | None = Field(default=None, max_length=16)


@router.post("/api/tables/{table_id}/deals/{number}/board")
async def board(
    table_id: str, number: int, body: BoardLine, req: Request, svc: Svc
) -> dict[str, Any]:
    """A node of a finished deal's what-if board (ulti.analysis.board): the line replayed,
    every hand, its choices valued from the seat to move and double dummy; with ``player``,
    what that level would play there.  A deal in play is refused (409): never explorable."""
    t = authorized(svc, table_id, req)
    if body.player is not None and body.player not in LEVELS:
        raise Refused.of(400, "board-level", levels=", ".join(LEVELS))
    try:
        return await svc.tables.board(t, number, list(body.line), address(req), body.player)
    except BoardError as exc:
        raise Refused(400, exc.text("en"), exc.text("hu")) from None
    except TableError as exc:
        if exc.code == "not-over":
            live = BoardError("live")
            raise Refused(409, live.text("en"), live.text("hu")) from None
        raise analysis_refused(exc) from None
