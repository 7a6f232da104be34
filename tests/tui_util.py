"""What the terminal tests of both games share: waiting for the table, and reading its screen."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from ulti.tui.frame import CardTable


async def until(
    pilot: Pilot[Any], app: CardTable[Any, Any], what: Callable[[], bool], why: str
) -> None:
    """Pause until ``what()`` holds and the table is not being drawn (``app.drawing``): a
    click or key is handled, and its screen drawn, a moment after ``pilot.pause()`` returns
    on a busy machine, so each step waits for what it needs (by the clock, up to a minute;
    nothing is asserted about the time taken)."""
    deadline = time.monotonic() + 60
    while True:
        await pilot.pause()
        if what() and not app.drawing:
            return
        assert time.monotonic() < deadline, f"waited in vain for {why}"


def on_table(app: CardTable[Any, Any]) -> bool:
    """No dialog over the table."""
    return app.screen is app.screen_stack[0]


def screen_text(app: CardTable[Any, Any]) -> str:
    """The words on the terminal now (the screenshot's text, line by line)."""
    svg = app.export_screenshot()
    lines: dict[float, list[str]] = {}
    for y, body in re.findall(
        r'<text class="terminal-[\w-]*r\d+" x="[\d.]+" y="([\d.]+)"[^>]*>([^<]*)</text>', svg
    ):
        lines.setdefault(float(y), []).append(html.unescape(body).replace("\xa0", " "))
    return "\n".join("".join(parts) for _, parts in sorted(lines.items()))
