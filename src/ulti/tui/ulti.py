"""``ulti play``: a session of Ulti against two computer players, in any terminal (80x24 and up),
with mouse and keyboard.

The person sits at seat 0 and sees only seat 0's observation; the computer players sit at seats
1 and 2.  Every action is saved as it happens (atomically) to the session file, so an
interrupted session continues with ``ulti play --resume``; finished deals open in
``ulti replay``.

Once a deal is over, ``a`` opens its analysis (:func:`ulti.analysis.ulti.analyze`, computed in a
worker thread): each seat's accuracy, mistakes and units lost, the costliest mistakes
explained, every decision valued, and the soloist's value trick by trick.  Teaching mode
(``PlayConfig.teach``, the key ``e``) asks before a card that the sampling player, from the
person's own observation only (:func:`ulti.analysis.ulti.teach`), expects to lose units.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, OptionList, ProgressBar, RichLog, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from ulti import i18n
from ulti.analysis.ulti import (
    THRESHOLD,
    DealAnalysis,
    Decision,
    TeachWarning,
    analyze,
    number,
    teach,
)
from ulti.core.cards import SUIT_SYMBOLS, code, name, sort_for_display, suit_words
from ulti.games.ulti.actions import Action, ActionKind, describe, kontra_title
from ulti.games.ulti.bids import KIND_TITLES, KIND_TITLES_HU
from ulti.games.ulti.deal import Deal, IllegalAction, Phase
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.session import Session
from ulti.players import LEVELS, Player, make_player
from ulti.players.base import Budget
from ulti.tui.texts import rank_short, suit_name, t, ta

HUMAN = 0
SUIT_STYLE = {0: "bold red", 1: "bold yellow", 2: "bold green", 3: "bold magenta"}


@dataclass
class PlayConfig:
    lang: str = "en"
    opponents: tuple[str, str] = ("pimc", "rules")
    rules: Ruleset = field(default_factory=Ruleset)
    deals: int | None = None  # None: the rules' session length
    seed: int = 1
    save: Path | None = None
    names: tuple[str, str, str] | None = None  # default: in the table's language
    bot_delay: float = 0.4  # seconds a computer player's move stays before the next one
    hint: str = "pimc"
    teach: bool = False  # teaching mode: ask before a card that loses units (key e toggles)
    teach_threshold: float = THRESHOLD  # units a card must lose for the question
    teach_budget: Budget | None = None  # None: ulti.analysis.ulti.DEFAULT_BUDGET
    analysis_budget: Budget | None = None  # the analysis after a deal (None: the default)
    analysis_threshold: float = THRESHOLD  # units a decision must lose to be a mistake


def bot_name(spec: str, n: int, lang: str) -> str:
    """A computer seat's name: its strength level and number (``Mester 1``, ``Expert 1``)
    when it was chosen by its level's name (``--level``, :data:`ulti.players.LEVELS`), else
    ``Bot n`` / ``Gép n``."""
    level = spec.strip() if spec.strip() in LEVELS else None
    return t(lang, "bot" if level is None else f"bot-{level}", n=n)


def card_text(c: int, lang: str = "en") -> Text:
    """A card as its sign and corner index: ``♥Á`` (piros ász), ``♣F`` (makk felső) in
    Hungarian, ``♥A``, ``♣O`` in English."""
    return Text(SUIT_SYMBOLS[c >> 3] + rank_short(lang, c & 7), style=SUIT_STYLE[c >> 3])


def action_label(a: Action, lang: str, d: Deal) -> str:
    """A button's words: short ones for passing, picking up and claiming, the catalogue's
    description (:func:`ulti.games.ulti.actions.describe`) for the rest."""
    k = a.kind
    if k == ActionKind.PASS:
        return t(lang, "pass")
    if k == ActionKind.PICKUP:
        return t(lang, "pickup")
    if k == ActionKind.CLAIM:
        return t(lang, "claim")
    if k == ActionKind.TRUMP:
        return suit_words(a.suit, lang)
    return describe(a, lang, trump=d.trump, ladder=d.ladder)


def widget_id(a: Action) -> str:
    """A stable widget id for an action (tests click them by id)."""
    k = a.kind
    if k == ActionKind.PLAY:
        return f"card-{code(a.card)}"
    if k == ActionKind.KONTRA:
        return f"kontra-{int(a.component)}-{a.level}"
    if k in (ActionKind.TRUMP, ActionKind.MARRIAGE):
        return f"{k.name.lower()}-{a.suit}"
    return k.name.lower()


#: The smallest terminal the table fits in (columns, lines).
MIN_SIZE = (80, 24)

#: The keys of the hand's cards, left to right (a hand holds at most twelve).
CARD_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus", "equals_sign")


class CardButton(Button):
    """A card of the hand.  ``legal`` false: dimmed; pressing it tells why."""

    DEFAULT_CSS = """
    CardButton { min-width: 5; width: 5; height: 3; margin: 0; padding: 0; }
    CardButton.dim { opacity: 45%; }
    CardButton.chosen { background: $accent; }
    """

    def __init__(self, c: int, legal: bool, chosen: bool, dim: bool, lang: str = "en") -> None:
        super().__init__(card_text(c, lang), id=f"card-{code(c)}")
        self.card = c
        self.legal = legal
        if dim:
            self.add_class("dim")
        if chosen:
            self.add_class("chosen")


class BidScreen(ModalScreen[str | None]):
    """The legal part of the ladder, with ranks and values; Enter bids, Escape goes back."""

    DEFAULT_CSS = """
    BidScreen { align: center middle; }
    BidScreen > Vertical { width: 74; height: 20; border: round $accent; background: $panel; }
    BidScreen OptionList { height: 1fr; }
    """
    BINDINGS: ClassVar = [Binding("escape", "dismiss_none", "Back")]

    def __init__(self, bids: list[tuple[str, str]], title: str) -> None:
        super().__init__()
        self.bids = bids
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text)
            yield OptionList(
                *[Option(label, id=f"bid-{i}") for i, (_, label) in enumerate(self.bids)],
                id="bid-list",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        i = int(str(event.option.id).split("-")[1])
        self.dismiss(self.bids[i][0])

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class TextScreen(ModalScreen[None]):
    """A settlement or the score sheet, closed with a button, Enter or Escape."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > Vertical { width: 78; height: 22; border: round $accent; background: $panel; }
    TextScreen #body { height: 1fr; overflow-y: auto; }
    """
    BINDINGS: ClassVar = [Binding("escape", "close", "Close"), Binding("enter", "close", "")]

    def __init__(
        self, title: str, body: Any, button: str, table: DataTable[Any] | None = None
    ) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.button = button
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            if self.table is not None:
                yield self.table
            else:
                yield Static(self.body, id="body")
            yield Button(self.button, id="close", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class SettlementScreen(TextScreen):
    """A deal's settlement; ``a`` closes it and opens the deal's analysis."""

    BINDINGS: ClassVar = [Binding("a", "analysis", show=False)]

    def action_analysis(self) -> None:
        self.dismiss(None)
        self.app.call_after_refresh(self.app.run_action, "analysis")


# -- the analysis of a finished deal, and teaching mode -----------------------------------------


def units(x: float | None, lang: str = "en") -> str:
    """A value in units, signed (``+12``, ``-2.5``, ``0``; ``-2,5`` in Hungarian; ``—`` when
    not valued)."""
    return "—" if x is None else number(x, lang)


def amount(x: float, lang: str = "en") -> str:
    """A number of units, unsigned (``5``, ``2.5``; ``2,5`` in Hungarian)."""
    return number(x, lang, sign=False)


def _views(lang: str, dd: float | None, info: float | None) -> str:
    return f"{ta(lang, 'dd')} {units(dd, lang)} · {ta(lang, 'info')} {units(info, lang)}"


def summary_text(a: DealAnalysis, names: tuple[str, ...], lang: str) -> Text:
    """Each seat's line: its decisions, mistakes, units lost and accuracy."""
    heads = [
        ta(lang, "tui-seat-col"),
        ta(lang, "tui-decisions"),
        ta(lang, "tui-mistakes"),
        ta(lang, "lost-units"),
        ta(lang, "accuracy"),
    ]
    rows = [
        [
            names[s.seat][:12],
            str(s.decisions),
            str(s.mistakes),
            amount(s.lost, lang),
            "—" if s.accuracy is None else f"{s.accuracy:.0f}%",
        ]
        for s in a.summary()
    ]
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *(x.rjust(w) for x, w in zip(cells[1:], widths[1:], strict=True))])

    out = Text()
    out.append(line(heads) + "\n", style="bold")
    for seat, r in enumerate(rows):
        out.append(line(r) + "\n", style="bold" if seat == HUMAN else "")
    return out


