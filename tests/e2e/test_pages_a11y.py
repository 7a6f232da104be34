"""Every page of the card room as a player sees it, in both languages, on a desktop (1280×800),
a phone (390×844) and a small phone (360×740): the lobby, the leaderboard, a profile, both
games' tables, a finished deal's replay, the events and a finished event's page.  Each page
fails on sideways overflow, a word of source code (a rule id, "[object Object]", "undefined",
"NaN"), a word broken inside itself, texts printed over each other, English on a Hungarian
screen (screens.py), and on any serious or critical accessibility violation that axe-core
finds.

The language is the browser's (``locale``): a Hungarian browser's first visit is Hungarian."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from screens import SIZES, axe_path, axe_violations, screen_problems
from server_util import (
    TINY,
    Running,
    Seat,
    bot,
    client,
    page_errors,
    person,
    play_on,
    play_out,
    post,
    register,
    wait_until,
)

pytestmark = pytest.mark.slow

LOCALES = {"hu": "hu-HU", "en": "en-GB"}


class Room:
    """One server with something on every page: a registered player, an Ulti table waiting for
    its person, a Snapszli table, an Ulti table whose first deal is over (its replay), and a
    duplicate event of four people played to its end (its standings, travellers, balance)."""

    def __init__(self, srv: Running) -> None:
        self.srv = srv
        with client(srv) as c:
            register(c, "Kovács Béla")
        self.ulti = srv.create([person("Anna"), bot("rules", "Béla"), bot("pimc", "Cili")])
        r = httpx.post(
            f"{srv.base}/api/tables",
            json={"game": "snapszli", "seats": [person("Anna"), bot("rules", "Béla")]},
        )
        assert r.status_code == 201, r.text
        self.snap: dict[str, Any] = r.json()
        self.done = srv.create([person("Dóra"), bot("rules", "Béla"), bot("rules", "Cili")])
        seat = Seat(srv, self.done["id"], 0, self.done["tokens"]["0"])
        play_on(seat, lambda: seat.view["deal_number"] > 1, random.Random(5))
        seat.close()
        self.event = self.played_event()

    def played_event(self) -> str:
        """A duplicate event of one round (two tables of three, a computer player at each),
        its people's seats played at random to its end; its id."""
        srv = self.srv
        with client(srv) as org:
            register(org, "Olga")
            srv.app.state.accounts.grant("Olga", "organiser")
            body = {"name": "Téli kupa", "deals": 3, "rounds": 1, "bot_spec": "rules"}
            made = post(org, "/api/events", body)
            assert made.status_code == 201, made.text
            event_id: str = made.json()["id"]
            people = [client(srv) for _ in range(4)]
            for i, c in enumerate(people):
                register(c, f"Játékos {i + 1}")
                assert post(c, f"/api/events/{event_id}/register").status_code == 200
            started = post(org, f"/api/events/{event_id}/start")
            assert started.status_code == 200, started.text
            seats = []
            for c in people:
                mine = [t for t in c.get(f"/api/events/{event_id}").json()["tables"] if t["mine"]]
                took = post(c, f"/api/tables/{mine[0]['id']}/seat").json()
                seats.append(Seat(srv, mine[0]["id"], took["seat"], took["token"]))
            tables = [srv.app.state.tables.get(t["id"]) for t in started.json()["tables"]]
            play_out(seats, lambda: all(t.session.is_over() for t in tables), random.Random(7))
            for s in seats:
                s.close()
            for c in people:
                c.close()
            wait_until(
                lambda: org.get(f"/api/events/{event_id}").json()["state"] == "over", "the end"
            )
        return event_id

    def pages(self, lang: str) -> list[tuple[str, str, str]]:
        """(name, address, what shows that the page has drawn itself)."""
        base = self.srv.base
        done = self.done
        return [
            ("lobby", f"{base}/", "#preset option[value=casual]"),
            ("leaderboard", f"{base}/leaderboard", "#board *"),
            ("profile", f"{base}/u/Kov%C3%A1cs%20B%C3%A9la", ".profile-name"),
            ("ulti-table", self.ulti["links"]["0"], "#hand button.card"),
            ("snapszli-table", self.snap["links"]["0"], "#hand button.card"),
            (
                "replay",
                f"{base}/replay/{done['id']}/1#seat=0&token={done['tokens']['0']}",
                "#hands .card",
            ),
            ("events", f"{base}/events", ".event-card"),
            ("event", f"{base}/e/{self.event}", "#boardTitle"),
            ("puzzles", f"{base}/puzzles", ".puzzle-choices .btn"),
        ]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    db = tmp_path_factory.mktemp("pages") / "pages.sqlite3"
    with Running(f"sqlite:///{db}", **TINY) as srv:
        yield Room(srv)


