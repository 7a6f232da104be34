"""Four at the table in the terminal (docs/RULES.md, "Four at the table"): a whole session of
four driven through the widgets by Textual's headless pilot, the deal you deal watched as a
spectator sees it."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from tui_ulti import do
from tui_util import on_table, screen_text, until
from ulti import i18n
from ulti.core.cards import name
from ulti.games.base import Player
from ulti.games.ulti.actions import Action
from ulti.games.ulti.observation import SPECTATOR, Observation
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti4 import Session4
from ulti.players import make_player
from ulti.tui.frame import CardButton, TextScreen, card_text
from ulti.tui.ulti import PlayConfig
from ulti.tui.ulti4 import Ulti4App

SIZE = (80, 24)


def config(tmp_path: Path, **kw: Any) -> PlayConfig:
    base: dict[str, Any] = {
        "opponents": ("rules", "rules", "rules"),
        "bot_delay": 0.0,
        "deals": 4,
        "seed": 1,  # its first deal, which you deal, is played out to the tricks
        "hint": "rules",
        "save": tmp_path / "session4.json",
    }
    base.update(kw)
    return PlayConfig(**base)


class Gate:
    """Holds each computer player's move while you sit a deal out, until the test has read the
    screen (the screen stands still meanwhile: nothing else moves the deal)."""

    def __init__(self, app: Ulti4App) -> None:
        self.app = app
        self.held = False
        self.go = threading.Semaphore(0)

    def wait(self) -> None:
        if self.app.sitting_out():
            self.held = True
            assert self.go.acquire(timeout=60), "the test never let the move go"

    def release(self) -> None:
        self.held = False
        self.go.release()


class Gated:
    """A computer player whose moves wait at the gate."""

    def __init__(self, player: Player[Observation, Action], gate: Gate) -> None:
        self.player = player
        self.gate = gate

    def start(self, seat: int, rules: Ruleset, game: int = 0) -> None:
        self.player.start(seat, rules, game)

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        self.gate.wait()
        return self.player.act(obs, legal)


def hidden(app: Ulti4App) -> set[int]:
    """The cards a spectator may not know now (N5): every card not played, not in a hand laid
    open and not in a talon shown."""
    obs = app.deal.observation(SPECTATOR)
    public = {c for _, cs, _ in obs.tricks for c in cs} | set(obs.trick)
    public |= {c for _, cs in obs.exposed for c in cs} | set(obs.talon or ())
    return set(range(32)) - public


def shows_card(text: str, c: int) -> bool:
    """Whether the screen names card ``c`` as the table, the hand or the log would."""
    return card_text(c).plain in text or name(c, "symbol") in text


def dealt(app: Ulti4App, n: int) -> Callable[[], bool]:
    return lambda: len(app.four.deals) == n


@pytest.mark.slow
async def test_a_whole_session_of_four_you_watch_the_deal_you_deal(tmp_path: Path) -> None:
    """N1: each deal the dealer deals to the other three and sits out; you deal the first of
    four (N4: a session of four is a multiple of four deals), and the three play it on by
    themselves while you see what a spectator sees (N5): no hand, no talon, no card of anyone's
    hand named anywhere on the screen.  In the other three you play among the three, named
    in their order, and the score sheet has a column for each of the four, the dealer's 0 in
    it (N3)."""
    cfg = config(tmp_path)
    app = Ulti4App(cfg)
    gate = Gate(app)
    app.by_seat = {s: Gated(p, gate) for s, p in app.by_seat.items()}
    sit_out = i18n.text("four.you-sit-out", "en")
    helper = make_player("rules", seed=11)
    started = -1
    watched = {"auction": 0, "play": 0}
    async with app.run_test(size=SIZE) as pilot:

        def at_rest() -> bool:
            d = app.deal
            if d.is_over():
                return isinstance(app.screen, TextScreen)
            mine = d.current_player == app.me and not app.bot_busy
            return mine or gate.held

        while True:
            await until(pilot, app, at_rest, "your turn, a held move or the deal's end")
            d = app.deal
            index = len(app.four.deals) - 1
            if d.is_over():
                if app.four.is_over():
                    break
                await pilot.click("#close")
                await until(pilot, app, lambda: on_table(app), "the table")
                await pilot.click("#next")
                await until(pilot, app, dealt(app, index + 2), "the next deal")
                continue
            if gate.held:  # you sit this deal out and watch
                assert app.four.deal.dealer == 0 and app.me == -1
                before = hidden(app)
                text = screen_text(app)
                still = before & hidden(app)
                assert still and not [c for c in still if shows_card(text, c)], text
                assert sit_out in text and "You deal and sit out" in text
                assert not app.query(CardButton)  # no hand
                watched["play" if app.deal.observation(SPECTATOR).soloist >= 0 else "auction"] += 1
                gate.release()
                continue
            if started != index:  # a deal you play: the three who play, in their order
                started = index
                helper.start(app.me, d.rules, index)
                d4 = app.four.deal
                names = [app.four.players[s] for s in d4.players]
                assert list(app.names) == names and names[app.me] == "You"
                side = str(app.query_one("#players").render())
                dealer = app.four.players[d4.dealer]
                assert all(n in side for n in names) and f"{dealer} deals" in side
                assert sit_out not in screen_text(app)
            await do(pilot, app, helper.act(d.observation(app.me), d.legal_actions()))

        assert [d.dealer for d in app.four.deals] == [0, 1, 2, 3]
        assert watched["auction"] > 0 and watched["play"] > 0, watched
        assert app.four.deals[0].returns()[0] == 0  # N3: the dealer's result is 0
        await pilot.click("#close")
        await until(pilot, app, lambda: on_table(app), "the table")
        await pilot.press("s")
        await until(pilot, app, lambda: bool(app.screen.query(DataTable)), "the score sheet")
        sheet = app.screen.query_one(DataTable)
        heads = [str(c.label) for c in sheet.columns.values()]
        assert heads[3:] == ["You", "Bot 1", "Bot 2", "Bot 3"]
        assert sheet.row_count == 4
        assert sheet.get_row_at(0)[3] == "0"  # you dealt the first deal: 0 (N3)

    saved = json.loads((tmp_path / "session4.json").read_text(encoding="utf-8"))
    assert saved["format"] == "ulti4-session"
    again = Session4.load(tmp_path / "session4.json")
    assert again.totals == app.four.totals and again.is_over()


async def test_a_session_of_four_resumes_where_it_was_saved(tmp_path: Path) -> None:
    """N4: the session of four is saved after every action and continues from its record: the
    same deal, the same three playing it (N1), the same course."""
    path = tmp_path / "session4.json"
    s = Session4(Ruleset(), 2, 0, ["You", "Bot 1", "Bot 2", "Bot 3"], 4)
    while not s.deal.is_over():  # your deal: the three play it (first legal actions)
        s.deal.apply(s.deal.legal_actions()[0])
    s.next_deal()  # bot 1 deals: you play third among the three
    s.deal.apply(s.deal.legal_actions()[0])
    s.save(path)
    app = Ulti4App(config(tmp_path, seed=2), Session4.load(path))
    async with app.run_test(size=SIZE) as pilot:
        await until(
            pilot, app, lambda: app.deal.current_player == app.me and not app.bot_busy, "you"
        )
        assert len(app.four.deals) == 2 and app.four.deal.dealer == 1
        assert list(app.names) == ["Bot 2", "Bot 3", "You"] and app.me == 2
        assert app.query(CardButton)  # your hand
        assert "Deal 2/4" in screen_text(app)
