"""A Hungarian player's deal, played with the keyboard alone (the terminal's keys), on a phone
(issue 28): no rule id, ``undefined``, ``NaN`` nor ``[object Object]`` on the screen outside a
details line; the bids named, with their value; kontras optional ("Nincs kontra – tovább");
the tab's title says whose turn it is; nothing runs off the side and no two trick slots
overlap; the deal's last trick and its settlement stay until "Tovább" is pressed."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from screens import READY_JS
from server_util import Running, bot, page_errors, person

pytestmark = pytest.mark.slow


#: What must never reach a player's eyes (a rule id, a program's leftovers).
BAD = re.compile(r"\b[A-Z]\d{1,2}\b|\[object Object\]|\bundefined\b|\bNaN\b")

#: The page's own checks: what runs off the side, which trick slots overlap.
LAYOUT_JS = """
() => {
  const out = [];
  const W = innerWidth;
  if (document.documentElement.scrollWidth > W) out.push("the page scrolls sideways");
  for (const e of document.querySelectorAll("body *")) {
    const r = e.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const off = r.left < -0.5 || r.right > W + 0.5;
    if (off) out.push(`${e.tagName}#${e.id}.${e.className} off the side`);
  }
  const slots = [...document.querySelectorAll("#trick .slot")]
    .map((s) => s.getBoundingClientRect());
  for (let i = 0; i < slots.length; i++) {
    for (let j = i + 1; j < slots.length; j++) {
      const a = slots[i], b = slots[j];
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 0.5 && y > 0.5) out.push(`trick slots ${i} and ${j} overlap by ${x}×${y}`);
    }
  }
  return out;
}
"""

#: The keys of the hand's cards, in order (src/ulti/tui/frame.py, CARD_KEYS).
CARD_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="]


def visible_problems(page: Page) -> list[str]:
    text = page.inner_text("body")  # a closed <details> keeps its lines out of innerText
    return sorted(set(BAD.findall(text)))


def shown(page: Page, selector: str) -> bool:
    return page.locator(selector).count() > 0


def press_and_wait(page: Page, key: str) -> None:
    """Press ``key`` and wait until the table moves on (a new version, or the settlement)."""
    before = page.evaluate("document.body.dataset.version")
    page.keyboard.press(key)
    page.wait_for_function(
        "(v) => document.body.dataset.version !== v || "
        "!!document.querySelector('#settlementDialog[open]')",
        arg=before,
    )


def test_a_hungarian_deal_by_keyboard_speaks_in_words(browser: Browser, tmp_path: Path) -> None:
    with Running(f"sqlite:///{tmp_path / 'words.sqlite3'}") as srv:
        t = srv.create(
            [person("Kovács Béla"), bot("rules", "Béla"), bot("pimc:samples=12,ms=80", "Cili")],
            deals=3,
            lang="hu",
        )
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="hu-HU")
        page = context.new_page()
        errors = page_errors(page)
        page.goto(t["links"]["0"] + "&lang=hu")
        page.wait_for_selector("#hand button.card")
        # the sounds: off at first, the speaker in the top bar turns them on, remembered
        sound = page.locator("#soundBtn")
        expect(sound).to_have_attribute("aria-pressed", "false")
        assert "csengő" in (sound.get_attribute("aria-label") or "")
        sound.click()
        expect(sound).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("localStorage.getItem('ulti-sound')") == "1"
        # computer seats by their level, never by their method
        seats = page.inner_text("#felt")
        assert "mintavétel" not in seats and "kezdő" in seats and "klubjátékos" in seats
        picked_up = False
        saw_kontra = False
        deadline = time.monotonic() + 240
        while page.wait_for_function(READY_JS, timeout=60_000).json_value() != "settlement":
            assert time.monotonic() < deadline, "the deal did not finish"
            assert page.title().startswith("● Te jössz"), page.title()
            assert not visible_problems(page), (visible_problems(page), page.inner_text("body"))
            problems = page.evaluate(LAYOUT_JS)
            assert not problems, problems
            if shown(page, "[data-action=lay]"):  # the talon: two cards by number, then "l"
                page.keyboard.press("1")
                page.keyboard.press("2")
                assert page.locator("#hand .card.chosen").count() == 2
                press_and_wait(page, "l")
            elif shown(page, "#bids [data-action]"):
                page.keyboard.press("b")  # the picker opened, its first bid focused
                page.wait_for_selector("#bids button.bid:focus")
                for b in page.locator("#bids button.bid").all():
                    label = b.inner_text()
                    assert "egység" in label and re.search(r"[a-zá-ű]{3}", label), label
                warned = page.locator("#bids button.bid[data-warn]")
                if warned.count():  # a bid that cannot be made as held: a confirm step
                    warned.first.evaluate("b => b.click()")
                    page.wait_for_selector("#bidWarn[open]")
                    assert "Biztos" in page.inner_text("#bidWarn")
                    page.click("#bidWarn [data-action=warn-back]")
                    page.wait_for_selector("#bidWarn:not([open])", state="attached")
                    page.focus("#bids button.bid")
                page.keyboard.press("Tab")  # the second: a plain Simple is not played
                while page.evaluate("!!document.activeElement.dataset.warn"):
                    page.keyboard.press("Tab")  # (one the page would not warn of)
                press_and_wait(page, "Enter")
            elif shown(page, "#actions [data-action=pickup]") and not picked_up:
                picked_up = True
                if page.inner_text("#prompt").startswith("A többiek"):
                    assert "játszom" in page.inner_text("#actions [data-action=pass]")
                press_and_wait(page, "u")
            elif shown(page, "#actions [data-action=no-kontra]"):
                saw_kontra = True
                assert "tovább" in page.inner_text("#actions [data-action=no-kontra]")
                page.keyboard.press("Enter")  # no kontra: the kontras go, the cards stay
                page.wait_for_selector("#actions [data-action=no-kontra]", state="detached")
            elif shown(page, "#actions [data-action=pass]"):
                press_and_wait(page, "p")
            elif shown(page, "#actions button.trump"):
                press_and_wait(page, "t")
            elif shown(page, "#actions button.marriage"):
                press_and_wait(page, "m")
            elif shown(page, "#hand [data-action]"):
                cards = page.locator("#hand button.card")
                n = cards.count()
                legal = [i for i in range(n) if cards.nth(i).get_attribute("data-action")]
                press_and_wait(page, CARD_KEYS[legal[0]])
            else:
                raise AssertionError(f"no key for this turn: {page.inner_text('#dock')}")

        # the settlement, with the deal's last trick, stays until "Tovább"
        dialog = page.locator("#settlementDialog")
        text = page.inner_text("#settlement")
        assert "Összesen" in text and "eldőlt" in text
        assert page.locator("#settlement .last-trick .card").count() == 3
        assert not visible_problems(page), (visible_problems(page), text)
        assert page.inner_text("#closeSettlement") == "Tovább"
        assert dialog.evaluate("d => d.open")
        chimes = page.evaluate("['turnChimes', 'endChimes'].map((k) => document.body.dataset[k])")
        assert int(chimes[0]) >= 1 and chimes[1] == "1", chimes  # my turns, and the deal's end
        page.keyboard.press("Enter")
        page.wait_for_function("() => !document.querySelector('#settlementDialog').open")
        # the last trick still on demand as the next deal's auction runs
        if page.evaluate("document.body.dataset.phase") == "BID":
            page.click("#lastTrickBtn")
            page.wait_for_selector("#extras .last-trick")
        del saw_kontra  # kontras are offered only in some deals
        assert not errors, errors
        context.close()
