"""The pages: the lobby, a table (one page for every game), a replay, the leaderboard and a
profile (files of ``static/``), the favicon and the card faces (one SVG sprite per style and
language, from :mod:`ulti.render.svg`)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

from ulti.render.svg import sprite_svg
from ulti.server.refusals import Refused
from ulti.server.services import Svc, live_table
from ulti.server.tables import TableError

#: the browser client's files (served under /static)
STATIC = Path(__file__).parent.parent / "static"

router = APIRouter()


@router.get("/leaderboard")
async def leaderboard_page() -> FileResponse:
    return FileResponse(STATIC / "leaderboard.html")


@router.get("/u/{name}")
async def profile_page(name: str) -> FileResponse:
    return FileResponse(STATIC / "profile.html")


@router.get("/")
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


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
async def table_page(table_id: str, svc: Svc) -> FileResponse:
    """One page for every game's table: its script loads the game's module by the table's
    game (static/shell.js); a table that does not exist is a 404."""
    live_table(svc, table_id)
    return FileResponse(STATIC / "table.html")


@router.get("/replay/{table_id}/{number}")
async def replay_page(table_id: str, number: int, svc: Svc) -> FileResponse:
    try:
        live_table(svc, table_id).finished(number)  # a deal is replayed once it is over (D2)
    except TableError as exc:
        raise Refused.because(exc, 404) from None
    return FileResponse(STATIC / "replay.html")
