"""A table's chat (docs/CLUB.md): its last messages, the authors its creator muted, and the
checks a message passes before it is stored and sent to everyone at the table.

A message says whether its author's name is an account's (``"account": true``: a guest may
not sit or chat under an account's name, nor under one that looks like it).  The creator
mutes an *author*, never a name: an account (wherever it writes from at the table), a
guest's seat (whoever writes from it), or a guest who watches (the keyed hash of their
address: every guest who watches from there).  A mute names a message (``"message": ID``,
its author), a seat (``"seat": N``) or, as older pages do, the name of an author of the
messages shown (``"name"``); an unmute names the mute (``"who"``) or the same.  Mutes are
kept in the store: a restart keeps them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from ulti.server.store import ChatRow, Mute, Store
from ulti.server.tables.frames import SPECTATOR, Allowance, Connection, Json, TableError

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
    """A stored chat message as the pages get it (its text is shown as text, never markup);
    ``account``: its author wrote under their account's name."""
    return {
        "id": row.id,
        "name": row.name,
        "seat": row.seat,
        "text": row.text,
        "at": row.created.isoformat(timespec="seconds"),
        "account": row.user_id is not None,
    }


@dataclass(frozen=True)
class Author:
    """Who writes a message: the name it goes under, the seat (None: watching), the account
    behind that name (None: a guest) and the keyed hash of the address."""

    name: str | None
    seat: int | None
    user: int | None
    tag: str | None

    @property
    def who(self) -> str:
        """What a mute of this author names (see the module)."""
        if self.user is not None:
            return f"user:{self.user}"
        if self.seat is not None:
            return f"seat:{self.seat}"
        return f"guest:{self.tag}"


def author_of(conn: Connection, names: Sequence[str], seats: Sequence[Json]) -> Author:
    """The author of what ``conn`` writes: a seat's name and account (a guest's link to an
    account's seat writes as that account), or a spectator's name and login."""
    if conn.seat == SPECTATOR:
        return Author(conn.name, None, conn.user, conn.tag)
    user = seats[conn.seat].get("user")
    return Author(names[conn.seat], conn.seat, None if user is None else int(user), conn.tag)


def present_authors(
    names: Sequence[str], seats: Sequence[Json], connections: Sequence[Connection]
) -> list[Author]:
    """Who may write at the table now: each seat's author (the tag of a connection at it,
    when one is live), then each named spectator."""
    tags = {c.seat: c.tag for c in connections if c.seat != SPECTATOR}
    at_seats = [
        Author(names[i], i, None if s.get("user") is None else int(s["user"]), tags.get(i))
        for i, s in enumerate(seats)
    ]
    watching = [author_of(c, names, seats) for c in connections if c.seat == SPECTATOR and c.name]
    return at_seats + watching


def _author_of_row(row: ChatRow) -> Author:
    return Author(row.name, row.seat, row.user_id, row.tag)


class Chat:
    """The chat of one table: the messages shown to a (re)connecting client (``log``, the
    last :data:`CHAT_SHOWN`) and the authors muted (``mutes``, by what they name)."""

    def __init__(self, stored: list[ChatRow], mutes: list[Mute] | None = None) -> None:
        self.log: list[Json] = [chat_message(r) for r in stored]
        self.rows: list[ChatRow] = list(stored)
        self.mutes: dict[str, Mute] = {m.who: m for m in mutes or []}

    @classmethod
    def load(cls, store: Store, table_id: str) -> Chat:
        """A table's chat as the store keeps it: its last messages and its mutes."""
        return cls(store.chat(table_id, CHAT_SHOWN), store.mutes(table_id))

    def muted(self, author: Author) -> bool:
        """Whether a mute holds ``author``: its account's; at a seat, the seat's; watching,
        one of its address."""
        if author.user is not None and f"user:{author.user}" in self.mutes:
            return True
        if author.seat is not None:
            return f"seat:{author.seat}" in self.mutes
        return author.tag is not None and any(m.tag == author.tag for m in self.mutes.values())

    def check(self, author: Author, text: object, rate: Allowance, most: int) -> str:
        """The message ``author`` sends, cleaned (TableError: no text, no name, muted, empty,
        longer than ``most``, faster than ``rate``)."""
        if not isinstance(text, str):
            raise TableError("malformed", "chat-text")
        if not author.name:
            raise TableError("chat-name", "chat-name")
        if self.muted(author):
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
        self.rows = [*self.rows[-(CHAT_SHOWN - 1) :], row]
        return message

    # -- mutes ------------------------------------------------------------------------------

    def pick(self, frame: Json, store: Store, table_id: str, present: Sequence[Author]) -> Mute:
        """The mute a creator's frame asks for (TableError: it names no author): a message's
        author (the store's, when it is older than those shown), a seat's (``present``: who
        may write now, :func:`present_authors`), an unmute's ``who``, or the newest author
        of a name among the messages shown, those present and the mutes."""
        message, seat, who, name = (frame.get(k) for k in ("message", "seat", "who", "name"))
        found: Author | Mute | None = None
        if type(message) is int:
            row = next((r for r in self.rows if r.id == message), None)
            row = row or store.chat_message(table_id, message)
            found = None if row is None else _author_of_row(row)
        elif type(seat) is int:
            found = next((a for a in present if a.seat is not None and a.seat == seat), None)
        elif isinstance(who, str):
            found = self.mutes.get(who)
        elif isinstance(name, str) and 0 < len(name.strip()) <= MUTE_NAME_MAX:
            found = self._by_name(name.strip().casefold(), present)
        if found is None:
            raise TableError("malformed", "mute-who")
        return found if isinstance(found, Mute) else self._mute_of(found)

    def _by_name(self, folded: str, present: Sequence[Author]) -> Author | Mute | None:
        """The newest author of a name: among the messages shown, who is present, the
        mutes."""
        for row in reversed(self.rows):
            if row.name.casefold() == folded:
                return _author_of_row(row)
        for author in present:
            if author.name is not None and author.name.casefold() == folded:
                return author
        return next((m for m in self.mutes.values() if m.name.casefold() == folded), None)

    def _mute_of(self, author: Author) -> Mute:
        return Mute(author.who, author.tag, author.name or "?")

    def set(self, mute: Mute, on: bool) -> list[Json]:
        """Mute (or unmute) an author (the store has kept it): the mutes now."""
        if on:
            self.mutes[mute.who] = mute
        else:
            self.mutes.pop(mute.who, None)
        return self.shown()

    def shown(self) -> list[Json]:
        """The mutes as the creator's page gets them: what each names, and the name."""
        return [{"who": m.who, "name": m.name} for m in self.mutes.values()]
