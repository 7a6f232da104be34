"""Notifications by e-mail: the standard library's SMTP client (``smtplib``) to the server
``ulti serve --smtp`` names; plain text in the account's language."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit


class Mailer:
    def __init__(self, url: str, sender: str) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(
                f"an SMTP server is smtp://host:port or smtps://host:port, not {url!r}"
            )
        self.tls = parts.scheme == "smtps"
        self.host = parts.hostname
        self.port = parts.port or (465 if self.tls else 25)
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        self.sender = sender

    def send(self, to: str, subject: str, body: str) -> None:
        """One e-mail (blocking: run it in a thread)."""
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = self.sender, to, subject
        msg.set_content(body)
        smtp_class = smtplib.SMTP_SSL if self.tls else smtplib.SMTP
        with smtp_class(self.host, self.port, timeout=20) as smtp:
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(msg)
