"""Notifications (issue 30): the bell (kept notices, an unread count, live over /ws/me),
e-mails received by a local SMTP server (aiosmtpd), Web Push received by a local endpoint that
decrypts the payload (RFC 8291) and checks the VAPID signature's key; an event's notices;
refusals in both languages."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece
import httpx
import pytest
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from server_util import (
    Running,
    client,
    cookies_of,
    free_port,
    my_table_with_clock,
    post,
    register,
    wait_until,
)

pytestmark = pytest.mark.slow


def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'notify.sqlite3'}"


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def my_correspondence_table(srv: Running, c: httpx.Client) -> str:
    """A table of days a move, with two computer players, once it waits for my move."""
    return my_table_with_clock(srv, c, 86400, 3600).id


def notices(c: httpx.Client) -> dict[str, Any]:
    r = c.get("/api/notices")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_the_bell_keeps_my_move_and_rings_live(tmp_path: Path) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as sara:
        register(sara, "Sára")
        assert notices(sara)["unread"] == 0
        # Sára is not at her table: when it waits for her, she is told
        first = my_correspondence_table(srv, sara)
        wait_until(lambda: notices(sara)["unread"] >= 1, "the notice")
        n = notices(sara)["notices"][0]
        assert n["kind"] == "turn" and n["link"] == f"/t/{first}" and not n["read"]
        assert n["text"]["hu"].startswith("Te jössz: Sára") and n["text"]["en"].startswith("Your")
        # the bell, live: the state now, then a new notice as it comes
        bell = srv.ws_path("/ws/me", headers=cookies_of(sara))
        state = json.loads(bell.recv(timeout=10))
        assert state["type"] == "notices" and state["unread"] >= 1
        second = my_correspondence_table(srv, sara)
        while True:
            frame = json.loads(bell.recv(timeout=30))
            if frame["type"] == "notice" and frame["notice"]["link"] == f"/t/{second}":
                break
        assert frame["unread"] >= 2
        bell.send(json.dumps({"type": "read"}))
        assert json.loads(bell.recv(timeout=10)) == {**notices(sara), "type": "notices"}
        assert notices(sara)["unread"] == 0
        bell.close()
        # a guest has no bell
        guest = srv.ws_path("/ws/me")
        assert json.loads(guest.recv(timeout=10))["type"] == "error"
        assert httpx.get(f"{srv.base}/api/notices").status_code == 401
        assert not srv.log.tracebacks()


class Inbox:
    """A local SMTP server's received messages."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(envelope.content.decode("utf-8", "replace"))
        return "250 OK"


def test_an_email_is_sent_when_the_account_asks(tmp_path: Path) -> None:
    inbox = Inbox()
    port = free_port()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        smtp_url, site = f"smtp://127.0.0.1:{port}", "https://ulti.example"
        with Running(db(tmp_path), smtp=smtp_url, site_url=site) as srv, client(srv) as sara:
            register(sara, "Sára")
            r = post(sara, "/api/me/notify", {"email": "nem-cím", "email_on": True})
            assert r.status_code == 422 and "e-mail" in r.json()["detail_hu"]
            r = post(sara, "/api/me/notify", {"email": "sara@example.org", "email_on": True})
            assert r.status_code == 200, r.text
            assert sara.get("/api/me/notify").json()["email_on"] is True
            tid = my_correspondence_table(srv, sara)
            wait_until(lambda: bool(inbox.messages), "the e-mail", timeout=30)
            mail = inbox.messages[0]
            assert "To: sara@example.org" in mail
            assert "Subject: =?utf-8?" in mail or "Subject: Ulti: Te" in mail
            assert f"https://ulti.example/t/{tid}" in mail
    finally:
        smtp.stop()


class PushEndpoint:
    """A Web Push service on loopback: each request's headers and body, kept."""

    def __init__(self) -> None:
        self.got: list[tuple[dict[str, str], bytes]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                outer.got.append((dict(self.headers.items()), body))
                self.send_response(201)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@contextmanager
def push_endpoint() -> Iterator[PushEndpoint]:
    p = PushEndpoint()
    try:
        yield p
    finally:
        p.server.shutdown()


def test_web_push_reaches_the_browser_encrypted_and_signed(tmp_path: Path) -> None:
    """The browser's keys (made here as a browser makes them): the push's payload decrypts
    with them to the notice's words, and its VAPID header carries the server's key."""
    browser_key = ec.generate_private_key(ec.SECP256R1())
    auth = os.urandom(16)
    public = browser_key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    with (
        push_endpoint() as service,
        Running(db(tmp_path), push_hosts="127.0.0.1") as srv,
        client(srv) as sara,
    ):
        register(sara, "Sára")
        endpoint = f"http://127.0.0.1:{service.port}/push/sara"
        sub = {"endpoint": endpoint, "keys": {"p256dh": b64(public), "auth": b64(auth)}}
        elsewhere = {**sub, "endpoint": "https://169.254.169.254/latest"}
        r = post(sara, "/api/push/subscribe", elsewhere)  # not a push service: refused
        assert r.status_code == 422 and r.json()["detail_hu"]
        assert post(sara, "/api/push/subscribe", sub).status_code == 200
        assert post(sara, "/api/me/notify", {"push": True}).status_code == 200
        my_correspondence_table(srv, sara)
        wait_until(lambda: bool(service.got), "the push", timeout=30)
        headers, body = service.got[0]
        plain = http_ece.decrypt(
            body, private_key=browser_key, auth_secret=auth, version="aes128gcm"
        )
        payload = json.loads(plain)
        assert payload["kind"] == "turn" and payload["text"]["hu"].startswith("Te jössz")
        key = sara.get("/api/push/key").json()["key"]
        signed = {k.lower(): v for k, v in headers.items()}["authorization"]
        assert signed.startswith("vapid t=") and f"k={key}" in signed
    assert not srv.log.tracebacks()


def test_an_events_players_hear_of_its_start_their_tables_and_its_results(
    tmp_path: Path,
) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as org:
        register(org, "Olga")
        srv.app.state.accounts.grant("Olga", "organiser")
        soon = (datetime.now(UTC) + timedelta(minutes=5)).isoformat()
        body = {"name": "Kupa", "game": "ulti", "deals": 3, "rounds": 1, "starts": soon}
        body |= {"bot_spec": "rules", "clock": {"reserve": 1, "increment": 0.2}}
        eid = post(org, "/api/events", body).json()["id"]
        people = [client(srv) for _ in range(4)]
        for i, c in enumerate(people):
            register(c, f"P{i}")
            assert post(c, f"/api/events/{eid}/register").status_code == 200

        def kinds(c: httpx.Client) -> set[str]:
            return {n["kind"] for n in notices(c)["notices"]}

        wait_until(lambda: "event-soon" in kinds(people[0]), "the reminder", timeout=30)
        soon_text = notices(people[0])["notices"][0]["text"]["hu"]
        assert soon_text.startswith("A Kupa") and "perc múlva kezdődik" in soon_text
        assert post(org, f"/api/events/{eid}/start").status_code == 200
        wait_until(
            lambda: httpx.get(f"{srv.base}/api/events/{eid}").json()["state"] == "over",
            "the event",
            timeout=240,
        )
        wait_until(lambda: "results" in kinds(people[0]), "the results' notice")
        assert {"event-soon", "round-seated", "results"} <= kinds(people[0])
        # told once each, whatever the clock loop saw meanwhile
        assert [n["kind"] for n in notices(people[0])["notices"]].count("event-soon") == 1
        for c in people:
            c.close()
