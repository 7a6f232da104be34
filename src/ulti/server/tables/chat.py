"""A table's chat (docs/CLUB.md): its last messages, the authors its creator muted, and the
checks a message passes before it is stored and sent to everyone at the table."""

from __future__ import annotations

import unicodedata

from ulti.server.guard import RateLimit
from ulti.server.store import ChatRow
from ulti.server.tables.frames import Json, TableError

#: Chat messages a (re)connecting client is sent.
CHAT_SHOWN = 50
#: The longest name the creator may mute.
MUTE_NAME_MAX = 64


def clean_chat(text: str) -> str:
    """A chat message as it is kept: control characters (and other invisible ones) out,
    whitespace runs made one space, trimmed."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", text)
        if ch.isspace() or not unicodedata.category(ch).startswith("C")
    )
    return " ".join(kept.split())


def chat_message(row: ChatRow) -> Json:
    """A stored chat message as the pages get it (its text is shown as text, never markup)."""
    return {
        "id": row.id,
        "name": row.name,
        "seat": row.seat,
        "text": row.text,
        "at": row.created.isoformat(timespec="seconds"),
    }


class Chat:
    """The chat of one table: the messages shown to a (re)connecting client (``log``, the
    last :data:`CHAT_SHOWN`) and the authors muted (case folded)."""

    def __init__(self, stored: list[ChatRow]) -> None:
        self.log: list[Json] = [chat_message(r) for r in stored]
        self.muted: set[str] = set()

    def check(self, name: str | None, text: object, rate: RateLimit, most: int) -> str:
        """The message ``name`` sends, cleaned (TableError: no text, no name, muted, empty,
        longer than ``most``, faster than ``rate``)."""
        if not isinstance(text, str):
            raise TableError("malformed", "chat-text")
        if not name:
            raise TableError("chat-name", "chat-name")
        if name.casefold() in self.muted:
            raise TableError("muted", "muted")
        clean = clean_chat(text)
        if not clean:
            raise TableError("chat-empty", "chat-empty")
        if len(clean) > most:
            raise TableError("chat-long", "chat-long", most=most)
        if not rate.allow():
            raise TableError("chat-rate", "chat-rate")
        return clean

    def add(self, row: ChatRow) -> Json:
        """A stored message, kept among the last shown: as the pages get it."""
        message = chat_message(row)
        self.log = [*self.log[-(CHAT_SHOWN - 1) :], message]
        return message

    def mute(self, name: object, on: bool) -> list[str]:
        """Mute (or unmute) an author: the names muted now (TableError: no name)."""
        if not isinstance(name, str) or not name.strip() or len(name) > MUTE_NAME_MAX:
            raise TableError("malformed", "chat-text")
        if on:
            self.muted.add(name.strip().casefold())
        else:
            self.muted.discard(name.strip().casefold())
        return sorted(self.muted)
