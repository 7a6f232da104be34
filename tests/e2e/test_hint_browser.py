"""The hint at the web Ulti table (issue 31), on a phone (390×844) in Hungarian: at the
person's turn a "Súgó" button asks the server what the computer would do from the person's
own cards, and the answer is shown under the actions in Hungarian (no English, nothing
unfilled); at a card turn too (R1-R4: the card advised and the others' values).  The page's
state is waited for, never a clock."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from english_words import english_words_in
from screens import READY_JS
from server_util import TINY, Running, bot, page_errors, person

pytestmark = pytest.mark.slow

#: What an unfilled or broken text shows, and a rule's id (never in a player's words).
BROKEN = re.compile(r"undefined|NaN|\[object Object\]|\bnull\b|[{}]|\b[A-Z]\d{1,2}\b")


def hint_text(page: Page) -> str:
    """Press the hint button and wait for its answer under the actions."""
    button = page.locator("#actions [data-action=hint]")
    assert button.inner_text() == "Súgó"
    version = page.evaluate("document.body.dataset.version")
    button.click()
    page.wait_for_selector("#hintBox:not([hidden])")
    assert page.evaluate("document.body.dataset.version") == version  # nothing was played
    text = page.inner_text("#hintBox")
    assert text.startswith("Súgó: "), text
    assert not BROKEN.search(text), text
    assert not english_words_in(text), text
    return text


def play_one(page: Page) -> None:
    """One of the person's actions by clicking (laying two, passing, the first bid, a card)."""
    version = page.evaluate("document.body.dataset.version")
    lay = page.locator("[data-action=lay]")
    if lay.count():
        cards = page.locator("#hand button.card")
        cards.nth(0).click()
        cards.nth(1).click()
        lay.click()
    elif page.locator("#actions [data-action=pass]").count():
        page.locator("#actions [data-action=pass]").click()
    elif page.locator("#bids [data-action]").count():
        if page.locator("#bids [data-action=open-bids]").count():
            page.click("#bids [data-action=open-bids]")
        page.locator("#bids button.bid").first.click()
    elif page.locator("#hand [data-action]").count():
        page.locator("#hand [data-action]").first.click()
    else:
        page.locator("#actions [data-action]:not([disabled]):not([data-action=hint])").first.click()
    page.wait_for_function(
        "(v) => document.body.dataset.version !== v || "
        "!!document.querySelector('#settlementDialog[open]')",
        arg=version,
    )


def test_the_hint_button_on_a_phone_in_hungarian(browser: Browser, tmp_path: Path) -> None:
    with Running(f"sqlite:///{tmp_path / 'hint.sqlite3'}", **TINY) as srv:
        t = srv.create(
            [person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")], deals=3, lang="hu"
        )
        page = browser.new_page(viewport={"width": 390, "height": 844}, locale="hu-HU")
        errors = page_errors(page)
        page.goto(t["links"]["0"])
        page.wait_for_selector("#actions [data-action=hint]")  # the person's first turn
        first = hint_text(page)
        # on to a turn with two cards or more to choose from: the hint names one of them
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, "no card turn"
            if page.wait_for_function(READY_JS).json_value() == "settlement":
                page.click("[data-action=close-settlement]")
                continue
            others = "#actions [data-action^=marriage], #actions [data-action^=kontra]"
            if page.locator("#hand [data-action]").count() > 1 and not page.locator(others).count():
                break
            play_one(page)
        card = hint_text(page)
        assert card != first and "egység" in card, card
        play_one(page)  # the table moves on: the answer is gone
        page.wait_for_selector("#hintBox", state="hidden")
        assert not errors, errors
        page.close()
