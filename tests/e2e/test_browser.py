"""A person plays a complete deal against two computer players in a real browser (Debian's
Chromium, driven by Playwright), by clicking: the auction, the talon, the bid, trump, kontras,
marriages and every card, to the settlement of the deal.

The table is checked as a person sees it, at every one of the person's turns, on a desktop
(1280×800) and a phone (390×844), in English and in Hungarian: nothing runs off the side of
the screen, the hand and every button the person may press are in view without scrolling and
big enough for a finger, and a Hungarian table shows no English.  Each phase is saved as a
screenshot under ``test-artifacts/browser/<lang>-<w>x<h>/`` for a person to look at.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from screens import ARTIFACTS as SHOTS
from screens import READY_JS, SIZES
from server_util import Running, bot, page_errors, person
from table_page import Table

pytestmark = pytest.mark.slow


#: Where the screenshots go (the repository's root; ignored by git).
ARTIFACTS = SHOTS / "browser"


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_a_deal_at_the_table_fits_the_screen_and_speaks_its_language(
    browser: Browser, tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    """A whole deal by clicking, checked at every turn of the person: (a) nothing overflows
    sideways, (b) the hand, every enabled button and the first bid are in view without
    scrolling, (c) every card and button is at least 44×44, (d) a Hungarian page shows no
    English (dialogs included); then the settlement and the score sheet as dialogs."""
    w, h = size
    shots = ARTIFACTS / f"{lang}-{w}x{h}"
    shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True)
    still = (lang, w) == ("en", 1280)  # one run with reduced motion: no animation at all
    with Running(f"sqlite:///{tmp_path / 'table.sqlite3'}") as srv:
        t = srv.create(
            [person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")], deals=3, lang=lang
        )
        context = browser.new_context(  # the browser asks for the table's language
            viewport={"width": w, "height": h},
            locale="hu-HU" if lang == "hu" else "en-GB",
            reduced_motion="reduce" if still else "no-preference",
        )
        page = context.new_page()
        errors = page_errors(page)
        page.goto(t["links"]["0"])
        page.wait_for_selector("#hand button.card")
        assert page.evaluate("document.documentElement.lang") == lang
        table = Table(page, lang, shots, still)
        deadline = time.monotonic() + 240
        while table.ready() != "settlement":
            assert time.monotonic() < deadline, "the deal did not finish"
            table.turn()
        assert table.turns >= 2  # the talon or a pass at least, and a card

        # the settlement opens by itself as a dialog, line by line, with the totals
        dialog = page.locator("#settlementDialog")
        assert dialog.evaluate("d => d.open")
        text = page.inner_text("#settlement")
        assert ("Összesen" if lang == "hu" else "Total") in text
        assert (
            ("nyert" in text or "bukott" in text)
            if lang == "hu"
            else ("won" in text or "lost" in text)
        )
        table.check("the settlement")
        table.shot(8, "settlement")
        page.click("[data-action=close-settlement]")
        page.wait_for_function("() => !document.querySelector('#settlementDialog').open")

        # the score sheet on demand: the first deal's row, the finished deals' links
        page.click("#sheetBtn")
        page.wait_for_selector("#sheetDialog[open] #sheet tr:nth-child(2)")
        assert page.locator("#records a").count() >= 2
        table.check("the score sheet")
        table.shot(9, "sheet")
        page.click("[data-action=close-sheet]")

        # the log on demand: every move of the deal, in words
        page.click("#logBtn")
        page.wait_for_selector("#logDialog[open] #log div")
        first = srv.app.state.tables.get(t["id"]).session.deals[0]
        assert page.locator("#log div").count() >= len(first.history)
        table.check("the log")
        table.shot(10, "log")
        page.click("[data-action=close-log]")

        assert first.is_over()
        mine = [a for seat, a in first.history if seat == 0]
        assert sum(1 for a in mine if a.kind.name == "PLAY") >= 1
        assert not errors, errors
        assert {"auction", "play", "settlement", "sheet"} <= table.taken
        context.close()


def test_a_person_plays_a_deal_by_clicking(browser: Browser, tmp_path: Path) -> None:
    with Running(f"sqlite:///{tmp_path / 'e2e.sqlite3'}") as srv:
        t = srv.create(
            [person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")], deals=3, lang="hu"
        )
        # a phone whose browser asks for Hungarian
        page = browser.new_page(viewport={"width": 390, "height": 844}, locale="hu-HU")
        errors = page_errors(page)
        page.goto(t["links"]["0"])
        page.wait_for_selector("#hand button.card")
        assert "Leosztás" in page.inner_text("#status")  # Hungarian, as the table was set
        clicks = 0
        picked_up = False
        deadline = time.monotonic() + 120
        while page.wait_for_function(READY_JS).json_value() != "settlement":
            assert time.monotonic() < deadline, "the deal did not finish"
            assert not page.inner_text("#prompt").startswith("Várunk")
            version = page.evaluate("document.body.dataset.version")
            actions = page.locator("#actions [data-action]:not([disabled])")
            lay = page.locator("[data-action=lay]")
            if lay.count():  # the talon: choose two cards, then lay them
                cards = page.locator("#hand button.card")
                cards.nth(0).click()
                cards.nth(1).click()
                lay.click()
            elif page.locator("#bids [data-action]").count():
                # the lowest legal bid but a plain Simple, which left standing is not played
                # (A5): the person is to play cards in this deal
                if page.locator("#bids [data-action=open-bids]").count():
                    page.click("#bids [data-action=open-bids]")  # a phone: the ladder's sheet
                bids = page.locator("#bids button.bid:not([data-warn])")
                bids.nth(1 if bids.count() > 1 else 0).click()
            elif page.locator("#actions [data-action=pickup]").count() and not picked_up:
                picked_up = True
                page.locator("#actions [data-action=pickup]").click()
            elif page.locator("#actions [data-action=pass]").count():
                page.locator("#actions [data-action=pass]").click()
            elif page.locator("#hand [data-action]").count():
                page.locator("#hand [data-action]").first.click()  # a legal card
            elif actions.count():
                actions.first.click()  # trump, a marriage, a claim
            clicks += 1
            page.wait_for_function(  # the table moves on: a new version, or the settlement
                "(v) => document.body.dataset.version !== v || "
                "!!document.querySelector('#settlementDialog[open]')",
                arg=version,
            )
        text = page.inner_text("#settlement")
        assert "Elszámolás" in text
        assert "Összesen" in text  # the deal's settlement, line by line
        first = srv.app.state.tables.get(t["id"]).session.deals[0]
        assert first.is_over()
        mine = [a for seat, a in first.history if seat == 0]
        assert mine and any(a.kind.name == "PLAY" for a in mine)  # the person played cards
        assert clicks >= len(mine)
        page.click("[data-action=close-settlement]")
        page.click("#sheetBtn")
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
        errors = page_errors(page)
        page.goto(f"{srv.base}/")
        page.select_option("#langSelect", "hu")
        # the page redraws in Hungarian once its words are in: waited for, not raced
        expect(page.locator("#title")).to_contain_text("asztal", timeout=60_000)
        page.wait_for_selector("#preset option[value=casual]", state="attached")
        page.select_option("#preset", "casual")
        assert "rekontrá" in page.inner_text("#presetDoc")  # in Hungarian
        page.click("#optionsLabel")
        four_aces = page.locator("[name=opt-four_aces]")
        assert four_aces.is_checked()
        assert "négy ász" in page.inner_text("#optionList")
        four_aces.uncheck()
        assert page.input_value("[name=opt-max_kontra]") == "2"  # from the preset
        kontra = page.locator("[name=opt-max_kontra]")  # V11: a cap from 2 to 16, no "no limit"
        assert (kontra.get_attribute("min"), kontra.get_attribute("max")) == ("2", "16")
        page.fill("[name=deals]", "6")
        # the card faces: Hungarian (Tell pattern) by default, French a choice kept for later
        assert page.input_value("#facesSelect") == "hungarian"
        assert "magyar kártya" in page.inner_text("#facesSelect")
        page.select_option("#facesSelect", "french")
        page.fill("[name=name0]", "Anna")
        page.select_option("[name=spec1]", "pimc:samples=12,ms=80")
        page.select_option("[name=spec2]", "rules")
        page.click("#create")
        # nobody to invite (the guest's own seat and two computer players): the creator is
        # taken to their seat, never shown a link with its token
        page.wait_for_url("**/t/**")
        table_id = page.url.split("/t/")[1].split("#")[0]
        t = srv.app.state.tables.get(table_id)
        assert t.rules.preset == "casual" and not t.rules.four_aces
        assert t.rules.session_deals == 6
        assert [s["spec"] for s in t.stored.seats] == [None, "pimc:samples=12,ms=80", "rules"]
        assert next(s["name"] for s in t.stored.seats) == "Anna"
        page.wait_for_selector("#hand button.card")
        # the table's rules by name, in the page's language: the preset and the option changed
        page.click("#sheetBtn")
        rules = page.inner_text("#rulesLine")
        assert "baráti" in rules and "négy ász: ki" in rules, rules
        assert "four_aces" not in rules

        # the faces chosen in the lobby hold at the table; the score sheet switches them back
        def faces() -> set[str]:
            hrefs = page.eval_on_selector_all(
                "#hand svg.face use", "els => els.map(e => e.getAttribute('href'))"
            )
            return {h.split("#")[0] for h in hrefs}

        assert faces() == {"/cards/french-hu.svg"}
        assert page.input_value("#facesSelect") == "french"
        page.select_option("#facesSelect", "hungarian")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#hand svg.face use')]"
            ".every(u => u.getAttribute('href').startsWith('/cards/hungarian-hu.svg'))"
        )
        assert faces() == {"/cards/hungarian-hu.svg"}
        assert not errors, errors
        page.close()


def _close_settlement(page: Page) -> None:
    if page.locator("#settlementDialog[open]").count():
        page.click("[data-action=close-settlement]")


def _play_a_few(page: Page, n: int) -> None:
    """Click ``n`` of the person's actions (passing, laying, the lowest bid, a legal card),
    each at a turn of the person (the page's state), closing a settlement on the way."""
    for _ in range(n):
        if page.wait_for_function(READY_JS).json_value() == "settlement":
            _close_settlement(page)
            page.wait_for_function(READY_JS)
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
            page.locator("#bids [data-action]").first.click()
        elif page.locator("#hand [data-action]").count():
            page.locator("#hand [data-action]").first.click()
        else:
            page.locator("#actions [data-action]:not([disabled])").first.click()
        page.wait_for_function(
            "(v) => document.body.dataset.version !== v || "
            "!!document.querySelector('#settlementDialog[open]')",
            arg=version,
        )


def _log_text(page: Page) -> str:
    """The log, read from its dialog (opened and closed again; a deal's settlement shown over
    the table is closed first: a Simple left standing, A5, ends a deal at once)."""
    _close_settlement(page)
    page.click("#logBtn")
    page.wait_for_selector("#logDialog[open]")
    text = page.inner_text("#log")
    page.click("[data-action=close-log]")
    return text


def test_reload_takeover_download_and_no_token_in_the_server_log(
    browser: Browser, tmp_path: Path
) -> None:
    """F5 shows the deal's whole log again; a second tab on the same seat takes it over and
    the first can take it back; a finished deal downloads and replays with the token sent in
    a header; the token leaves the address bar (history) at once; the server's log (access
    lines included) never shows a seat's token."""
    with Running(f"sqlite:///{tmp_path / 'f5.sqlite3'}", log_level="info") as srv:
        # deals enough that the session cannot end while a few moves are made (a Simple left
        # standing ends a deal at once, A5)
        t = srv.create([person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")], deals=9)
        token = t["tokens"]["0"]
        context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
        page = context.new_page()
        errors = page_errors(page)
        page.goto(t["links"]["0"])
        page.wait_for_selector("#hand button.card")
        # the invite link's token is kept by the browser and leaves the address bar
        assert token not in page.url and page.url.endswith("#seat=0")
        _play_a_few(page, 2)
        # at the person's turn of a deal in play (nothing moves until the person does; a deal
        # whose Simple was left standing, A5, is over at once: on to the next)
        while page.wait_for_function(READY_JS).json_value() == "settlement":
            _close_settlement(page)
        page.wait_for_function("() => document.querySelectorAll('#log div').length >= 3")
        before = _log_text(page)
        page.reload()  # F5
        page.wait_for_selector("#hand button.card")
        # (the deal in play may have only begun: its heading and a line or two)
        page.wait_for_function("() => document.querySelectorAll('#log div').length >= 1")
        after = _log_text(page)
        # the page's log holds the deals seen since it was loaded; after F5, the deal in play
        lines = before.splitlines()
        current = lines[max(i for i, ln in enumerate(lines) if ln.startswith("Deal ")) :]
        assert after.startswith(current[0])
        assert len(after.splitlines()) >= len(current)

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
        # the view that lists the finished deal opens its settlement, or it was seen already
        page.wait_for_selector("#records a.download", state="attached")
        _close_settlement(page)
        page.click("#sheetBtn")
        with page.expect_download() as got:
            page.locator("#records a.download").first.click()
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
