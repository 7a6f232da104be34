"""People's events (issue 30) in a real browser (Debian's Chromium, driven by Playwright), in
Hungarian, as a Hungarian browser (``hu-HU``) first sees them: an organiser makes a duplicate
event through the events page's form, a person registers for it on its page by clicking (three
others through the API), the organiser starts it there, and the person opens their table from
the event's page and plays the round's deals by clicking while the others' seats are played on
websockets; then the event's page shows the final standings, a deal at every table (the
traveller, with each table's replay), the schedule's balance and the downloads, every number
as Hungarian writes it.

The organiser's page never reloads: it follows the event by asking again every few seconds (a
fake clock moves it on), and asks no more once the event is over.  Every page is checked as a
player reads it (tests/screens.py: no sideways overflow, no source-code words, no word broken,
no text over text, no English), at 1280×800 and, for the event's page, at 390×844; axe-core
finds no serious or critical violation; no script error, nothing the Content Security Policy
blocks.  Screenshots go to ``test-artifacts/events/``.
"""

from __future__ import annotations

import random
import re
import shutil
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright._impl._api_structures import SetCookieParam
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from screens import ARTIFACTS as SHOTS
from screens import axe_path, axe_violations, screen_problems
from server_util import (
    Running,
    Seat,
    client,
    live,
    page_errors,
    play_out,
    post,
    register,
    wait_until,
)
from table_page import Table

pytestmark = pytest.mark.slow

ARTIFACTS = SHOTS / "events"
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
PASSWORD = "korong-és-makk-7"
#: how long a page may take to follow the server (its polls, the computer players, the others)
LONG = 120_000

#: Each fetch of an event's page counted (``window.__asked``): to see that the page asks again
#: while the event runs, and no more once it is over.
COUNT_FETCHES = """
window.__asked = 0;
const fetched = window.fetch.bind(window);
window.fetch = (url, ...rest) => {
  if (String(url).startsWith("/api/events/")) window.__asked += 1;
  return fetched(url, ...rest);
};
"""

#: Where the person's table page stands, once it is not waiting: the session over, a
#: settlement to close, their turn.
STATE_JS = """
() => {
  if (document.body.dataset.sessionOver === "true") return "over";
  if (document.querySelector("#settlementDialog[open]")) return "settlement";
  if (document.body.dataset.turn !== "me") return false;
  const acts = "#actions [data-action], #bids [data-action], #hand [data-action]";
  return document.querySelector(acts) ? "me" : false;
}
"""


def hungarian(browser: Browser, viewport: ViewportSize = DESKTOP, **kw: Any) -> BrowserContext:
    """A Hungarian browser (nothing saved: its first visit picks the language)."""
    return browser.new_context(viewport=viewport, locale="hu-HU", **kw)


def logged_in_as(src: BrowserContext, dst: BrowserContext, base: str) -> None:
    """``dst`` logged in as ``src`` is (the same person on another screen): its cookies."""
    cookies: list[SetCookieParam] = [
        {"name": c["name"], "value": c["value"], "url": base} for c in src.cookies()
    ]
    dst.add_cookies(cookies)


def looks_right(page: Page, where: str) -> None:
    problems = screen_problems(page, "hu")
    assert not problems, f"{where}: {problems[:8]}\n{page.inner_text('body')}"


def make_account(page: Page, name: str) -> None:
    """Register an account through the page's account bar."""
    page.click("#account [data-action=register]")
    page.fill("#accountName", name)
    page.fill("#accountPassword", PASSWORD)
    page.click("#accountSubmit")
    expect(page.locator("#accountLink")).to_have_text(name)


def play_the_session(page: Page, shots: Path) -> Table:
    """The person plays their table's session by clicking, to its end."""
    (shots / "table").mkdir(exist_ok=True)
    table = Table(page, "hu", shots / "table", still=False)
    while True:
        state = page.wait_for_function(STATE_JS, timeout=LONG).json_value()
        if state == "over":
            return table
        if state == "settlement":
            page.click("[data-action=close-settlement]")
            page.wait_for_function("() => !document.querySelector('#settlementDialog').open")
        else:
            table.turn()


def hu_percent(x: float) -> str:
    """A percentage as Hungarian writes it: 66,67%."""
    return f"{x:.2f}%".replace(".", ",")


