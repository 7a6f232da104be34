"""Four at the table in a real browser (N1-N5): a person plays a whole session of four deals
by clicking, with a second person at the table (a websocket client) and two computer players.
The person deals the first deal and sits it out: the page shows the deal as a spectator sees
it (N5), names who plays, and shows no card a spectator does not see; the three other deals
the person plays, checked at every turn as the table of three is (tests/table_page.py); the
score sheet has four columns (N4).  It runs on a desktop and on both phone sizes, in both
languages."""

from __future__ import annotations

import random
import shutil
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from screens import ARTIFACTS as SHOTS
from screens import SIZES
from server_util import Running, Seat, bot, page_errors, person, play_out
from table_page import Table

pytestmark = pytest.mark.slow

ARTIFACTS = SHOTS / "browser" / "four"

#: The card faces the page shows: every element naming a card that is not a back.
FACES_JS = """() => [...document.querySelectorAll('[data-card]')]
  .filter((e) => !e.closest('dialog:not([open])')).map((e) => Number(e.dataset.card))"""


#: The screens and languages a session of four is played in (each size in one language, the
#: desktop in both).
CASES = [("hu", "desktop"), ("en", "desktop"), ("hu", "phone"), ("en", "small")]


@pytest.mark.parametrize(("lang", "size"), CASES, ids=[f"{lang}-{size}" for lang, size in CASES])
def test_a_session_of_four_in_the_browser(
    browser: Browser, tmp_path: Path, lang: str, size: str
) -> None:
    w, h = SIZES[size]
    shots = ARTIFACTS / f"{lang}-{w}x{h}"
    shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True)
    with Running(f"sqlite:///{tmp_path / 'four.sqlite3'}") as srv:
        t = srv.create(
            [person("Anna"), person("Béla"), bot("rules", "Cili"), bot("rules", "Dani")],
            deals=4,
            game="ulti4",
            lang=lang,
        )
        live = srv.app.state.tables.get(t["id"])
        context = browser.new_context(
            viewport={"width": w, "height": h}, locale="hu-HU" if lang == "hu" else "en-GB"
        )
        page = context.new_page()
        errors = page_errors(page)
        page.goto(t["links"]["0"])
        # N1, N5: Anna deals the first deal; Béla, its forehand, has not bid yet
        page.wait_for_selector("#hand.watch-hand .backs")
        assert live.deal.dealer == 0 and live.deal.current_player == 1
        me = page.inner_text("#me")
        assert ("kihagyod" if lang == "hu" else "sit this deal out") in me, me
        assert "Béla" in me  # the hand face down below is forehand's
        assert page.locator("#hand button.card").count() == 0
        public = live.deal.observation(-1).deal.visible_cards()
        faces = page.evaluate(FACES_JS)
        assert all(public >> c & 1 for c in faces), faces  # no hidden card (N5)
        names = page.inner_text("#seatLeft") + page.inner_text("#seatRight")
        assert "Cili" in names and "Dani" in names  # the two after forehand
        # nothing of mine to press while I sit out: no key line, no teaching switch
        assert page.locator("#keysHelp").is_hidden()
        assert page.locator("#teachBtn").is_hidden()
        table = Table(page, lang, shots, still=False)
        table.check("sitting out")
        page.screenshot(path=str(shots / "00-sitting-out.png"))

        # Béla plays from his own connection, at random, while Anna clicks
        bela = Seat(srv, t["id"], 1, t["tokens"]["1"])
        over = threading.Event()
        failed: list[BaseException] = []

        def bela_plays() -> None:
            try:
                play_out([bela], over.is_set, random.Random(1), limit=300)
            except BaseException as exc:  # reported by the test below
                failed.append(exc)

        player = threading.Thread(target=bela_plays, daemon=True)
        player.start()
        deadline = time.monotonic() + 300
        settlements = 0
        try:
            while True:
                assert time.monotonic() < deadline, "the session did not finish"
                assert not failed, failed
                state = table.ready(timeout=120_000)
                if state == "settlement":
                    settlements += 1
                    table.check(f"settlement {settlements}")
                    shown = page.evaluate(
                        "document.querySelector('#settlementDialog').dataset.deal"
                    )
                    if live.session.is_over() and shown == "4":
                        break  # the session's last deal: its settlement and the winner
                    page.click("[data-action=close-settlement]")
                    page.wait_for_function(
                        "() => !document.querySelector('#settlementDialog').open"
                    )
                    continue
                table.turn()
        finally:
            over.set()
            player.join(30)
        assert not failed, failed
        assert live.session.is_over()
        deals = live.session.deals
        assert [d.dealer for d in deals[:4]] == [0, 1, 2, 3]
        assert any(seat == 0 for d in deals[1:] for seat, _ in d.history)  # Anna played
        assert all(seat != 0 for seat, _ in deals[0].history)  # but not the deal she dealt
        # N4: the score sheet has a column for each of the four
        if page.locator("#settlementDialog[open]").count():
            page.click("[data-action=close-settlement]")
        page.click("#sheetBtn")
        page.wait_for_selector("#sheetDialog[open] #sheet tr:nth-child(5)")
        assert page.locator("#sheet tr:first-child th").count() == 2 + 4
        # Anna played the last deal: the teaching switch is hers again (computer players sit here)
        assert page.locator("#teachBtn").is_visible()
        # the last trick's cards fly to its winner (off the felt's edge at a side seat): the
        # checks are of the page at rest
        page.wait_for_function(
            "() => document.getAnimations().every((a) => a.playState !== 'running')"
        )
        table.check("the score sheet")
        page.screenshot(path=str(shots / "09-sheet.png"))
        assert not errors, errors
        bela.close()
        context.close()
