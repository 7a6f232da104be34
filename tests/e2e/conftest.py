"""What every browser test shares: Debian's Chromium launched by Playwright (never a browser
download), headless and quiet, one browser per test (``browser``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from server_util import chromium_path

#: Chromium's switches: headless, no sandbox (containers run as root), nothing that reaches
#: for the network on its own.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Chromium for one test (skipped without it, with how to install it; failed under CI)."""
    chromium = chromium_path()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=ARGS)
        yield b
        b.close()
