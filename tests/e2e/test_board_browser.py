"""The what-if board on the replay page in a real browser (Debian's Chromium, driven by
Playwright; issue 31): from a step of a finished deal, "Mi lett volna, ha…?" opens the board
there — every legal card with its two values (from the seat, with all hands open) in Hungarian;
another card than the one played goes to the next node; back and forward walk the tree; the
other seats played by the beginner level move on their own until it is the explorer's turn;
the position's link carries the line and no token, and opens the same node (in a new page, and
on the same page when the fragment changes); back to the replay at the step that was changed.
On a phone (390×844, and 360×740), nothing runs off the side, nothing of source code shows.

Screenshots go under ``test-artifacts/browser/board/`` for a person to look at.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from screens import ARTIFACTS as SHOTS
from screens import screen_problems
from server_util import TINY, Running, Seat, bot, page_errors, person, play_on
from ulti.analysis.board import line_of

pytestmark = pytest.mark.slow

ARTIFACTS = SHOTS / "browser" / "board"
#: long enough for the job workers to value a node (a few seconds on a busy machine)
WAIT = 120_000

#: The board shows a node (``step`` actions into the line), its values there.
READY_JS = """
([step]) => {
  const b = document.getElementById("board");
  return !b.hidden && b.dataset.state === "ready" && b.dataset.step === String(step);
}
"""

#: The board has come to rest at the explorer's turn (or the deal's end).
RESTED_JS = """
([seat]) => {
  const b = document.getElementById("board");
  if (b.dataset.state !== "ready") return false;
  const m = b.querySelector(".board-mover");
  return m ? m.dataset.seat === String(seat) : !b.querySelector(".board-choice");
}
"""

#: A value as a Hungarian page writes it: "+2", "−4,5", "0".
VALUE = re.compile(r"^[+−]?\d+(,\d)?$")


def ready(page: Page, step: int) -> None:
    page.wait_for_function(READY_JS, arg=[step], timeout=WAIT)


def check(page: Page, where: str) -> None:
    problems = screen_problems(page, "hu")
    assert not problems, f"{where}: {problems[:8]}\n{page.inner_text('body')}"


def card_step(srv: Running, tid: str, token: str, played: list[str]) -> tuple[int, dict[str, Any]]:
    """A step of the line played where a seat leads a trick with a card of its choice (the
    board values two cards or more there), and that node's view."""
    for i, action in enumerate(played):
        if not action.startswith("play ") or i + 3 >= len(played):
            continue
        r = httpx.post(
            f"{srv.base}/api/tables/{tid}/deals/1/board",
            json={"line": played[:i]},
            headers={"Authorization": f"Bearer {token}"},
            timeout=120,
        )
        assert r.status_code == 200, r.text
        v: dict[str, Any] = r.json()
        cards = [d for d in v["decisions"] if d["kind"] == "card"]
        if not v["trick"] and cards and len(cards[0]["options"]) >= 2:
            return i, v
    raise AssertionError(f"no trick led with a choice of cards: {played}")


