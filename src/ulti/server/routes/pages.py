"""The pages: the lobby, a table (one page for every game), a replay, the leaderboard and a
profile, the events and an event's page, the favicon and the card faces (one SVG sprite per
style and language, from :mod:`ulti.render.svg`).

Every page is one head and its own body: ``static/page.html`` holds the head they share (the
page's title and viewport filled in), a file of ``static/`` the page's body.  A page is put
together once, and served with an ETag (a browser that has it gets a 304 when it asks again).
Its scripts and styles stay files of ``static/``: nothing inline.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path
from string import Template

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from ulti.render.svg import sprite_svg
from ulti.server.events.service import EventRefused
from ulti.server.refusals import Refused
from ulti.server.services import Svc, live_table
from ulti.server.tables import TableError

#: the browser client's files (served under /static)
STATIC = Path(__file__).parent.parent / "static"

router = APIRouter()


@dataclass(frozen=True)
class Page:
    """A page: its body (a file of ``static/``), its title and its viewport."""

    body: str
    title: str
    viewport: str = "width=device-width, initial-scale=1"


LOBBY = Page("index.html", "Ulti — lobby")
LEADERBOARD = Page("leaderboard.html", "Ulti — leaderboard")
PROFILE = Page("profile.html", "Ulti — profile")
REPLAY = Page("replay.html", "Ulti — replay")
EVENTS = Page("events.html", "Ulti — events")
EVENT = Page("event.html", "Ulti — event")
PUZZLES = Page("puzzles.html", "Ulti — puzzles")
#: the table fills the screen, under a phone's rounded corners and notch too
TABLE = Page("table.html", "Ulti", "width=device-width, initial-scale=1, viewport-fit=cover")


@functools.cache
def document(page: Page) -> tuple[bytes, str]:
    """The page whole (``static/page.html`` filled in with the page's head and body), and its
    ETag."""
    whole = Template((STATIC / "page.html").read_text(encoding="utf-8")).substitute(
        title=page.title,
        viewport=page.viewport,
        body=(STATIC / page.body).read_text(encoding="utf-8").rstrip("\n"),
    )
    content = whole.encode()
    return content, f'"{hashlib.sha256(content).hexdigest()[:32]}"'


def serve(page: Page, req: Request) -> Response:
    """The page, or 304 Not Modified to a browser whose copy is current (If-None-Match)."""
    content, etag = document(page)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    asked = req.headers.get("if-none-match", "")
    if etag in (tag.strip().removeprefix("W/") for tag in asked.split(",")):
        return Response(status_code=304, headers=headers)
    return Response(content, media_type="text/html", headers=headers)


@router.get("/leaderboard")
async def leaderboard_page(req: Request) -> Response:
    return serve(LEADERBOARD, req)


@router.get("/u/{name}")
async def profile_page(name: str, req: Request) -> Response:
    return serve(PROFILE, req)


@router.get("/events")
async def events_page(req: Request) -> Response:
    return serve(EVENTS, req)


@router.get("/puzzles")
async def puzzles_page(req: Request) -> Response:
    """The puzzle trainer, the rush and the daily puzzle (a shared puzzle: its id in the URL's
    fragment, ``/puzzles#p=ID``)."""
    return serve(PUZZLES, req)


@router.get("/e/{event_id}")
async def event_page(event_id: str, req: Request, svc: Svc) -> Response:
    """An event's page; an event that does not exist is a 404 (in both languages)."""
    try:
        await svc.events.event(event_id)
    except EventRefused as exc:
        raise Refused(exc.status, exc.text("en"), exc.text("hu")) from None
    return serve(EVENT, req)


@router.get("/")
async def lobby(req: Request) -> Response:
    return serve(LOBBY, req)


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> FileResponse:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


@router.get("/cards/{style}-{lang}.svg", include_in_schema=False)
async def card_faces(style: str, lang: str) -> Response:
    """All card faces of a style (hungarian, french) and language (hu, en) as one SVG
    sprite: ``<use href="/cards/hungarian-hu.svg#HA"/>`` (ulti.render.svg)."""
    try:
        sprite = sprite_svg(style, lang)
    except ValueError:
        raise Refused.of(404, "no-cards") from None
    return Response(
        sprite, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
    )


@router.get("/t/{table_id}")
async def table_page(table_id: str, req: Request, svc: Svc) -> Response:
    """One page for every game's table: its script loads the game's module by the table's
    game (static/shell.js); a table that does not exist is a 404."""
    live_table(svc, table_id)
    return serve(TABLE, req)


@router.get("/replay/{table_id}/{number}")
async def replay_page(table_id: str, number: int, req: Request, svc: Svc) -> Response:
    try:
        live_table(svc, table_id).finished(number)  # a deal is replayed once it is over (D2)
    except TableError as exc:
        raise Refused.because(exc, 404) from None
    return serve(REPLAY, req)
