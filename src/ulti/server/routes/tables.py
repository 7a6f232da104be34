"""The tables' API: creating a table of any game (its body read by the game's table class,
:func:`ulti.server.tables.table_class`) and its public facts; the catalogues the lobby builds
its form from (each game's rules, the words); the server's counters."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from ulti import i18n
from ulti.games.registry import GAMES
from ulti.server.accounts import AccountError, Accounts
from ulti.server.catalogues import browser_words
from ulti.server.guard import BadInput, BodyTooLarge, ServerSettings
from ulti.server.refusals import Refused, bad_table, validation_message
from ulti.server.schemas import NewTable, read_json
from ulti.server.services import Svc, address, seat_link, shown_table
from ulti.server.store import User
from ulti.server.tables import DEFAULT_GAME, game_of, table_class
from ulti.server.tables.game import Settings

log = logging.getLogger(__name__)

router = APIRouter()


@router.get("/api/rules")
async def rules_catalogue() -> dict[str, Any]:
    """The presets and the options an Ulti table (the default game) may set (the lobby
    builds its form from it)."""
    return table_class(DEFAULT_GAME).rules_info()


@router.get("/api/words")
async def words() -> JSONResponse:
    """The pages' words from the one catalogue (ulti.i18n), in both languages."""
    return JSONResponse(browser_words(), headers={"Cache-Control": "public, max-age=300"})


@router.get("/api/health")
async def health(svc: Svc) -> dict[str, Any]:
    """Counters for whoever runs the server (nothing of any game)."""
    tables = svc.tables
    return {
        "ok": True,
        "tables": len(tables.live),
        "connections": svc.connections.total,
        "actions": tables.accepted,
        "bots": {
            **tables.pool.stats.to_dict(),
            "queued": tables.pool.queued,
            "workers": tables.pool.workers,
            "alive": tables.pool.alive(),
        },
        "jobs": {
            **tables.job_pool.stats.to_dict(),
            "queued": tables.jobs.queued,
            "running": tables.jobs.running,
            "refused": tables.jobs.refused,
            "workers": tables.job_pool.workers,
            "alive": tables.job_pool.alive(),
        },
    }


@router.post("/api/tables")
async def create_table(req: Request, svc: Svc) -> JSONResponse:
    svc.club.check_post(req)
    user = svc.club.user(req)
    if not svc.creations.allow(address(req)):
        raise Refused.of(429, "too-many-tables", headers={"Retry-After": "60"})
    body, rules = await _read_new_table(req, svc.settings)
    seats, creator = club_seats(body, user)
    guests_named(seats, svc.accounts, user)
    tables = svc.tables
    try:
        table, tokens = await tables.create(
            rules,
            seats,
            body.lang,
            tables.new_seed(),
            body.game,
            public=body.public,
            rated=body.rated,
            creator=creator,
            bot_after=body.bot_after,
            bot_spec=body.bot_spec,
            time_control=None if body.clock is None else body.clock.model_dump(),
        )
    except Exception as exc:  # the database refused: no table, and the person hears why
        log.warning("could not store a new table (%s: %s)", type(exc).__name__, str(exc)[:200])
        raise Refused.of(503, "not-stored") from None
    links = {str(seat): seat_link(req, table.id, seat, tok) for seat, tok in tokens.items()}
    table.schedule_bot()
    return JSONResponse(
        {"id": table.id, "links": links, "tokens": {str(k): v for k, v in tokens.items()}},
        status_code=201,
    )


@router.get("/api/tables/{table_id}")
async def table_info(table_id: str, req: Request, svc: Svc) -> dict[str, Any]:
    """A table's public facts: a private table's to its players only (a seat's token, or a
    seated account; to anyone else it does not exist)."""
    return shown_table(svc, table_id, req).public()


@router.get("/api/{game}/rules")
async def game_rules_catalogue(game: str) -> dict[str, Any]:
    """A game's presets and options (Snapszli's: ZV1-ZV4) for the lobby's form (after the
    table's route: ``/api/tables/rules`` is a table's)."""
    if game not in GAMES:
        raise HTTPException(404)
    return table_class(game).rules_info()


async def _read_new_table(req: Request, cfg: ServerSettings) -> tuple[NewTable, Settings]:
    """A new table's body and its game's rules, checked (its computer players too): 413 for
    a body too large, 422 for any other fault."""
    try:
        raw = await read_json(req, cfg)
        game = table_class(game_of(raw))
        body, rules = game.read_new(raw)
        for s in body.seats:
            if s.kind == "bot":
                if not s.spec:
                    raise bad_table(i18n.both("error.bot-spec"))
                game.check_bot(cfg, s.spec)
        if body.bot_spec:
            game.check_bot(cfg, body.bot_spec)
    except BadInput as exc:
        status = 413 if isinstance(exc, BodyTooLarge) else 422
        raise Refused.of(status, "bad-table", why=str(exc)) from None
    except ValidationError as exc:
        raise Refused.of(422, "bad-table", why=validation_message(exc)) from None
    except ValueError as exc:  # the game's rules refused (in its words), or a player
        raise bad_table(exc) from None
    return body, rules


def guests_named(seats: list[dict[str, Any]], accounts: Accounts, user: User | None) -> None:
    """A guest's seat (a person's, not an account's) may not bear an account's name, nor one
    that looks like it, but the creator's own (409)."""
    for s in seats:
        if s["kind"] == "person" and s.get("user") is None:
            try:
                accounts.guest_name(s["name"], user)
            except AccountError as exc:
                raise Refused.because(exc) from None


def club_seats(body: NewTable, user: User | None) -> tuple[list[dict[str, Any]], str | None]:
    """The seats of a new table and its creator (docs/CLUB.md), checked: the creator's own
    seat needs an account, free seats a public table, a rated table accounts at every
    person's seat."""
    mine = [i for i, s in enumerate(body.seats) if s.me]
    if mine and user is None:
        raise Refused.of(401, "login-needed")
    if len(mine) > 1:
        raise bad_table(i18n.both("error.one-own-seat"))
    kinds = [s.kind for s in body.seats]
    if "open" in kinds and not body.public:
        raise bad_table(i18n.both("error.open-needs-public"))
    if body.rated:
        if user is None:
            raise Refused.of(401, "login-needed")
        if not body.public:
            raise bad_table(i18n.both("error.rated-needs-public"))
        if any(s.kind == "person" and not s.me for s in body.seats):
            raise bad_table(i18n.both("error.rated-accounts"))
    seats = []
    for s in body.seats:
        entry: dict[str, Any] = {"kind": s.kind, "name": s.name, "spec": s.spec}
        if s.me and user is not None:
            entry.update(kind="person", name=user.name, user=user.id)
        seats.append(entry)
    if user is not None:
        creator: str | None = f"user:{user.id}"
    else:
        first = next((i for i, s in enumerate(seats) if s["kind"] == "person"), None)
        creator = None if first is None else f"seat:{first}"
    return seats, creator
