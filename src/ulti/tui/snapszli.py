"""``ulti play --game snapszli``: a match of Snapszli (docs/SNAPSZLI.md) against one computer
player, in any terminal (80x24 and up), with mouse and keyboard.

The person sits at seat 0 and sees only seat 0's observation (Z13): the other hand as backs,
the trump and the turned card while it lies face up, the talon's size, the trick and the last
one; their own points only with ``--show-points`` (a learner's option), never the opponent's.
Every action is saved as it happens (atomically) to the match file, so an interrupted match
continues with ``ulti play --game snapszli --resume``; the file opens in ``ulti replay``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, RichLog, Static

from ulti.core.cards import SUIT_SYMBOLS, code, name
from ulti.games.snapszli import (
    CLOSE,
    EXCHANGE,
    Kind,
    SnapAction,
    SnapDeal,
    SnapIllegal,
    SnapMatch,
    SnapObservation,
    SnapRules,
    beats,
    describe,
    play,
)
from ulti.i18n import text
from ulti.players.snapszli import PLAY_SPEC, make_snap_player
from ulti.tui.texts import suit_name, t
from ulti.tui.ulti import (
    CARD_KEYS,
    SUIT_STYLE,
    TABLE_BINDINGS,
    CardButton,
    CardTable,
    TextScreen,
    card_text,
    table_css,
)

HUMAN = 0
BOT = 1


def say(lang: str, key: str, **fields: object) -> str:
    """The Snapszli terminal's own words: ``snap.tui-KEY`` of the catalogue."""
    return text(f"snap.tui-{key}", lang, **fields)


@dataclass
class SnapConfig:
    lang: str = "en"
    opponent: str = PLAY_SPEC
    rules: SnapRules = field(default_factory=SnapRules)
    seed: int = 1
    save: Path | None = None
    names: tuple[str, str] | None = None  # default: in the table's language
    bot_delay: float = 0.4  # seconds a computer player's move stays before the next one
    hint: str = PLAY_SPEC
    show_points: bool = False  # Z13: the person's own points, a learner's option
    first_dealer: int = BOT  # the computer deals first: the person leads the first trick


@dataclass(frozen=True)
class Trick:
    """A trick played: who led, the two cards (led first) and who won it."""

    leader: int
    cards: tuple[int, int]
    winner: int


def tricks_of(history: Sequence[tuple[int, SnapAction]], trump: int) -> list[Trick]:
    """The tricks of a deal's history, in order (Z4: the higher trump, else the higher card of
    the led suit wins)."""
    out: list[Trick] = []
    led: tuple[int, int] | None = None
    for seat, a in history:
        if a.kind != Kind.PLAY:
            continue
        if led is None:
            led = (seat, a.card)
            continue
        winner = seat if beats(a.card, led[1], trump) else led[0]
        out.append(Trick(led[0], (led[1], a.card), winner))
        led = None
    return out


