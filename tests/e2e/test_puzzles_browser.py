"""The puzzles in a Hungarian phone's browser (issue 31): practice as a guest (a position, an
answer, the judgement with every choice's values and why, the next puzzle), the rated trainer
of an account (its rating moves, the profile shows it and the try), a rush of laying the talon
to its end by three wrong answers, and the puzzle of the day; every screen in Hungarian words
only (no source-code words, no "undefined", "NaN" or "[object Object]")."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from screens import logged_in, screen_problems
from server_util import Running, client, page_errors, register
from ulti.analysis.puzzles import Puzzle

pytestmark = pytest.mark.slow

PHONE = (390, 844)


def shown(srv: Running, page: Page, after: str | None = None) -> Puzzle:
    """The puzzle the page shows (``after``: once it shows another than that one), as the
    server keeps it."""
    page.wait_for_function("old => window.__puzzle && window.__puzzle !== old", arg=after)
    expect(page.locator(".puzzle-choices .btn").first).to_be_visible()
    pid = page.evaluate("() => window.__puzzle")
    sp = srv.app.state.services.puzzles.puzzle(pid)
    assert isinstance(sp.puzzle, Puzzle)
    return sp.puzzle


def wrong_of(p: Puzzle) -> int:
    return next(i for i in range(len(p.choices)) if i not in p.answers)


def test_a_guest_practises_in_hungarian(browser: Browser, tmp_path: Path) -> None:
    with Running(f"sqlite:///{tmp_path / 'p.sqlite3'}") as srv:
        context = browser.new_context(
            viewport={"width": PHONE[0], "height": PHONE[1]}, locale="hu-HU"
        )
        page = context.new_page()
        errors = page_errors(page)
        page.goto(srv.base + "/puzzles")
        expect(page.locator("#me")).to_contain_text("Jelentkezz be")
        p = shown(srv, page)
        expect(page.locator(".puzzle-head h2")).to_have_text(
            {
                "card": "Melyik lapot hívod?",
                "talon": "Melyik két lapot skartolod, és mit mondasz be?",
                "auction": "Passzolsz, vagy licitálsz tovább?",
                "trump": "Melyik színt választod aduként?",
                "kontra": "Megkontrázod?",
            }[p.kind]
        )
        assert not screen_problems(page, "hu")
        page.click(f".puzzle-choices .btn[data-choice='{wrong_of(p)}']")
        verdict = page.locator("#verdict")
        expect(verdict.locator("h2")).to_have_text("Nem ez a legjobb.")
        expect(verdict.locator(".puzzle-values tbody tr")).to_have_count(len(p.choices))
        expect(verdict.locator(".why")).to_contain_text("lehetséges leosztás alapján")
        assert not screen_problems(page, "hu")
        first = p.id
        page.click("#nextPuzzle")
        expect(page.locator("#verdict")).to_be_hidden()
        shown(srv, page, first)
        # a shared link opens that very puzzle
        page.goto(srv.base + f"/puzzles#p={first}")
        page.wait_for_function("id => window.__puzzle === id", arg=first)
        assert not errors
        context.close()


def test_an_account_is_rated_and_its_profile_shows_it(browser: Browser, tmp_path: Path) -> None:
    with Running(f"sqlite:///{tmp_path / 'p.sqlite3'}") as srv, client(srv) as c:
        register(c, "Fejtő Feri")
        context = logged_in(browser, srv.base, dict(c.cookies.items()), PHONE, "hu-HU")
        page = context.new_page()
        errors = page_errors(page)
        page.goto(srv.base + "/puzzles")
        expect(page.locator("#me")).to_contain_text("Feladványértékszámod: 1500? (még alakul)")
        shown(srv, page)
        count = page.evaluate("() => window.__shown")
        page.select_option("#theme", "card")
        page.wait_for_function("n => window.__shown > n", arg=count)
        p = shown(srv, page)
        assert "card" in p.themes
        page.click(f".puzzle-choices .btn[data-choice='{p.answers[0]}']")
        expect(page.locator("#verdict h2")).to_have_text("Helyes!")
        expect(page.locator("#verdict .rating-change")).to_contain_text("Értékszám: 1500 →")
        assert not screen_problems(page, "hu")
        page.goto(srv.base + "/u/Fejt%C5%91%20Feri")
        part = page.locator("#profilePuzzles")
        expect(part).to_contain_text("1 próbából 1 helyes")
        expect(part.locator("li.right a")).to_have_attribute("href", f"/puzzles#p={p.id}")
        assert not screen_problems(page, "hu")
        assert not errors
        context.close()


def test_a_rush_of_laying_the_talon_ends_after_three_wrong_answers(
    browser: Browser, tmp_path: Path
) -> None:
    with Running(f"sqlite:///{tmp_path / 'p.sqlite3'}") as srv, client(srv) as c:
        register(c, "Rohamos Rózsa")
        context = logged_in(browser, srv.base, dict(c.cookies.items()), PHONE, "hu-HU")
        page = context.new_page()
        errors = page_errors(page)
        page.goto(srv.base + "/puzzles")
        page.click("#modeRush")
        expect(page.locator("#rushDoc")).to_contain_text("3 perc")
        page.click("#rushTalon")
        expect(page.locator("#rushStatus")).to_contain_text("megoldva 0 · rossz 0/3")
        p = shown(srv, page)
        assert p.kind == "talon"
        page.click(f".puzzle-choices .btn[data-choice='{p.answers[0]}']")
        expect(page.locator("#rushStatus")).to_contain_text("megoldva 1")
        assert not screen_problems(page, "hu")
        for k in range(3):
            expect(page.locator("#rushStatus")).to_contain_text(f"rossz {k}/3")
            p = shown(srv, page, p.id)
            page.click(f".puzzle-choices .btn[data-choice='{wrong_of(p)}']")
        expect(page.locator("#rushStatus")).to_have_text(
            "A roham véget ért: 1 feladványt oldottál meg."
        )
        expect(page.locator("#me")).to_contain_text("skartolás 1")
        assert not screen_problems(page, "hu")
        assert not errors
        context.close()


def test_the_puzzle_of_the_day(browser: Browser, tmp_path: Path) -> None:
    with Running(f"sqlite:///{tmp_path / 'p.sqlite3'}") as srv, client(srv) as c:
        daily = c.get("/api/puzzles/daily").json()
        context = browser.new_context(
            viewport={"width": PHONE[0], "height": PHONE[1]}, locale="hu-HU"
        )
        page = context.new_page()
        page.goto(srv.base + "/puzzles")
        page.click("#modeDaily")
        expect(page.locator("#modeDaily")).to_have_attribute("aria-selected", "true")
        page.wait_for_function("id => window.__puzzle === id", arg=daily["id"])
        assert not screen_problems(page, "hu")
        context.close()
