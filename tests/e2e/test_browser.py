"""A person plays a complete deal against two computer players in a real browser (Debian's
Chromium, driven by Playwright), by clicking: the auction, the talon, the bid, trump, kontras,
marriages and every card, to the settlement of the deal."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from server_util import Running, bot, chromium_path, person

pytestmark = pytest.mark.slow

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
    chromium = chromium_path()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=ARGS)
        yield b
        b.close()


def test_a_person_plays_a_deal_by_clicking(browser: Browser, tmp_path: Path) -> None:
    with Running(f"sqlite:///{tmp_path / 'e2e.sqlite3'}") as srv:
        t = srv.create(
            [person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")], deals=3, lang="hu"
        )
        page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(t["links"]["0"])
        page.wait_for_selector("#hand button.card")
        assert "Leosztás" in page.inner_text("#status")  # Hungarian, as the table was set
        clicks = 0
        deadline = time.monotonic() + 120
        while "Elszámolás" not in page.inner_text("#settlement"):
            assert time.monotonic() < deadline, "the deal did not finish"
            page.wait_for_timeout(60)
            prompt = page.inner_text("#prompt")
            if not prompt or prompt.startswith("Várunk"):
                continue
            actions = page.locator("#actions [data-action]:not([disabled])")
            lay = page.locator("[data-action=lay]")
            if lay.count():  # the talon: choose two cards, then lay them
                cards = page.locator("#hand button.card")
                cards.nth(0).click()
                cards.nth(1).click()
                lay.click()
            elif page.locator("#bids [data-action]").count():
                page.locator("#bids [data-action]").first.click()  # the lowest legal bid
            elif page.locator("#actions [data-action=pass]").count():
                page.locator("#actions [data-action=pass]").click()
            elif page.locator("#hand [data-action]").count():
                page.locator("#hand [data-action]").first.click()  # a legal card
            elif actions.count():
                actions.first.click()  # trump, a marriage, a claim
            else:
                continue
            clicks += 1
        text = page.inner_text("#settlement")
        assert "Összesen" in text  # the deal's settlement, line by line
        first = srv.app.state.tables.get(t["id"]).session.deals[0]
        assert first.is_over()
        mine = [a for seat, a in first.history if seat == 0]
        assert mine and any(a.kind.name == "PLAY" for a in mine)  # the person played cards
        assert clicks >= len(mine)
        assert page.inner_text("#sheet")  # the score sheet has the first deal
        assert not errors, errors
        # the deal's record is offered for replay and download
        assert page.locator("#records a").count() >= 2
        page.locator("#records a").first.click()
        page.wait_for_selector("#hands .card")
        assert "Leosztás 1" in page.inner_text("#status")
        page.close()


def test_the_lobby_creates_a_table_with_options_and_bot_strengths(
    browser: Browser, tmp_path: Path
) -> None:
    """The lobby's form: a preset, a rule option (V7), the number of deals, a person and two
    computer players of chosen strength, in Hungarian; the invite link opens the table."""
    with Running(f"sqlite:///{tmp_path / 'lobby.sqlite3'}") as srv:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{srv.base}/")
        page.select_option("#langSelect", "hu")
        assert "asztal" in page.inner_text("#title")
        page.wait_for_selector("#preset option[value=casual]", state="attached")
        page.select_option("#preset", "casual")
        assert "Rekontra" in page.inner_text("#presetDoc")
        page.click("#optionsLabel")
        four_aces = page.locator("[name=opt-four_aces]")
        assert four_aces.is_checked()
        assert "négy ász" in page.inner_text("#optionList")
        four_aces.uncheck()
        assert page.input_value("[name=opt-max_kontra]") == "2"  # from the preset
        page.fill("[name=deals]", "6")
        page.fill("[name=name0]", "Anna")
        page.select_option("[name=spec1]", "pimc:samples=12,ms=80")
        page.select_option("[name=spec2]", "rules")
        page.click("#create")
        link = page.locator("#links a")
        link.wait_for()
        assert link.count() == 1  # one person, one invite
        table_id = link.inner_text().split("/t/")[1].split("#")[0]
        t = srv.app.state.tables.get(table_id)
        assert t.rules.preset == "casual" and not t.rules.four_aces
        assert t.rules.session_deals == 6
        assert [s["spec"] for s in t.stored.seats] == [None, "pimc:samples=12,ms=80", "rules"]
        assert next(s["name"] for s in t.stored.seats) == "Anna"
        link.click()
        page.wait_for_selector("#hand button.card")
        assert "four_aces=false" in page.inner_text("#players")
        assert not errors, errors
        page.close()


def _play_a_few(page: Page, n: int) -> None:
    """Click ``n`` of the person's actions (passing, laying, the lowest bid, a legal card)."""
    done = 0
    deadline = time.monotonic() + 60
    while done < n:
        assert time.monotonic() < deadline, "no turn came"
        page.wait_for_timeout(60)
        prompt = page.inner_text("#prompt")
        if not prompt or prompt.startswith(("Várunk", "Waiting")):
            continue
        lay = page.locator("[data-action=lay]")
        if lay.count():
            cards = page.locator("#hand button.card")
            cards.nth(0).click()
            cards.nth(1).click()
            lay.click()
        elif page.locator("#actions [data-action=pass]").count():
            page.locator("#actions [data-action=pass]").click()
        elif page.locator("#bids [data-action]").count():
            page.locator("#bids [data-action]").first.click()
        elif page.locator("#hand [data-action]").count():
            page.locator("#hand [data-action]").first.click()
        elif page.locator("#actions [data-action]:not([disabled])").count():
            page.locator("#actions [data-action]:not([disabled])").first.click()
        else:
            continue
        done += 1


