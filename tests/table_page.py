"""The Ulti table's page as a person at it plays: waits for the person's turns, checks the
layout and the language at each (the same checks for a table of three and of four), and plays
by clicking (tests/e2e/test_browser.py, tests/e2e/test_four_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from english_words import english_words_in
from screens import READY_JS, screen_problems

#: A rule id as the rule book writes them (R8, Z5, V11).
RULE_ID = re.compile(r"\b[A-Z]\d{1,2}\b")

#: Every interactive thing on the table a finger must hit (44×44 CSS px at least).
TARGETS = (
    "#hand .card, #actions button, #bids button, #tools button, #langSelect, "
    "dialog[open] button, dialog[open] a, #replaced button"
)

#: The layout checks of one moment, run in the page: a list of what is wrong (empty when fine).
LAYOUT_JS = (Path(__file__).parent / "e2e" / "table_checks.js").read_text()


def why_not(page: Page, lang: str) -> str:
    """Tap the hand's first dimmed card: the toast says why it may not be played, in the
    page's language and in words (no rule id, issue 28).  The reason."""
    page.locator("#hand .card.dim").first.click()
    page.wait_for_selector("#toast.show")
    reason = page.inner_text("#toast")
    assert reason and not RULE_ID.search(reason), reason
    if lang == "hu":
        assert not english_words_in(reason), reason
    return reason


class Table:
    """The person's page at the table: waits for the person's turns (the page's state, never
    a clock), checks the layout and the language at each, and plays by clicking."""

    def __init__(self, page: Page, lang: str, shots: Path, still: bool) -> None:
        self.page = page
        self.lang = lang
        self.shots = shots
        self.still = still  # reduced motion: no animation may run
        self.taken: set[str] = set()
        self.turns = 0
        self.picked_up = False
        self.doubled = False
        self.tried_dim = False
        self.tried_last = False

    def shot(self, n: int, phase: str) -> None:
        """A screenshot of ``phase`` (the first time it is seen)."""
        if phase in self.taken:
            return
        self.taken.add(phase)
        self.page.screenshot(path=str(self.shots / f"{n:02d}-{phase}.png"))

    def ready(self, timeout: float = 60_000) -> str:
        handle = self.page.wait_for_function(READY_JS, timeout=timeout)
        return str(handle.json_value())

    def version(self) -> str:
        return str(self.page.evaluate("document.body.dataset.version"))

    def check(self, where: str) -> None:
        """The layout and language checks of this moment."""
        page = self.page
        bidding = page.locator("#bids [data-action]").count() > 0
        problems: list[str] = page.evaluate(LAYOUT_JS, [TARGETS, bidding])
        assert not problems, f"{where}: {problems[:8]}"
        # the words and the screen as a player reads them (English on a Hungarian page, rule
        # ids, text over text, words broken inside themselves: screens.py)
        problems = screen_problems(page, self.lang)
        assert not problems, f"{where}: {problems[:8]}\n{page.inner_text('body')}"
        if self.still:
            running = page.evaluate("document.getAnimations().length")
            assert running == 0, f"{where}: {running} animations despite reduced motion"

    def click_and_wait(self, selector: str, nth: int = 0) -> None:
        """Click ``selector`` (its ``nth`` match) and wait until the table has moved on (a new
        version)."""
        before = self.version()
        self.page.locator(selector).nth(nth).click()
        self.page.wait_for_function(
            "(v) => document.body.dataset.version !== v || "
            "!!document.querySelector('#settlementDialog[open]')",
            arg=before,
        )

    def has(self, selector: str) -> bool:
        return self.page.locator(selector).count() > 0

    def turn(self) -> None:
        """One turn of the person: check the page, save the phase, make a move."""
        page = self.page
        self.turns += 1
        phase = str(page.evaluate("document.body.dataset.phase"))
        self.check(f"turn {self.turns} ({phase})")
        if self.has("[data-action=lay]"):  # the talon: choose two cards, then lay them
            cards = page.locator("#hand button.card")
            cards.nth(0).click()
            cards.nth(1).click()
            assert page.locator("#hand .card.chosen").count() == 2
            self.check("two cards chosen")
            self.shot(3, "talon")
            self.click_and_wait("[data-action=lay]")
        elif self.has("#bids [data-action]"):
            if self.has("#bids [data-action=open-bids][aria-expanded=false]"):
                page.click("#bids [data-action=open-bids]")  # a phone: the ladder's sheet
                page.wait_for_selector("#bids button.bid")
                self.check("the bids' sheet")
            self.shot(2, "bid")
            # the lowest legal bid but a plain Simple, which left standing is not played (A5)
            # (never one the page warns of: it asks to be confirmed)
            n = page.locator("#bids button.bid:not([data-warn])").count()
            self.click_and_wait("#bids button.bid:not([data-warn])", 1 if n > 1 else 0)
        elif self.has("#actions button.kontra") and not self.doubled:
            self.doubled = True
            self.shot(5, "kontra")
            self.click_and_wait("#actions button.kontra")
        elif self.has("#actions button.trump"):
            self.shot(4, "trump")
            self.click_and_wait("#actions button.trump")
        elif self.has("#actions [data-action=pickup]") and not self.picked_up:
            self.picked_up = True
            self.shot(1, "auction")
            self.click_and_wait("#actions [data-action=pickup]")
        elif self.has("#actions [data-action=pass]"):
            self.shot(5 if phase == "KONTRA" else 1, "kontra" if phase == "KONTRA" else "auction")
            self.click_and_wait("#actions [data-action=pass]")
        elif self.has("#actions button.marriage"):
            self.click_and_wait("#actions button.marriage")
        elif self.has("#hand [data-action]"):
            self.play_a_card()
        else:  # anything else the rules offer (never a claim: it may be refused)
            self.click_and_wait("#actions [data-action]:not([disabled]):not(.claim)")

    def play_a_card(self) -> None:
        page = self.page
        self.shot(6, "play")
        dim = page.locator("#hand .card.dim")
        if dim.count() and not self.tried_dim:  # a card that may not be played says why
            self.tried_dim = True
            why_not(page, self.lang)
        if page.locator("#lastTrickBtn:not([disabled])").count() and not self.tried_last:
            self.tried_last = True  # the last trick, on demand: three cards and its winner
            page.click("#lastTrickBtn")
            page.wait_for_selector("#extras .last-trick")
            assert page.locator("#extras .last-trick .card").count() == 3
            self.check("the last trick shown")
            self.shot(7, "last-trick")
            page.click("#lastTrickBtn")
            page.wait_for_selector("#extras .last-trick", state="detached")
        self.click_and_wait("#hand [data-action]")