def decision_head(d: Decision, names: tuple[str, ...], lang: str) -> Text:
    """A decision's first line: a mark for a mistake, who, what kind, what was done."""
    out = Text()
    if d.mistake:
        out.append("✗ ", style="bold red")
    else:
        out.append("  ")
    out.append(f"{names[d.seat][:10]}", style="bold" if d.seat == HUMAN else "")
    out.append(f" · {ta(lang, 'kind-' + d.kind)} · {d.title(lang)}")
    if d.mistake:
        out.append(f" · {ta(lang, 'mistake')}", style="bold red")
    return out


def decision_text(d: Decision, names: tuple[str, ...], lang: str, why: bool) -> Text:
    """A decision: the action taken and the best alternative, each valued in both views, the
    loss in the judging view, and (``why``, for a mistake) the explanation."""
    out = decision_head(d, names, lang)
    out.append("\n")
    out.append(f"    {ta(lang, 'taken')}: {_views(lang, d.taken.dd, d.taken.info)}\n", style="dim")
    best = d.best()
    if best is not None and best is not d.taken:
        out.append(f"    {ta(lang, 'best')}: {best.label(lang, d.rules)}\n", style="dim")
        out.append(f"      {_views(lang, best.dd, best.info)}\n", style="dim")
    loss = d.loss()
    if loss:
        judged = ta(lang, "judged-dd") if d.judge == "dd" else ta(lang, "judged-info", n=d.samples)
        out.append(
            f"    {ta(lang, 'loss')}: {amount(loss, lang)} ({judged})\n",
            style="red" if d.mistake else "dim",
        )
    if why and d.mistake:
        explained = d.explain(lang)
        if explained:
            out.append(f"    {explained}\n", style="italic")
    return out


#: The curve's bars: at most this many cells either side of zero.
CURVE_WIDTH = 36


def curve_text(a: DealAnalysis, lang: str) -> Text:
    """The soloist's units under best play at the first lead and after each trick: one bar
    a row, left of the axis below zero, right of it above."""
    out = Text()
    if not a.curve:
        out.append(ta(lang, "no-play") + "\n", style="dim")
        return out
    values = [v for _, v in a.curve]
    neg = max(0.0, -min(values))
    pos = max(0.0, max(values))
    span = (neg + pos) or 1.0
    left = round(CURVE_WIDTH * neg / span)
    right = CURVE_WIDTH - left
    labels = [ta(lang, "curve-start") if n == 0 else f"{n}." for n, _ in a.curve]
    lw = max(len(x) for x in labels)
    for label, (_n, v) in zip(labels, a.curve, strict=True):
        cells = round(abs(v) / span * CURVE_WIDTH) if v else 0
        out.append(f"{label:>{lw}} ")
        if v < 0:
            cells = min(cells, left)
            out.append(" " * (left - cells))
            out.append("█" * cells, style="red")
        else:
            out.append(" " * left)
        out.append("│", style="dim")
        if v > 0:
            cells = min(cells, right)
            out.append("█" * cells, style="green")
            out.append(" " * (right - cells))
        else:
            out.append(" " * right)
        out.append(f" {units(v, lang)}\n")
    return out


