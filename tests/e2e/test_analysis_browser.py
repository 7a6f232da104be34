"""The analysis in a real browser (Debian's Chromium, driven by Playwright; issue 14): the
replay page's analysis panel — a "thinking" state while the server works, each seat's account,
the costliest mistakes, the decisions with the mistakes marked (a click shows that step, and the
step's decision with the action taken and the best in both views), the soloist's value as a
chart — in English and Hungarian on a phone (390×844) without running off the side; and
teaching mode at the table: the switch, remembered, and the question before a losing card (the
card goes only once the person says so; choosing again plays nothing).

Screenshots go under ``test-artifacts/browser/analysis/`` for a person to look at.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from screens import ARTIFACTS as SHOTS
from screens import screen_problems
from server_util import TINY, Running, Seat, bot, card_turn, page_errors, person, play_on
from ulti import i18n
from ulti.analysis.ulti import teach
from ulti.core.cards import code
from ulti.games.ulti.actions import ActionKind, play
from ulti.games.ulti.record import render
from ulti.i18n.plain import plain
from ulti.players.base import Budget

pytestmark = pytest.mark.slow

ARTIFACTS = SHOTS / "browser" / "analysis"
PHONE: ViewportSize = {"width": 390, "height": 844}

#: What runs off the side of the page (empty when nothing does).
OVERFLOW_JS = """
() => {
  const W = innerWidth, out = [];
  const width = document.documentElement.scrollWidth;
  if (width > W) out.push(`the page scrolls sideways: ${width}`);
  for (const e of document.querySelectorAll("body *")) {
    const r = e.getBoundingClientRect();
    if ((r.width || r.height) && (r.left < -0.5 || r.right > W + 0.5)) {
      const cls = e.getAttribute("class") || "";
      out.push(`${e.tagName}#${e.id}.${cls}: ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return out;
}
"""


def words(lang: str, key: str) -> str:
    return i18n.text(f"analysis.{key}", lang)


def check(page: Page, lang: str, where: str) -> None:
    """Nothing runs off the side; the screen as a player reads it (screens.py: no English on
    a Hungarian page, no rule id, no text over text, no word broken inside itself)."""
    problems = page.evaluate(OVERFLOW_JS) + screen_problems(page, lang)
    assert not problems, f"{where}: {problems[:8]}\n{page.inner_text('body')}"


def gate_analyses(srv: Running) -> threading.Event:
    """Analyses wait until the returned event is set (so that the page's "thinking" state
    is seen without a clock)."""
    tables = srv.app.state.tables
    gate = threading.Event()
    work = tables.analysis

    async def gated(*args: Any) -> Any:
        await asyncio.to_thread(gate.wait, 60)
        return await work(*args)

    tables.analysis = gated
    return gate


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_replay_page_shows_the_deal_analysed(
    browser: Browser, tmp_path: Path, lang: str
) -> None:
    shots = ARTIFACTS / f"replay-{lang}"
    shots.mkdir(parents=True, exist_ok=True)
    with Running(f"sqlite:///{tmp_path / 'replay.sqlite3'}", **TINY) as srv:
        t = srv.create([person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")], lang=lang)
        s0 = Seat(srv, t["id"], 0, t["tokens"]["0"])
        play_on(s0, lambda: s0.view["deal_number"] > 1, random.Random(21))
        s0.close()
        deal = srv.app.state.tables.get(t["id"]).session.deals[0]
        gate = gate_analyses(srv)
        page = browser.new_page(viewport=PHONE)
        errors = page_errors(page)
        page.goto(f"{srv.base}/replay/{t['id']}/1#seat=0&token={t['tokens']['0']}&lang={lang}")
        page.wait_for_selector("#hands .card")
        # the deal's account, in the page's language (opened, nothing runs off, no English)
        table = srv.app.state.tables.get(t["id"])
        assert page.text_content("#text") == plain(render(deal, table.names, lang), lang)
        page.click("#recordTitle")
        assert page.locator("#text").is_visible()
        assert ("Elszámolás:" if lang == "hu" else "Settlement:") in page.inner_text("#text")
        check(page, lang, "the account")
        page.click("#recordTitle")
        # thinking first (the replay is there already), then the analysis
        page.wait_for_selector("#analysis[data-state=thinking]")
        assert page.inner_text("#analysisStatus") == words(lang, "thinking")
        assert page.inner_text("#analysisTitle") == words(lang, "title")
        check(page, lang, "thinking")
        gate.set()
        page.wait_for_selector("#analysis[data-state=ready]", timeout=120_000)
        a = srv.app.state.tables.analyses[(t["id"], 1)]
        # each seat's account, the costliest mistakes, every decision with mistakes marked
        assert page.locator("table.summary tr[data-seat]").count() == 3
        assert "Anna" in page.inner_text("table.summary")
        assert page.locator("ol.decisions button.decision").count() == len(a["decisions"])
        mistakes = [d for d in a["decisions"] if d["mistake"]]
        assert page.locator("ol.decisions button.decision.mistake").count() == len(mistakes)
        assert page.locator("ol.worst button.decision").count() == len(a["worst"])
        if not a["worst"]:
            assert page.inner_text("#worst").endswith(
                i18n.text("analysis.no-mistakes", lang, threshold="2")
            )
        # the chart: a line through every point, the zero line, labelled in the language
        assert page.inner_text("#curve figcaption").startswith(words(lang, "curve"))
        if a["curve"]:
            assert page.locator("svg.curve polyline").count() == 1
            assert page.locator("svg.curve circle.dot").count() == len(a["curve"])
            assert page.locator("svg.curve line.zero").count() == 1
            assert words(lang, "web-x") in page.inner_text("#curve")
        check(page, lang, "the analysis")
        page.screenshot(path=str(shots / "analysis.png"), full_page=True)
        # a click on a decision (a mistake if there is one) shows its step and the decision
        d = (mistakes or a["decisions"])[0]
        n = a["decisions"].index(d)
        page.locator(f"ol.decisions button.decision[data-n='{n}']").click()
        step = d["index"] + 1
        page.wait_for_function(
            "(n) => document.getElementById('status').textContent.includes(`${n}/`)", arg=step
        )
        assert page.locator(f"ol.decisions button.current[data-n='{n}']").count() == 1
        here = page.inner_text("#here")
        assert d["title"][lang] in here
        assert words(lang, "taken") in here and words(lang, "dd") in here
        assert words(lang, "info") in here
        if d["mistake"]:
            assert d["why"][lang] in here and page.locator("#here.mistake").count() == 1
        check(page, lang, "a decision shown")
        page.screenshot(path=str(shots / "decision.png"), full_page=True)
        # stepping on: a step without a decision says so
        shown = {x["index"] + 1 for x in a["decisions"]}
        shown |= {x["index"] + 2 for x in a["decisions"] if x["kind"] == "talon"}
        quiet = next((n for n in range(1, len(deal.history) + 1) if n not in shown), None)
        if quiet is not None:
            page.locator("#controls button").first.click()  # the start
            for _ in range(quiet):
                page.keyboard.press("ArrowRight")
            assert words(lang, "web-nothing-here") in page.inner_text("#here")
        assert not errors, errors
        page.close()


def test_a_snapszli_replay_says_the_analysis_is_for_ulti(browser: Browser, tmp_path: Path) -> None:
    """The replay of a Snapszli deal: the server's refusal, in the page's language."""
    with Running(f"sqlite:///{tmp_path / 'snap.sqlite3'}", **TINY) as srv:
        r = httpx.post(
            f"{srv.base}/api/tables",
            json={"game": "snapszli", "seats": [person("Anna"), bot("rules", "Béla")]},
        )
        t = r.json()
        s0 = Seat(srv, t["id"], 0, t["tokens"]["0"])
        rng = random.Random(5)
        deadline = time.monotonic() + 60
        while s0.view["deal_number"] < 2:
            assert time.monotonic() < deadline, "stalled"
            s0.drain(0.02)
            if s0.my_turn():
                legal = [a for a in s0.view["legal"] if a["kind"] != "claim"]
                s0.act(str(rng.choice(legal)["action"]))
                s0.recv()
        s0.close()
        page = browser.new_page(viewport=PHONE)
        errors = page_errors(page)
        page.goto(f"{srv.base}/replay/{t['id']}/1#seat=0&token={t['tokens']['0']}&lang=hu")
        page.wait_for_selector("#analysis[data-state=failed]")
        assert page.inner_text("#analysisStatus") == i18n.text("analysis.err-ulti-only", "hu")
        check(page, "hu", "snapszli")
        assert not errors, errors
        page.close()


def other_move(page: Page) -> None:
    """A move that is not a card (a later deal's auction, a kontra): the talon laid, the
    lowest bid, a pass, or the first action offered (never a claim)."""
    if page.locator("[data-action=lay]").count():
        cards = page.locator("#hand button.card")
        cards.nth(0).click()
        cards.nth(1).click()
        page.click("[data-action=lay]")
    elif page.locator("#bids [data-action]").count():
        if page.locator("#bids [data-action=open-bids][aria-expanded=false]").count():
            page.click("#bids [data-action=open-bids]")  # a phone: the ladder's sheet
        page.locator("#bids button.bid:not([data-warn])").first.click()
    elif page.locator("#actions [data-action=pass]").count():
        page.click("#actions [data-action=pass]")
    else:
        page.locator("#actions [data-action]:not([disabled]):not(.claim)").first.click()


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_teaching_mode_asks_before_a_losing_card(
    browser: Browser, tmp_path: Path, lang: str
) -> None:
    """The switch in the score sheet's dialog (remembered by the browser); with it on, a card
    the computer judges to lose units (a small threshold, so that one comes soon) opens the
    question first: choosing again plays nothing, playing it anyway plays it; a card without
    a warning goes at once."""
    shots = ARTIFACTS / f"teach-{lang}"
    shots.mkdir(parents=True, exist_ok=True)
    threshold = 0.1
    rng = random.Random(31)
    with Running(f"sqlite:///{tmp_path / 'teach.sqlite3'}", **TINY) as srv:
        t = srv.create(
            # many deals: the rules players leave weak forced Simples standing (A5), and such a
            # deal has no card for the person to be warned about
            [person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")],
            deals=15,
            lang=lang,
        )
        live = srv.app.state.tables.get(t["id"])
        s0 = Seat(srv, t["id"], 0, t["tokens"]["0"])
        card_turn(s0, rng)  # the auction over the websocket, to the person's first card
        s0.close()
        ctx = browser.new_context(viewport=PHONE)
        ctx.add_init_script(
            f"try {{ localStorage.setItem('ulti-lang', '{lang}');"
            f" localStorage.setItem('ulti-teach-threshold', '{threshold}'); }} catch (e) {{}}"
        )
        page = ctx.new_page()
        errors = page_errors(page)
        page.goto(t["links"]["0"])
        page.wait_for_selector("#hand button.card[data-action]")
        # the switch: in the score sheet's dialog, off at first, remembered once on
        page.click("#sheetBtn")
        page.wait_for_selector("#sheetDialog[open] #teachToggle:not([hidden])")
        assert words(lang, "teaching") in page.inner_text("#teachToggle")
        assert not page.is_checked("#teachBox")
        page.click("#teachBox")
        assert page.evaluate("localStorage.getItem('ulti-teach')") == "1"
        check(page, lang, "the switch")
        page.click("[data-action=close-sheet]")
        page.reload()
        page.wait_for_selector("#hand button.card[data-action]")
        assert page.is_checked("#teachBox")

        warned = False
        deadline = time.monotonic() + 240
        while not warned:
            assert time.monotonic() < deadline, "no warning came"
            assert not live.session.is_over(), "the session ended before a warning came"
            page.wait_for_function(
                "() => document.body.dataset.turn === 'me' && !document.body.dataset.teach"
                " || !!document.querySelector('#settlementDialog[open]')",
                timeout=60_000,
            )
            if page.locator("#settlementDialog[open]").count():
                page.click("[data-action=close-settlement]")
                continue
            d = live.deal
            obs = d.observation(0)
            legal = [a.card for a in obs.legal_actions if a.kind == ActionKind.PLAY]
            v = live.version
            before = page.evaluate("document.body.dataset.version")
            assert before == str(v)
            if not legal:  # a later deal's auction, a kontra: any move
                other_move(page)
                page.wait_for_function(
                    "(v) => document.body.dataset.version !== v", arg=before, timeout=60_000
                )
                continue
            budget = Budget(TINY["teach_samples"], TINY["teach_ms"])
            found = {c: teach(obs, live.rules, c, budget, threshold, v) for c in legal}
            losing = [c for c in legal if found[c] is not None]
            if len(legal) < 2 or not losing:  # no question: the card goes at once
                c = legal[0]
                page.click(f"#hand button.card[data-card='{code(c)}']")
                page.wait_for_function(
                    "(v) => document.body.dataset.version !== v", arg=before, timeout=60_000
                )
                assert page.locator("#teachDialog[open]").count() == 0
                continue
            c = losing[0]
            w = found[c]
            deal_index = len(live.session.deals) - 1
            v_in_deal = len(d.history)
            assert w is not None
            card = f"#hand button.card[data-card='{code(c)}']"
            page.click(card)
            page.wait_for_selector("#teachDialog[open]")
            assert page.inner_text("#teachTitle") == words(lang, "sure")
            assert page.inner_text("#teachWhy") == w.to_dict()["why"][lang]
            assert page.inner_text("#teachPlay") == words(lang, "play-anyway")
            assert page.inner_text("#teachBack") == words(lang, "take-back")
            assert live.version == v  # asked, nothing played
            check(page, lang, "the question")
            page.screenshot(path=str(shots / "question.png"))
            # choose again: nothing played, the card still in the hand
            page.click("#teachBack")
            page.wait_for_function("() => !document.querySelector('#teachDialog').open")
            assert live.version == v and page.locator(card).count() == 1
            assert page.evaluate("document.body.dataset.version") == before
            # the same card again, and played anyway
            page.click(card)
            page.wait_for_selector("#teachDialog[open]")
            page.click("#teachPlay")
            page.wait_for_function(
                "(v) => document.body.dataset.version !== v", arg=before, timeout=60_000
            )
            assert live.session.deals[deal_index].history[v_in_deal] == (0, play(c))
            warned = True
        assert not errors, errors
        ctx.close()


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_teaching_mode_is_offered_by_the_lobby_and_the_table_s_top_bar(
    browser: Browser, tmp_path: Path, lang: str
) -> None:
    """The new-table form offers teaching mode for Ulti (not for Snapszli, not for a rated
    table); chosen there, the table opens with it on, and the top bar's switch turns it off
    and on again, the score sheet's switch following, the choice remembered."""
    with Running(f"sqlite:///{tmp_path / 'offer.sqlite3'}", **TINY) as srv:
        ctx = browser.new_context(viewport=PHONE, locale="hu-HU" if lang == "hu" else "en-GB")
        page = ctx.new_page()
        errors = page_errors(page)
        page.goto(f"{srv.base}/")
        page.wait_for_selector("#preset option[value=casual]", state="attached")
        page.wait_for_selector("[name=kind0] option[value=me]", state="attached")
        row = page.locator("#teachRow")
        expect(row).to_be_visible()
        expect(row).to_contain_text(words(lang, "teaching"))
        assert not page.is_checked("#teach")
        page.select_option("#game", "snapszli")
        expect(row).to_be_hidden()  # Ulti's own
        page.select_option("#game", "ulti")
        expect(row).to_be_visible()
        check(page, lang, "the lobby's offer")
        page.select_option("[name=kind0]", "me")
        for s in (1, 2):
            page.select_option(f"[name=kind{s}]", "bot")
            page.select_option(f"[name=spec{s}]", "rules")
        page.check("#teach")
        page.click("#create")
        page.wait_for_url("**/t/**")  # nobody to invite: the creator is taken to the seat
        page.wait_for_selector("#hand button.card")
        tool = page.locator("#teachBtn")
        expect(tool).to_be_visible()
        expect(tool).to_have_text(words(lang, "teaching"))
        expect(tool).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("localStorage.getItem('ulti-teach')") == "1"
        tool.click()
        expect(tool).to_have_attribute("aria-pressed", "false")
        assert page.evaluate("localStorage.getItem('ulti-teach')") == "0"
        page.click("#sheetBtn")
        page.wait_for_selector("#sheetDialog[open] #teachToggle:not([hidden])")
        assert not page.is_checked("#teachBox")  # the sheet's switch follows
        page.click("#teachBox")
        page.click("[data-action=close-sheet]")
        expect(tool).to_have_attribute("aria-pressed", "true")
        check(page, lang, "the table's top bar")
        assert not errors, errors
        ctx.close()
