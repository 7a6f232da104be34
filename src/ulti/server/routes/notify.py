"""An account's notifications (issue 30): the bell's notices (live: ``/ws/me``), marking them
read, the browser's Web Push subscription (the server's VAPID key to subscribe with), and the
account's choices of channel (Web Push, e-mail).

    GET  /api/notices                 the bell: unread count and the newest notices
    POST /api/notices/read            all read
    GET  /api/push/key                the server's VAPID public key (applicationServerKey)
    POST /api/push/subscribe          this browser's subscription (``PushSubscription.toJSON()``)
    POST /api/push/unsubscribe        ... and its end
    GET  /api/me/notify               the account's choices; POST to change them
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from ulti import i18n
from ulti.server.notify.store import Channels, Subscription
from ulti.server.refusals import Refused
from ulti.server.schemas import read_model
from ulti.server.services import Svc
from ulti.server.store import User

router = APIRouter()

#: An e-mail address, as far as a form can tell.
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")


class PushKeys(BaseModel):
    model_config = ConfigDict(extra="ignore")
    p256dh: str = Field(min_length=16, max_length=256)
    auth: str = Field(min_length=8, max_length=128)


class PushSubscription(BaseModel):
    model_config = ConfigDict(extra="ignore")
    endpoint: str = Field(min_length=10, max_length=1024, pattern=r"^https?://")
    keys: PushKeys


class NotifyChoices(BaseModel):
    model_config = ConfigDict(extra="forbid")
    push: bool = False
    email: str | None = Field(default=None, max_length=256)
    email_on: bool = False


def _account(req: Request, svc: Svc, posting: bool = False) -> User:
    if posting:
        svc.club.check_post(req)
    user = svc.club.user(req)
    if user is None:
        raise Refused.of(401, "login-needed")
    return user


def _refused(key: str) -> Refused:
    words = i18n.both(f"notify.{key}")
    return Refused(422, words["en"], words["hu"])


@router.get("/api/notices")
async def notices(req: Request, svc: Svc) -> dict[str, Any]:
    return await svc.notifier.bell(_account(req, svc).id)


@router.post("/api/notices/read")
async def read(req: Request, svc: Svc) -> dict[str, Any]:
    user = _account(req, svc, posting=True)
    await svc.notifier.read_all(user.id)
    return await svc.notifier.bell(user.id)


@router.get("/api/push/key")
async def push_key(svc: Svc) -> dict[str, str]:
    return {"key": svc.notifier.pusher.public_key()}


#: The browsers an account may have subscribed at once.
MAX_SUBSCRIPTIONS = 10


def push_service_allowed(endpoint: str, hosts: str) -> bool:
    """Whether ``endpoint`` is at one of the Web Push services ``hosts`` names (https; plain
    http only on this machine's loopback, which only a test names)."""
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    allowed = [h.strip().lower() for h in hosts.split(",") if h.strip()]
    if not any(host == h or host.endswith("." + h) for h in allowed):
        return False
    return parts.scheme == "https" or host in ("127.0.0.1", "localhost")


@router.post("/api/push/subscribe")
async def subscribe(req: Request, svc: Svc) -> dict[str, bool]:
    user = _account(req, svc, posting=True)
    body = await read_model(req, svc.settings, PushSubscription)
    if not push_service_allowed(body.endpoint, svc.settings.push_hosts):
        raise _refused("bad-subscription")
    held = await svc.tables.storage(svc.notifier.db.subscriptions, user.id)
    if len(held) >= MAX_SUBSCRIPTIONS and body.endpoint not in {s.endpoint for s in held}:
        raise _refused("too-many-browsers")
    sub = Subscription(body.endpoint, body.keys.p256dh, body.keys.auth)
    await svc.tables.storage(svc.notifier.db.subscribe, user.id, sub)
    return {"ok": True}


@router.post("/api/push/unsubscribe")
async def unsubscribe(req: Request, svc: Svc) -> dict[str, bool]:
    user = _account(req, svc, posting=True)
    body = await read_model(req, svc.settings, PushSubscription)
    await svc.tables.storage(svc.notifier.db.unsubscribe, body.endpoint, user.id)
    return {"ok": True}


@router.get("/api/me/notify")
async def choices(req: Request, svc: Svc) -> dict[str, Any]:
    user = _account(req, svc)
    c: Channels = await svc.tables.storage(svc.notifier.db.channels, user.id)
    return {"push": c.push, "email": c.email, "email_on": c.email_on}


@router.post("/api/me/notify")
async def choose(req: Request, svc: Svc) -> dict[str, Any]:
    user = _account(req, svc, posting=True)
    body = await read_model(req, svc.settings, NotifyChoices)
    email = (body.email or "").strip() or None
    if email is not None and not EMAIL.fullmatch(email):
        raise _refused("bad-email")
    if body.email_on and email is None:
        raise _refused("bad-email")
    c = Channels(body.push, email, body.email_on)
    await svc.tables.storage(svc.notifier.db.set_channels, user.id, c)
    return {"push": c.push, "email": c.email, "email_on": c.email_on}
