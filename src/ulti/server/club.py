"""The club's doors on the server (docs/CLUB.md): accounts and their cookies, CSRF, the
lobby, seats taken from it, rematches, computer players for a left seat, the leaderboard and
the profiles.  The game itself stays in :mod:`ulti.server.tables`.

Cookies: ``ulti_session`` (signed, HttpOnly, SameSite=Lax) says who is logged in and carries
the CSRF token; ``ulti_csrf`` (readable by the pages, SameSite=Strict) is that token, sent
back by the pages in the ``X-CSRF-Token`` header of every POST.  A request without cookies
has no ambient authority (a script, a guest's Bearer token) and needs no token; a request
whose ``Origin`` is another site is refused whatever it carries.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ulti import i18n
from ulti.server.accounts import AccountError, Accounts, check_name
from ulti.server.guard import BadInput, ServerSettings, loads, read_body
from ulti.server.store import User
from ulti.server.tables import GameTable, TableError, Tables, dumps

SESSION_COOKIE = "ulti_session"
CSRF_COOKIE = "ulti_csrf"
CSRF_HEADER = "x-csrf-token"


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=1024)


class TakeSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, max_length=64)


class GiveSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")

    spec: str | None = Field(default=None, max_length=64)


class ClubRefused(Exception):
    """An HTTP refusal in both languages (the app answers ``{"detail", "detail_hu"}``)."""

    def __init__(
        self,
        status: int,
        key: str,
        texts: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        **fields: object,
    ) -> None:
        words = texts if texts is not None else i18n.both(f"error.{key}", **fields)
        super().__init__(words["en"])
        self.status = status
        self.en = words["en"]
        self.hu = words["hu"]
        self.headers = headers

    @classmethod
    def of(cls, exc: AccountError | TableError, status: int | None = None) -> ClubRefused:
        code = status if status is not None else getattr(exc, "status", 409)
        return cls(code, "", {"en": exc.message, "hu": exc.message_hu})


def same_origin(origin: str, conn: Request | WebSocket) -> bool:
    """Whether an ``Origin`` header names the site the request came to."""
    host = conn.headers.get("host", "")
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return bool(parts.netloc) and parts.netloc.lower() == host.lower()


def secure(req: Request) -> bool:
    return req.url.scheme == "https"


class Club:
    """The accounts and the club's pages of one server."""

    def __init__(self, tables: Tables, accounts: Accounts, settings: ServerSettings) -> None:
        self.tables = tables
        self.accounts = accounts
        self.settings = settings

    # -- who is asking --------------------------------------------------------------------------

    def user(self, conn: Request | WebSocket) -> User | None:
        """The logged-in account of a request (None: a guest, or a cookie that no longer
        works: forged, expired, from before a reset, of a disabled account)."""
        got = self.accounts.read(conn.cookies.get(SESSION_COOKIE))
        return got[0] if got is not None else None

    def check_post(self, req: Request) -> None:
        """CSRF: every state-changing request (docs/CLUB.md)."""
        origin = req.headers.get("origin")
        if origin and origin != "null" and not same_origin(origin, req):
            raise ClubRefused(403, "cross-site")
        if origin == "null":
            raise ClubRefused(403, "cross-site")
        session = req.cookies.get(SESSION_COOKIE)
        cookie = req.cookies.get(CSRF_COOKIE)
        if session is None and cookie is None:
            return  # no ambient authority to abuse
        sent = req.headers.get(CSRF_HEADER, "")
        if not cookie or not sent or not hmac.compare_digest(sent, cookie):
            raise ClubRefused(403, "csrf")
        if session is not None:
            got = self.accounts.read(session)
            if got is not None and not hmac.compare_digest(got[1], sent):
                raise ClubRefused(403, "csrf")

    def ws_allowed(self, ws: WebSocket) -> bool:
        """A websocket from another site is not let in (cookies would go with it)."""
        origin = ws.headers.get("origin")
        return not origin or same_origin(origin, ws)

    # -- answers ----------------------------------------------------------------------------------

    def _logged_in(self, req: Request, user: User, status: int) -> JSONResponse:
        csrf = self.accounts.new_csrf()
        out = JSONResponse({"user": _user(user), "csrf": csrf}, status_code=status)
        days = self.settings.session_days
        out.set_cookie(
            SESSION_COOKIE,
            self.accounts.issue(user, csrf),
            max_age=int(days * 86400),
            httponly=True,
            samesite="lax",
            secure=secure(req),
            path="/",
        )
        _csrf_cookie(out, req, csrf)
        return out


