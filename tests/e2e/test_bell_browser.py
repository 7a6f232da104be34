"""The bell in a Hungarian browser (issue 30): a logged-in player's notices with their unread
count, live; the list in words, each linking to its table; marking them read; the profile's
choices of how else to be told."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from screens import logged_in, screen_problems
from server_util import Running, client, my_table_with_clock, page_errors, register

pytestmark = pytest.mark.slow


def test_the_bell_rings_lists_and_is_read(browser: Browser, tmp_path: Path) -> None:
    with Running(f"sqlite:///{tmp_path / 'b.sqlite3'}") as srv, client(srv) as sara:
        register(sara, "Sára")
        context = logged_in(browser, srv.base, dict(sara.cookies.items()), (390, 844), "hu-HU")
        page = context.new_page()
        errors = page_errors(page)
        page.goto(srv.base + "/")
        bell = page.locator("#account [data-action=bell]")
        expect(bell).to_have_attribute("aria-label", "Értesítések")
        # a table of days a move: when it waits for Sára, who is elsewhere, the bell rings
        live = my_table_with_clock(srv, sara, 86400, 3600, lang="hu")
        expect(page.locator("#account .bell-count")).to_have_text("1")
        bell.click()
        item = page.locator("#bellDialog .bell-list li.unread a")
        expect(item).to_have_text("Te jössz: Sára, Béla, Cili")
        assert item.get_attribute("href") == f"/t/{live.id}"
        assert not screen_problems(page, "hu")
        page.click("#bellDialog button:has-text('Mind olvasott')")
        expect(page.locator("#account .bell-count")).to_have_count(0)
        expect(page.locator("#bellDialog .bell-list li.read")).to_have_count(1)
        page.keyboard.press("Escape")
        # the profile: how else to be told
        page.goto(srv.base + "/u/S%C3%A1ra")
        form = page.locator("#notifyChoices")
        expect(form).to_contain_text("Értesítés e-mailben")
        page.fill("#notifyChoices input[type=email]", "sara@example.org")
        page.check("#notifyChoices label:has-text('e-mailben') input")
        expect(form).to_contain_text("Elmentve")
        assert sara.get("/api/me/notify").json() == {
            "push": False,
            "email": "sara@example.org",
            "email_on": True,
        }
        assert not screen_problems(page, "hu")
        assert not errors, errors
        context.close()
