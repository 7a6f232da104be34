"""People's events (issue 30, docs/CLUB.md "Events"): an organiser makes one, players
register and unregister until it starts, and everyone reads its standings, each deal's
traveller and the final results (CSV or JSON).  The event's running is
:mod:`ulti.server.events.service`'s.

    GET  /api/events                         the newest events
    POST /api/events                         a new event (an organiser's)
    GET  /api/events/{id}                    one event: settings, entrants, the round's tables
    POST /api/events/{id}/register | unregister | leave | start, end (the organiser's: an
         arena's window closed now)
    GET  /api/events/{id}/standings          the standings by percentage of matchpoints
    GET  /api/events/{id}/boards/{round}/{deal}   a deal's traveller
    GET  /api/events/{id}/results.csv | results.json   the results, for download
"""

from __future__ import annotations

import csv
import io
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ulti.server.events.service import EventRefused
from ulti.server.events.store import StoredEvent
from ulti.server.refusals import Refused
from ulti.server.services import Svc
from ulti.server.store import User

router = APIRouter()


def refused(exc: EventRefused) -> Refused:
    """An event's refusal as the server answers it, in both languages."""
    return Refused(exc.status, exc.text("en"), exc.text("hu"))


def _account(req: Request, svc: Svc) -> User:
    svc.club.check_post(req)
    user = svc.club.user(req)
    if user is None:
        raise Refused.of(401, "login-needed")
    return user


async def _event(svc: Svc, event_id: str) -> StoredEvent:
    try:
        return await svc.events.event(event_id)
    except EventRefused as exc:
        raise refused(exc) from None


def _listed(e: StoredEvent) -> dict[str, Any]:
    return {
        "id": e.id,
        "name": e.name,
        "kind": e.kind,
        "game": e.game,
        "state": e.state,
        "round": e.round,
        "rounds": e.rounds,
        "starts": None if e.starts is None else e.starts.isoformat(),
        "start_count": e.start_count,
        "max_players": e.max_players,
        "link": f"/e/{e.id}",
    }


@router.get("/api/events")
async def events(svc: Svc) -> dict[str, Any]:
    listed = await svc.tables.storage(svc.events.db.events)
    return {"events": [_listed(e) for e in listed]}


@router.post("/api/events")
async def new_event(req: Request, svc: Svc) -> JSONResponse:
    svc.club.check_post(req)
    organiser = svc.club.require_role(req, "organiser")
    try:
        e = await svc.events.create(organiser, await req.json())
    except EventRefused as exc:
        raise refused(exc) from None
    return JSONResponse({"id": e.id, "link": f"/e/{e.id}"}, status_code=201)


@router.get("/api/events/{event_id}")
async def event(event_id: str, req: Request, svc: Svc) -> dict[str, Any]:
    e = await _event(svc, event_id)
    return await svc.events.view(e, svc.club.user(req))


async def _step(event_id: str, req: Request, svc: Svc, step: str) -> dict[str, Any]:
    user = _account(req, svc)
    ev = svc.events
    try:
        if step == "start":
            await ev.start(event_id, by=user)
        elif step == "end":
            await ev.end_window(event_id, user)
        else:
            await {"register": ev.register, "unregister": ev.unregister, "leave": ev.leave}[step](
                event_id, user
            )
        e = await ev.event(event_id)
    except EventRefused as exc:
        raise refused(exc) from None
    return await ev.view(e, user)


@router.post("/api/events/{event_id}/register")
async def register(event_id: str, req: Request, svc: Svc) -> dict[str, Any]:
    return await _step(event_id, req, svc, "register")


@router.post("/api/events/{event_id}/unregister")
async def unregister(event_id: str, req: Request, svc: Svc) -> dict[str, Any]:
    return await _step(event_id, req, svc, "unregister")


@router.post("/api/events/{event_id}/leave")
async def leave(event_id: str, req: Request, svc: Svc) -> dict[str, Any]:
    """A running event left: a computer player takes the player's seat at once, and sits
    for them in every round after."""
    return await _step(event_id, req, svc, "leave")


@router.post("/api/events/{event_id}/start")
async def start(event_id: str, req: Request, svc: Svc) -> dict[str, Any]:
    """The organiser starts the event now."""
    return await _step(event_id, req, svc, "start")


@router.post("/api/events/{event_id}/end")
async def end(event_id: str, req: Request, svc: Svc) -> dict[str, Any]:
    """The organiser closes an arena's window now (the tables playing finish)."""
    return await _step(event_id, req, svc, "end")


@router.get("/api/events/{event_id}/standings")
async def event_standings(event_id: str, svc: Svc) -> dict[str, Any]:
    """The standings, and the boards played so far (``[round, deal]``: each has its
    traveller)."""
    e = await _event(svc, event_id)
    _, _, scored = await svc.events.results(e)
    rows = await svc.events.standings(e, scored)
    boards = sorted({s.result.board for s in scored})
    return {"state": e.state, "round": e.round, "rows": rows, "boards": [list(b) for b in boards]}


@router.get("/api/events/{event_id}/boards/{round_}/{deal}")
async def traveller(
    event_id: str, round_: int, deal: int, svc: Svc, lang: str = "en"
) -> dict[str, Any]:
    e = await _event(svc, event_id)
    try:
        return await svc.events.traveller(e, round_, deal, "hu" if lang == "hu" else "en")
    except EventRefused as exc:
        raise refused(exc) from None


@router.get("/api/events/{event_id}/results.json")
async def results_json(event_id: str, svc: Svc) -> dict[str, Any]:
    e = await _event(svc, event_id)
    rows = await svc.events.standings(e)
    return {"event": _listed(e), "standings": rows}


@router.get("/api/events/{event_id}/results.csv")
async def results_csv(event_id: str, svc: Svc) -> Response:
    e = await _event(svc, event_id)
    rows = await svc.events.standings(e)
    out = io.StringIO()
    fields = (
        ["rank", "name", "percent", "matchpoints", "top", "boards", "units"]
        if e.kind == "duplicate"
        else ["rank", "name", "points", "buchholz", "units", "tables"]
    )
    w = csv.DictWriter(out, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="event-{e.id}.csv"'},
    )
