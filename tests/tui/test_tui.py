"""The terminal game, driven through its widgets by Textual's headless pilot."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tui_ulti import chosen, do, shown
from tui_util import on_table, screen_text, until
from ulti.core.cards import code, name
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.deal import Phase
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.session import Session
from ulti.players import make_player
from ulti.tui.frame import CARD_KEYS, HUMAN, CardButton, TextScreen
from ulti.tui.ulti import PlayConfig, UltiApp

SIZE = (80, 24)


def config(tmp_path: Path | None = None, **kw: Any) -> PlayConfig:
    base: dict[str, Any] = {
        "opponents": ("rules", "rules"),
        "bot_delay": 0.0,
        "deals": 3,
        "seed": 4,
        "hint": "rules",
    }
    base.update(kw)
    if tmp_path is not None:
        base["save"] = tmp_path / "session.json"
    return PlayConfig(**base)


def at_rest(app: UltiApp) -> bool:
    """The person's turn with no computer player asked, or the deal over and explained."""
    d = app.deal
    if d.is_over():
        return isinstance(app.screen, TextScreen)
    return d.current_player == HUMAN and not app.bot_busy


async def settle(pilot: Pilot[Any], app: UltiApp) -> None:
    """Wait until it is the person's turn, or the deal is over and shown, and the table is
    drawn for it (a busy machine may make the computer players slow)."""
    await until(pilot, app, lambda: at_rest(app), "the game to come back to the person")


async def play_one_deal(pilot: Pilot[Any], app: UltiApp) -> None:
    helper = make_player("rules", seed=11)
    helper.start(HUMAN, app.deal.rules, len(app.session.deals))
    while True:
        await settle(pilot, app)
        d = app.deal
        if d.is_over():
            return
        before = len(d.history)
        a = helper.act(d.observation(HUMAN), d.legal_actions())
        await do(pilot, app, a)
        await pilot.pause()
        assert len(app.deal.history) > before, f"the click on {a} did nothing"


