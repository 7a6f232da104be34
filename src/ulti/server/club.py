"""Who is asking, for the club's doors (docs/CLUB.md): accounts and their cookies, the roles
some doors require (:meth:`Club.require_role`), CSRF and the origin of a websocket.  The doors
themselves are in :mod:`ulti.server.routes` (accounts, seats, ratings) and
:mod:`ulti.server.ws` (the lobby's websocket); the game stays in :mod:`ulti.server.tables`.

Cookies: ``ulti_session`` (HttpOnly, SameSite=Lax) names the logged-in session the server
keeps (:mod:`ulti.server.accounts`), with its CSRF token; ``ulti_csrf`` (readable by the
pages, SameSite=Strict) is that token, sent back by the pages in the ``X-CSRF-Token`` header
of every POST; ``ulti_device`` (HttpOnly, sent only to the login) says that this browser has
logged in to its account before (a name tried too often from elsewhere does not hold it).
A request without cookies has no ambient authority (a script, a guest's Bearer token) and
needs no token; a request whose ``Origin`` is another site is refused whatever it carries.
"""

from __future__ import annotations

import hmac
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request, WebSocket
from fastapi.responses import JSONResponse, Response

from ulti import i18n
from ulti.server.accounts import DEVICE_DAYS, Accounts, role_name
from ulti.server.guard import ServerSettings
from ulti.server.refusals import Refused
from ulti.server.store import User
from ulti.server.tables import Tables

SESSION_COOKIE = "ulti_session"
CSRF_COOKIE = "ulti_csrf"
DEVICE_COOKIE = "ulti_device"
#: the one path the device cookie is sent to
LOGIN_PATH = "/api/login"
CSRF_HEADER = "x-csrf-token"


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
        """The logged-in account of a request (None: a guest, or a cookie that names no
        session: made up, expired, logged out, from before a reset, of a disabled account)."""
        got = self.accounts.read(conn.cookies.get(SESSION_COOKIE))
        return got[0] if got is not None else None

    def require_role(self, conn: Request | WebSocket, role: str) -> User:
        """The logged-in account of a request, if it holds ``role`` (one of
        :data:`~ulti.server.accounts.ROLES`), for the doors only such accounts may use (an
        organiser's events, issue 30); refused otherwise, in both languages: 401
        ``login-needed`` for a guest, 403 ``role-needed`` (the role named in each language)
        for an account without it."""
        user = self.user(conn)
        if user is None:
            raise Refused.of(401, "login-needed")
        if not self.accounts.has_role(user, role):
            words = {
                lang: i18n.text("error.role-needed", lang, role=role_name(role, lang))
                for lang in i18n.LANGS
            }
            raise Refused(403, words["en"], words["hu"])
        return user

    def check_post(self, req: Request) -> None:
        """CSRF: every state-changing request (docs/CLUB.md)."""
        origin = req.headers.get("origin")
        if origin and origin != "null" and not same_origin(origin, req):
            raise Refused.of(403, "cross-site")
        if origin == "null":
            raise Refused.of(403, "cross-site")
        session = req.cookies.get(SESSION_COOKIE)
        cookie = req.cookies.get(CSRF_COOKIE)
        if session is None and cookie is None:
            return  # no ambient authority to abuse
        sent = req.headers.get(CSRF_HEADER, "")
        if not cookie or not sent or not hmac.compare_digest(sent, cookie):
            raise Refused.of(403, "csrf")
        if session is not None:
            got = self.accounts.read(session)
            if got is not None and not hmac.compare_digest(got[1], sent):
                raise Refused.of(403, "csrf")

    def ws_allowed(self, ws: WebSocket) -> bool:
        """A websocket from another site is not let in (cookies would go with it)."""
        origin = ws.headers.get("origin")
        return not origin or same_origin(origin, ws)

    # -- answers ----------------------------------------------------------------------------------

    def logged_in(
        self, req: Request, user: User, session: str, csrf: str, status: int
    ) -> JSONResponse:
        """The answer to a login or a registration: the account, the new session's CSRF
        token, and the cookies that carry them (the session's, the token's, the device's)."""
        out = JSONResponse({"user": user_json(user), "csrf": csrf}, status_code=status)
        days = self.settings.session_days
        out.set_cookie(
            SESSION_COOKIE,
            session,
            max_age=int(days * 86400),
            httponly=True,
            samesite="lax",
            secure=secure(req),
            path="/",
        )
        out.set_cookie(
            DEVICE_COOKIE,
            self.accounts.device_cookie(user),
            max_age=DEVICE_DAYS * 86400,
            httponly=True,
            samesite="strict",
            secure=secure(req),
            path=LOGIN_PATH,
        )
        set_csrf_cookie(out, req, csrf)
        return out


def user_json(user: User) -> dict[str, Any]:
    return {"id": user.id, "name": user.name}


def set_csrf_cookie(out: Response, req: Request, csrf: str) -> None:
    out.set_cookie(
        CSRF_COOKIE, csrf, httponly=False, samesite="strict", secure=secure(req), path="/"
    )