def test_the_what_if_board_on_a_phone(browser: Browser, tmp_path: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with Running(f"sqlite:///{tmp_path / 'board.sqlite3'}", **TINY) as srv:
        t = srv.create([person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")], lang="hu")
        tid, token = t["id"], t["tokens"]["0"]
        s0 = Seat(srv, tid, 0, token)
        play_on(s0, lambda: s0.view["deal_number"] > 1, random.Random(5))
        s0.close()
        played = line_of(srv.app.state.tables.get(tid).session.deals[0])
        # each step of the replay names its action as the record does: the board's line
        steps = httpx.get(
            f"{srv.base}/api/tables/{tid}/deals/1/steps",
            headers={"Authorization": f"Bearer {token}"},
        ).json()["steps"]
        assert [s["code"] for s in steps] == [None, *played]
        i, node = card_step(srv, tid, token, played)
        explorer = node["to_move"]

        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="hu-HU")
        page = context.new_page()
        errors = page_errors(page)
        page.goto(f"{srv.base}/replay/{tid}/1#seat=0&token={token}")
        page.wait_for_selector("#hands .card")
        assert token not in page.url  # the token went into this browser, out of the address
        # the replay at the step, and "what if?" there
        for _ in range(i):
            page.keyboard.press("ArrowRight")
        expect(page.locator("#status")).to_contain_text(f"{i}/")
        what_if = page.locator("#whatIf")
        expect(what_if).to_have_text("Mi lett volna, ha…?")
        what_if.click()
        expect(page.locator("#board")).to_be_visible()
        expect(page.locator("#replay")).to_be_hidden()
        ready(page, i)
        # every card with its two values, in Hungarian; the best marked, the card played too
        rows = page.locator(".board-decision[data-kind=card] tr.board-option")
        assert rows.count() == len(node["decisions"][-1]["options"]) >= 2
        for n in range(rows.count()):
            for cell in ("td.board-info", "td.board-dd"):
                assert VALUE.match(rows.nth(n).locator(cell).inner_text().strip()), cell
        assert page.locator(".board-decision th").all_inner_texts()[1:] == [
            "a játékos lapjaiból",
            "nyílt lapokkal",
        ]
        infos = [o["info"] for o in node["decisions"][-1]["options"]]
        tops = infos.count(max(infos)) if min(infos) < max(infos) else 0  # all alike: no best
        expect(page.locator("tr.best .board-best")).to_have_count(tops)
        if tops:
            expect(page.locator("tr.best .board-best").first).to_have_text("legjobb")
        expect(page.locator("tr.played .board-played")).to_have_text("ezt játszották")
        expect(page.locator("#boardStatus")).to_contain_text(f"{i}. lépés")
        assert not re.search(r"\bplay [HALB]", page.inner_text("#board"))  # no action codes
        check(page, "the board at the step")
        page.screenshot(path=str(ARTIFACTS / "step.png"), full_page=True)

        # another card than the one played: the next node, that card on the table
        other = next(
            b
            for b in page.locator(".board-decision[data-kind=card] button.board-choice").all()
            if b.get_attribute("data-actions") != played[i]
        )
        card = other.get_attribute("data-card")
        assert card
        other.click()
        ready(page, i + 1)
        mover = f"#boardPlay .replay-row[data-seat='{explorer}']"
        expect(page.locator(f"{mover} .card[data-card='{card}']")).to_have_count(0)
        expect(page.locator(f"#boardPlay .trick .card[data-card='{card}']")).to_have_count(1)
        expect(page.locator("#boardStatus")).to_contain_text(f"{i + 1}. lépés")
        expect(page.locator("#boardLine ol.board-moves li")).to_have_count(1)
        child_picture = page.inner_text("#boardPlay")
        child_link = page.input_value("#boardLink")
        check(page, "the node after another card")

        # back to the step (the card played marked again), forward to the card chosen
        page.click("[data-nav=back]")
        ready(page, i)
        expect(page.locator("tr.played")).to_have_count(1)
        page.click("[data-nav=forward]")
        ready(page, i + 1)
        assert page.inner_text("#boardPlay") == child_picture
        expect(page.locator("#boardBranches button.board-branch")).to_have_count(1)

        # the other seats by the beginner level: they move until it is the explorer's turn
        page.select_option("#boardLevel", "easy")
        page.wait_for_function(RESTED_JS, arg=[explorer], timeout=WAIT)
        moves = page.locator("#boardLine ol.board-moves li").count()
        assert moves >= 2  # the card chosen, and the computer's moves after it
        step = i + moves
        ready(page, step)
        check(page, "the explorer's turn again")
        page.screenshot(path=str(ARTIFACTS / "explorer.png"), full_page=True)
        page.set_viewport_size({"width": 360, "height": 740})
        check(page, "a small phone")
        page.set_viewport_size({"width": 390, "height": 844})
        page.select_option("#boardLevel", "hand")

        # the position's link: the line in the fragment, never a token; it opens the same node
        link = page.input_value("#boardLink")
        assert link.startswith(f"{srv.base}/replay/{tid}/1#line="), link
        assert "token" not in link and token not in link and "seat" not in link
        page.click("#boardCopy")
        expect(page.locator("#boardCopied")).not_to_be_empty()
        picture = page.inner_text("#boardPlay")
        shared = context.new_page()
        shared_errors = page_errors(shared)
        shared.goto(link)
        ready(shared, step)
        assert shared.inner_text("#boardPlay") == picture
        assert shared.inner_text("#boardStatus") == page.inner_text("#boardStatus")
        check(shared, "the shared position")
        shared.close()
        # a link's fragment given to the open page: it goes to that node
        page.evaluate("(h) => { location.hash = h; }", child_link.split("#", 1)[1])
        ready(page, i + 1)
        assert page.inner_text("#boardPlay") == child_picture

        # back to the replay, at the step that was changed
        page.click("[data-nav=leave]")
        expect(page.locator("#replay")).to_be_visible()
        expect(page.locator("#board")).to_be_hidden()
        expect(page.locator("#status")).to_contain_text(f"{i}/")
        check(page, "the replay again")
        assert not errors, errors
        assert not shared_errors, shared_errors
        context.close()
