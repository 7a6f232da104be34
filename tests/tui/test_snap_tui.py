"""The Snapszli terminal game (docs/SNAPSZLI.md), driven through its widgets by Textual's
headless pilot: a whole deal by clicks and keys (Z2-Z11), the match score (Z12), what the person
may see (Z13), resuming a saved match, the refusals with their rule ids, snapshots in English
and Hungarian, and no English word on a Hungarian screen."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from fixtures import ROOT
from tui_util import on_table, screen_text, until
from ulti.core.cards import ACE, KING, OVER, SUIT_SYMBOLS, TEN, UNDER, code
from ulti.games.snapszli import Kind, SnapAction, SnapDeal, SnapMatch
from ulti.i18n.plain import plain
from ulti.tui.frame import CARD_KEYS, CardButton, TextScreen
from ulti.tui.snapszli import (
    BOT,
    HUMAN,
    ConfirmScreen,
    SnapApp,
    SnapConfig,
    tricks_of,
    widget_id,
)
from ulti.tui.texts import rank_short

SIZE = (80, 24)
SRC = ROOT / "src" / "ulti"


def config(tmp_path: Path | None = None, **kw: Any) -> SnapConfig:
    base: dict[str, Any] = {"opponent": "rules", "bot_delay": 0.0, "seed": 4, "hint": "rules"}
    base.update(kw)
    if tmp_path is not None:
        base["save"] = tmp_path / "snapszli.json"
    return SnapConfig(**base)


def snap_app(pilot: Pilot[Any]) -> SnapApp:
    """The app a pilot drives (``snap_compare`` types it as any Textual app)."""
    assert isinstance(pilot.app, SnapApp)
    return pilot.app


def at_rest(app: SnapApp) -> bool:
    """The person's turn at the table with no computer player asked, or the deal over and
    explained."""
    d = app.deal
    if d.is_over():
        return isinstance(app.screen, TextScreen)
    return d.current_player == HUMAN and not app.bot_busy and on_table(app)


async def settle(pilot: Pilot[Any], app: SnapApp) -> None:
    """Wait until it is the person's turn, or the deal is over and explained, and the table is
    drawn for it (a busy machine may make the computer player slow)."""
    await until(pilot, app, lambda: at_rest(app), "the game to come back to the person")


def notified(app: SnapApp) -> Callable[[], bool]:
    """Whether a notification is up."""
    return lambda: bool(app._notifications)


def taken(app: SnapApp) -> Callable[[], bool]:
    """Whether an action has been taken since now."""
    before = len(app.deal.history)
    return lambda: len(app.deal.history) > before


def choose(d: SnapDeal, rng: random.Random) -> SnapAction:
    """The person's move in these tests: exchange and announce when the rules allow (Z6, Z7),
    now and then close (Z8), else a random legal card; never a claim (the deal still ends, by
    Z9's automatic claim, Z10 or Z11)."""
    legal = d.legal_actions()
    kinds = {a.kind: a for a in legal}
    for k in (Kind.EXCHANGE, Kind.MARRIAGE):
        if k in kinds:
            return kinds[k]
    if Kind.CLOSE in kinds and rng.random() < 0.15:
        return kinds[Kind.CLOSE]
    return rng.choice([a for a in legal if a.kind == Kind.PLAY])


async def click(pilot: Pilot[Any], app: SnapApp, a: SnapAction) -> None:
    """Take ``a`` the way a person would with the mouse; wait until it is taken."""
    done = taken(app)
    await pilot.click(f"#{widget_id(a)}")
    if a.kind == Kind.CLAIM:
        await until(pilot, app, lambda: not on_table(app), "the question")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.click("#yes")
    await until(pilot, app, done, f"{a} taken")


async def keys(pilot: Pilot[Any], app: SnapApp, a: SnapAction) -> list[str]:
    """Take ``a`` with the keyboard alone: 1-6 a card (or arrows and Enter), e c m x."""
    hand = [b.card for b in app.query(CardButton)]
    pressed: list[str]
    if a.kind == Kind.PLAY:
        i = hand.index(a.card)
        if i % 2:  # every other card by the arrows: the first card, then right, then Enter
            pressed = ["right", *(["right"] * i), "enter"]
            app.set_focus(None)
        else:
            pressed = [CARD_KEYS[i]]
    else:
        pressed = {
            Kind.EXCHANGE: ["e"],
            Kind.CLOSE: ["c"],
            Kind.MARRIAGE: ["m"],
            Kind.CLAIM: ["x", "enter"],
        }[a.kind]
    done = taken(app)
    for n, k in enumerate(pressed):
        await pilot.press(k)
        if k == "x":
            await until(pilot, app, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        elif k == "right":  # the focus moves a card a key: the n-th card now
            await until(pilot, app, focused_on(app, hand[n]), "the focus")
        else:
            await until(pilot, app, done, f"{a} taken")
    return pressed


def focused_on(app: SnapApp, card: int) -> Callable[[], bool]:
    """Whether the focus is on the hand's ``card``."""
    return lambda: isinstance(app.focused, CardButton) and app.focused.card == card


async def play_deal(pilot: Pilot[Any], app: SnapApp, seed: int = 7, by_keys: bool = False) -> int:
    """Play the deal to its end as the person; returns the person's moves."""
    rng = random.Random(seed)
    moves = 0
    while True:
        await settle(pilot, app)
        d = app.deal
        if d.is_over():
            return moves
        a = choose(d, rng)
        before = len(d.history)
        if by_keys or (moves % 2 and a.kind == Kind.PLAY):
            await keys(pilot, app, a)
        else:
            await click(pilot, app, a)
        assert len(app.deal.history) > before, f"{a} did nothing"
        assert app.deal.history[before] == (HUMAN, a)
        moves += 1


# -- a whole deal -------------------------------------------------------------------------------


@pytest.mark.slow
async def test_a_person_plays_a_whole_deal_by_clicks_and_keys(tmp_path: Path) -> None:
    """Z2-Z11 through the UI: cards clicked and keyed (1-6, arrows and Enter), the exchange,
    marriages and closing by their buttons and keys; the deal ends by Z9, Z10 or Z11, its
    settlement is explained with the rule id, the match score follows (Z12), every action is
    saved, and the next deal starts with the other dealer (Z2)."""
    app = SnapApp(config(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        moves = await play_deal(pilot, app)
        d = app.deal
        assert moves and d.is_over() and d.outcome is not None
        taken = {a.kind for seat, a in d.history if seat == HUMAN}
        assert {Kind.PLAY, Kind.MARRIAGE, Kind.EXCHANGE} <= taken  # Z4, Z7, Z6 by buttons
        assert isinstance(app.screen, TextScreen)  # the settlement, explained
        body = screen_text(app)
        assert d.outcome.rule in ("Z9", "Z10", "Z11") and d.outcome.rule not in body
        said = plain(d.outcome.text("en", app.names), "en")  # the end in words
        assert " ".join(said.split()[:3]) in " ".join(body.split())
        assert "Match:" in body and "(to 7)" in body
        winner = app.names[d.outcome.winner]
        assert f"{winner}: +{d.outcome.game_points} game point" in body
        saved = SnapMatch.load(tmp_path / "snapszli.json")
        assert saved.deal.history == d.history and saved.deal.is_over()
        await pilot.click("#close")
        await until(pilot, app, lambda: on_table(app), "the settlement closed")
        assert app.match.totals() == d.game_points()
        await pilot.press("n")  # the next deal
        await until(pilot, app, lambda: len(app.match.deals) == 2, "the next deal")
        await settle(pilot, app)
        assert len(app.match.deals) == 2 and app.deal.dealer != d.dealer
    again = SnapMatch.load(tmp_path / "snapszli.json")
    assert len(again.deals) == 2 and again.deals[0].key() == d.key()


@pytest.mark.slow
async def test_a_whole_deal_by_the_keyboard_alone_in_hungarian(tmp_path: Path) -> None:
    """One key a move (a card by 1-6 or the arrows and Enter; e, c, m); `?` shows the keys in
    the table's language."""
    app = SnapApp(config(tmp_path, lang="hu", seed=8))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await until(pilot, app, lambda: not on_table(app), "the keys")
        assert isinstance(app.screen, TextScreen)
        keys = screen_text(app)
        assert "betakarás" in keys and "Z8" not in keys  # words, not rule ids
        await pilot.press("escape")
        await until(pilot, app, lambda: on_table(app), "the table")
        moves = await play_deal(pilot, app, seed=2, by_keys=True)
        d = app.deal
        assert moves and d.is_over()
        taken = {a.kind for seat, a in d.history if seat == HUMAN}
        assert {Kind.PLAY, Kind.MARRIAGE, Kind.CLOSE} <= taken  # by 1-6/arrows, m and c
        assert "Bummli:" in screen_text(app)


async def test_the_claim_is_asked_first_then_ends_the_deal(tmp_path: Path) -> None:
    """Z9: x asks (a false claim costs 2 or 3 game points); Escape keeps the deal going, Enter
    claims; with no trick won the claim is false and the opponent scores 3."""
    app = SnapApp(config(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = len(app.deal.history)
        await pilot.press("x")
        await until(pilot, app, lambda: not on_table(app), "the question")
        assert isinstance(app.screen, ConfirmScreen)
        asked = screen_text(app)
        assert "Claim 66?" in asked and "Z9" not in asked
        await pilot.press("escape")
        await until(pilot, app, lambda: on_table(app), "the table")
        assert len(app.deal.history) == before and not app.deal.is_over()
        await pilot.press("x")
        await until(pilot, app, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("enter")
        await until(pilot, app, lambda: app.deal.is_over(), "the claim")
        await settle(pilot, app)
        end = app.deal.outcome
        assert end is not None and (end.rule, end.code, end.winner) == ("Z9", "false-claim", BOT)
        assert end.game_points == 3  # the opponent had no trick
        shown = screen_text(app)
        assert "You claimed with only 0" in shown and "Z9" not in shown  # in words


# -- resume ---------------------------------------------------------------------------------------


@pytest.mark.slow
async def test_resume_continues_the_saved_match(tmp_path: Path) -> None:
    app = SnapApp(config(tmp_path))
    rng = random.Random(2)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await settle(pilot, app)
            await click(pilot, app, choose(app.deal, rng))
        await settle(pilot, app)
        history = app.deal.history
    saved = SnapMatch.load(tmp_path / "snapszli.json")
    assert saved.deal.history == history  # nothing lost
    again = SnapApp(config(tmp_path), saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, again)
        assert again.deal.history[: len(history)] == history
        log = again.query_one("#log", RichLog).lines
        assert len(log) > len(history)  # the log shows what happened before
        await play_deal(pilot, again)
        assert again.deal.is_over()
    assert SnapMatch.load(tmp_path / "snapszli.json").deal.is_over()


# -- what the table shows -----------------------------------------------------------------------


async def test_the_table_shows_what_z13_allows(tmp_path: Path) -> None:
    """The opponent's hand as backs with its count, the trump and the turned card, the
    talon's size; the person's own points only with show_points, never the opponent's; the
    corner letters in the table's language."""
    for lang, show in (("en", False), ("hu", True)):
        app = SnapApp(config(lang=lang, show_points=show))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            d = app.deal
            text = screen_text(app)
            board = str(app.query_one("#board", Static).render())
            assert board.count("▓▓") == 5 and ("5 cards" if lang == "en" else "5 lap") in board
            assert ("Talon: 10 cards" if lang == "en" else "Talon: 10 lap") in board
            turned = d.turned
            assert SUIT_SYMBOLS[turned >> 3] + rank_short(lang, turned & 7) in board
            faces = "".join(rank_short(lang, r) for r in (UNDER, OVER, KING, ACE))
            assert faces == {"en": "UOKA", "hu": "AFKÁ"}[lang]
            points = "Your points" if lang == "en" else "Pontjaid"
            assert (points in text) == show
            for c in app.query(CardButton):
                assert c.card in d.observation(HUMAN).hand
    # the opponent's points are never shown: no words for them exist
    src = (SRC / "tui" / "snapszli.py").read_text(encoding="utf-8")
    assert "points(BOT)" not in src and "own_points" in src


async def test_an_illegal_card_and_why_not_name_the_rule(tmp_path: Path) -> None:
    """Once the talon is closed (Z8) play is strict (Z5): a card that does not follow is dimmed
    and, pressed, says why with the rule id; w lists every card that may not be played, and the
    exchange and the closing (Z6, Z8) with their reasons."""
    found = False
    for seed in range(1, 40):
        app = SnapApp(config(tmp_path, seed=seed))
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot, app)
            if Kind.CLOSE not in {a.kind for a in app.deal.legal_actions()}:
                continue
            done = taken(app)
            await pilot.press("c")  # close the talon (Z8)
            await until(pilot, app, done, "the talon closed")
            await settle(pilot, app)
            await click(
                pilot, app, next(a for a in app.deal.legal_actions() if a.kind == Kind.PLAY)
            )
            await settle(pilot, app)
            d = app.deal
            if d.is_over() or not d.trick:
                continue
            hand = d.observation(HUMAN).hand
            bad = [c for c in hand if c not in d.legal_cards()]
            if not bad:
                continue
            button = app.query_one(f"#card-{code(bad[0])}", CardButton)
            assert button.has_class("dim") and not button.legal
            before = len(d.history)
            await pilot.click(f"#card-{code(bad[0])}")
            await until(pilot, app, notified(app), "the refusal")
            assert len(app.deal.history) == before  # nothing happened ...
            texts = [str(n.message) for n in app._notifications]
            # ... but the reason, in words (the rule's id is the rule book's, not the player's)
            assert any("follow suit" in x and "Z5" not in x for x in texts), texts
            app._notifications.clear()
            await pilot.press("w")
            await until(pilot, app, notified(app), "the reasons")
            why = "\n".join(str(n.message) for n in app._notifications)
            assert why.count("follow suit") == len(bad) and not re.search(r"\bZ\d", why)
            assert "Exchange the trump" in why and "Close the talon" in why
            found = True
            break
    assert found


def widest_lead() -> SnapMatch:
    """A match whose first deal gives the person (forehand) the most a lead offers: the trump
    Under to exchange (Z6), the talon to close (Z8), two marriages (Z7) and the claim (Z9)."""
    from ulti.games.snapszli import pack

    h, c, s, d = (suit * 8 for suit in range(4))
    hand = [h + KING, h + OVER, c + KING]
    dealer = [d + ACE, d + TEN, d + KING]
    turned = s + ACE
    hand2, dealer2 = [c + OVER, s + UNDER], [d + OVER, d + UNDER]
    used = {*hand, *dealer, turned, *hand2, *dealer2}
    deck = [*hand, *dealer, turned, *hand2, *dealer2, *(x for x in pack() if x not in used)]
    m = SnapMatch(seed=1, first_dealer=BOT, players=["You", "Computer"])
    m.deals[0] = SnapDeal(m.rules, 1, BOT, deck)
    return m


async def test_the_widest_lead_fits_80_columns() -> None:
    """Exchange, close, two marriages and the claim: five buttons, all inside 80 columns, in
    both languages; m announces the first marriage, whose card must come next (Z7)."""
    for lang in ("en", "hu"):
        m = widest_lead()
        app = SnapApp(config(lang=lang), m)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            buttons = list(app.query("#actions Button"))
            ids = [b.id for b in buttons]
            assert ids == ["exchange", "close-talon", "marriage-0", "marriage-1", "claim"]
            assert all(b.region.right <= SIZE[0] and b.region.width > 4 for b in buttons)
            done = taken(app)
            await pilot.press("m")
            await until(pilot, app, done, "the marriage")
            assert app.deal.history[-1] == (HUMAN, SnapAction(Kind.MARRIAGE, suit=0))
            dim = {b.card for b in app.query(CardButton) if b.has_class("dim")}
            assert dim == set(app.deal.observation(HUMAN).hand) - {KING, OVER}  # ♥K ♥O


async def test_a_hint_names_an_action_and_why_in_the_tables_language() -> None:
    """h asks the adviser (players.snap's advise) for the person's seat: a legal action, by
    its words in the table's language, and the reason; nothing is played."""
    from ulti.games.snapszli import describe

    for lang, title in (("en", "Hint"), ("hu", "Súgó")):
        app = SnapApp(config(lang=lang))
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot, app)
            d = app.deal
            before = len(d.history)
            app._notifications.clear()
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            hints = [n for n in app._notifications if n.title == title]
            assert hints and len(app.deal.history) == before
            first, _, why = str(hints[-1].message).partition("\n")
            assert first in {describe(a, lang, d.trump) for a in d.legal_actions()}
            assert why


async def test_a_terminal_too_small_says_so() -> None:
    """Below 80×24 one message in the table's language instead of a cut table; at 80×24 the
    table, with the match score and the trump in the status line."""
    from ulti.tui.texts import t

    for lang in ("en", "hu"):
        app = SnapApp(config(lang=lang))
        async with app.run_test(size=(70, 20)) as pilot:
            await pilot.pause()
            note = app.query_one("#too-small", Static)
            assert note.display and "70×20" in str(note.render())
            assert t(lang, "too_small").split("{")[0] in str(note.render())
            assert not app.query_one("#middle").display
        app = SnapApp(config(lang=lang))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert app.query_one("#middle").display
            status = screen_text(app).splitlines()[0]
            assert "0 : 0" in status and SUIT_SYMBOLS[app.deal.trump] in status
            assert ("(to 7)" if lang == "en" else "(7-ig)") in status


def test_tricks_of_a_history_follow_z4() -> None:
    """The last trick shown is the engine's: the higher trump, else the higher card of the
    led suit wins (Z4), for every trick of random deals."""
    rng = random.Random(5)
    for seed in range(30):
        d = SnapDeal(seed=seed, dealer=seed % 2)
        while not d.is_over():
            before = d.tricks_won(0) + d.tricks_won(1)
            d.apply(rng.choice([a for a in d.legal_actions() if a.kind != Kind.CLAIM]))
            tricks = tricks_of(d.history, d.trump)
            assert len(tricks) == d.tricks_won(0) + d.tricks_won(1)
            if len(tricks) > before:
                assert tricks[-1].winner == d.leader


def test_every_word_the_snapszli_screens_ask_for_exists() -> None:
    """The terminal's words (``say``) and the command line's (``_snap``) are in the catalogue,
    in both languages with the same fields."""
    from ulti import i18n

    used = set()
    for paths, pattern in (
        ([SRC / "tui" / "snapszli.py"], r"\bsay\(\s*[\w.]+,\s*[\"']([\w-]+)[\"']"),
        (sorted((SRC / "cli").glob("*.py")), r"\b_snap\(\s*[\w.\"]+,\s*[\"']([\w-]+)[\"']"),
    ):
        found = set(re.findall(pattern, "".join(p.read_text(encoding="utf-8") for p in paths)))
        assert found
        used |= {f"snap.tui-{k}" if paths[0].name == "snapszli.py" else f"snap.{k}" for k in found}
    assert sorted(used - set(i18n.CATALOGUE)) == []
    assert i18n.check({k: i18n.CATALOGUE[k] for k in used}) == []


# -- snapshots ------------------------------------------------------------------------------------


def _snap_app(**kw: Any) -> SnapApp:
    return SnapApp(config(None, **kw))


async def _to_a_trick(pilot: Pilot[Any]) -> None:
    """Play until the opponent has led to a trick and the person must answer."""
    app = snap_app(pilot)
    rng = random.Random(1)
    for _ in range(30):
        await settle(pilot, app)
        d = app.deal
        if d.trick and len(tricks_of(d.history, d.trump)) >= 2:
            return
        await click(pilot, app, choose(d, rng))
    raise AssertionError("no trick led by the opponent")


def test_snapshot_a_deal_in_english(snap_compare: Any) -> None:
    assert snap_compare(_snap_app(seed=4), terminal_size=SIZE, run_before=_to_a_trick)


def test_snapshot_a_deal_in_hungarian(snap_compare: Any) -> None:
    assert snap_compare(
        _snap_app(seed=4, lang="hu", show_points=True), terminal_size=SIZE, run_before=_to_a_trick
    )


@pytest.mark.slow
def test_snapshot_settlement_in_hungarian(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await play_deal(pilot, snap_app(pilot))

    assert snap_compare(_snap_app(seed=4, lang="hu"), terminal_size=SIZE, run_before=run_before)


# -- no English on a Hungarian screen ------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", [4, 9])
async def test_a_hungarian_deal_shows_no_english_word(seed: int) -> None:
    """Every screen of a Snapszli deal in Hungarian — each turn, the refusals (why not?), the
    keys, the claim's question, the settlement and the score sheet — holds none of the English
    words a Hungarian screen must not show."""
    from english_words import english_words_in

    app = SnapApp(config(lang="hu", seed=seed, show_points=True))
    seen: list[str] = []

    def check(where: str) -> None:
        text = screen_text(app)
        seen.append(text)
        assert english_words_in(text) == [], f"{where}:\n{text}"

    rng = random.Random(seed)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        asked = False
        while True:
            await settle(pilot, app)
            d = app.deal
            if d.is_over():
                break
            check("turn")
            if not asked:
                for key in ("w", "question_mark", "x"):
                    await pilot.press(key)
                    if key == "w":
                        await until(pilot, app, notified(app), "the reasons")
                    else:
                        await until(pilot, app, lambda: not on_table(app), key)
                    check(key)
                    if key != "w":
                        await pilot.press("escape")
                        await until(pilot, app, lambda: on_table(app), "the table")
                asked = True
            await click(pilot, app, choose(d, rng))
        check("settlement")
        await pilot.click("#close")
        await until(pilot, app, lambda: on_table(app), "the settlement closed")
        check("after the deal")
        await pilot.press("s")
        await until(pilot, app, lambda: not on_table(app), "the score sheet")
        check("score sheet")
    joined = "\n".join(seen)
    assert "Leosztás" in joined and "Bummli" in joined and "Eredménylap" in joined and asked


def test_the_match_file_is_written_atomically(tmp_path: Path) -> None:
    """Saved after every action (the same file, replaced whole): the record reads back."""
    from ulti.tui.snapszli import save_match

    m = SnapMatch(seed=3, players=["A", "B"])
    f = tmp_path / "m.json"
    save_match(m, f)
    assert json.loads(f.read_text(encoding="utf-8"))["format"] == "ulti-snapszli-match"
    assert not (tmp_path / "m.json.tmp").exists()
    assert SnapMatch.load(f).deal.key() == m.deal.key()
