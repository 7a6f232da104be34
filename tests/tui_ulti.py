"""What the terminal tests of Ulti share, three and four at the table: taking an action the
way a person does, by clicking the table's widgets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList

from tui_util import until
from ulti.core.cards import code
from ulti.games.ulti.actions import Action, ActionKind
from ulti.tui.ulti import UltiApp, widget_id


def chosen(app: UltiApp, card: int) -> Callable[[], bool]:
    """Whether ``card`` is chosen for the talon."""
    return lambda: card in app.chosen


async def shown(pilot: Pilot[Any], app: UltiApp, selector: str) -> None:
    """Wait until ``selector`` is on the screen (a busy machine may draw the buttons of the
    person's turn a moment after the turn comes: CI on 712fc0f), up to a minute."""
    await until(pilot, app, lambda: bool(app.screen.query(selector)), f"{selector} shown")


async def do(pilot: Pilot[Any], app: UltiApp, a: Action) -> None:
    """Take action ``a`` the way a person would: by clicking; wait until it is taken (at four
    at the table, ``app.deal`` is the three-handed deal being played)."""
    d = app.deal
    before = len(d.history)
    if a.kind == ActionKind.DISCARD:
        for c in a.cards:
            await pilot.click(f"#card-{code(c)}")
            await until(pilot, app, chosen(app, c), "the card chosen")
        await pilot.click("#lay")
    elif a.kind == ActionKind.BID:
        await pilot.click("#bid")
        await shown(pilot, app, "#bid-list")
        options = app.screen.query_one(OptionList)
        bids = [x for x in d.legal_actions() if x.kind == ActionKind.BID]
        options.highlighted = bids.index(a)
        await pilot.press("enter")
    elif a.kind == ActionKind.PLAY:
        await pilot.click(f"#card-{code(a.card)}")
    else:
        await shown(pilot, app, f"#{widget_id(a)}")
        await pilot.click(f"#{widget_id(a)}")
    await until(pilot, app, lambda: len(app.deal.history) > before, f"{a} taken")
