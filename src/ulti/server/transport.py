"""The server's HTTP connections before the app sees a request: uvicorn's h11 protocol with
what uvicorn lacks (:class:`GuardedH11Protocol`).

uvicorn gives an idle connection between two requests a deadline (``timeout_keep_alive``),
caps the bytes of a request's line and headers (``h11_max_incomplete_event_size``) and
answers every request 503 past ``limit_concurrency`` connections; but a connection that has
sent half a request's headers, or half its body, waits for the rest forever, and one client
may open as many connections as it likes.  Here:

- a request's line and headers must have arrived ``header_timeout`` seconds after the
  connection was made (or after the first byte of the next request on it), and its body
  ``body_timeout`` seconds after them; else 408 and the connection is closed;
- a client address (:func:`~ulti.server.services.client_key`: an IPv6 client's /64) holds
  at most ``http_per_address`` connections until they upgrade to websockets (whose caps are
  the app's: :mod:`ulti.server.ws`); past it a new connection is answered 429 and closed.  A
  proxy named in ``forwarded_allow_ips`` is exempt: it speaks for many clients, and caps
  them itself (docs/CLUB.md, "Public deployment").

Refusals are written straight to the connection, in both languages (``{"detail",
"detail_hu"}``), before the app hears of the request.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, cast

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ulti import i18n
from ulti.server.guard import ConnectionCounts, Proxies, ServerSettings
from ulti.server.services import client_key

#: The status lines of the refusals written here
STATUS = {
    408: b"408 Request Timeout",
    429: b"429 Too Many Requests",
    503: b"503 Service Unavailable",
}


@dataclass(frozen=True)
class Guard:
    """What every connection of one server shares: the deadlines, the proxies, the counts
    of connections per client address."""

    header_timeout: float
    body_timeout: float
    proxies: Proxies
    counts: ConnectionCounts

    @classmethod
    def of(cls, settings: ServerSettings) -> Guard:
        counts = ConnectionCounts(settings.http_per_address, settings.limit_concurrency)
        return cls(
            settings.header_timeout,
            settings.body_timeout,
            Proxies(settings.trusted_proxies),
            counts,
        )


def refusal(status: int, key: str) -> bytes:
    """A whole HTTP answer that closes the connection: ``status``, and the words of
    ``error.KEY`` in both languages."""
    words = i18n.both(f"error.{key}")
    body = json.dumps({"detail": words["en"], "detail_hu": words["hu"]}).encode()
    head = [
        b"HTTP/1.1 " + STATUS[status],
        b"content-type: application/json",
        b"content-length: " + str(len(body)).encode(),
        b"connection: close",
    ]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the deadlines of a request's headers and body, and the cap
    on connections per client address (the module's text).  :func:`protocol` makes the class
    of one server (its :class:`Guard`)."""

    guard: Guard

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.peer: str | None = None  # the address counted (None: not counted)
        self.deadline: asyncio.TimerHandle | None = None
        self.waiting_for: object = None  # h11.IDLE (the headers) or h11.SEND_BODY
        self.heard = False  # a byte of the next request came
        self.upgraded = False  # a websocket now: nothing of this protocol's any more

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        if host is not None and host not in self.guard.proxies:
            why = self.guard.counts.enter(client_key(host))
            if why is not None:
                self.refuse(429 if why.endswith("-address") else 503, why)
                return
            self.peer = client_key(host)
        self.follow()

    def connection_lost(self, exc: Exception | None) -> None:
        self.release()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:
            self.heard = True
        super().data_received(data)
        self.follow()

    def on_response_complete(self) -> None:
        self.heard = False  # the next request: idle until its first byte (keep-alive's clock)
        super().on_response_complete()
        self.follow()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self.release()  # a websocket now: the app counts it
        self.upgraded = True
        super().handle_websocket_upgrade(event)

    # -- the deadlines --------------------------------------------------------------------

    def follow(self) -> None:
        """The deadline of what the connection waits for now: a request's headers (the first
        request's from the connection, a later one's from its first byte), its body (from
        the end of the headers), or none (the app answers; or the connection is idle between
        two requests: uvicorn's keep-alive deadline)."""
        state = self.conn.their_state
        if self.upgraded or self.transport.is_closing():
            self.stop_clock()
        elif state is h11.IDLE and (self.cycle is None or self.heard):
            self.start_clock(h11.IDLE, self.guard.header_timeout)
        elif state is h11.SEND_BODY:
            self.start_clock(h11.SEND_BODY, self.guard.body_timeout)
        else:
            self.stop_clock()

    def start_clock(self, what: object, seconds: float) -> None:
        if self.deadline is not None and self.waiting_for is what:
            return  # already running for it
        self.stop_clock()
        self.waiting_for = what
        self.deadline = self.loop.call_later(seconds, self.too_slow)

    def stop_clock(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
        self.deadline = None
        self.waiting_for = None

    def too_slow(self) -> None:
        """The headers or the body did not come in time: 408 (but to a connection that has
        sent nothing, or been answered already), and the connection is closed."""
        self.deadline = None
        if self.transport.is_closing():
            return
        unanswered = self.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE)
        if unanswered and (self.heard or self.waiting_for is h11.SEND_BODY):
            self.refuse(408, "request-timeout")
        else:
            self.transport.close()

    # -- the count -------------------------------------------------------------------------

    def refuse(self, status: int, key: str) -> None:
        self.stop_clock()
        self.transport.write(refusal(status, key))
        self.transport.close()

    def release(self) -> None:
        """The connection no longer counts (it closed, or became a websocket)."""
        self.stop_clock()
        if self.peer is not None:
            self.guard.counts.leave(self.peer)
            self.peer = None


def protocol(settings: ServerSettings) -> type[GuardedH11Protocol]:
    """The HTTP protocol class of one server (uvicorn's ``http``): its own :class:`Guard`."""
    cls = type("ServerH11Protocol", (GuardedH11Protocol,), {"guard": Guard.of(settings)})
    return cast(type[GuardedH11Protocol], cls)
