"""Where notifications are kept (migration 0008): each account's notices, the browsers that
asked for Web Push, each account's choices of channel."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    delete,
    false,
    func,
    select,
    update,
)
from sqlalchemy.orm import Mapped, mapped_column

from ulti.server.store import Base, Store, now, utc


class NoticeRow(Base):
    __tablename__ = "ulti_notifications"
    __table_args__ = (Index("ix_ulti_notifications_user_read", "user_id", "read"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("ulti_users.id"))
    kind: Mapped[str] = mapped_column(String(32))
    key: Mapped[str] = mapped_column(String(64))  # the catalogue's words
    fields: Mapped[str] = mapped_column(Text)  # JSON: the words' fields
    link: Mapped[str] = mapped_column(String(256))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    read: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class PushRow(Base):
    __tablename__ = "ulti_push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("ulti_users.id"))
    endpoint: Mapped[str] = mapped_column(String(1024), unique=True)
    p256dh: Mapped[str] = mapped_column(String(256))
    auth: Mapped[str] = mapped_column(String(128))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class NotifySettingsRow(Base):
    __tablename__ = "ulti_notify_settings"

    user_id: Mapped[int] = mapped_column(ForeignKey("ulti_users.id"), primary_key=True)
    push: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    email: Mapped[str | None] = mapped_column(String(256), nullable=True)
    email_on: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


@dataclass(frozen=True)
class Notice:
    """One notice: its kind, its words (a catalogue key and fields), its link, when, read."""

    id: int
    user_id: int
    kind: str
    key: str
    fields: dict[str, Any]
    link: str
    created: datetime
    read: bool


@dataclass(frozen=True)
class Subscription:
    """A browser's Web Push subscription."""

    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, Any]:
        """As Web Push libraries take it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


@dataclass(frozen=True)
class Channels:
    """An account's choices: Web Push on or off; an e-mail address and whether to write."""

    push: bool = False
    email: str | None = None
    email_on: bool = False


class NotifyStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, user_id: int, kind: str, key: str, fields: dict[str, Any], link: str) -> Notice:
        row = NoticeRow(
            user_id=user_id,
            kind=kind,
            key=key,
            fields=json.dumps(fields),
            link=link,
            created=now(),
            read=False,
        )
        with self.store.writing() as s:
            s.add(row)
            s.flush()
            return _notice(row)

    def notices(self, user_id: int, limit: int = 30) -> list[Notice]:
        """The newest notices first."""
        q = (
            select(NoticeRow)
            .where(NoticeRow.user_id == user_id)
            .order_by(NoticeRow.created.desc(), NoticeRow.id.desc())
            .limit(limit)
        )
        with self.store.reading() as s:
            return [_notice(r) for r in s.scalars(q)]

    def told(self, user_id: int, kind: str, link: str) -> bool:
        """Whether ``user_id`` has a notice of ``kind`` about ``link`` already."""
        q = select(NoticeRow.id).where(
            NoticeRow.user_id == user_id, NoticeRow.kind == kind, NoticeRow.link == link
        )
        with self.store.reading() as s:
            return s.scalar(q.limit(1)) is not None

    def unread(self, user_id: int) -> int:
        q = select(func.count()).where(NoticeRow.user_id == user_id, NoticeRow.read.is_(False))
        with self.store.reading() as s:
            return int(s.scalar(q) or 0)

    def mark_read(self, user_id: int) -> None:
        with self.store.writing() as s:
            s.execute(update(NoticeRow).where(NoticeRow.user_id == user_id).values(read=True))

    def subscribe(self, user_id: int, sub: Subscription) -> None:
        """A browser's subscription for ``user_id`` (the same endpoint again: renewed)."""
        with self.store.writing() as s:
            s.execute(delete(PushRow).where(PushRow.endpoint == sub.endpoint))
            s.add(
                PushRow(
                    user_id=user_id,
                    endpoint=sub.endpoint,
                    p256dh=sub.p256dh,
                    auth=sub.auth,
                    created=now(),
                )
            )

    def unsubscribe(self, endpoint: str, user_id: int | None = None) -> None:
        """A subscription ended (``user_id``: only if it is that account's)."""
        q = delete(PushRow).where(PushRow.endpoint == endpoint)
        if user_id is not None:
            q = q.where(PushRow.user_id == user_id)
        with self.store.writing() as s:
            s.execute(q)

    def subscriptions(self, user_id: int) -> list[Subscription]:
        with self.store.reading() as s:
            q = select(PushRow).where(PushRow.user_id == user_id).order_by(PushRow.id)
            return [Subscription(r.endpoint, r.p256dh, r.auth) for r in s.scalars(q)]

    def channels(self, user_id: int) -> Channels:
        with self.store.reading() as s:
            r = s.get(NotifySettingsRow, user_id)
            return Channels() if r is None else Channels(r.push, r.email, r.email_on)

    def set_channels(self, user_id: int, c: Channels) -> None:
        with self.store.writing() as s:
            row = s.get(NotifySettingsRow, user_id)
            if row is None:
                s.add(
                    NotifySettingsRow(
                        user_id=user_id, push=c.push, email=c.email, email_on=c.email_on
                    )
                )
            else:
                row.push, row.email, row.email_on = c.push, c.email, c.email_on


def _notice(r: NoticeRow) -> Notice:
    return Notice(
        r.id, r.user_id, r.kind, r.key, json.loads(r.fields), r.link, utc(r.created), bool(r.read)
    )
