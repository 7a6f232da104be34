"""Notifications (issue 30): "your move", "the event starts in 10 minutes", "round N is
seated", "the results are in" — kept for the account's bell (an unread count, live over
``/ws/me``), and, as the account chose on its profile, sent by Web Push to its browsers and
by e-mail (``ulti serve --smtp``).  Each notice's words are the catalogue's (``notify.*``),
in both languages; a push or an e-mail that fails is logged and never holds up a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from typing import Any

from ulti import i18n
from ulti.server.guard import ServerSettings
from ulti.server.notify.mail import Mailer
from ulti.server.notify.push import Pusher
from ulti.server.notify.store import Channels, Notice, NotifyStore, Subscription
from ulti.server.tables import Table
from ulti.server.tables.registry import Tables

log = logging.getLogger("ulti.server.notify")

#: The kinds of notice, each the catalogue's ``notify.KIND``.
KINDS = ("turn", "event-soon", "round-seated", "results")
#: Frames waiting for one bell before the oldest is dropped (a bell that does not read).
BELL_QUEUE = 32


class Notifier:
    """The notices of one server's accounts."""

    def __init__(self, tables: Tables, settings: ServerSettings) -> None:
        self.tables = tables
        self.db = NotifyStore(tables.store)
        self.pusher = Pusher(tables.store, settings.push_contact)
        self.mailer = Mailer(settings.smtp, settings.mail_from) if settings.smtp else None
        self.site = settings.site_url.rstrip("/")
        #: the open bells, per account: each one's queue of frames
        self.bells: dict[int, set[asyncio.Queue[dict[str, Any]]]] = defaultdict(set)
        #: pushes and e-mails go out in threads of their own (a slow mail server waits there)
        self.senders = ThreadPoolExecutor(2, thread_name_prefix="ulti-notify")
        #: what every account was told of last about a table's turn (one notice a turn)
        self._told: dict[tuple[str, int], int] = {}
        tables.turn_listeners.append(self._table_turn)

    # -- the bell ---------------------------------------------------------------------------

    def listen(self, user_id: int) -> asyncio.Queue[dict[str, Any]]:
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(BELL_QUEUE)
        self.bells[user_id].add(q)
        return q

    def unlisten(self, user_id: int, q: asyncio.Queue[dict[str, Any]]) -> None:
        self.bells[user_id].discard(q)
        if not self.bells[user_id]:
            del self.bells[user_id]

    async def bell(self, user_id: int) -> dict[str, Any]:
        """The bell's whole state: the unread count and the newest notices."""
        notices = await self.tables.storage(self.db.notices, user_id)
        unread = await self.tables.storage(self.db.unread, user_id)
        return {"type": "notices", "unread": unread, "notices": [_json(n) for n in notices]}

    async def read_all(self, user_id: int) -> None:
        await self.tables.storage(self.db.mark_read, user_id)
        self._ring(user_id, {"type": "notices", "unread": 0, "notices": None})

    def _ring(self, user_id: int, frame: dict[str, Any]) -> None:
        for q in list(self.bells.get(user_id, ())):
            if q.full():
                with contextlib.suppress(asyncio.QueueEmpty):
                    q.get_nowait()
            q.put_nowait(frame)

    # -- telling ----------------------------------------------------------------------------

    async def notify(
        self, user_id: int, kind: str, key: str, link: str, **fields: object
    ) -> Notice:
        """Keep a notice for ``user_id``, ring its bells, and push and mail it as chosen."""
        assert kind in KINDS, kind
        notice: Notice = await self.tables.storage(
            self.db.add, user_id, kind, key, dict(fields), link
        )
        unread = await self.tables.storage(self.db.unread, user_id)
        self._ring(user_id, {"type": "notice", "unread": unread, "notice": _json(notice)})
        channels: Channels = await self.tables.storage(self.db.channels, user_id)
        loop = asyncio.get_running_loop()
        if channels.push:
            subs = await self.tables.storage(self.db.subscriptions, user_id)
            for sub in subs:
                loop.run_in_executor(self.senders, self._push, sub, notice)
        if channels.email_on and channels.email and self.mailer is not None:
            loop.run_in_executor(self.senders, self._mail, channels.email, notice)
        return notice

    def _push(self, sub: Subscription, n: Notice) -> None:
        payload = {"title": "Ulti", "text": _texts(n), "link": n.link, "kind": n.kind}
        try:
            if not self.pusher.send(sub, payload):
                self.db.unsubscribe(sub.endpoint)
        except Exception:
            log.exception("a push failed")

    def _mail(self, to: str, n: Notice) -> None:
        texts = _texts(n)
        link = f"{self.site}{n.link}" if self.site else n.link
        body = f"{texts['hu']}\n{texts['en']}\n\n{link}\n"
        try:
            assert self.mailer is not None
            self.mailer.send(to, f"Ulti: {texts['hu']}", body)
        except Exception:
            log.exception("an e-mail to %s failed", to)

    async def _table_turn(self, table: Table) -> None:
        """A table moved on: an account whose move it now is, and who is not at the table,
        is told once (correspondence play: the move may wait days)."""
        if table.session.is_over() or table.waiting:
            for key in [k for k in self._told if k[0] == table.id]:  # its turns are over
                del self._told[key]
            return
        seat = table.deal.current_player
        entry = table.stored.seats[seat]
        user = entry.get("user")
        if entry["kind"] != "person" or user is None or table.connected(seat):
            return
        if self._told.get((table.id, int(user))) == table.version:
            return
        self._told[table.id, int(user)] = table.version
        names = ", ".join(s["name"] for s in table.stored.seats)
        await self.notify(int(user), "turn", "notify.turn", f"/t/{table.id}", table=names)

    def close(self) -> None:
        self.senders.shutdown(wait=False, cancel_futures=True)


def _texts(n: Notice) -> dict[str, str]:
    return {lang: i18n.text(n.key, lang, **n.fields) for lang in i18n.LANGS}


def _json(n: Notice) -> dict[str, Any]:
    d = asdict(n)
    del d["user_id"], d["key"], d["fields"]
    d["created"] = n.created.isoformat(timespec="seconds")
    d["text"] = _texts(n)
    return d