def _user(user: User) -> dict[str, Any]:
    return {"id": user.id, "name": user.name}


def _csrf_cookie(out: Response, req: Request, csrf: str) -> None:
    out.set_cookie(
        CSRF_COOKIE, csrf, httponly=False, samesite="strict", secure=secure(req), path="/"
    )


async def _json(req: Request, settings: ServerSettings, model: type[BaseModel]) -> Any:
    try:
        raw = loads(await read_body(req.stream(), settings.max_body), settings.max_depth)
        if raw is None:
            raw = {}
        return model.model_validate(raw)
    except (BadInput, ValidationError) as exc:
        raise ClubRefused(422, "bad-request", why=str(exc).splitlines()[0][:200]) from None


def add_routes(app: FastAPI, club: Club, static: Any) -> None:
    """The club's pages and API (docs/CLUB.md) on ``app``."""
    tables = club.tables
    accounts = club.accounts
    cfg = club.settings

    @app.exception_handler(ClubRefused)
    async def refused(_req: Request, exc: ClubRefused) -> JSONResponse:
        return JSONResponse(
            {"detail": exc.en, "detail_hu": exc.hu}, status_code=exc.status, headers=exc.headers
        )

    # -- pages ----------------------------------------------------------------------------------

    @app.get("/leaderboard")
    async def leaderboard_page() -> FileResponse:
        return FileResponse(static / "leaderboard.html")

    @app.get("/u/{name}")
    async def profile_page(name: str) -> FileResponse:
        return FileResponse(static / "profile.html")

    # -- accounts -------------------------------------------------------------------------------

    @app.get("/api/me")
    async def me(req: Request) -> JSONResponse:
        user = club.user(req)
        csrf = req.cookies.get(CSRF_COOKIE) or accounts.new_csrf()
        if user is not None:
            got = accounts.read(req.cookies.get(SESSION_COOKIE))
            assert got is not None
            csrf = got[1]
        seats = []
        if user is not None:
            for t in tables.live.values():
                for i, s in enumerate(t.stored.seats):
                    if s.get("user") == user.id and s["kind"] == "person":
                        seats.append(
                            {
                                "id": t.id,
                                "seat": i,
                                "game": t.game,
                                "over": t.session.is_over(),
                            }
                        )
        out = JSONResponse(
            {"user": _user(user) if user else None, "csrf": csrf, "tables": seats[-20:]}
        )
        if req.cookies.get(CSRF_COOKIE) != csrf:
            _csrf_cookie(out, req, csrf)
        if user is None and req.cookies.get(SESSION_COOKIE) is not None:
            out.delete_cookie(SESSION_COOKIE, path="/")  # one that no longer works
        return out

    @app.post("/api/register")
    async def register(req: Request) -> JSONResponse:
        club.check_post(req)
        body = await _json(req, cfg, Credentials)
        try:
            # argon2 takes tens of ms: its own thread, not the store's (actions never wait)
            user = await asyncio.to_thread(accounts.register, body.name, body.password)
        except AccountError as exc:
            raise ClubRefused.of(exc) from None
        return club._logged_in(req, user, 201)

    @app.post("/api/login")
    async def login(req: Request) -> JSONResponse:
        club.check_post(req)
        body = await _json(req, cfg, Credentials)
        address = req.client.host if req.client else "-"
        try:
            user = await asyncio.to_thread(accounts.login, body.name, body.password, address)
        except AccountError as exc:
            refusal = ClubRefused.of(exc)
            if exc.status == 429:
                refusal.headers = {"Retry-After": str(max(1, int(exc.retry_after or 60)))}
            raise refusal from None
        return club._logged_in(req, user, 200)

    @app.post("/api/logout")
    async def logout(req: Request) -> JSONResponse:
        club.check_post(req)
        out = JSONResponse({"user": None})
        out.delete_cookie(SESSION_COOKIE, path="/")
        return out

    # -- the lobby and seats ------------------------------------------------------------------

    def table(table_id: str) -> GameTable:
        try:
            return tables.get(table_id)
        except TableError as exc:
            raise ClubRefused.of(exc, 404) from None

    @app.get("/api/lobby")
    async def lobby() -> dict[str, Any]:
        return {"tables": tables.lobby()}

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def take_seat(table_id: str, seat: int, req: Request) -> JSONResponse:
        club.check_post(req)
        t = table(table_id)
        body = await _json(req, cfg, TakeSeat)
        if not t.stored.public:
            raise ClubRefused(403, "private")
        user = club.user(req)
        if user is not None:
            name = user.name
        else:
            if t.stored.rated:
                raise ClubRefused(403, "rated-accounts")
            try:
                name = check_name(body.name or "")
            except AccountError as exc:
                raise ClubRefused.of(exc) from None
        try:
            token = await t.take_seat(seat, name, user.id if user else None)
        except TableError as exc:
            raise ClubRefused.of(exc, 409) from None
        base = str(req.base_url).rstrip("/")
        return JSONResponse(
            {"seat": seat, "token": token, "link": f"{base}/t/{t.id}#seat={seat}&token={token}"},
            status_code=201,
        )

    @app.post("/api/tables/{table_id}/seat")
    async def my_seat(table_id: str, req: Request) -> dict[str, Any]:
        club.check_post(req)
        t = table(table_id)
        user = club.user(req)
        if user is None:
            raise ClubRefused(401, "login-needed")
        try:
            seat, token = await t.new_token_for(user.id)
        except TableError as exc:
            raise ClubRefused.of(exc, 404) from None
        base = str(req.base_url).rstrip("/")
        return {
            "seat": seat,
            "token": token,
            "link": f"{base}/t/{t.id}#seat={seat}&token={token}",
        }

    def seat_of(t: GameTable, req: Request) -> int | None:
        """The seat whose token came as ``Authorization: Bearer`` (None: none)."""
        header = req.headers.get("authorization", "")
        token = header[7:].strip() if header[:7].lower() == "bearer " else ""
        if not token:
            return None
        try:
            return t.seat_of_token(token)
        except TableError:
            raise ClubRefused(403, "token-needed") from None

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def seat_to_bot(table_id: str, seat: int, req: Request) -> dict[str, Any]:
        club.check_post(req)
        t = table(table_id)
        body = await _json(req, cfg, GiveSeat)
        user = club.user(req)
        if not t.is_creator(seat_of(t, req), user.id if user else None):
            raise ClubRefused(403, "not-creator")
        try:
            await t.give_to_bot(seat, body.spec)
        except TableError as exc:
            raise ClubRefused.of(exc, 409) from None
        except ValueError as exc:
            raise ClubRefused(422, "bad-table", why=str(exc)[:300]) from None
        return {"seat": seat, "spec": t.stored.seats[seat]["spec"]}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, req: Request) -> JSONResponse:
        club.check_post(req)
        t = table(table_id)
        seat = seat_of(t, req)
        user = club.user(req)
        if seat is None and not (
            user is not None and any(s.get("user") == user.id for s in t.stored.seats)
        ):
            raise ClubRefused(403, "token-needed")
        try:
            new = await tables.rematch(t)
        except TableError as exc:
            raise ClubRefused.of(exc, 409) from None
        base = str(req.base_url).rstrip("/")
        return JSONResponse({"id": new.id, "link": f"{base}/t/{new.id}"}, status_code=201)

    @app.websocket("/ws/lobby")
    async def lobby_ws(websocket: WebSocket) -> None:
        await websocket.accept()
        queue: asyncio.Queue[list[dict[str, Any]]] = asyncio.Queue(1)
        tables.lobby_listeners.add(queue)
        receiving = asyncio.get_running_loop().create_task(websocket.receive())
        try:
            await websocket.send_text(dumps({"type": "lobby", "tables": tables.lobby()}))
            while True:
                getting = asyncio.get_running_loop().create_task(queue.get())
                done, _ = await asyncio.wait(
                    {receiving, getting}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiving in done:
                    getting.cancel()
                    msg = receiving.result()
                    if msg["type"] == "websocket.disconnect":
                        return
                    receiving = asyncio.get_running_loop().create_task(websocket.receive())
                    continue
                await websocket.send_text(dumps({"type": "lobby", "tables": getting.result()}))
        except (WebSocketDisconnect, OSError, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            tables.lobby_listeners.discard(queue)
            receiving.cancel()
            with contextlib.suppress(Exception):
                await receiving

    # -- ratings and profiles -----------------------------------------------------------------

    @app.get("/api/leaderboard")
    async def leaderboard(family: str | None = None) -> dict[str, Any]:
        from ulti.server.ratings import Rating

        families = await tables.storage(tables.store.families)
        chosen = family or (families[0] if families else "ulti/standard")
        rows = await tables.storage(tables.store.leaderboard, chosen, 100)
        out = []
        for n, r in enumerate(rows, 1):
            names = await tables.storage(player_names, r.player)
            if names is None:
                continue
            out.append(
                {
                    "rank": n,
                    "player": r.player,
                    "name": names["en"],
                    "name_hu": names["hu"],
                    "bot": r.player.startswith("bot:"),
                    "rating": round(Rating(r.mu, r.sigma).ordinal, 2),
                    "mu": round(r.mu, 2),
                    "sigma": round(r.sigma, 2),
                    "games": r.games,
                }
            )
        return {"family": chosen, "families": families, "rows": out}

    def player_names(key: str) -> dict[str, str] | None:
        from ulti.server.ratings import bot_title

        if key.startswith("bot:"):
            return {lang: bot_title(key, lang) for lang in i18n.LANGS}
        if key.startswith("user:"):
            u = tables.store.user_by_id(int(key[5:]))
            return None if u is None else {"en": u.name, "hu": u.name}
        return None

    @app.get("/api/users/{name}")
    async def profile(name: str) -> dict[str, Any]:
        user = await tables.storage(tables.store.user_by_name, name)
        if user is None:
            raise ClubRefused(404, "no-user")
        return await tables.storage(profile_of, user)

    def profile_of(user: User) -> dict[str, Any]:
        from ulti.server.ratings import Rating, user_key
        from ulti.server.stats import summary

        store = tables.store
        key = user_key(user.id)
        results = store.deal_results(key)
        stats = summary(results)
        ratings = []
        for fam in store.families():
            r = store.ratings([key], fam).get(key)
            if r is not None:
                ratings.append(
                    {
                        "family": fam,
                        "rating": round(Rating(r.mu, r.sigma).ordinal, 2),
                        "mu": round(r.mu, 2),
                        "sigma": round(r.sigma, 2),
                        "games": r.games,
                    }
                )
        history = [
            {
                "family": fam,
                "at": when.isoformat(timespec="seconds"),
                "rating": round(Rating(mu, sigma).ordinal, 2),
                "table": table_id,
            }
            for fam, when, mu, sigma, table_id in store.rating_history(key)
        ]
        deals_of: dict[str, list[int]] = {}
        for row in results:
            deals_of.setdefault(row.table_id, []).append(row.deal)
        recent = [
            {
                "table": s.table_id,
                "game": s.game,
                "family": s.family,
                "at": s.created.isoformat(timespec="seconds") if s.created else None,
                "total": s.total,
                "rank": s.rank,
                "players": s.players,
                "rated": s.rated,
                "deals": sorted(set(deals_of.get(s.table_id, []))),
            }
            for s in store.session_results(key, 20)
        ]
        return {
            "name": user.name,
            "since": user.created.isoformat(timespec="seconds"),
            "sessions": store.count_sessions(key),
            **stats,
            "ratings": ratings,
            "history": history,
            "recent": recent,
        }