def analysis_text(a: DealAnalysis, names: tuple[str, ...], lang: str) -> Text:
    """The whole analysis of a deal: the summary, the costliest mistakes explained, the curve
    and every decision."""
    out = Text()
    out.append(ta(lang, "summary") + "\n", style="bold underline")
    out.append_text(summary_text(a, names, lang))
    if a.skipped:
        out.append(ta(lang, "skipped", n=a.skipped) + "\n", style="dim")
    out.append("\n" + ta(lang, "worst") + "\n", style="bold underline")
    worst = a.worst(3)
    if not worst:
        threshold = f"{a.threshold:g}"
        out.append(ta(lang, "no-mistakes", threshold=threshold) + "\n")
    for d in worst:
        out.append_text(decision_text(d, names, lang, why=True))
    out.append("\n" + ta(lang, "curve") + "\n", style="bold underline")
    out.append_text(curve_text(a, lang))
    out.append("\n" + ta(lang, "tui-decisions-list") + "\n", style="bold underline")
    if not a.decisions:
        out.append(ta(lang, "tui-none") + "\n", style="dim")
    for d in a.decisions:
        out.append_text(decision_text(d, names, lang, why=False))
    return out


class _Cancelled(Exception):
    """The analysis screen was closed while its analysis ran."""


class AnalysisScreen(ModalScreen[None]):
    """A finished deal's analysis, computed in a worker thread with its progress shown; the
    arrows and Page Up/Down scroll, Escape (or Enter) closes it."""

    DEFAULT_CSS = """
    AnalysisScreen { align: center middle; }
    AnalysisScreen > Vertical { width: 78; height: 22; border: round $accent; background: $panel; }
    AnalysisScreen #analysis-progress { height: 1; }
    AnalysisScreen ProgressBar { height: 1; }
    AnalysisScreen #analysis-scroll { height: 1fr; }
    """
    BINDINGS: ClassVar = [Binding("escape", "close", "Close"), Binding("enter", "close", "")]

    def __init__(
        self,
        deal: Deal,
        title: str,
        names: tuple[str, ...],
        lang: str,
        budget: Budget | None,
        threshold: float,
        seed: int,
        done: DealAnalysis | None = None,
        keep: Callable[[DealAnalysis], None] | None = None,
    ) -> None:
        super().__init__()
        self.deal = deal
        self.title_text = title
        self.names = names
        self.lang = lang
        self.budget = budget
        self.threshold = threshold
        self.seed = seed
        self.result = done
        self.keep = keep  # told of the result, so that the app keeps it for the next time

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            yield Static(ta(self.lang, "thinking"), id="analysis-progress")
            yield ProgressBar(total=None, show_eta=False, id="analysis-bar")
            with VerticalScroll(id="analysis-scroll"):
                yield Static(id="analysis-body")
            yield Button(t(self.lang, "close"), id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#analysis-scroll", VerticalScroll).focus()
        if self.result is not None:
            self.show_result(self.result)
        else:
            self.compute()

    @work(thread=True, exclusive=True, group="analysis")
    def compute(self) -> None:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise _Cancelled
            self.app.call_from_thread(self.show_progress, done, total)

        try:
            result = analyze(self.deal, self.budget, self.threshold, self.seed, progress)
        except _Cancelled:
            return
        except Exception as exc:  # shown, not raised: the game goes on
            if not worker.is_cancelled:
                self.app.call_from_thread(self.show_failed, f"{type(exc).__name__}: {exc}")
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show_result, result)

    def show_progress(self, done: int, total: int) -> None:
        if not self.is_attached:
            return
        self.query_one("#analysis-bar", ProgressBar).update(total=total, progress=done)
        self.query_one("#analysis-progress", Static).update(
            f"{ta(self.lang, 'progress')} {done}/{total}"
        )

    def show_failed(self, error: str) -> None:
        if not self.is_attached:
            return
        self.query_one("#analysis-bar", ProgressBar).display = False
        self.query_one("#analysis-progress", Static).update(
            Text(ta(self.lang, "tui-failed", error=error), style="bold red")
        )

    def show_result(self, result: DealAnalysis) -> None:
        self.result = result
        if self.keep is not None:
            self.keep(result)
        if not self.is_attached:
            return
        self.query_one("#analysis-bar", ProgressBar).display = False
        self.query_one("#analysis-progress", Static).display = False
        self.query_one("#analysis-body", Static).update(
            analysis_text(result, self.names, self.lang)
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class TeachScreen(ModalScreen[bool]):
    """Teaching mode's question before a card that loses units: Enter or ``y`` plays it
    anyway, Escape or ``n`` goes back to the hand."""

    DEFAULT_CSS = """
    TeachScreen { align: center middle; }
    TeachScreen > Vertical {
        width: 66; height: auto; max-height: 20; border: round $warning; background: $panel;
        padding: 0 1;
    }
    TeachScreen #teach-why { margin: 1 0; }
    TeachScreen Horizontal { height: 3; }
    TeachScreen Button { margin: 0 1 0 0; }
    """
    BINDINGS: ClassVar = [
        Binding("y", "answer(True)", show=False),
        Binding("enter", "answer(True)", show=False),
        Binding("n", "answer(False)", show=False),
        Binding("escape", "answer(False)", show=False),
    ]

    def __init__(self, warning: TeachWarning, lang: str) -> None:
        super().__init__()
        self.warning = warning
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(ta(self.lang, "sure"), style="bold"))
            yield Static(self.warning.explain(self.lang), id="teach-why")
            with Horizontal():
                yield Button(ta(self.lang, "play-anyway"), id="play-anyway", variant="warning")
                yield Button(ta(self.lang, "take-back"), id="take-back", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#play-anyway", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "play-anyway")

    def action_answer(self, play: bool) -> None:
        self.dismiss(play)


def table_css(side: str, side_width: int, log_width: int) -> str:
    """The layout both card tables share: a status line, the side panel (``side``), the
    table and the log, the prompt, the hand, the names, the actions and the footer line."""
    return f"""
    Screen {{ layout: vertical; }}
    #status {{ height: 1; background: $boost; }}
    #middle {{ height: 1fr; }}
    #{side} {{ width: {side_width}; height: 100%; border: round $primary; padding: 0 1; }}
    #table {{ width: 1fr; height: 100%; border: round $primary; padding: 0 1; }}
    #log {{ width: {log_width}; height: 100%; border: round $primary; overflow-x: hidden; }}
    #hand {{ height: 3; }}
    #names {{ height: 1; }}
    #prompt {{ height: 1; }}
    #actions {{ height: 3; }}
    #actions Button {{ min-width: 6; height: 3; margin: 0 1 0 0; }}
    #footer {{ height: 1; background: $panel; color: $text-muted; }}
    #too-small {{ display: none; height: 1fr; content-align: center middle; }}
    Screen.too-small > * {{ display: none; }}
    Screen.too-small > #too-small {{ display: block; }}
    """


#: The keys both card tables share; the footer line says them in the table's language.
TABLE_BINDINGS = [
    Binding("h", "hint", show=False),
    Binding("w", "why", show=False),
    Binding("s", "scores", show=False),
    Binding("q", "quit", show=False),
    Binding("question_mark", "keys", show=False),
    Binding("left", "move(-1)", show=False),
    Binding("right", "move(1)", show=False),
]


class CardTable(App[None]):
    """What the terminal's card tables share (Ulti's and Snapszli's): the 80×24 check with
    its message in the table's language, and the keyboard: a card by its number, an action
    button by its id, arrows between the cards, ``?`` for the keys."""

    lang = "en"

    async def start_deal(self) -> None:
        raise NotImplementedError

    def keys_text(self) -> str:
        """The ``?`` screen's body (each game has its keys)."""
        raise NotImplementedError

    async def on_mount(self) -> None:
        self.fit(self.size.width, self.size.height)
        await self.start_deal()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Below 80×24 the table does not fit: say so instead of drawing it cut."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.screen_stack[0].set_class(small, "too-small")  # the table's screen, not a dialog
        if small:
            self.query_one("#too-small", Static).update(
                t(self.lang, "too_small").format(
                    w=MIN_SIZE[0], h=MIN_SIZE[1], width=width, height=height
                )
            )

    def action_card(self, index: int) -> None:
        """The hand's card number ``index`` (the number keys): as a click on it."""
        cards = list(self.query(CardButton))
        if index < len(cards):
            cards[index].focus()
            cards[index].press()

    def action_press(self, prefix: str) -> None:
        """The first action button whose id is ``prefix`` or starts with it (``kontra-``)."""
        for button in self.query("#actions Button").results(Button):
            if button.id and (
                button.id == prefix or (prefix.endswith("-") and button.id.startswith(prefix))
            ):
                if not button.disabled:
                    button.press()
                return

    def action_move(self, step: int) -> None:
        """Left and right move between the hand's cards (Enter plays the one chosen)."""
        cards = list(self.query(CardButton))
        if not cards:
            return
        at = next((i for i, c in enumerate(cards) if c.has_focus), -1)
        cards[(at + step) % len(cards) if at >= 0 else 0].focus()

    def action_keys(self) -> None:
        self.push_screen(
            TextScreen(t(self.lang, "keys_title"), self.keys_text(), t(self.lang, "close"))
        )


class UltiApp(CardTable):
    """The game."""

    TITLE = "Ulti"
    CSS = table_css("players", 27, 26)
    BINDINGS: ClassVar = [
        *TABLE_BINDINGS,
        # one key a move: the hand's cards by number, and each kind of action by a letter
        *[Binding(key, f"card({i})", show=False) for i, key in enumerate(CARD_KEYS)],
        Binding("p", "press('pass')", show=False),
        Binding("u", "press('pickup')", show=False),
        Binding("l", "press('lay')", show=False),
        Binding("b", "press('bid')", show=False),
        Binding("c", "press('claim')", show=False),
        Binding("k", "press('kontra-')", show=False),
        Binding("m", "press('marriage-')", show=False),
        Binding("t", "press('trump-')", show=False),
        Binding("a", "analysis", show=False),
        Binding("e", "teaching", show=False),
    ]

    def __init__(self, config: PlayConfig, session: Session | None = None) -> None:
        super().__init__()
        self.cfg = config
        self.lang = config.lang
        if session is None:
            rules = config.rules
            if config.deals is not None:
                rules = rules.with_options(
                    session_deals=max(
                        3, config.deals - config.deals % 3 if config.deals >= 3 else 3
                    )
                )
            names = config.names or (
                t(config.lang, "you"),
                bot_name(config.opponents[0], 1, config.lang),
                bot_name(config.opponents[1], 2, config.lang),
            )
            session = Session(rules, config.seed, 0, list(names))
        self.session = session
        self.bots: dict[int, Player] = {
            1: make_player(config.opponents[0], seed=config.seed * 3 + 1),
            2: make_player(config.opponents[1], seed=config.seed * 3 + 2),
        }
        self.chosen: set[int] = set()
        self.bot_busy = False
        self.shown_over = -1
        self._started_deal = -1
        self.teaching = config.teach
        self.teach_pending = False  # a card being weighed (teaching mode): input waits
        self.analyses: dict[int, DealAnalysis] = {}  # by the deal's index in the session

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="middle"):
            yield Static(id="players")
            yield Static(id="table")
            yield RichLog(id="log", wrap=True, markup=False)
        yield Static(id="prompt")
        yield Horizontal(id="hand")
        yield Static(id="names")
        yield Horizontal(id="actions")
        yield Static(self.footer_text(), id="footer")
        yield Static(id="too-small")

    @property
    def deal(self) -> Deal:
        return self.session.deal

    def save(self) -> None:
        if self.cfg.save is not None:
            self.session.save(self.cfg.save)

    async def start_deal(self) -> None:
        index = len(self.session.deals) - 1
        if self._started_deal != index:
            self._started_deal = index
            for seat, bot in self.bots.items():
                bot.start(seat, self.deal.rules, index)
            self.query_one("#log", RichLog).clear()
            # a resumed deal: the log shows what has happened
            for i, (seat, a) in enumerate(self.deal.history):
                self.log_action(seat, a, i)
        await self.refresh_view()
        self.after_change()

    # -- the course of play -----------------------------------------------------------------

    def after_change(self) -> None:
        d = self.deal
        if d.is_over():
            if self.shown_over != len(self.session.deals):
                self.shown_over = len(self.session.deals)
                self.show_settlement()
            return
        if d.current_player != HUMAN and not self.bot_busy:
            self.bot_busy = True
            self.bot_move(len(d.history))

    @work(thread=True, exclusive=True)
    def bot_move(self, at: int) -> None:
        d = self.deal
        seat = d.current_player
        obs = d.observation(seat)
        legal = d.legal_actions()
        action = self.bots[seat].act(obs, legal)
        if self.cfg.bot_delay:
            time.sleep(self.cfg.bot_delay)
        self.call_from_thread(self.apply_bot, at, seat, action)  # type: ignore[arg-type]

    async def apply_bot(self, at: int, seat: int, action: Action) -> None:
        self.bot_busy = False
        if len(self.deal.history) != at:  # stale (the deal moved on): think again
            self.after_change()
            return
        await self.apply(seat, action)

    async def apply(self, seat: int, action: Action) -> bool:
        try:
            self.deal.apply(action)
        except IllegalAction as exc:
            self.notify(str(exc), title=t(self.lang, "illegal"), severity="warning")
            return False
        self.save()
        self.log_action(seat, action, len(self.deal.history) - 1)
        self.chosen.clear()
        await self.refresh_view()
        self.after_change()
        return True

    def log_action(self, seat: int, a: Action, index: int) -> None:
        """Log the deal's action number ``index`` (``a``, by ``seat``)."""
        self.query_one("#log", RichLog).write(self.log_text(seat, a, index))

    def log_text(self, seat: int, a: Action, index: int) -> str:
        """The log's line for the deal's action number ``index``."""
        who = self.session.players[seat]
        history = self.deal.history
        if a.kind == ActionKind.PASS and any(x.kind == ActionKind.PLAY for _, x in history[:index]):
            text = f"{who}: {t(self.lang, 'no_more_kontra')}"  # K1: an answer declined
        elif a.kind == ActionKind.DISCARD and seat != HUMAN and not self.deal.is_over():
            text = f"{who}: {t(self.lang, 'lays_talon')}"
        elif a.kind == ActionKind.BID:
            b = self.deal.ladder[a.bid]
            text = f"{who}: {b.title_hu if self.lang == 'hu' else b.title}"
        elif a.kind == ActionKind.PLAY:
            text = f"{who}: {name(a.card, 'hu' if self.lang == 'hu' else 'symbol')}"
        else:
            text = f"{who}: {action_label(a, self.lang, self.deal)}"
        return text

    # -- drawing ----------------------------------------------------------------------------

    def footer_text(self) -> str:
        """Today's keys, and the analysis once the deal is over (or teaching mode's state
        while it is on)."""
        words = t(self.lang, "footer")
        if self.deal.is_over():
            words += " · " + ta(self.lang, "tui-footer-analysis")
        elif self.teaching:
            words += " · " + ta(self.lang, "tui-footer-teach", state=ta(self.lang, "tui-on"))
        return words

    async def refresh_view(self) -> None:
        obs = self.deal.observation(HUMAN)
        self.query_one("#footer", Static).update(self.footer_text())
        self.query_one("#status", Static).update(self.status_text(obs))
        self.query_one("#players", Static).update(self.players_text(obs))
        self.query_one("#table", Static).update(self.table_text(obs))
        await self.draw_hand(obs)
        await self.draw_actions(obs)

    def status_text(self, obs: Any) -> Text:
        """The status line: deal, dealer, the contract and its trump, the totals."""
        d = self.deal
        lang = self.lang
        names = self.session.players
        n = len(self.session.deals)
        # what must stay in view at 80 columns comes first: the deal, the totals, the trump
        tot = self.session.totals
        status = Text(
            f" {t(lang, 'deal')} {n}/{self.session.planned_deals} · "
            + " ".join(f"{names[i][:8]} {tot[i]:+d}" for i in range(3))
        )
        if obs.contract:
            b = d.ladder[obs.contract]
            if obs.trump >= 0:
                tr = f"{SUIT_SYMBOLS[obs.trump]} {suit_name(lang, obs.trump)}"
            elif obs.phase == "TRUMP":  # B6: the soloist is still naming it
                tr = t(lang, "trump_pending")
            else:
                tr = t(lang, "no_trump")
            title = b.title_hu if lang == "hu" else b.title
            status.append(f" · {tr} · {names[obs.soloist][:8]}: {title}")
        elif obs.bid:
            b = d.ladder[obs.bid]
            title = b.title_hu if lang == "hu" else b.title
            status.append(f" · {t(lang, 'auction')}: {title} ({names[obs.bidder][:8]})")
        status.append(f" · {t(lang, 'dealer')}: {names[d.dealer][:8]}")
        return status

    def players_text(self, obs: Any) -> Text:
        lang = self.lang
        names = self.session.players
        out = Text()
        for seat in range(3):
            role = ""
            if obs.soloist >= 0:
                role = t(lang, "soloist") if seat == obs.soloist else t(lang, "defender")
            turn = " ◀" if obs.current_player == seat else ""
            out.append(f"{names[seat][:10]}", style="bold" if seat == HUMAN else "")
            n = obs.hand_sizes[seat]
            out.append(f" {n} {t(lang, 'card' if n == 1 else 'cards')} {role}{turn}\n")
        for comp, a, b in obs.kontras:
            if a or b:
                lv = kontra_title(a, lang)
                if a != b:
                    lv += "/" + kontra_title(b, lang)
                comp_name = (KIND_TITLES_HU if lang == "hu" else KIND_TITLES)[comp]
                out.append(f"{comp_name}: {lv}\n", style="italic")
        for seat, suit in obs.marriages:
            out.append(
                f"{names[seat][:8]}: {20 if suit != obs.trump else 40} {SUIT_SYMBOLS[suit]}\n"
            )
        if obs.talon:
            out.append(f"{t(lang, 'talon')}: ")
            for c in obs.talon:
                out.append_text(card_text(c, lang))
                out.append(" ")
            out.append("\n")
        for seat, cs in obs.exposed:
            out.append(f"{names[seat][:10]}:\n")
            for c in sort_for_display(
                sum(1 << x for x in cs), obs.trump if obs.trump >= 0 else None, obs.trump < 0
            ):
                out.append_text(card_text(c, lang))
                out.append(" ")
            out.append("\n")
        return out

    def table_text(self, obs: Any) -> Text:
        lang = self.lang
        names = self.session.players
        out = Text()
        if obs.soloist < 0:  # the auction: its course
            out.append(f"{t(lang, 'auction')}\n", style="bold")
            for seat, kind, act in obs.history[-9:]:
                if act is None or kind == ActionKind.DISCARD:  # a discard: cards shown only
                    text = (
                        "▭▭"
                        if act is None or seat != HUMAN
                        else " ".join(name(c, lang) for c in act.cards)
                    )
                elif kind == ActionKind.BID:
                    b = self.deal.ladder[act.bid]
                    text = f"{b.title_hu if lang == 'hu' else b.title} ({b.value})"
                elif kind == ActionKind.PASS:
                    text = t(lang, "pass")
                elif kind == ActionKind.PICKUP:
                    text = t(lang, "pickup")
                else:
                    text = action_label(act, lang, self.deal)
                out.append(f"  {names[seat][:10]:<10} {text}\n")
            return out
        # the trick in progress, or the next to lead; once play is over, the last one played
        number = len(obs.tricks) + (0 if obs.over and not obs.trick else 1)
        out.append(f"{t(lang, 'trick')} {min(number, 10)}\n", style="bold")
        if obs.trick:
            for i, c in enumerate(obs.trick):
                seat = (obs.trick_leader + i) % 3
                out.append(f"  {names[seat][:10]:<10} ")
                out.append_text(card_text(c, lang))
                out.append("\n")
        else:
            out.append("\n")
        if obs.tricks:
            _lead, cs, winner = obs.tricks[-1]
            out.append(f"\n{t(lang, 'last_trick')}: ", style="dim")
            for c in cs:
                out.append_text(card_text(c, lang))
                out.append(" ")
            out.append(f"→ {names[winner][:10]}\n", style="dim")
            pts = list(obs.points_taken)
            if len(obs.tricks) == 10:
                pts[winner] += 10  # P1: the last trick's 10
            out.append(
                f"{t(lang, 'points')}: "
                + ", ".join(f"{names[i][:6]} {pts[i]}" for i in range(3))
                + "\n",
                style="dim",
            )
        if obs.over and obs.settlement:
            assert obs.outcome is not None
            out.append(f"\n{obs.outcome.text(lang)}\n", style="italic")
        return out

    async def draw_hand(self, obs: Any) -> None:
        hand_box = self.query_one("#hand", Horizontal)
        d = self.deal
        playing = d.current_player == HUMAN and d.phase == Phase.PLAY
        legal_cards = set(d.legal_cards()) if playing else set()
        discard = d.current_player == HUMAN and d.phase == Phase.DISCARD
        mask = sum(1 << c for c in obs.hand)
        order = sort_for_display(
            mask, obs.trump if obs.trump >= 0 else None, obs.trump < 0 and obs.contract is not None
        )
        await hand_box.remove_children()
        await hand_box.mount_all(
            [
                CardButton(
                    c,
                    c in legal_cards or discard,
                    c in self.chosen,
                    playing and c not in legal_cards,
                )
                for c in order
            ]
        )
        # names of the hand, by suit, in the chosen language
        by_suit: dict[int, list[str]] = {}
        for c in order:
            by_suit.setdefault(c >> 3, []).append(rank_short(self.lang, c & 7))
        line = Text()
        for s, ranks in by_suit.items():
            line.append(f"{SUIT_SYMBOLS[s]} {suit_name(self.lang, s)}: ", style=SUIT_STYLE[s])
            line.append(" ".join(ranks) + "  ")
        self.query_one("#names", Static).update(line)

    async def draw_actions(self, obs: Any) -> None:
        box = self.query_one("#actions", Horizontal)
        await box.remove_children()
        d = self.deal
        lang = self.lang
        prompt = self.query_one("#prompt", Static)
        if d.is_over():
            prompt.update("")
            if not self.session.is_over():
                await box.mount(Button(t(lang, "next_deal"), id="next", variant="primary"))
            return
        if d.current_player != HUMAN:
            prompt.update(
                Text(f"{t(lang, 'waiting')} {self.session.players[d.current_player]}", style="dim")
            )
            return
        legal = d.legal_actions()
        buttons: list[Button] = []
        if d.phase == Phase.DISCARD:
            prompt.update(Text(t(lang, "choose_two"), style="bold"))
            buttons.append(
                Button(t(lang, "lay"), id="lay", variant="primary", disabled=len(self.chosen) != 2)
            )
        elif d.phase == Phase.BID:
            prompt.update(Text(t(lang, "choose_bid"), style="bold"))
            buttons.append(Button(t(lang, "bid"), id="bid", variant="primary"))
        elif d.phase == Phase.TRUMP:
            prompt.update(Text(t(lang, "choose_trump"), style="bold"))
        elif d.phase == Phase.KONTRA:
            prompt.update(Text(t(lang, "kontra_answer"), style="bold"))
        else:
            prompt.update(Text(t(lang, "your_turn"), style="bold"))
        kinds = {a.kind for a in legal}
        if ActionKind.BID in kinds and d.phase != Phase.BID:
            buttons.append(Button(t(lang, "bid"), id="bid", variant="primary"))
        for a in legal:
            if a.kind in (ActionKind.PLAY, ActionKind.DISCARD, ActionKind.BID):
                continue
            buttons.append(
                Button(
                    action_label(a, lang, d),
                    id=widget_id(a),
                    variant="warning" if a.kind == ActionKind.KONTRA else "default",
                )
            )
        await box.mount_all(buttons)

    # -- input ------------------------------------------------------------------------------

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        d = self.deal
        button = event.button
        if button.id == "next":
            await self.next_deal()
            return
        if d.current_player != HUMAN or self.bot_busy or self.teach_pending:
            return
        if isinstance(self.screen, TeachScreen):  # a key for a card while the question is up
            return
        legal = d.legal_actions()
        if isinstance(button, CardButton):
            if d.phase == Phase.DISCARD:
                if button.card in self.chosen:
                    self.chosen.discard(button.card)
                elif len(self.chosen) < 2:
                    self.chosen.add(button.card)
                await self.refresh_view()
                return
            if d.phase == Phase.PLAY:
                if not button.legal:
                    why = d.why_illegal(button.card)
                    assert why is not None
                    self.notify(
                        f"{name(button.card, self.lang)}: {why.text(self.lang)} ({why.rule})",
                        title=t(self.lang, "illegal"),
                        severity="warning",
                    )
                    return
                if self.teaching and len(d.legal_cards()) > 1:
                    self.weigh_card(button.card)
                    return
                await self.apply(
                    HUMAN,
                    next(a for a in legal if a.kind == ActionKind.PLAY and a.card == button.card),
                )
            return
        if button.id == "lay" and len(self.chosen) == 2:
            pair = tuple(sorted(self.chosen))
            await self.apply(
                HUMAN, next(x for x in legal if x.kind == ActionKind.DISCARD and x.cards == pair)
            )
            return
        if button.id == "bid":
            self.choose_bid()
            return
        for a in legal:
            if widget_id(a) == button.id:
                await self.apply(HUMAN, a)
                return

    # -- the keyboard -------------------------------------------------------------------------

    def keys_text(self) -> str:
        return t(self.lang, "keys_body") + "\n" + ta(self.lang, "tui-keys")

    def choose_bid(self) -> None:
        d = self.deal
        bids = [a for a in d.legal_actions() if a.kind == ActionKind.BID]
        options = []
        for a in bids:
            b = d.ladder[a.bid]
            label = f"{b.rank:>2} · {b.title} / {b.title_hu} · {b.value}"
            options.append((str(a), label))

        async def chosen(text: str | None) -> None:
            if text is not None:
                act = next(a for a in bids if str(a) == text)
                await self.apply(HUMAN, act)

        self.push_screen(BidScreen(options, t(self.lang, "choose_bid")), chosen)

    async def next_deal(self) -> None:
        if self.session.is_over() or not self.deal.is_over():
            return
        self.session.next_deal()
        self.save()
        await self.start_deal()

    def show_settlement(self) -> None:
        d = self.deal
        assert d.settlement is not None
        assert d.outcome is not None
        body = Text(d.outcome.text(self.lang) + "\n\n")
        body.append(d.settlement.explain(tuple(self.session.players), self.lang))  # type: ignore[arg-type]
        self.push_screen(SettlementScreen(t(self.lang, "settlement"), body, t(self.lang, "close")))

    # -- keys -------------------------------------------------------------------------------

    def action_scores(self) -> None:
        table: DataTable[Any] = DataTable()
        names = self.session.players
        table.add_columns("#", t(self.lang, "dealer"), t(self.lang, "contract"), *names)
        for no, dealer, contract, _res, run in self.session.score_sheet(self.lang):
            table.add_row(str(no), names[dealer], contract, *(f"{v:+d}" for v in run))
        money = self.session.money()
        title = (
            t(self.lang, "score_sheet")
            + " · "
            + ", ".join(f"{names[i]} {money[i]:+d} Ft" for i in range(3))
        )
        if self.session.is_over():
            title += f" · {t(self.lang, 'winner')}: " + ", ".join(
                names[i] for i in self.session.winners()
            )
        self.push_screen(TextScreen(title, "", t(self.lang, "close"), table))

    def action_why(self) -> None:
        d = self.deal
        if d.current_player != HUMAN or d.phase != Phase.PLAY:
            return
        legal = set(d.legal_cards())
        lines = []
        for c in sorted(set(d.observation(HUMAN).hand) - legal):
            why = d.why_illegal(c)
            assert why is not None
            lines.append(f"{name(c, self.lang)}: {why.text(self.lang)} ({why.rule})")
        self.notify("\n".join(lines) or t(self.lang, "all_legal"), title=t(self.lang, "why_not"))

    def action_hint(self) -> None:
        d = self.deal
        if d.current_player != HUMAN or d.is_over():
            return
        self.notify(t(self.lang, "hint_thinking"), timeout=2)
        self.compute_hint(len(d.history))

    @work(thread=True, exclusive=True, group="hint")
    def compute_hint(self, at: int) -> None:
        d = self.deal
        adviser = make_player(self.cfg.hint, seed=at)
        adviser.start(HUMAN, d.rules, len(self.session.deals))
        obs = d.observation(HUMAN)
        legal = d.legal_actions()
        if hasattr(adviser, "advise"):
            action, why = adviser.advise(obs, legal, self.lang)
        else:
            action, why = adviser.act(obs, legal), ""
        text = action_label(action, self.lang, d)
        self.call_from_thread(self.notify, f"{text}\n{why}", title=t(self.lang, "hint"), timeout=12)

    # -- the analysis of a finished deal --------------------------------------------------------

    def action_analysis(self) -> None:
        """The analysis of the deal just over (never of a live one: that would read the
        others' hands)."""
        if isinstance(self.screen, AnalysisScreen):
            return
        d = self.deal
        if not d.is_over():
            self.notify(ta(self.lang, "tui-not-over"), timeout=4)
            return
        index = len(self.session.deals) - 1

        def keep(result: DealAnalysis) -> None:
            self.analyses[index] = result

        title = f"{ta(self.lang, 'title')} · {ta(self.lang, 'deal', n=index + 1)}"
        if d.contract is not None:
            b = d.ladder[d.contract.key]
            title += f" · {b.title_hu if self.lang == 'hu' else b.title}"
        self.push_screen(
            AnalysisScreen(
                d,
                title,
                tuple(self.session.players),
                self.lang,
                self.cfg.analysis_budget,
                self.cfg.analysis_threshold,
                self.cfg.seed * 1009 + index,
                self.analyses.get(index),
                keep,
            )
        )

    # -- teaching mode --------------------------------------------------------------------------

    def action_teaching(self) -> None:
        self.teaching = not self.teaching
        state = ta(self.lang, "tui-on" if self.teaching else "tui-off")
        self.notify(f"{ta(self.lang, 'teaching')}: {state}", timeout=3)
        self.query_one("#footer", Static).update(self.footer_text())

    def teach_warning(self, obs: Observation, rules: Ruleset, c: int) -> TeachWarning | None:
        """Teaching mode's judgement of card ``c``, from the person's observation alone (the
        same on every call: its samples are seeded by the session's seed and the deal's
        course)."""
        seed = self.cfg.seed * 1009 + len(self.session.deals) * 101 + len(obs.history)
        return teach(obs, rules, c, self.cfg.teach_budget, self.cfg.teach_threshold, seed)

    def weigh_card(self, c: int) -> None:
        """Before the person's card ``c``: weigh it in a worker thread; play it at once when
        it loses too little, else ask."""
        d = self.deal
        self.teach_pending = True
        self.notify(t(self.lang, "hint_thinking"), timeout=1)
        self.check_card(len(d.history), d.observation(HUMAN), d.rules, c)

    @work(thread=True, exclusive=True, group="teach")
    def check_card(self, at: int, obs: Observation, rules: Ruleset, c: int) -> None:
        try:
            warning = self.teach_warning(obs, rules, c)
        except Exception as exc:  # the card is played all the same; the reason is told
            self.call_from_thread(self.notify, str(exc), severity="warning")
            warning = None
        self.call_from_thread(self.card_weighed, at, c, warning)  # type: ignore[arg-type]

    async def card_weighed(self, at: int, c: int, warning: TeachWarning | None) -> None:
        self.teach_pending = False
        if not self.still_to_play(at, c):
            return
        if warning is None:
            await self.play_card(c)
            return

        async def answered(play: bool | None) -> None:
            if play and self.still_to_play(at, c):
                await self.play_card(c)
            else:
                self.call_after_refresh(self.focus_card, c)

        self.push_screen(TeachScreen(warning, self.lang), answered)

    def still_to_play(self, at: int, c: int) -> bool:
        d = self.deal
        return (
            len(d.history) == at
            and not d.is_over()
            and d.current_player == HUMAN
            and d.phase == Phase.PLAY
            and c in d.legal_cards()
        )

    async def play_card(self, c: int) -> None:
        legal = self.deal.legal_actions()
        await self.apply(HUMAN, next(a for a in legal if a.kind == ActionKind.PLAY and a.card == c))

    def focus_card(self, c: int) -> None:
        """Back to the hand, on the card that was chosen."""
        for button in self.screen_stack[0].query(CardButton):
            if button.card == c:
                button.focus()
                return


def run(config: PlayConfig, resume: bool) -> None:
    session = None
    if resume:
        if config.save is None or not config.save.exists():
            raise FileNotFoundError(i18n.text("play.no-save", config.lang, path=config.save))
        session = Session.load(config.save)
    UltiApp(config, session).run()
