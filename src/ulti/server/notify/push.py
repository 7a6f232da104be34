"""Web Push (RFC 8030, with VAPID, RFC 8292, and the payload encrypted as RFC 8291 says, by
the ``pywebpush`` library): the server's VAPID key is one of its secrets, made on first use
and kept in the database, so every node and every restart signs with the same one; the pages
subscribe with its public half (``GET /api/push/key``)."""

from __future__ import annotations

import base64
import json
import logging
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

from ulti.server.notify.store import Subscription
from ulti.server.store import Store

log = logging.getLogger("ulti.server.notify")

#: The order of P-256's group: a private key is a number below it.
_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551


class Pusher:
    """Sends a notice to an account's browsers."""

    def __init__(self, store: Store, contact: str) -> None:
        seed = int.from_bytes(store.secret("vapid"), "big")
        self.key = ec.derive_private_key(seed % (_ORDER - 1) + 1, ec.SECP256R1())
        self.vapid = Vapid02(private_key=self.key)
        self.contact = contact

    def public_key(self) -> str:
        """The applicationServerKey a page subscribes with (base64url, unpadded)."""
        raw = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    def send(self, sub: Subscription, payload: dict[str, Any]) -> bool:
        """One push (blocking: run it in a thread).  False: the browser's subscription is
        gone (404/410), so it is dropped."""
        try:
            webpush(
                sub.info(),
                json.dumps(payload),
                vapid_private_key=self.vapid,
                vapid_claims={"sub": self.contact},
                ttl=3600,
                timeout=10,
            )
        except WebPushException as exc:
            status = getattr(exc.response, "status_code", None)
            if status in (404, 410):
                return False
            log.warning("a push to %s failed: %s", sub.endpoint[:60], str(exc)[:200])
        return True
