"""The terminal's analysis after a deal and its teaching mode, driven by Textual's pilot (small
sample budgets, so that each test takes seconds)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from english_words import english_words_in
from tui_util import on_table, until
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.deal import Phase
from ulti.players import make_player
from ulti.players.base import Budget
from ulti.tui.texts import ta
from ulti.tui.ulti import (
    CARD_KEYS,
    HUMAN,
    AnalysisScreen,
    CardButton,
    PlayConfig,
    TeachScreen,
    TextScreen,
    UltiApp,
    analysis_text,
    decision_head,
)

SIZE = (80, 24)
#: Few samples and no time limit worth the name (a budget without ``ms`` takes the sampling
#: player's default limit, which a busy machine reaches: CI on 712fc0f), so that the same
#: judgement comes on every run.
SAMPLES_ONLY_MS = 3_600_000.0
SMALL = Budget(4, SAMPLES_ONLY_MS)


def config(**kw: Any) -> PlayConfig:
    base: dict[str, Any] = {
        "opponents": ("rules", "rules"),
        "bot_delay": 0.0,
        "deals": 3,
        "seed": 4,
        "hint": "rules",
        "analysis_budget": Budget(2, SAMPLES_ONLY_MS),
        "teach_budget": SMALL,
    }
    base.update(kw)
    return PlayConfig(**base)


async def wait_for(pilot: Pilot[Any], what: Callable[[], bool], why: str) -> None:
    """:func:`tui_util.until` for the pilot's own app."""
    app = pilot.app
    assert isinstance(app, UltiApp)
    await until(pilot, app, what, why)


def screen_text(app: UltiApp) -> str:
    """The words on the terminal now (the screenshot's text, line by line)."""
    import html
    import re

    svg = app.export_screenshot()
    lines: dict[float, list[str]] = {}
    for y, body in re.findall(
        r'<text class="terminal-[\w-]*r\d+" x="[\d.]+" y="([\d.]+)"[^>]*>([^<]*)</text>', svg
    ):
        lines.setdefault(float(y), []).append(html.unescape(body).replace("\xa0", " "))
    return "\n".join("".join(parts) for _, parts in sorted(lines.items()))


def finished_first_deal(app: UltiApp) -> None:
    """Play the app's first deal to its end with three computer players, before the app runs
    (the app then opens on it as on a resumed session: its settlement shown)."""
    d = app.deal
    players = [make_player("rules", seed=seat) for seat in range(3)]
    for seat, p in enumerate(players):
        p.start(seat, d.rules, 0)
    while not d.is_over():
        seat = d.current_player
        d.apply(players[seat].act(d.observation(seat), d.legal_actions()))


def analysed(app: UltiApp) -> bool:
    screen = app.screen
    return isinstance(screen, AnalysisScreen) and screen.result is not None


@pytest.mark.parametrize("lang", ["en", "hu"])
async def test_the_analysis_opens_after_a_deal_and_escape_goes_back(lang: str) -> None:
    """``a`` on the settlement opens the deal's analysis: each seat's summary by name, the
    costliest mistakes, the curve and every decision, in the table's language (no English
    word on a Hungarian screen); Escape closes it and the game goes on."""
    app = UltiApp(config(lang=lang))
    finished_first_deal(app)
    names = tuple(app.session.players)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TextScreen), "the settlement")
        assert ta(lang, "tui-footer-analysis") in screen_text(app)  # the key is shown
        await pilot.press("a")
        await wait_for(pilot, lambda: analysed(app), "the analysis")
        screen = app.screen
        assert isinstance(screen, AnalysisScreen) and screen.result is not None
        result = screen.result
        assert result.decisions  # at least one decision was valued
        shown = screen_text(app)
        assert ta(lang, "summary") in shown and ta(lang, "accuracy") in shown
        assert all(name in shown for name in names)  # the names the table shows
        body = str(screen.query_one("#analysis-body", Static).render())
        full = analysis_text(result, names, lang).plain
        assert body == full
        assert ta(lang, "tui-decisions-list") in full and ta(lang, "curve") in full
        for d in result.decisions:  # every decision listed; the mistakes marked
            assert decision_head(d, names, lang).plain in full
            assert decision_head(d, names, lang).plain.startswith("✗") == d.mistake
        for d in result.worst(3):
            assert d.explain(lang) in full
        if lang == "hu":
            assert english_words_in(shown) == [], shown
            assert english_words_in(full) == [], full
        # scrolling stays inside the screen
        await pilot.press("pagedown")
        await pilot.pause()
        assert isinstance(app.screen, AnalysisScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: on_table(app), "the table")
        assert len(app.screen_stack) == 1 and not isinstance(app.screen, AnalysisScreen)
        # open again from the table: the analysis is kept, not computed anew
        await pilot.press("a")
        await wait_for(pilot, lambda: not on_table(app), "the analysis")
        assert isinstance(app.screen, AnalysisScreen) and app.screen.result is result
        await pilot.press("escape")
        await wait_for(pilot, lambda: on_table(app), "the table")
        # the game goes on: the next deal, where `a` only says the analysis must wait
        await pilot.click("#next")
        await wait_for(pilot, lambda: len(app.session.deals) == 2, "the next deal")
        assert len(app.session.deals) == 2 and not app.deal.is_over()
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(app.screen, AnalysisScreen)