def test_reload_takeover_download_and_no_token_in_the_server_log(
    browser: Browser, tmp_path: Path
) -> None:
    """F5 shows the deal's whole log again; a second tab on the same seat takes it over and
    the first can take it back; a finished deal downloads and replays with the token sent in
    a header; the token leaves the address bar (history) at once; the server's log (access
    lines included) never shows a seat's token."""
    with Running(f"sqlite:///{tmp_path / 'f5.sqlite3'}", log_level="info") as srv:
        t = srv.create([person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")], deals=3)
        token = t["tokens"]["0"]
        context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(t["links"]["0"])
        page.wait_for_selector("#hand button.card")
        # the invite link's token is kept by the browser and leaves the address bar
        assert token not in page.url and page.url.endswith("#seat=0")
        _play_a_few(page, 2)
        page.wait_for_function("document.querySelectorAll('#log div').length >= 3")
        before = page.inner_text("#log")
        page.reload()  # F5
        page.wait_for_selector("#hand button.card")
        page.wait_for_function("document.querySelectorAll('#log div').length >= 3")
        assert page.inner_text("#log").startswith(before.splitlines()[0])
        assert len(page.inner_text("#log").splitlines()) >= len(before.splitlines())

        # a second tab takes the seat over; the first is told and can take it back
        second = context.new_page()
        second.goto(t["links"]["0"])
        second.wait_for_selector("#hand button.card")
        page.wait_for_selector("#replaced [data-action=play-here]")
        page.click("#replaced [data-action=play-here]")
        second.wait_for_selector("#replaced [data-action=play-here]")
        page.wait_for_selector("#hand button.card")
        assert not page.is_visible("#replaced")
        live = srv.app.state.tables.get(t["id"])
        assert sum(1 for c in live.connections if c.seat == 0) == 1
        second.close()

        # finish the first deal, then download its record and open its replay
        deadline = time.monotonic() + 120
        while not live.session.deals[0].is_over():
            assert time.monotonic() < deadline, "the deal did not finish"
            _play_a_few(page, 1)
        page.wait_for_selector("#records a.download")
        with page.expect_download() as got:
            page.locator("#records a.download").first.click()
        import json

        record = json.loads(Path(got.value.path()).read_text())
        assert record["format"] == "ulti-record"
        page.locator("#records a").first.click()
        page.wait_for_selector("#hands .card")
        assert token not in page.url
        assert not errors, errors
        context.close()
        log = srv.log.text()
        assert "GET /api/tables/" in log and "/steps" in log  # the access log is there
        assert token not in log, "a seat's token reached the server's log"
        assert "token=" not in log