def look(page: Page, lang: str, where: str) -> list[str]:
    """What is wrong with the page as it is now."""
    found = [f"{where}: {p}" for p in screen_problems(page, lang)]
    found += [f"{where}: {v}" for v in axe_violations(page)]
    return found


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_page_reads_right_and_passes_axe(
    browser: Browser, room: Room, lang: str, size: str
) -> None:
    axe_path()  # (skipped, or failed under CI, without axe-core)
    w, h = SIZES[size]
    context = browser.new_context(
        viewport={"width": w, "height": h}, locale=LOCALES[lang], bypass_csp=True
    )
    problems: list[str] = []
    for name, url, drawn in room.pages(lang):
        page = context.new_page()
        errors = page_errors(page)
        page.goto(url)
        page.wait_for_selector(drawn, state="attached")
        shown = page.evaluate("document.documentElement.lang")
        if shown != lang:
            problems.append(f"{name}: the page is in {shown!r}, the browser asks for {lang!r}")
        problems += look(page, lang, name)
        problems += [f"{name}: {e}" for e in errors]
        page.close()
    context.close()
    assert not problems, "\n".join(problems)


def test_screen_checks_find_what_they_look_for(browser: Browser, tmp_path: Path) -> None:
    """The checks themselves: a page made to hold each fault is found at fault, a clean one
    is not (a check that cannot fail proves nothing)."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_content(
        "<html lang='hu'><body style='font:16px sans-serif'>"
        "<p>Szép lap, minden rendben.</p><details><summary>Szabály</summary>R8</details>"
        "</body></html>"
    )
    assert screen_problems(page, "hu") == []
    faults = {
        "a rule id": "<p>R8: a deal is decided</p>",
        "[object …]": "<p>[object Object]</p>",
        "undefined": "<p>pont: undefined</p>",
        "NaN": "<p>NaN egység</p>",
        "broken across lines": "<p style='width:40px;word-break:break-all'>Kovácsné</p>",
        "printed over": "<p style='position:absolute;top:0'>Anna</p>"
        "<p style='position:absolute;top:4px'>Béla</p>",
        "scrolls sideways": "<div style='width:900px'>széles</div>",
        "English on a Hungarian screen": "<p>You play the card</p>",
    }
    clean = {  # what is not printed over: a sheet drawn over the page, text scrolled away
        "a sheet": "<p style='position:absolute;top:0;margin:0'>Anna lapjai</p>"
        "<div style='position:absolute;top:0;background:#fff'><p style='margin:0'>Béla</p></div>",
        "a scrolled box": "<div style='height:20px;overflow:auto'>"
        "<p style='margin:0;height:20px'>Anna</p><p style='margin:0'>Béla</p></div>"
        "<p style='margin:0'>Cili</p>",
    }
    for name, html in clean.items():
        page.set_content(f"<html lang='hu'><body style='margin:0'>{html}</body></html>")
        assert screen_problems(page, "hu") == [], name
    for name, html in faults.items():
        page.set_content(f"<html lang='hu'><body>{html}</body></html>")
        found = screen_problems(page, "hu")
        assert any(name in p for p in found), (name, found)
    page.close()