@pytest.mark.slow
async def test_a_person_plays_a_complete_deal_through_the_ui(tmp_path: Path) -> None:
    app = UltiApp(config(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await play_one_deal(pilot, app)
        d = app.deal
        assert d.is_over() and d.settlement is not None and sum(d.returns()) == 0
        assert isinstance(app.screen, TextScreen)  # the settlement, explained
        human_moves = [a for s, a in d.history if s == HUMAN]
        assert human_moves  # the person did act
        await pilot.click("#close")
        await shown(pilot, app, "#next")
        await pilot.click("#next")
        await until(pilot, app, lambda: len(app.session.deals) == 2, "the next deal")
        await settle(pilot, app)
        assert len(app.session.deals) == 2
    saved = Session.load(tmp_path / "session.json")  # every action was saved
    assert len(saved.deals) == 2
    assert saved.deals[0].key() == app.session.deals[0].key()


@pytest.mark.slow
async def test_resume_continues_the_saved_session(tmp_path: Path) -> None:
    app = UltiApp(config(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        d = app.deal
        helper = make_player("rules", seed=1)
        helper.start(HUMAN, d.rules, 0)
        await do(pilot, app, helper.act(d.observation(HUMAN), d.legal_actions()))
        await settle(pilot, app)
        moves = len(app.deal.history)
    saved = Session.load(tmp_path / "session.json")
    assert len(saved.deal.history) == moves  # nothing lost
    again = UltiApp(config(tmp_path), saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, again)
        assert again.deal.history[:moves] == saved.deal.history[:moves]
        await play_one_deal(pilot, again)
        assert again.deal.is_over()


async def test_an_illegal_card_explains_itself(tmp_path: Path) -> None:
    app = UltiApp(config(tmp_path, seed=7))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        helper = make_player("rules", seed=3)
        helper.start(HUMAN, app.deal.rules, 0)
        for _ in range(80):
            await settle(pilot, app)
            d = app.deal
            assert not d.is_over(), "this seed gives the person an illegal card"
            if d.phase == Phase.PLAY and len(d.legal_cards()) < len(d.observation(0).hand):
                break
            await do(pilot, app, helper.act(d.observation(HUMAN), d.legal_actions()))
        d = app.deal
        bad = next(c for c in d.observation(HUMAN).hand if c not in d.legal_cards())
        button = app.query_one(f"#card-{code(bad)}", CardButton)
        assert button.has_class("dim") and not button.legal
        history = len(d.history)
        await pilot.click(f"#card-{code(bad)}")
        await until(pilot, app, lambda: bool(app._notifications), "the refusal")
        assert len(app.deal.history) == history  # nothing happened ...
        texts = [str(n.message) for n in app._notifications]
        assert texts and all(x.startswith(name(bad)) for x in texts)  # ... but the reason
        assert not any(re.search(r"\b[A-Z]\d{1,2}\b", x) for x in texts)  # in words, no rule id


def test_play_command_refuses_bad_options(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from ulti.cli import app as cli

    r = CliRunner()
    assert r.invoke(cli, ["play", "--lang", "fr"]).exit_code == 2
    assert r.invoke(cli, ["play", "--opponents", "rules"]).exit_code == 2
    assert r.invoke(cli, ["play", "--opponents", "rules,wizard"]).exit_code == 2
    res = r.invoke(cli, ["play", "--resume", "--save", str(tmp_path / "none.json")])
    assert res.exit_code == 2 and "no saved session" in res.output
    none = str(tmp_path / "none.json")
    res = r.invoke(cli, ["play", "--lang", "hu", "--resume", "--save", none])
    assert res.exit_code == 2 and "hiba: nincs mentett játszma itt" in res.output


# -- snapshots of the main screens ------------------------------------------------------------


def _snap_app(**kw: Any) -> UltiApp:
    return UltiApp(config(None, **kw), None)


def ulti_app(pilot: Pilot[Any]) -> UltiApp:
    """The app a snapshot's pilot drives (``snap_compare`` types it as any Textual app)."""
    assert isinstance(pilot.app, UltiApp)
    return pilot.app


def test_snapshot_auction(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, ulti_app(pilot))

    assert snap_compare(_snap_app(), terminal_size=SIZE, run_before=run_before)


def flashing(app: UltiApp) -> bool:
    """Whether a button of any screen shows its press (``-active``)."""
    return any(screen.query(".-active") for screen in app.screen_stack)


@pytest.mark.slow
def test_snapshot_bid_list_in_hungarian(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = ulti_app(pilot)
        for _ in range(40):
            await settle(pilot, app)
            d = app.deal
            if d.phase == Phase.BID:
                await pilot.click("#bid")
                await shown(pilot, app, "#bid-list")
                # the pressed button's flash (Textual's -active, a fifth of a second) is over
                # before the picture is taken: CI once caught it mid-flash
                await until(pilot, app, lambda: not flashing(app), "the button's flash over")
                return
            if d.phase == Phase.AUCTION:
                await do(
                    pilot, app, next(a for a in d.legal_actions() if a.kind == ActionKind.PICKUP)
                )
            elif d.phase == Phase.DISCARD:
                hand = list(d.observation(HUMAN).hand)
                await do(
                    pilot, app, next(a for a in d.legal_actions() if a.cards == (hand[0], hand[1]))
                )

    assert snap_compare(_snap_app(lang="hu", seed=2), terminal_size=SIZE, run_before=run_before)


def test_snapshot_card_play_with_dimmed_cards(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = ulti_app(pilot)
        helper = make_player("rules", seed=5)
        helper.start(HUMAN, app.deal.rules, 0)
        for _ in range(60):
            await settle(pilot, app)
            d = app.deal
            if d.phase == Phase.PLAY and d.trick:
                return
            await do(pilot, app, helper.act(d.observation(HUMAN), d.legal_actions()))

    assert snap_compare(_snap_app(seed=3), terminal_size=SIZE, run_before=run_before)


@pytest.mark.slow
def test_snapshot_settlement(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await play_one_deal(pilot, ulti_app(pilot))

    assert snap_compare(_snap_app(seed=4), terminal_size=SIZE, run_before=run_before)


@pytest.mark.slow
def test_snapshot_score_sheet(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = ulti_app(pilot)
        await play_one_deal(pilot, app)
        await pilot.click("#close")
        await until(pilot, app, lambda: on_table(app), "the settlement closed")
        await pilot.press("s")
        await until(pilot, app, lambda: isinstance(app.screen, TextScreen), "the score sheet")

    assert snap_compare(_snap_app(seed=4), terminal_size=SIZE, run_before=run_before)


def test_rules_for_the_session_length() -> None:
    app = _snap_app(deals=6)
    assert app.session.planned_deals == 6
    assert Ruleset().session_deals == 24


def test_the_words_of_the_table_at_the_edges_of_a_deal() -> None:
    """The last trick is trick 10 and its 10 points show (P1); one card is "1 card"; while the
    soloist names the trump it is not shown as no trump (B6); a declined answer to a kontra is
    logged as such (K1), not as a pass; in both languages."""
    import random

    from fixtures import random_action
    from ulti.games.ulti.deal import Deal
    from ulti.tui.texts import t

    rng = random.Random(11)
    for lang in ("en", "hu"):
        checked = {"ten": False, "one": False, "trump": False, "kontra": False}
        app = UltiApp(config(lang=lang))
        words = {
            k: t(lang, k)
            for k in ("trick", "card", "trump_pending", "no_trump", "no_more_kontra", "pass")
        }
        for _ in range(400):
            d = Deal(app.session.rules, seed=rng.getrandbits(64))
            app.session.deals[-1] = d
            while not d.is_over():
                obs = d.observation(HUMAN)
                if d.phase == Phase.TRUMP:
                    status = app.status_text(obs).plain
                    assert words["trump_pending"] in status and words["no_trump"] not in status
                    checked["trump"] = True
                if 1 in obs.hand_sizes:
                    text = app.players_text(obs).plain
                    assert f"1 {words['card']} " in text
                    assert lang == "hu" or "1 cards" not in text
                    checked["one"] = True
                d.apply(random_action(d, rng, pass_bias=0.85, kontra_bias=0.3))
                seat, last = d.history[-1]
                if last.kind == ActionKind.PASS and d.tricks_played >= 1:
                    line = app.log_text(seat, last, len(d.history) - 1)
                    assert words["no_more_kontra"] in line and words["pass"] not in line
                    checked["kontra"] = True
            if d.tricks_played == 10:
                obs = d.observation(HUMAN)
                table = app.table_text(obs).plain
                assert f"{words['trick']} 10" in table and f"{words['trick']} 11" not in table
                winner = d.tricks[-1][2]
                name = app.session.players[winner][:6]
                assert f"{name} {obs.points_taken[winner] + 10}" in table
                checked["ten"] = True
            if all(checked.values()):
                break
        assert all(checked.values()), (lang, checked)


async def keys_for(pilot: Pilot[Any], app: UltiApp, a: Action) -> int:
    """Take action ``a`` with the keyboard only; returns the keys pressed."""
    hand = [b.card for b in app.query(CardButton)]
    keys: list[str]
    if a.kind == ActionKind.DISCARD:
        keys = [CARD_KEYS[hand.index(c)] for c in a.cards] + ["l"]
    elif a.kind == ActionKind.PLAY:
        keys = [CARD_KEYS[hand.index(a.card)]]
    elif a.kind == ActionKind.BID:
        bids = [x for x in app.deal.legal_actions() if x.kind == ActionKind.BID]
        keys = ["b", *(["down"] * bids.index(a)), "enter"]
    else:
        keys = {
            ActionKind.PASS: ["p"],
            ActionKind.PICKUP: ["u"],
            ActionKind.CLAIM: ["c"],
            ActionKind.TRUMP: ["t"],
            ActionKind.MARRIAGE: ["m"],
            ActionKind.KONTRA: ["k"],
        }[a.kind]
    before = len(app.deal.history)
    for k in keys:
        await pilot.press(k)
        await until(pilot, app, key_done(app, a, k, before), f"the key {k} for {a}")
    return len(keys)


def key_done(app: UltiApp, a: Action, key: str, before: int) -> Callable[[], bool]:
    """What shows that ``key``, pressed for ``a``, was handled: a card chosen for the talon,
    the bid list open, or (the last key) the action taken."""
    if a.kind == ActionKind.DISCARD and key != "l":
        hand = [b.card for b in app.query(CardButton)]
        return chosen(app, hand[CARD_KEYS.index(key)])
    if key == "b":
        return lambda: bool(app.screen.query("#bid-list"))
    if key == "down":
        return lambda: True  # the bid list takes the keys in order
    return lambda: len(app.deal.history) > before


@pytest.mark.slow
async def test_a_whole_deal_played_with_the_keyboard_alone(tmp_path: Path) -> None:
    """One key a card or a pass (two cards and a key to lay the talon); `?` shows the keys in
    the table's language."""
    from ulti.tui.texts import t

    app = UltiApp(config(tmp_path, lang="hu"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await until(pilot, app, lambda: not on_table(app), "the keys")
        assert isinstance(app.screen, TextScreen)
        await pilot.press("escape")
        await until(pilot, app, lambda: on_table(app), "the table")
        moves = 0
        while True:
            await settle(pilot, app)
            d = app.deal
            if d.is_over():
                break
            legal = d.legal_actions()
            # what a key reaches: the first trump, the first marriage or kontra offered
            a = next(
                (x for x in legal if x.kind in (ActionKind.PLAY, ActionKind.PASS)),
                legal[0],
            )
            before = len(d.history)
            pressed = await keys_for(pilot, app, a)
            assert len(app.deal.history) > before, f"the keys for {a} did nothing"
            assert pressed <= (3 if a.kind == ActionKind.DISCARD else 2 + len(legal))
            moves += 1
        assert moves and app.deal.settlement is not None
        assert t("hu", "keys_title") != t("en", "keys_title")


async def test_a_terminal_too_small_says_so_and_80x24_keeps_totals_and_trump() -> None:
    """Below 80×24 the table is replaced by one message (in the table's language); at 80
    columns the status line shows the totals and the trump before anything that may be cut."""
    from textual.widgets import Static

    from ulti.tui.texts import t

    for lang in ("en", "hu"):
        app = UltiApp(config(lang=lang))
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            note = app.query_one("#too-small", Static)
            assert note.display and "60×20" in str(note.render())
            assert not app.query_one("#middle").display and not app.query_one("#hand").display
            assert t(lang, "too_small").split("{")[0] in str(note.render())
            await settle(pilot, app)  # the computer players' moves drawn before the app closes
    app = UltiApp(config(deals=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.query_one("#too-small").display and app.query_one("#middle").display
        await settle(pilot, app)
    from ulti.games.ulti.deal import Deal

    app = UltiApp(config(deals=3))  # not running: its status line for a deal of our own
    seen = 0
    for seed in range(40):
        d = Deal(app.session.rules, seed=seed)
        app.session.deals[-1] = d
        while not d.is_over() and d.trump < 0:
            d.apply(d.legal_actions()[-1])
        if d.trump >= 0:
            line = app.status_text(d.observation(HUMAN)).plain[:80]
            names = app.session.players
            assert all(f"{names[i][:6]} " in line for i in range(3)), line
            assert ["♥", "♣", "♠", "♦"][d.trump] in line, line
            seen += 1
    assert seen


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])  # first deals that reach card play
async def test_a_hungarian_deal_shows_no_english_word(seed: int) -> None:
    """Every screen of a deal played in Hungarian — the auction, the talon, trump, kontras,
    play with its refusals (why not?), the keys, the settlement and the score sheet — holds
    none of the English words a Hungarian screen must not show."""
    from english_words import english_words_in

    app = UltiApp(config(lang="hu", seed=seed))
    seen: list[str] = []

    def check(where: str) -> None:
        text = screen_text(app)
        seen.append(text)
        assert english_words_in(text) == [], f"{where}:\n{text}"

    async with app.run_test(size=(100, 30)) as pilot:
        helper = make_player("rules", seed=11)
        helper.start(HUMAN, app.deal.rules, 0)
        asked_why = False
        while True:
            await settle(pilot, app)
            d = app.deal
            if d.is_over():
                break
            check(f"{d.phase.name} turn")
            if d.phase == Phase.PLAY and not asked_why:
                await pilot.press("w")  # why not? a notification in Hungarian
                await until(pilot, app, lambda: bool(app._notifications), "the reasons")
                check("why not")
                await pilot.press("question_mark")
                await until(pilot, app, lambda: isinstance(app.screen, TextScreen), "the keys")
                check("keys")
                await pilot.press("escape")
                await until(pilot, app, lambda: on_table(app), "the table")
                asked_why = True
            await do(pilot, app, helper.act(d.observation(HUMAN), d.legal_actions()))
        check("settlement")
        await pilot.click("#close")
        await until(pilot, app, lambda: on_table(app), "the settlement closed")
        await pilot.press("s")
        await until(pilot, app, lambda: isinstance(app.screen, TextScreen), "the score sheet")
        check("score sheet")
    joined = "\n".join(seen)
    assert "Leosztás" in joined and "Eredmény" in joined and asked_why


@pytest.mark.slow
async def test_a_how_to_play_deal_through_the_ui(tmp_path: Path) -> None:
    """V2 in the terminal: the person names a contract straight away (W2) and its trump with
    it (W4), forehand leads (W6), marriages come with a card (W9), kontras until the second
    trick (W13); the deal finishes and settles."""
    rules = Ruleset.from_preset("howto")
    app = UltiApp(config(tmp_path, rules=rules, seed=5))
    helper = make_player("random", seed=3)
    helper.start(HUMAN, rules, 0)
    async with app.run_test(size=SIZE) as pilot:
        while True:
            await settle(pilot, app)
            d = app.deal
            if d.is_over():
                break
            legal = d.legal_actions()
            bids = [x for x in legal if x.kind == ActionKind.BID]
            mine = [x for s, x in d.history if s == HUMAN and x.kind == ActionKind.BID]
            if d.phase == Phase.AUCTION and bids and not mine:
                a = bids[0]  # W2: a contract named at once, no talon
            elif d.phase == Phase.TRUMP:
                a = legal[0]  # W4: with the bid
            else:
                a = helper.act(d.observation(HUMAN), legal)
            before = len(d.history)
            await do(pilot, app, a)
            await pilot.pause()
            assert len(app.deal.history) > before, f"the click on {a} did nothing"
        d = app.deal
        assert d.rules.bid_ladder == "howto" and d.settlement is not None
        assert sum(d.returns()) == 0
        assert any(a.kind == ActionKind.BID and s == HUMAN for s, a in d.history)