def save_match(match: SnapMatch, path: Path) -> None:
    """Write the match atomically (a crash mid-write leaves the old file intact)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(match.to_record(), ensure_ascii=False), encoding="utf-8")
    tmp.replace(path)


def widget_id(a: SnapAction) -> str:
    """A stable widget id for an action (tests click them by id)."""
    if a.kind == Kind.PLAY:
        return f"card-{code(a.card)}"
    if a.kind == Kind.MARRIAGE:
        return f"marriage-{a.suit}"
    if a.kind == Kind.CLOSE:
        return "close-talon"  # "close" is a dialog's button
    return a.kind.name.lower()


def backs(n: int) -> Text:
    """The opponent's hand as ``n`` card backs."""
    out = Text()
    for i in range(n):
        out.append("▓▓", style="bold blue")
        if i < n - 1:
            out.append(" ")
    return out


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question (claiming 66 ends the deal: Z9); Enter or y/i says yes."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 64; height: 11; border: round $warning; background: $panel; }
    ConfirmScreen #question { height: 1fr; }
    ConfirmScreen Horizontal { height: 3; }
    ConfirmScreen Button { margin: 0 2 0 0; }
    """
    BINDINGS: ClassVar = [
        Binding("enter", "answer(True)", show=False),
        Binding("y", "answer(True)", show=False),
        Binding("i", "answer(True)", show=False),
        Binding("n", "answer(False)", show=False),
        Binding("escape", "answer(False)", show=False),
    ]

    def __init__(self, question: str, lang: str) -> None:
        super().__init__()
        self.question = question
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question")
            with Horizontal():
                yield Button(say(self.lang, "yes"), id="yes", variant="warning")
                yield Button(say(self.lang, "no"), id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SnapApp(CardTable):
    """The game."""

    TITLE = "Snapszli"
    CSS = table_css("board", 27, 25)
    BINDINGS: ClassVar = [
        *TABLE_BINDINGS,
        *[Binding(key, f"card({i})", show=False) for i, key in enumerate(CARD_KEYS[:6])],
        Binding("e", "press('exchange')", show=False),
        Binding("c", "press('close-talon')", show=False),
        Binding("m", "press('marriage-')", show=False),
        Binding("x", "press('claim')", show=False),
        Binding("n", "press('next')", show=False),
    ]

    def __init__(self, config: SnapConfig, match: SnapMatch | None = None) -> None:
        super().__init__()
        self.cfg = config
        self.lang = config.lang
        if match is None:
            names = config.names or (t(config.lang, "you"), say(config.lang, "bot"))
            match = SnapMatch(config.rules, config.seed, config.first_dealer, list(names))
        self.match = match
        self.bot = make_snap_player(config.opponent, seed=config.seed * 2 + 1)
        self.bot_busy = False
        self.shown_over = -1
        self._started_deal = -1

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="middle"):
            yield Static(id="board")
            yield Static(id="table")
            yield RichLog(id="log", wrap=True, markup=False, min_width=1)
        yield Static(id="prompt")
        yield Horizontal(id="hand")
        yield Static(id="names")
        yield Horizontal(id="actions")
        yield Static(t(self.lang, "footer"), id="footer")
        yield Static(id="too-small")

    @property
    def deal(self) -> SnapDeal:
        return self.match.deal

    @property
    def names(self) -> list[str]:
        return self.match.players

    def observe(self) -> SnapObservation:
        return self.deal.observation(HUMAN, show_points=self.cfg.show_points)

    def save(self) -> None:
        if self.cfg.save is not None:
            save_match(self.match, self.cfg.save)

    async def start_deal(self) -> None:
        index = len(self.match.deals) - 1
        if self._started_deal != index:
            self._started_deal = index
            self.bot.start(BOT, self.deal.rules, index)
            log = self.query_one("#log", RichLog)
            log.clear()
            log.write(self.deal_line())
            d = self.deal  # a resumed deal: the log shows what has happened
            for i, (seat, a) in enumerate(d.history):
                for line in self.log_lines(seat, a, d.history[: i + 1]):
                    log.write(line)
        await self.refresh_view()
        self.after_change()

    def deal_line(self) -> Text:
        n = len(self.match.deals)
        dealer = self.names[self.deal.dealer]
        return Text(f"{t(self.lang, 'deal')} {n} · {t(self.lang, 'dealer')}: {dealer}", "bold")

    # -- the course of play -----------------------------------------------------------------

    def after_change(self) -> None:
        d = self.deal
        if d.is_over():
            if self.shown_over != len(self.match.deals):
                self.shown_over = len(self.match.deals)
                self.show_settlement()
            return
        if d.current_player != HUMAN and not self.bot_busy:
            self.bot_busy = True
            self.bot_move(len(d.history))

    @work(thread=True, exclusive=True)
    def bot_move(self, at: int) -> None:
        d = self.deal
        obs = d.observation(BOT)
        action = self.bot.act(obs, d.legal_actions())
        if self.cfg.bot_delay:
            time.sleep(self.cfg.bot_delay)
        self.call_from_thread(self.apply_bot, at, action)  # type: ignore[arg-type]

    async def apply_bot(self, at: int, action: SnapAction) -> None:
        self.bot_busy = False
        if len(self.deal.history) != at or self.deal.current_player != BOT:
            self.after_change()  # stale (the deal moved on): think again
            return
        await self.apply(BOT, action)

    async def apply(self, seat: int, action: SnapAction) -> bool:
        try:
            self.deal.apply(action)
        except SnapIllegal as exc:
            self.notify(
                f"{exc.text(self.lang)} ({exc.rule})",
                title=t(self.lang, "illegal"),
                severity="warning",
            )
            return False
        self.save()
        log = self.query_one("#log", RichLog)
        for line in self.log_lines(seat, action, self.deal.history):
            log.write(line)
        await self.refresh_view()
        self.after_change()
        return True

    def log_lines(
        self, seat: int, a: SnapAction, history: Sequence[tuple[int, SnapAction]]
    ) -> list[Text]:
        """The log's lines for the last action of ``history`` (``a``, by ``seat``): the action,
        and who took the trick it completed."""
        d = self.deal
        lang = self.lang
        who = self.names[seat][:10]
        line = Text(f"{who}: ")
        if a.kind == Kind.PLAY:
            line.append_text(card_text(a.card, lang))
        else:
            line.append(describe(a, lang, d.trump))
        out = [line]
        plays = sum(1 for _, x in history if x.kind == Kind.PLAY)
        if a.kind == Kind.PLAY and plays % 2 == 0:
            trick = tricks_of(history, d.trump)[-1]
            out.append(Text(f"  → {self.names[trick.winner][:10]}", style="dim"))
        return out

    # -- drawing ----------------------------------------------------------------------------

    async def refresh_view(self) -> None:
        obs = self.observe()
        self.query_one("#status", Static).update(self.status_text(obs))
        self.query_one("#board", Static).update(self.board_text(obs))
        self.query_one("#table", Static).update(self.table_text(obs))
        await self.draw_hand(obs)
        await self.draw_actions(obs)

    def status_text(self, obs: SnapObservation) -> Text:
        """The status line: the deal, the match score, the trump, the dealer."""
        lang = self.lang
        names = self.names
        tot = self.match.totals()
        n = len(self.match.deals)
        status = Text(f" {t(lang, 'deal')} {n} · ")
        status.append(
            say(
                lang,
                "score",
                a=names[0][:8],
                x=tot[0],
                b=names[1][:8],
                y=tot[1],
                target=self.match.rules.match_points,
            ),
            style="bold",
        )
        status.append(" · ")
        status.append(
            f"{say(lang, 'trump')}: {SUIT_SYMBOLS[obs.trump]} {suit_name(lang, obs.trump)}",
            style=SUIT_STYLE[obs.trump],
        )
        status.append(f" · {t(lang, 'dealer')}: {names[self.deal.dealer][:8]}")
        return status

    def board_text(self, obs: SnapObservation) -> Text:
        """The opponent (the hand as backs, tricks, marriages) and the talon (Z13)."""
        lang = self.lang
        names = self.names
        out = Text()
        out.append(names[BOT][:14], style="bold")
        if obs.current_player == BOT:
            out.append(" ◀")
        out.append("\n")
        n = self.opponent_cards(obs)
        out.append_text(backs(n))
        out.append(f" {say(lang, 'cards' if n != 1 else 'card-one', n=n)}\n")
        out.append(f"{say(lang, 'tricks', n=obs.tricks[BOT])}\n")
        for seat, suit in obs.marriages:
            if seat != BOT:
                continue
            points = 40 if suit == obs.trump else 20
            out.append(f"{say(lang, 'announced')}: {points} ")
            out.append(SUIT_SYMBOLS[suit], style=SUIT_STYLE[suit])
            shown = [c for c in obs.shown if c >> 3 == suit]
            for c in shown:
                out.append(" ")
                out.append_text(card_text(c, lang))
            out.append("\n")
        out.append("\n")
        out.append(f"{say(lang, 'trump')}: ")
        out.append(
            f"{SUIT_SYMBOLS[obs.trump]} {suit_name(lang, obs.trump)}\n", style=SUIT_STYLE[obs.trump]
        )
        if obs.turned >= 0:
            out.append(f"{say(lang, 'turned')}: ")
            out.append_text(card_text(obs.turned, lang))
            out.append("\n")
        if obs.closed_by >= 0:
            out.append(f"{say(lang, 'closed', name=names[obs.closed_by][:10])}\n", style="italic")
        if obs.talon_size:
            out.append(f"{say(lang, 'talon', n=obs.talon_size)}\n")
        else:
            out.append(f"{say(lang, 'talon-empty')}\n")
        if self.deal.strict() and not obs.over:
            out.append(f"{say(lang, 'strict')}\n", style="dim")
        return out

    def opponent_cards(self, obs: SnapObservation) -> int:
        """How many cards the opponent holds (public: the hands are equal but for the trick)."""
        mine = len(obs.hand)
        if obs.trick and obs.leader == BOT:
            return mine - 1
        if obs.trick and obs.leader == HUMAN:
            return mine + 1
        return mine

    def table_text(self, obs: SnapObservation) -> Text:
        """The trick in progress, the last trick, the person's tricks (and points), the end."""
        lang = self.lang
        names = self.names
        out = Text()
        tricks = tricks_of(obs.history, obs.trump)
        number = len(tricks) + (0 if obs.over and not obs.trick else 1)
        out.append(f"{t(lang, 'trick')} {max(1, number)}\n", style="bold")
        if obs.trick:
            out.append(f"  {names[obs.leader][:10]:<10} ")
            out.append_text(card_text(obs.trick[0], lang))
            out.append("\n")
        else:
            out.append("\n")
        if tricks:
            last = tricks[-1]
            out.append(f"\n{t(lang, 'last_trick')}: ", style="dim")
            for c in last.cards:
                out.append_text(card_text(c, lang))
                out.append(" ")
            out.append(f"→ {names[last.winner][:10]}\n", style="dim")
        out.append(f"\n{say(lang, 'my-tricks', n=obs.tricks[HUMAN])}\n")
        if obs.own_points is not None:
            out.append(f"{say(lang, 'my-points', n=obs.own_points)}\n", style="bold")
        for seat, suit in obs.marriages:
            if seat == HUMAN:
                points = 40 if suit == obs.trump else 20
                out.append(f"{say(lang, 'my-marriage')}: {points} ")
                out.append(SUIT_SYMBOLS[suit] + "\n", style=SUIT_STYLE[suit])
        if obs.outcome is not None:
            out.append(f"\n{obs.outcome.text(lang, names)}\n", style="italic")
        return out

    async def draw_hand(self, obs: SnapObservation) -> None:
        hand_box = self.query_one("#hand", Horizontal)
        d = self.deal
        mine = d.current_player == HUMAN and not self.bot_busy
        legal_cards = set(d.legal_cards()) if mine else set()
        await hand_box.remove_children()
        await hand_box.mount_all(
            [
                CardButton(c, c in legal_cards, False, mine and c not in legal_cards, self.lang)
                for c in obs.hand
            ]
        )
        by_suit: dict[int, list[str]] = {}
        for c in obs.hand:
            by_suit.setdefault(c >> 3, []).append(
                name(c, "hu" if self.lang == "hu" else "en").split(" ", 1)[1]
            )
        line = Text()
        for s, ranks in by_suit.items():
            line.append(f"{SUIT_SYMBOLS[s]} ", style=SUIT_STYLE[s])
            line.append(", ".join(ranks) + "  ")
        self.query_one("#names", Static).update(line)

    async def draw_actions(self, obs: SnapObservation) -> None:
        box = self.query_one("#actions", Horizontal)
        await box.remove_children()
        d = self.deal
        lang = self.lang
        prompt = self.query_one("#prompt", Static)
        if d.is_over():
            if self.match.is_over():
                w = self.match.winner()
                prompt.update(Text(say(lang, "match-won", name=self.names[w]), style="bold"))
            else:
                prompt.update("")
                await box.mount(Button(t(lang, "next_deal"), id="next", variant="primary"))
            return
        if d.current_player != HUMAN:
            prompt.update(Text(f"{t(lang, 'waiting')} {self.names[d.current_player]}", style="dim"))
            return
        if obs.trick:
            prompt.update(Text(say(lang, "answer", card=name(obs.trick[0], lang)), style="bold"))
        elif obs.history and obs.history[-1][1].kind == Kind.MARRIAGE:
            prompt.update(Text(say(lang, "marriage-card"), style="bold"))
        else:
            prompt.update(Text(say(lang, "lead"), style="bold"))
        buttons = [
            Button(
                self.button_label(a, obs.trump),
                id=widget_id(a),
                variant="warning" if a.kind == Kind.CLAIM else "default",
            )
            for a in obs.legal
            if a.kind != Kind.PLAY
        ]
        await box.mount_all(buttons)

    def button_label(self, a: SnapAction, trump: int) -> Text:
        """An action button's words: short, so that the most a lead offers (the exchange,
        the closing, two marriages and the claim) fits 80 columns."""
        lang = self.lang
        if a.kind == Kind.MARRIAGE:
            points = 40 if a.suit == trump else 20
            out = Text(say(lang, "btn-marriage", points=points, suit=""))
            out.append(SUIT_SYMBOLS[a.suit], style=SUIT_STYLE[a.suit])
            return out
        if a.kind == Kind.EXCHANGE:
            return Text(say(lang, "btn-exchange"))
        if a.kind == Kind.CLOSE:
            return Text(say(lang, "btn-close"))
        return Text(say(lang, "btn-claim"))

    # -- input ------------------------------------------------------------------------------

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        d = self.deal
        button = event.button
        if button.id == "next":
            await self.next_deal()
            return
        if d.current_player != HUMAN or self.bot_busy:
            return
        if isinstance(button, CardButton):
            if not button.legal:
                why = d.why_illegal(play(button.card))
                if why is not None:
                    self.notify(
                        f"{name(button.card, self.lang)}: {why.text(self.lang)} ({why.rule})",
                        title=t(self.lang, "illegal"),
                        severity="warning",
                    )
                return
            await self.apply(HUMAN, play(button.card))
            return
        for a in d.legal_actions():
            if widget_id(a) == button.id:
                if a.kind == Kind.CLAIM:
                    self.ask_claim(len(d.history))
                else:
                    await self.apply(HUMAN, a)
                return

    def ask_claim(self, at: int) -> None:
        """Claiming 66 ends the deal (Z9): asked first, for a key pressed by mistake."""

        async def answered(yes: bool | None) -> None:
            d = self.deal
            if yes and len(d.history) == at and d.current_player == HUMAN:
                await self.apply(HUMAN, next(a for a in d.legal_actions() if a.kind == Kind.CLAIM))

        self.push_screen(ConfirmScreen(say(self.lang, "claim-ask"), self.lang), answered)

    # -- the keyboard -------------------------------------------------------------------------

    def keys_text(self) -> str:
        return say(self.lang, "keys")

    async def next_deal(self) -> None:
        if self.match.is_over() or not self.deal.is_over():
            return
        self.match.next_deal()
        self.save()
        await self.start_deal()

    def settlement_text(self) -> Text:
        """How the deal ended (its rule), the game points it gave, the points taken, the
        match score, and the match's winner once it is over (Z9-Z12)."""
        d = self.deal
        lang = self.lang
        names = self.names
        end = d.outcome
        assert end is not None
        body = Text(end.text(lang, names) + "\n\n", style="bold")
        gp = "game-point" if end.game_points == 1 else "game-points"
        body.append(say(lang, gp, name=names[end.winner], n=end.game_points) + "\n")
        body.append(
            say(lang, "card-points", a=names[0], x=d.points(0), b=names[1], y=d.points(1)) + "\n\n"
        )
        tot = self.match.totals()
        body.append(
            say(
                lang,
                "match",
                a=names[0],
                x=tot[0],
                b=names[1],
                y=tot[1],
                target=self.match.rules.match_points,
            )
            + "\n"
        )
        if self.match.is_over():
            body.append(
                say(lang, "match-won", name=names[self.match.winner()]) + "\n", style="bold"
            )
        return body

    def show_settlement(self) -> None:
        self.push_screen(
            TextScreen(
                say(self.lang, "deal-over", n=len(self.match.deals)),
                self.settlement_text(),
                t(self.lang, "close"),
            )
        )

    def action_scores(self) -> None:
        """The score sheet: each deal, who dealt, how it ended, the game points, the totals."""
        lang = self.lang
        names = self.names
        table: DataTable[Any] = DataTable()
        table.add_columns("#", t(lang, "dealer"), say(lang, "ended"), *names)
        run = [0, 0]
        for i, d in enumerate(self.match.deals):
            gp = d.game_points()
            run = [run[0] + gp[0], run[1] + gp[1]]
            end = d.outcome
            how = "…" if end is None else f"{end.rule} +{end.game_points}"
            table.add_row(str(i + 1), names[d.dealer], how, str(run[0]), str(run[1]))
        tot = self.match.totals()
        title = (
            t(lang, "score_sheet")
            + " · "
            + say(
                lang,
                "score",
                a=names[0],
                x=tot[0],
                b=names[1],
                y=tot[1],
                target=self.match.rules.match_points,
            )
        )
        self.push_screen(TextScreen(title, "", t(lang, "close"), table))

    def action_why(self) -> None:
        """Why each card of the hand, and the exchange and the closing, may not be taken now
        (the rule book's id with each reason)."""
        d = self.deal
        lang = self.lang
        if d.current_player != HUMAN or d.is_over():
            return
        lines = []
        for c in self.observe().hand:
            why = d.why_illegal(play(c))
            if why is not None:
                lines.append(f"{name(c, lang)}: {why.text(lang)} ({why.rule})")
        for a in (EXCHANGE, CLOSE):
            why = d.why_illegal(a)
            if why is not None:
                lines.append(f"{describe(a, lang)}: {why.text(lang)} ({why.rule})")
        self.notify("\n".join(lines) or t(lang, "all_legal"), title=t(lang, "why_not"), timeout=12)

    def action_hint(self) -> None:
        d = self.deal
        if d.current_player != HUMAN or d.is_over():
            return
        self.notify(t(self.lang, "hint_thinking"), timeout=2)
        self.compute_hint(len(d.history))

    @work(thread=True, exclusive=True, group="hint")
    def compute_hint(self, at: int) -> None:
        d = self.deal
        adviser = make_snap_player(self.cfg.hint, seed=at)
        adviser.start(HUMAN, d.rules, len(self.match.deals) - 1)
        obs = d.observation(HUMAN, show_points=self.cfg.show_points)
        action, why = adviser.advise(obs, d.legal_actions(), self.lang)
        words = describe(action, self.lang, d.trump)
        self.call_from_thread(
            self.notify, f"{words}\n{why}", title=t(self.lang, "hint"), timeout=12
        )


def run(config: SnapConfig, resume: bool) -> None:
    match = None
    if resume:
        if config.save is None or not config.save.exists():
            raise FileNotFoundError(text("snap.cli-no-save", config.lang, path=config.save))
        match = SnapMatch.load(config.save)
    SnapApp(config, match).run()
