"""What a table and its clients exchange: frames (JSON objects), a refused frame
(:class:`TableError`), one live websocket of a seat or a spectator (:class:`Connection`).

Frames are JSON written by :func:`dumps`; a view, an event and a stored seat are JSON objects
too (:data:`Json`).  The words of a refusal are the catalogue's (:mod:`ulti.i18n`), in both
languages.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

from ulti import i18n
from ulti.i18n.plain import said
from ulti.server.guard import RateLimit

#: A JSON object: a frame, a view, an event, a stored seat (untyped JSON).
Json: TypeAlias = dict[str, Any]

#: The seat of a connection that watches (docs/CLUB.md: spectators).
SPECTATOR = -1

#: Puts a frame's text (:func:`dumps`) into a client's outbox (it never waits for the
#: network): a frame sent to many is written once, and the same text goes to each.
SendText = Callable[[str], Awaitable[None]]
#: Closes a connection with a websocket close code and a reason.
Close = Callable[[int, str], Coroutine[object, object, None]]


class Allowance(Protocol):
    """What a connection may still send: a token bucket, or buckets shared with others
    (:class:`~ulti.server.guard.SharedAllowance`)."""

    def allow(self) -> bool: ...


class TableError(Exception):
    """A refused frame: ``code`` for programs, ``message`` (English) and ``message_hu`` for
    people: the words of ``error.KEY`` in the catalogue (:mod:`ulti.i18n`), or ``texts``
    given in both languages (an illegal action's reason), in plain words
    (:func:`ulti.i18n.plain.said`); ``rules``: the rule ids behind it, for the curious."""

    def __init__(
        self,
        code: str,
        key: str,
        texts: Mapping[str, str] | None = None,
        *,
        rules: Sequence[str] = (),
        **fields: object,
    ) -> None:
        words = said(texts if texts is not None else i18n.both(f"error.{key}", **fields), rules)
        super().__init__(words["en"])
        self.code = code
        self.message: str = words["en"]
        self.message_hu: str = words["hu"]
        self.rules: list[str] = words["rules"]

    def frame(self) -> Json:
        """The error frame a client is sent."""
        return {
            "type": "error",
            "code": self.code,
            "message": self.message,
            "message_hu": self.message_hu,
            "rules": self.rules,
        }


def analysis_error(code: str, key: str, **fields: object) -> TableError:
    """A refusal with the words of ``analysis.KEY`` (the analysis and teaching mode)."""
    return TableError(code, code, i18n.both(f"analysis.{key}", **fields))


@dataclass(eq=False)
class Connection:
    """One live websocket of a seat.  ``send_text`` queues a frame's text for it, ``close``
    ends it (a newer tab took the seat over, or it reads too slowly)."""

    seat: int  # SPECTATOR (-1) for someone watching
    send_text: SendText
    close: Close
    limit: RateLimit = field(default_factory=RateLimit)
    #: the account behind the connection (its session cookie), and the name it chats with
    user: int | None = None
    name: str | None = None
    #: chat messages: the buckets of the author and the address, shared by all their
    #: connections (docs/CLUB.md)
    chat: Allowance = field(default_factory=lambda: RateLimit(1.0, 5.0, 5.0))
    #: the keyed hash of the client's address (mutes of guests who watch; never the address)
    tag: str | None = None
    #: a teaching question of this connection is being answered (one at a time)
    teaching: bool = False
    #: a hint for this connection's seat is being worked out (one at a time)
    hinting: bool = False
    #: the client's address (its queue of analyses and teaching questions)
    address: str = "?"

    async def send(self, frame: Json) -> None:
        """A frame for this connection alone."""
        await self.send_text(dumps(frame))


def dumps(frame: Json) -> str:
    """A frame as the client gets it: compact JSON, non-ASCII letters as they are."""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