async def test_the_keys_screen_names_the_new_keys_in_hungarian() -> None:
    app = UltiApp(config(lang="hu"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: not on_table(app), "the keys")
        assert isinstance(app.screen, TextScreen)
        shown = screen_text(app)
        for line in ta("hu", "tui-keys").splitlines():
            assert line.split("(")[0].strip() in shown
        assert english_words_in(shown) == [], shown


async def to_a_card_that_warns(pilot: Pilot[Any], app: UltiApp, want: bool) -> int:
    """Play on (teaching off, the person playing as the rules player would) until the person
    is to play a card and one of the legal cards draws a warning (``want``) or none does
    (not ``want``: a card without one, when two or more are legal); that card."""
    helper = make_player("rules", seed=11)
    helper.start(HUMAN, app.deal.rules, len(app.session.deals) - 1)
    for _ in range(200):
        await wait_for(
            pilot,
            lambda: app.deal.is_over() or (app.deal.current_player == HUMAN and not app.bot_busy),
            "the person's turn",
        )
        d = app.deal
        if d.is_over():
            await wait_for(pilot, lambda: isinstance(app.screen, TextScreen), "the settlement")
            await pilot.press("escape")
            await wait_for(pilot, lambda: on_table(app), "the table")
            await pilot.click("#next")
            await wait_for(pilot, lambda: not app.deal.is_over(), "the next deal")
            helper.start(HUMAN, app.deal.rules, len(app.session.deals) - 1)
            continue
        cards = d.legal_cards()
        if d.phase == Phase.PLAY and len(cards) > 1:
            obs = d.observation(HUMAN)
            verdicts = {c: app.teach_warning(obs, d.rules, c) for c in cards}
            found = [c for c, w in verdicts.items() if (w is not None) == want]
            if found:
                return found[0]
        before = len(d.history)
        await app.apply(HUMAN, helper.act(d.observation(HUMAN), d.legal_actions()))
        await pilot.pause()
        assert len(app.deal.history) > before
    raise AssertionError("no card to try")


async def press_card(pilot: Pilot[Any], app: UltiApp, c: int) -> None:
    hand = [b.card for b in app.query(CardButton)]
    await pilot.press(CARD_KEYS[hand.index(c)])


@pytest.mark.parametrize("lang", ["en", "hu"])
async def test_teaching_mode_asks_before_a_losing_card(lang: str) -> None:
    """With teaching on (key ``e``), a card the sampling player expects to lose units opens
    the question with its reason; "Choose again" (Escape, ``n``) leaves the deal as it was
    and the hand focused on that card; "Play it anyway" (Enter, ``y``) plays it."""
    app = UltiApp(config(lang=lang, teach_threshold=0.5))
    async with app.run_test(size=SIZE) as pilot:
        c = await to_a_card_that_warns(pilot, app, want=True)
        d = app.deal
        obs = d.observation(HUMAN)
        warning = app.teach_warning(obs, d.rules, c)
        assert warning is not None and warning.card == c
        assert not app.teaching
        await pilot.press("e")
        await wait_for(pilot, lambda: app.teaching, "teaching mode")
        assert app.teaching and ta(lang, "tui-on") in str(app.query_one("#footer").render())
        history = list(d.history)
        hand = obs.hand
        await press_card(pilot, app, c)
        await wait_for(pilot, lambda: isinstance(app.screen, TeachScreen), "the question")
        shown = screen_text(app)
        assert ta(lang, "sure") in shown and ta(lang, "play-anyway") in shown
        assert ta(lang, "take-back") in shown
        assert " ".join(warning.explain(lang).split()[:3]) in " ".join(shown.split())
        if lang == "hu":
            assert english_words_in(shown) == [], shown
        await pilot.press("escape")  # choose again
        await wait_for(pilot, lambda: on_table(app), "the table")
        assert not isinstance(app.screen, TeachScreen)
        assert list(app.deal.history) == history and app.deal.observation(HUMAN).hand == hand
        await wait_for(pilot, lambda: isinstance(app.focused, CardButton), "the hand's focus")
        focused = app.focused
        assert isinstance(focused, CardButton) and focused.card == c
        await press_card(pilot, app, c)  # the same card again: asked again
        await wait_for(pilot, lambda: isinstance(app.screen, TeachScreen), "the question")
        await pilot.press("n")
        await wait_for(pilot, lambda: on_table(app), "the table")
        assert list(app.deal.history) == history
        await press_card(pilot, app, c)
        await wait_for(pilot, lambda: isinstance(app.screen, TeachScreen), "the question")
        await pilot.press("enter")  # play it anyway
        await wait_for(pilot, lambda: len(app.deal.history) > len(history), "the card played")
        seat, action = app.deal.history[len(history)]
        assert seat == HUMAN and action.kind == ActionKind.PLAY and action.card == c


async def test_teaching_mode_plays_a_good_card_at_once() -> None:
    """With teaching on from the start (``PlayConfig.teach``), a card that loses nothing
    worth asking about is played without a question."""
    app = UltiApp(config(teach=True, teach_threshold=0.5))
    app.teaching = False  # off while the deal is brought to a card worth trying
    async with app.run_test(size=SIZE) as pilot:
        c = await to_a_card_that_warns(pilot, app, want=False)
        app.teaching = True
        before = len(app.deal.history)
        await press_card(pilot, app, c)
        await wait_for(pilot, lambda: len(app.deal.history) > before, "the card played")
        assert not isinstance(app.screen, TeachScreen)
        assert app.deal.history[before] == (HUMAN, app.deal.history[before][1])
        assert app.deal.history[before][1].card == c