def hu_units(x: int) -> str:
    """Units won or lost as Hungarian writes them: +416, −6088, −12 345 (a space between
    thousands from five digits on, a real minus sign)."""
    digits = f"{abs(x):,}".replace(",", " ") if abs(x) >= 10_000 else str(abs(x))
    return ("+" if x > 0 else "−" if x < 0 else "") + digits


def shown(page: Page, selector: str) -> str:
    """An element's text, its no-break spaces as spaces."""
    return re.sub(r"[\u00a0\u202f]", " ", page.locator(selector).inner_text()).strip()


def test_an_organiser_makes_an_event_a_person_registers_and_plays_it_and_the_pages_follow(
    browser: Browser, tmp_path: Path
) -> None:
    shots = ARTIFACTS / "duplicate"
    shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True)
    with Running(f"sqlite:///{tmp_path / 'events.sqlite3'}", login_burst=100) as srv:
        # -- the organiser: the events page, an account, the role, the form ------------------
        org_ctx = hungarian(browser)
        org_ctx.add_init_script(COUNT_FETCHES)
        org_ctx.clock.install()
        org = org_ctx.new_page()
        org_errors = page_errors(org)
        org.goto(f"{srv.base}/events")
        expect(org.locator("#list")).to_have_text("Még nincs verseny.")
        assert org.evaluate("document.documentElement.lang") == "hu"
        assert org.title() == "Ulti — Versenyek"
        expect(org.locator("#organisersOnly")).to_be_visible()  # a guest makes no event
        expect(org.locator("#form")).to_be_hidden()
        looks_right(org, "the events, empty")
        make_account(org, "Olga")
        expect(org.locator("#form")).to_be_hidden()  # an account without the role: neither
        srv.app.state.accounts.grant("Olga", "organiser")
        org.reload()
        expect(org.locator("#form")).to_be_visible()
        expect(org.locator("#organisersOnly")).to_be_hidden()
        expect(org.locator("#preset option[value=standard]")).to_have_text("alap")
        org.fill("#name", "Téli kupa")
        org.select_option("#game", "ulti")
        org.fill("#deals", "3")
        org.fill("#rounds", "1")
        org.select_option("#level", "rules")  # the easy computer players: quick moves
        org.fill("#maxPlayers", "4")
        expect(org.locator("#dealsRow")).to_contain_text("3 többszöröse")
        # Snapszli has a match a round, four at the table deals a multiple of four
        org.select_option("#game", "snapszli")
        expect(org.locator("#matchRow")).to_be_visible()
        expect(org.locator("#dealsRow")).to_be_hidden()
        org.select_option("#game", "ulti4")
        assert org.get_attribute("#deals", "step") == "4"
        org.select_option("#game", "ulti")
        org.fill("#deals", "3")
        org.check("[name=start][value=count]")
        expect(org.locator("#countRow")).to_be_visible()
        org.check("[name=start][value=organiser]")
        expect(org.locator("#countRow")).to_be_hidden()
        looks_right(org, "the new event's form")
        org.screenshot(path=str(shots / "01-form.png"), full_page=True)
        org.click("#create")
        org.wait_for_url(re.compile(r"/e/[\w-]+$"))
        event_id = org.url.rsplit("/", 1)[1]
        event_url = org.url
        with client(srv) as c:
            made = c.get(f"/api/events/{event_id}").json()
        assert made["name"] == "Téli kupa" and made["game"] == "ulti" and made["deals"] == 3
        assert made["rounds"] == 1 and made["max_players"] == 4 and made["bot_spec"] == "rules"
        assert made["rules"]["preset"] == "standard" and made["lang"] == "hu"
        assert made["state"] == "open" and made["starts"] is None and made["start_count"] is None
        about = org.locator("#about")
        expect(about.locator("h2")).to_have_text("Téli kupa")
        for words in ("nevezni lehet", "3 leosztás", "a szervező indítja", "kezdő", "Olga"):
            expect(about).to_contain_text(words)
        expect(org.locator("[data-action=event-start]")).to_have_text("A verseny indítása")
        looks_right(org, "the organiser's new event")

        # another organiser's event, at a time: the list says when, in Hungarian
        with client(srv) as otto:
            register(otto, "Ottó")
            srv.app.state.accounts.grant("Ottó", "organiser")
            starts = (datetime.now(UTC) + timedelta(days=3)).isoformat()
            body = {"name": "Snapszli-est", "game": "snapszli", "rounds": 2, "starts": starts}
            timed = post(otto, "/api/events", body)
            assert timed.status_code == 201, timed.text

        # -- a person: the event's page, logged out, then an account, then registering ---------
        anna_ctx = hungarian(browser)
        anna = anna_ctx.new_page()
        anna_errors = page_errors(anna)
        anna.goto(f"{srv.base}/")
        expect(anna.locator("#eventsLink")).to_have_text("Versenyek")  # the lobby links them
        anna.click("#eventsLink")
        anna.wait_for_url(f"{srv.base}/events")
        card = anna.locator(f".event-card[data-event='{event_id}']")
        for words in ("Téli kupa", "Ulti", "azonos lapos", "nevezni lehet", "1 forduló"):
            expect(card).to_contain_text(words)
        later = anna.locator(f".event-card[data-event='{timed.json()['id']}']")
        expect(later).to_contain_text("Snapszli")
        expect(later).to_contain_text(re.compile(r"kezdés: \d{4}\. [^\s.]+\. \d{1,2}\. \d\d:\d\d"))
        looks_right(anna, "the events, two")
        anna.screenshot(path=str(shots / "02-list.png"), full_page=True)
        card.locator("a").click()
        anna.wait_for_url(event_url)
        expect(anna.locator(".login-note")).to_contain_text("A nevezéshez lépj be")
        expect(anna.locator("[data-action=event-register]")).to_have_count(0)
        expect(anna.locator("[data-action=event-start]")).to_have_count(0)  # not hers to start
        looks_right(anna, "the event, logged out")
        make_account(anna, "Anna")
        anna.click("[data-action=event-register]")
        expect(anna.locator(".registered-note")).to_have_text("Neveztél.")
        expect(anna.locator(".entrants")).to_contain_text("Nevezők (1)")
        anna.click("[data-action=event-unregister]")  # and back: nothing stays of it
        expect(anna.locator(".entrants")).to_contain_text("Még senki sem nevezett.")
        anna.click("[data-action=event-register]")
        expect(anna.locator(".entrants")).to_contain_text("Anna")
        looks_right(anna, "the event, registered")

        # the three others register through the API; the organiser's page follows
        names = ["Béla", "Cili", "Dóra"]
        others = [client(srv) for _ in names]
        for c, n in zip(others, names, strict=True):
            register(c, n)
            r = post(c, f"/api/events/{event_id}/register")
            assert r.status_code == 200, r.text
        org.clock.fast_forward(5_000)  # (its next look)
        expect(org.locator(".entrants")).to_contain_text("Nevezők (4)", timeout=LONG)
        with client(srv) as late:  # the fifth finds it full, in Hungarian
            register(late, "Erik")
            full = post(late, f"/api/events/{event_id}/register")
            assert full.status_code == 409 and "betelt" in full.json()["detail_hu"]
        org.screenshot(path=str(shots / "03-registered.png"), full_page=True)

        # -- the organiser starts it: the round's tables --------------------------------------
        org.click("[data-action=event-start]")
        expect(about).to_contain_text("folyik")
        expect(org.locator("#round h2")).to_have_text("1. forduló (1 közül)")
        expect(org.locator(".event-table")).to_have_count(2)
        for t in org.locator(".event-table").all():  # not hers: each to watch
            expect(t.locator("a[data-action=watch]")).to_have_attribute(
                "href", re.compile(r"^/t/[\w-]+#watch$")
            )
        expect(org.locator(".event-table .bot-mark").first).to_have_text("Gép")
        expect(org.locator("#balance")).to_contain_text("Egyszer találkozó párok: 2")
        looks_right(org, "the event, started")

        # the others take their seats on websockets and play them at random, meanwhile
        view = httpx.get(f"{srv.base}/api/events/{event_id}").json()
        tables = [live(srv, t["id"]) for t in view["tables"]]
        seats = []
        for c in others:
            mine = [t for t in c.get(f"/api/events/{event_id}").json()["tables"] if t["mine"]]
            assert len(mine) == 1
            took = post(c, f"/api/tables/{mine[0]['id']}/seat")
            assert took.status_code == 200, took.text
            seats.append(Seat(srv, mine[0]["id"], took.json()["seat"], took.json()["token"]))
        failures: list[BaseException] = []

        def others_play() -> None:
            try:
                play_out(
                    seats,
                    lambda: all(t.session.is_over() for t in tables),
                    random.Random(30),
                    limit=600,
                )
            except BaseException as exc:  # (said in the test's thread)
                failures.append(exc)

        players = threading.Thread(target=others_play, daemon=True)
        players.start()

        # -- the person's page has followed: their table, marked and linked -------------------
        yours = anna.locator("a[data-action=your-table]")
        expect(yours).to_have_text("Irány az asztalod", timeout=LONG)
        mine_card = anna.locator(".event-table.mine")
        expect(mine_card).to_have_count(1)
        expect(mine_card).to_contain_text("a te asztalod")
        my_table = mine_card.get_attribute("data-table")
        assert my_table and yours.get_attribute("href") == f"/t/{my_table}"
        expect(anna.locator(".event-table:not(.mine) a[data-action=watch]")).to_have_attribute(
            "href", re.compile(r"#watch$")
        )
        looks_right(anna, "the event, running")
        # leaving asks first (a computer player would take her seat at once): she stays
        anna.click("[data-action=event-leave]")
        expect(anna.locator("#leaveDialog")).to_have_attribute("open", "")
        expect(anna.locator("#leaveText")).to_contain_text("gép veszi át a helyed")
        looks_right(anna, "leaving?")
        anna.click("#leaveCancel")
        expect(anna.locator("#leaveDialog")).not_to_have_attribute("open", "")
        expect(yours).to_be_visible()  # her table is hers
        anna.screenshot(path=str(shots / "04-running.png"), full_page=True)
        phone_ctx = hungarian(browser, PHONE)
        logged_in_as(anna_ctx, phone_ctx, srv.base)
        phone = phone_ctx.new_page()
        phone_errors = page_errors(phone)
        phone.goto(event_url)
        expect(phone.locator("a[data-action=your-table]")).to_be_visible()
        looks_right(phone, "the event, running, on a phone")
        phone.screenshot(path=str(shots / "05-running-phone.png"), full_page=True)

        # the organiser's page asks again while the event runs
        asked = org.evaluate("window.__asked")
        org.clock.fast_forward(10_000)
        org.wait_for_function("(n) => window.__asked > n", arg=asked)

        # -- the person plays the round at their table, by clicking --------------------------
        yours.click()
        anna.wait_for_url(f"{srv.base}/t/{my_table}*")
        anna.wait_for_selector("#hand button.card")
        played = play_the_session(anna, shots)
        assert played.turns >= 3
        players.join(600)
        assert not players.is_alive() and not failures, failures
        for s in seats:
            s.close()
        wait_until(  # every table's results kept: the event is over (one round)
            lambda: httpx.get(f"{srv.base}/api/events/{event_id}").json()["state"] == "over",
            "the event's end",
            timeout=60,
        )

        # -- the organiser's page, never reloaded: the final standings, and no more asking ----
        org.clock.fast_forward(5_000)
        expect(org.locator(".standings-note")).to_have_text("Végeredmény.", timeout=LONG)
        expect(about).to_contain_text("véget ért")
        standing = httpx.get(f"{srv.base}/api/events/{event_id}/standings").json()
        # the round's three deals, no more (an event's tables play no tie-break deal)
        assert standing["state"] == "over" and standing["boards"] == [[1, 1], [1, 2], [1, 3]]
        rows = org.locator("table.standings-table tr.person")
        expect(rows).to_have_count(4)
        for i, want in enumerate(standing["rows"]):
            cells = rows.nth(i).locator("td")
            expect(cells.nth(0)).to_have_text(str(want["rank"]))
            expect(cells.nth(1)).to_have_text(want["name"])
            expect(cells.nth(2)).to_have_text(hu_percent(want["percent"]))
        assert sorted(r["name"] for r in standing["rows"]) == sorted(["Anna", *names])
        asked = org.evaluate("window.__asked")
        org.clock.fast_forward(60_000)  # a minute on: the page asks nothing more
        org.clock.fast_forward(60_000)
        assert org.evaluate("window.__asked") == asked
        looks_right(org, "the organiser's event, over")

        # -- the person's event page: standings, the traveller of deal 1, the balance --------
        anna.goto(event_url)
        expect(anna.locator(".standings-note")).to_have_text("Végeredmény.")
        expect(anna.locator("table.standings-table tr.mine")).to_contain_text("Anna")
        expect(anna.locator("table.standings-table tr.mine .badge")).to_have_text("te")
        anna.select_option("#travRound", "1")
        anna.select_option("#travDeal", "1")
        expect(anna.locator("#boardTitle")).to_have_text("1. forduló, 1. leosztás")
        board = httpx.get(f"{srv.base}/api/events/{event_id}/boards/1/1?lang=hu").json()
        groups = anna.locator("tbody.trav-table")
        expect(groups).to_have_count(len(board["tables"]))
        assert len(board["tables"]) == 2
        for i, t in enumerate(board["tables"]):
            group = groups.nth(i)
            head = group.locator("tr.trav-head")
            expect(head).to_contain_text(f"{t['table']}. asztal")
            expect(head).to_contain_text(f"Játék: {t['contract']}")
            expect(head).to_contain_text("megcsinálta" if t["made"] else "bukott")
            soloist = next(s for s in t["seats"] if s["seat"] == t["soloist"])  # (Ulti has one)
            expect(head).to_contain_text(f"Felvevő: {soloist['player'] or 'Gép'}")
            replay = head.locator("a[data-action=replay]")
            expect(replay).to_have_text("visszajátszás")
            expect(replay).to_have_attribute("href", f"/replay/{t['table_id']}/1#lang=hu")
            seat_rows = group.locator("tr:not(.trav-head)")
            expect(seat_rows).to_have_count(3)
            for j, s in enumerate(t["seats"]):
                cell = f"tbody.trav-table >> nth={i} >> tr:not(.trav-head) >> nth={j} >> td"
                expect(seat_rows.nth(j).locator("td").nth(1)).to_contain_text(
                    "Gép" if s["computer"] else s["player"]
                )
                assert shown(anna, f"{cell} >> nth=2") == hu_units(s["units"])
                mp = f"{s['matchpoints']:g}".replace(".", ",")
                assert shown(anna, f"{cell} >> nth=3") == f"{mp} / {s['top']}"
        balance = anna.locator("#balance")
        expect(balance).to_contain_text("Soha nem találkozó párok: 4")
        expect(balance.locator("table > tr")).to_have_count(4)  # a row a player
        csv = anna.locator("a[data-action=csv]")
        expect(csv).to_have_text("táblázatként (CSV)")
        got = anna.request.get(f"{srv.base}{csv.get_attribute('href')}")
        header = "rank,name,percent,matchpoints,top,boards,units"
        assert got.ok and got.text().splitlines()[0] == header
        looks_right(anna, "the event, over")
        anna.screenshot(path=str(shots / "06-over.png"), full_page=True)
        # both languages, the choice kept; the traveller's contracts in the page's language
        anna.select_option("#langSelect", "en")
        expect(anna.locator("#boardTitle")).to_have_text("Round 1, deal 1")
        expect(anna.locator(".standings-note")).to_have_text("The final standings.")
        anna.select_option("#langSelect", "hu")
        expect(anna.locator("#boardTitle")).to_have_text("1. forduló, 1. leosztás")
        # the replay's link opens the deal
        href = anna.locator("a[data-action=replay]").first.get_attribute("href")
        anna.goto(f"{srv.base}{href}")
        anna.wait_for_selector("#hands .card", state="attached")
        phone.goto(event_url)
        expect(phone.locator(".standings-note")).to_have_text("Végeredmény.")
        phone.select_option("#travDeal", "1")
        expect(phone.locator("#boardTitle")).to_have_text("1. forduló, 1. leosztás")
        looks_right(phone, "the event, over, on a phone")
        phone.screenshot(path=str(shots / "07-over-phone.png"), full_page=True)

        # -- axe-core on both pages (a context that lets it past the pages' CSP) -------------
        axe_path()
        axe_ctx = hungarian(browser, bypass_csp=True)
        logged_in_as(anna_ctx, axe_ctx, srv.base)
        page = axe_ctx.new_page()
        for url, drawn in ((f"{srv.base}/events", ".event-card"), (event_url, "#boardTitle")):
            page.goto(url)
            page.wait_for_selector(drawn)
            assert axe_violations(page) == [], url

        for c in others:
            c.close()
        for ctx in (org_ctx, anna_ctx, phone_ctx, axe_ctx):
            ctx.close()
        assert not org_errors and not anna_errors and not phone_errors, (
            org_errors,
            anna_errors,
            phone_errors,
        )
        assert httpx.get(f"{srv.base}/e/nosuch").status_code == 404
        assert not srv.log.tracebacks()
