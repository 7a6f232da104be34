"""A person plays a deal of Snapszli (docs/SNAPSZLI.md) against a computer player in a real
browser (Debian's Chromium, driven by Playwright), by clicking: the cards, a trump exchange
(Z6) and a marriage (Z7) when the hand offers them, to the end of the deal (Z9-Z11) and the
match score (Z12).

The table is checked as a person sees it at every one of the person's turns — on a phone
(390×844) in Hungarian and on a desktop (1280×800) in English: nothing runs off the side, the
hand and every button the person may press are in view and at least 44×44, a Hungarian page
shows no English word (tests/english_words.py).  Screenshots of each phase go to
``test-artifacts/browser/snap-<lang>-<w>x<h>/``.  The lobby creates a Snapszli table too.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from screens import ARTIFACTS as SHOTS
from screens import SIZES, screen_problems
from server_util import Running, bot, page_errors, person
from table_page import why_not
from ulti.core.cards import code

pytestmark = pytest.mark.slow


ARTIFACTS = SHOTS / "browser"

#: Every interactive thing on the table a finger must hit (44×44 CSS px at least).
TARGETS = (
    "#hand .card, #actions button, #tools button, #langSelect, "
    "dialog[open] button, dialog[open] a, #replaced button"
)

#: The layout checks of one moment (shared with the Ulti table's test).
LAYOUT_JS = (Path(__file__).parent / "table_checks.js").read_text()

#: A turn of the person, or the end of the deal: the moment a test may act.
READY_JS = """
() => {
  if (document.querySelector("#endDialog[open]")) return "end";
  if (document.body.dataset.turn !== "me") return false;
  return !!document.querySelector("#actions [data-action], #hand [data-action]");
}
"""


class SnapPage:
    """The person's page at a Snapszli table: waits for the person's turns (the page's state,
    never a clock), checks the layout and the language, plays by clicking."""

    def __init__(self, page: Page, lang: str, shots: Path) -> None:
        self.page = page
        self.lang = lang
        self.shots = shots
        self.taken: set[str] = set()
        self.turns = 0
        self.exchanged = False
        self.announced = False
        self.tried_dim = False

    def shot(self, n: int, phase: str) -> None:
        if phase not in self.taken:
            self.taken.add(phase)
            self.page.screenshot(path=str(self.shots / f"{n:02d}-{phase}.png"))

    def ready(self) -> str:
        return str(self.page.wait_for_function(READY_JS, timeout=60_000).json_value())

    def check(self, where: str) -> None:
        problems: list[str] = self.page.evaluate(LAYOUT_JS, [TARGETS, False])
        assert not problems, f"{where}: {problems[:8]}"
        found = screen_problems(self.page, self.lang)  # words and screen as a player reads them
        assert not found, f"{where}: {found[:8]}\n{self.page.inner_text('body')}"

    def has(self, selector: str) -> bool:
        return self.page.locator(selector).count() > 0

    def click_and_wait(self, selector: str) -> None:
        """Click ``selector`` and wait until the table has moved on (a new version)."""
        before = str(self.page.evaluate("document.body.dataset.version"))
        self.page.locator(selector).first.click()
        self.page.wait_for_function(
            "(v) => document.body.dataset.version !== v || "
            "!!document.querySelector('#endDialog[open]')",
            arg=before,
        )

    def turn(self) -> None:
        """One turn: check the page, then exchange, announce, or play a legal card (never a
        claim nor a closing: the deal runs to its end)."""
        page = self.page
        self.turns += 1
        self.check(f"turn {self.turns}")
        self.shot(1, "play")
        dim = page.locator("#hand .card.dim")
        if dim.count() and not self.tried_dim:  # a card that may not be played says why
            self.tried_dim = True
            why_not(page, self.lang)
            self.shot(2, "why-not")
        if self.has("#actions [data-action=exchange]") and not self.exchanged:
            self.exchanged = True
            self.shot(3, "exchange")
            self.click_and_wait("#actions [data-action=exchange]")
        elif self.has("#actions button.marriage") and not self.announced:
            self.announced = True
            self.shot(4, "marriage")
            self.click_and_wait("#actions button.marriage")
            # Z7: only the marriage's King or Over may be led now
            assert page.locator("#hand [data-action]").count() in (1, 2)
        else:
            self.click_and_wait("#hand [data-action]")


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_person_plays_a_deal_of_snapszli_by_clicking(
    browser: Browser, tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    w, h = size
    shots = ARTIFACTS / f"snap-{lang}-{w}x{h}"
    shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True)
    with Running(f"sqlite:///{tmp_path / 'snap.sqlite3'}") as srv:
        r = httpx.post(
            f"{srv.base}/api/tables",
            json={
                "game": "snapszli",
                "lang": lang,
                "seats": [person("Anna"), bot("rules", "Béla")],
            },
        )
        assert r.status_code == 201, r.text
        t = r.json()
        context = browser.new_context(
            viewport={"width": w, "height": h}, locale="hu-HU" if lang == "hu" else "en-GB"
        )
        page = context.new_page()
        errors = page_errors(page)
        page.goto(t["links"]["0"])
        page.wait_for_selector("#hand button.card")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("#hand button.card").count() == 5
        # the opponent's hand: backs and their count, never faces (Z13)
        # read in one go: the computer may lead a card between two separate reads
        backs, count = page.evaluate(
            "() => [document.querySelectorAll('#seatTop .backs .back').length,"
            " document.querySelector('#seatTop .count').innerText]"
        )
        assert backs in (4, 5) and str(backs) in count, (backs, count)
        # faces there are only the shown cards of a marriage the opponent announced (Z7)
        live = srv.app.state.tables.get(t["id"])
        seen = live.deal.observation(0)
        shown = {code(c) for c in (*seen.shown, *seen.played())}  # played since: public too
        faces = page.eval_on_selector_all("#seatTop .card", "els => els.map(e => e.dataset.card)")
        assert set(faces) <= shown, (faces, shown)
        table = SnapPage(page, lang, shots)
        deadline = time.monotonic() + 180
        while table.ready() != "end":
            assert time.monotonic() < deadline, "the deal did not finish"
            table.turn()
        assert table.turns >= 2

        # the end of the deal: who won it and how (Z9-Z11), the game points, the match score
        text = page.inner_text("#endBody")
        assert not any(f"Z{n}" in text for n in (9, 10, 11)), text  # in words (issue 28)
        ids = page.locator("#endBody details.rule-ids").text_content() or ""
        assert any(f"Z{n}" in ids for n in (9, 10, 11)), ids  # the rule's id, for the curious
        assert ("vége" if lang == "hu" else "is over") in text
        assert ("játszmapont" if lang == "hu" else "game points") in text
        assert ("7-ig" if lang == "hu" else "to 7") in text
        table.check("the end of the deal")
        table.shot(5, "end")
        page.click("[data-action=close-end]")
        page.wait_for_function("() => !document.querySelector('#endDialog').open")

        # the score sheet: the first deal's row, its replay and record links, the rules
        page.click("#sheetBtn")
        page.wait_for_selector("#sheetDialog[open] #sheet tr:nth-child(2)")
        assert page.locator("#records a").count() >= 2
        assert ("alap" if lang == "hu" else "standard") in page.inner_text("#rulesLine")
        table.check("the score sheet")
        table.shot(6, "sheet")
        page.click("[data-action=close-sheet]")

        # the log: every move of the deal, in words
        page.click("#logBtn")
        page.wait_for_selector("#logDialog[open] #log div")
        live = srv.app.state.tables.get(t["id"])
        first = live.session.deals[0]
        assert first.is_over()
        assert page.locator("#log div").count() >= len(first.history)
        table.check("the log")
        table.shot(7, "log")
        page.click("[data-action=close-log]")

        mine = [a for seat, a in first.history if seat == 0]
        assert sum(1 for a in mine if a.kind.name == "PLAY") >= 2
        assert not errors, errors

        # the replay of the finished deal, every card shown now
        page.click("#sheetBtn")
        page.locator("#records a").first.click()
        page.wait_for_selector("#hands .card")
        assert ("Leosztás 1" if lang == "hu" else "Deal 1") in page.inner_text("#status")
        assert not errors, errors
        context.close()


def test_the_lobby_creates_a_snapszli_table(browser: Browser, tmp_path: Path) -> None:
    """The lobby in Hungarian on a phone: Snapszli, two seats, a preset (ZV1, ZV4), the
    match's length (ZV2) and the learner's option; the invite link opens the two-seat table
    with those settings."""
    with Running(f"sqlite:///{tmp_path / 'lobby.sqlite3'}") as srv:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        errors = page_errors(page)
        page.goto(f"{srv.base}/")
        # the language chosen once the page's script is in (it listens for the choice), and
        # the title waited for in Hungarian, not read at once
        page.wait_for_selector("#preset option[value=casual]", state="attached")
        page.select_option("#langSelect", "hu")
        page.select_option("#game", "snapszli")
        expect(page.locator("#title")).to_contain_text("kettesben", timeout=60_000)
        assert page.locator(".seat-row").count() == 2
        assert not page.is_visible("[name=deals]") and page.is_visible("[name=match_points]")
        page.wait_for_selector("#preset option[value=sixty-six]", state="attached")
        page.select_option("#preset", "sixty-six")
        assert "kilences" in page.inner_text("#presetDoc")
        page.click("#optionsLabel")
        assert "24 lap" in page.inner_text("#optionList")
        assert page.locator("[name=opt-twenty_four]").is_checked()
        assert page.locator("[name=opt-match_points]").count() == 0  # its own field
        page.fill("[name=match_points]", "5")
        page.check("[name=show_points]")
        page.fill("[name=name0]", "Anna")
        page.select_option("[name=spec1]", "rules")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        page.click("#create")
        page.wait_for_url("**/t/**")  # the creator is taken to their seat (nobody to invite)
        table_id = page.url.split("/t/")[1].split("#")[0]
        t = srv.app.state.tables.get(table_id)
        assert t.game == "snapszli"
        assert t.rules.preset == "sixty-six" and t.rules.twenty_four and t.rules.match_points == 5
        assert t.show_points
        assert [s["spec"] for s in t.stored.seats] == [None, "rules"]
        page.wait_for_selector("#hand button.card")
        assert page.locator("#hand button.card").count() == 6  # ZV1
        assert "Pontjaim: 0" in page.inner_text("#me")  # the learner's option (Z13)
        assert "5-ig" in page.inner_text("#contract")  # the match to 5 (ZV2)
        # back in the lobby, Ulti is three seats again
        page.goto(f"{srv.base}/")
        page.wait_for_selector("#preset option[value=casual]", state="attached")
        assert page.locator(".seat-row").count() == 3 and page.is_visible("[name=deals]")
        assert not errors, errors
        page.close()


def test_a_deal_of_snapszli_by_keyboard_alone(browser: Browser, tmp_path: Path) -> None:
    """The terminal's keys at the web table (src/ulti/tui/snapszli.py): a card by its number,
    e to exchange the trump card, m to announce a marriage, Enter to go on; the key line in
    the page's language names them."""
    with Running(f"sqlite:///{tmp_path / 'keys.sqlite3'}") as srv:
        r = httpx.post(
            f"{srv.base}/api/tables",
            json={
                "game": "snapszli",
                "lang": "hu",
                "seats": [person("Anna"), bot("rules", "Béla")],
            },
        )
        assert r.status_code == 201, r.text
        t = r.json()
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="hu-HU")
        page = context.new_page()
        errors = page_errors(page)
        page.goto(t["links"]["0"])
        page.wait_for_selector("#hand button.card")
        keys = page.inner_text("#keysHelp")
        assert "e adu csere" in keys and "x elég" in keys and "licit" not in keys
        pressed: set[str] = set()
        deadline = time.monotonic() + 180
        while page.wait_for_function(READY_JS, timeout=60_000).json_value() != "end":
            assert time.monotonic() < deadline, "the deal did not finish"
            before = str(page.evaluate("document.body.dataset.version"))
            if page.locator("#actions [data-action=exchange]").count() and "e" not in pressed:
                key = "e"
            elif page.locator("#actions button.marriage").count() and "m" not in pressed:
                key = "m"
            else:
                cards = page.locator("#hand button.card")
                legal = [
                    i for i in range(cards.count()) if cards.nth(i).get_attribute("data-action")
                ]
                key = str(legal[0] + 1)
            pressed.add(key)
            page.keyboard.press(key)
            page.wait_for_function(
                "(v) => document.body.dataset.version !== v || "
                "!!document.querySelector('#endDialog[open]')",
                arg=before,
            )
        live = srv.app.state.tables.get(t["id"])
        first = live.session.deals[0]
        mine = {a.kind.name for seat, a in first.history if seat == 0}
        assert "PLAY" in mine
        assert ("e" in pressed) == ("EXCHANGE" in mine) and ("m" in pressed) == ("MARRIAGE" in mine)
        page.keyboard.press("Enter")  # the end of the deal: go on
        page.wait_for_function("() => !document.querySelector('#endDialog').open")
        assert not errors, errors
        context.close()
