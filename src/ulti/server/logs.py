"""The server's log lines: a client's malformed frame in one line without a traceback
(:class:`ClientFaultFilter` on uvicorn's error log), the app's own lines in uvicorn's format."""

from __future__ import annotations

import logging


class ClientFaultFilter(logging.Filter):
    """A client's malformed websocket frame is the client's fault, not the server's: uvicorn
    logs a text frame that is not UTF-8 with a traceback (and closes it, 1007); here it is
    one line without one, so that nobody can fill the log with tracebacks."""

    MESSAGES = ("Invalid UTF-8 sequence received from client.",)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in self.MESSAGES:
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.msg = f"{record.msg} (closed, 1007)"
            return logging.getLogger(record.name).isEnabledFor(logging.INFO)
        return True


def quiet_client_faults() -> None:
    """Install :class:`ClientFaultFilter` on uvicorn's error log (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientFaultFilter) for f in logger.filters):
        logger.addFilter(ClientFaultFilter())


def log_like_uvicorn() -> None:
    """The app's own log lines (``ulti.*``) in uvicorn's format, from INFO up."""
    logger = logging.getLogger("ulti")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:%(spaces)s%(message)s"))
        handler.addFilter(_pad_level)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False


def _pad_level(record: logging.LogRecord) -> bool:
    record.spaces = " " * max(1, 9 - len(record.levelname))
    return True
