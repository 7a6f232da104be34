"""The clocks at the web table (issue 30), as a Hungarian player on a phone sees them: each
seat's time left beside its name, mine beside mine, the running one counting down, in the
page's words; nothing overflows, no source-code words."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from screens import ARTIFACTS, logged_in, screen_problems
from server_util import (
    Running,
    bot,
    client,
    my_table_with_clock,
    page_errors,
    person,
    register,
    wait_until,
)

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_the_clocks_are_shown_at_every_seat(
    browser: Browser, tmp_path: Path, size: tuple[int, int]
) -> None:
    with Running(f"sqlite:///{tmp_path / 'c.sqlite3'}") as srv:
        t = srv.create(
            [person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")],
            lang="hu",
            clock={"reserve": 600, "increment": 20},
        )
        context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, locale="hu-HU"
        )
        page = context.new_page()
        errors = page_errors(page)
        page.goto(t["links"]["0"])
        page.wait_for_selector("#hand button.card")
        # the two others' clocks and mine; mine runs: Anna is forehand (seed 1's deal)
        expect(page.locator(".clock")).to_have_count(3)
        running = page.locator("#me .clock.running")
        expect(running).to_have_count(1)
        first = running.inner_text()
        assert first.startswith(("10:", "9:")), first  # 600 + 20 s, counting down
        expect(running).not_to_have_text(first, timeout=5000)  # a second later, one less
        assert "Hátralévő idő" in (running.get_attribute("title") or "")
        assert not screen_problems(page, "hu")
        shots = ARTIFACTS / "browser" / "clock"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"hu-{size[0]}x{size[1]}.png"))
        assert not errors, errors
        context.close()


def test_the_lobby_lists_the_tables_waiting_for_my_move(browser: Browser, tmp_path: Path) -> None:
    """Correspondence play: Sára's browser, logged in, opens the lobby; the table waiting
    for her move is listed under "Te jössz" with the time she has left, and links to it; her
    own profile lists it too."""
    with Running(f"sqlite:///{tmp_path / 'c.sqlite3'}") as srv, client(srv) as sara:
        register(sara, "Sára")
        live = my_table_with_clock(srv, sara, 3 * 86400, 86400, lang="hu")
        context = logged_in(browser, srv.base, dict(sara.cookies.items()), (390, 844), "hu-HU")
        page = context.new_page()
        errors = page_errors(page)
        page.goto(srv.base + "/")
        expect(page.locator("#turnsTitle")).to_have_text("Te jössz")
        link = page.locator("#turns a")
        expect(link).to_have_count(1)
        assert link.get_attribute("href") == f"/t/{live.id}"
        expect(page.locator("#turns li")).to_contain_text("még 3 nap 23 óra")  # 4 days, begun
        assert not screen_problems(page, "hu")
        # and on her own profile
        page.goto(srv.base + "/u/S%C3%A1ra")
        expect(page.locator("#profileTurns a")).to_have_attribute("href", f"/t/{live.id}")
        expect(page.locator("#profileTurns h2")).to_have_text("Te jössz")
        assert not errors, errors
        context.close()


def test_the_lobby_makes_a_correspondence_table(browser: Browser, tmp_path: Path) -> None:
    """The new table's form offers the clocks in words; a table of days a move is made so."""
    with Running(f"sqlite:///{tmp_path / 'c.sqlite3'}") as srv, client(srv) as sara:
        register(sara, "Sára")
        context = logged_in(browser, srv.base, dict(sara.cookies.items()), (1280, 800), "hu-HU")
        page = context.new_page()
        errors = page_errors(page)
        page.goto(srv.base + "/")
        page.wait_for_selector("#preset option[value=casual]", state="attached")
        expect(page.locator("#clockLabel")).to_have_text("Óra")
        choice = page.locator("#clock option[value='259200+86400']")
        expect(choice).to_have_text("3 nap + 1 nap lépésenként (levelezős)")
        page.select_option("#clock", "259200+86400")
        page.select_option("[name=kind1]", "bot")
        page.select_option("[name=kind2]", "bot")
        before = set(srv.app.state.tables.live)
        page.click("#create")
        wait_until(lambda: len(srv.app.state.tables.live) > len(before), "the new table")
        [new] = set(srv.app.state.tables.live) - before
        t = srv.app.state.tables.get(new)
        assert t.stored.time_control == {"reserve": 259200, "increment": 86400}
        assert not errors, errors
        context.close()
