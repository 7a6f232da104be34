"""The one terminal table both card games are played at (:mod:`ulti.tui.ulti`,
:mod:`ulti.tui.snapszli`): the app shell and its layout, the 80×24 guard, the keys and their
help, the hand's card buttons (number keys, arrows), the log column, the status and footer
lines, the settlement and score screens, computer players asked in a worker thread, hints,
"why not?", and saving the session or match after every move.

:class:`CardTable` is generic over the game through :mod:`ulti.games.base`: a deal is a
:class:`~ulti.games.base.State` (whose turn, legal actions, apply, a seat's observation) with
its history and rules, and each computer seat a :class:`~ulti.games.base.Player`.  A game's
module subclasses it and fills in what is its own (the hooks below raise
``NotImplementedError``): the panels' words, the hand's buttons and names, the prompt and the
action buttons, what a press on a card or an action does, the settlement, the score sheet and
the adviser.

The person sits at seat :data:`HUMAN` (:attr:`CardTable.me`: at a table of four the person's
place among the three who play a deal, -1 in a deal they sit out) and sees only that seat's
observation.  Everything that
changes the deal runs in the app's message queue, one thing at a time: the person's presses,
and a computer player's move, which its worker hands back with ``call_later``.  While the
table is drawn for a change, :attr:`CardTable.drawing` is true; a test waits for it to fall
before it reads or clicks what the screen shows.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, RichLog, Static

from ulti.core.cards import SUIT_SYMBOLS, code, name
from ulti.core.errors import UltiError
from ulti.games.base import Player, State
from ulti.tui.texts import plain, rank_short, t

#: The person's seat at every table.
HUMAN = 0

#: Each suit's colour: hearts, acorns, leaves, bells.
SUIT_STYLE = {0: "bold red", 1: "bold yellow", 2: "bold green", 3: "bold magenta"}

#: The smallest terminal the table fits in (columns, lines).
MIN_SIZE = (80, 24)

#: The keys of the hand's cards, left to right (a hand holds at most twelve).
CARD_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus", "equals_sign")

A = TypeVar("A")
Ob = TypeVar("Ob")
Ob_co = TypeVar("Ob_co", covariant=True)
T = TypeVar("T")


class TableDeal(State[A, Ob_co], Protocol):
    """A deal as the table needs it: the framework's state, its history and its rules."""

    @property
    def history(self) -> Sequence[tuple[int, A]]: ...

    @property
    def rules(self) -> Any: ...  # the game's own rules (Ruleset, SnapRules)


class Series(Protocol):
    """A session (Ulti) or match (Snapszli): the deals so far, the last one in progress."""

    @property
    def deals(self) -> Sequence[object]: ...

    @property
    def players(self) -> Sequence[str]: ...

    def is_over(self) -> bool: ...

    def next_deal(self) -> object: ...


class Refusal(Protocol):
    """Why an action may not be taken: its words and the rule book's id."""

    @property
    def rule(self) -> str: ...

    def text(self, lang: str) -> str: ...


@dataclass(frozen=True)
class ScoreSheet:
    """The score sheet's title, column heads and rows (one a deal)."""

    title: str
    heads: tuple[str, ...]
    rows: list[tuple[str, ...]]


def card_text(c: int, lang: str = "en") -> Text:
    """A card as its sign and corner index: ``♥Á`` (piros ász), ``♣F`` (makk felső) in
    Hungarian, ``♥A``, ``♣O`` in English."""
    return Text(SUIT_SYMBOLS[c >> 3] + rank_short(lang, c & 7), style=SUIT_STYLE[c >> 3])


def by_suit(cards: Sequence[int]) -> dict[int, list[int]]:
    """The cards grouped by suit, each suit in the order it first comes."""
    out: dict[int, list[int]] = {}
    for c in cards:
        out.setdefault(c >> 3, []).append(c)
    return out


def why_line(label: str, why: Refusal, lang: str) -> str:
    """One refusal in words: ``what: why`` (the rule's id is for the rules screen, not the
    table)."""
    return f"{label}: {plain(why.text(lang), lang)}"


def write_atomically(path: Path, content: str) -> None:
    """Write ``content`` to ``path`` whole (a crash mid-write leaves the old file intact)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(content, encoding="utf-8")
    tmp.replace(path)


def saved(path: Path | None, load: Callable[[Path], T], missing: str) -> T:
    """The session or match saved at ``path`` (``--resume``); ``missing`` is the error's words
    when there is none."""
    if path is None or not path.exists():
        raise FileNotFoundError(missing)
    return load(path)


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


class DialogScreen(ModalScreen[None]):
    """A screen over the table, closed with its button (``#close``), Enter or Escape."""

    BINDINGS: ClassVar = [Binding("escape", "close", "Close"), Binding("enter", "close", "")]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class TextScreen(DialogScreen):
    """A settlement, the score sheet or the keys: a title and a body (or a table)."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > Vertical { width: 78; height: 22; border: round $accent; background: $panel; }
    TextScreen #body { height: 1fr; overflow-y: auto; }
    """

    def __init__(
        self, title: str, body: str | Text, button: str, table: DataTable[str] | None = None
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


@dataclass(frozen=True)
class Choice:
    """One answer of a question: its button's id and words."""

    id: str
    label: str


class QuestionScreen(ModalScreen[bool]):
    """A yes-or-no question: a heading (or none), the question, the yes and the no button.
    Enter or ``y`` says yes, Escape or ``n`` no; each question lays itself out (its
    ``DEFAULT_CSS``) and may bind more keys."""

    BINDINGS: ClassVar = [
        Binding("y", "answer(True)", show=False),
        Binding("enter", "answer(True)", show=False),
        Binding("n", "answer(False)", show=False),
        Binding("escape", "answer(False)", show=False),
    ]

    def __init__(
        self, heading: str | None, question: str, body_id: str, yes: Choice, no: Choice
    ) -> None:
        super().__init__()
        self.heading = heading
        self.question = question
        self.body_id = body_id
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.heading is not None:
                yield Static(Text(self.heading, style="bold"))
            yield Static(self.question, id=self.body_id)
            with Horizontal():
                yield Button(self.yes.label, id=self.yes.id, variant="warning")
                yield Button(self.no.label, id=self.no.id, variant="primary")

    def on_mount(self) -> None:
        self.query_one(f"#{self.yes.id}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == self.yes.id)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


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


def card_bindings(n: int) -> list[Binding]:
    """The number keys of a hand of up to ``n`` cards (:data:`CARD_KEYS`)."""
    return [Binding(key, f"card({i})", show=False) for i, key in enumerate(CARD_KEYS[:n])]


def press_bindings(keys: dict[str, str]) -> list[Binding]:
    """One key an action button: ``{"p": "pass"}`` presses ``#pass``; an id ending in ``-``
    presses the first button whose id starts so (``kontra-``)."""
    return [Binding(key, f"press('{prefix}')", show=False) for key, prefix in keys.items()]


class CardTable(App[None], Generic[A, Ob]):
    """A card table for one person against computer players: the frame a game's app fills
    in (see the module's docstring)."""

    #: the side panel's id, left of the table (the players, the opponent's board)
    SIDE: ClassVar[str] = "side"
    #: the log's least line width (``RichLog.min_width``): wider lines than the column are cut
    #: rather than wrapped
    LOG_MIN_WIDTH: ClassVar[int] = 1
    #: seconds the "why not?" list stays (None: Textual's default)
    WHY_SECONDS: ClassVar[float | None] = None
    BINDINGS: ClassVar[list[BindingType]] = [*TABLE_BINDINGS]

    def __init__(
        self, lang: str, save: Path | None, bot_delay: float, bots: dict[int, Player[Ob, A]]
    ) -> None:
        super().__init__()
        self.lang = lang
        self.save_path = save
        self.bot_delay = bot_delay  # seconds a computer player's move stays before the next one
        self.bots = bots  # the computer players by seat
        self.bot_busy = False  # a computer player is asked for its move
        self.drawing = False  # the table is being drawn for a change
        self.shown_over = -1  # how many deals there were when a settlement was last shown
        self._started_deal = -1

    # -- what each game fills in ------------------------------------------------------------

    @property
    def deal(self) -> TableDeal[A, Ob]:
        """The deal in progress (or the last one)."""
        raise NotImplementedError

    @property
    def series(self) -> Series:
        """The session or match."""
        raise NotImplementedError

    def save_to(self, path: Path) -> None:
        """Write the session or match to ``path``, whole."""
        raise NotImplementedError

    @property
    def me(self) -> int:
        """The person's seat in :attr:`deal` (-1: they sit this deal out and only watch)."""
        return HUMAN

    def observe(self) -> Ob:
        """What the person sees of the deal."""
        return self.deal.observation(self.me)

    def status_text(self, obs: Ob) -> Text:
        """The status line."""
        raise NotImplementedError

    def side_text(self, obs: Ob) -> Text:
        """The side panel (:attr:`SIDE`)."""
        raise NotImplementedError

    def table_text(self, obs: Ob) -> Text:
        """The table: the trick in play, the last one, how the deal ended."""
        raise NotImplementedError

    def card_buttons(self, obs: Ob) -> list[CardButton]:
        """The hand, left to right, each card legal, chosen or dimmed as it is now."""
        raise NotImplementedError

    def hand_names(self, cards: Sequence[int]) -> Text:
        """The line under the hand: its cards' names by suit."""
        raise NotImplementedError

    def turn_prompt(self, obs: Ob) -> Text:
        """The prompt when the person is to act."""
        raise NotImplementedError

    def action_buttons(self, obs: Ob) -> list[Button]:
        """The buttons of the person's actions other than the hand's cards."""
        raise NotImplementedError

    def waiting_prompt(self) -> Text | str:
        """The prompt while another seat is to act."""
        who = self.names[self.deal.current_player]
        return Text(f"{t(self.lang, 'waiting')} {who}", style="dim")

    def over_prompt(self) -> Text | str:
        """The prompt once the deal is over."""
        return ""

    def log_lines(self, seat: int, action: A, index: int) -> list[Text | str]:
        """The log's lines for the deal's action number ``index`` (``action``, by ``seat``)."""
        raise NotImplementedError

    def deal_heading(self) -> Text | None:
        """The log's first line for a deal (None: none)."""
        return None

    def refusal(self, exc: UltiError) -> str:
        """An illegal action's refusal, in words."""
        return str(exc)

    async def card_pressed(self, button: CardButton) -> None:
        """The person pressed a card of the hand."""
        raise NotImplementedError

    async def action_pressed(self, button_id: str) -> None:
        """The person pressed an action button (not a card, not the next deal)."""
        raise NotImplementedError

    def moved(self) -> None:
        """After a move is applied, before the table is drawn for it."""

    def keys_text(self) -> str:
        """The ``?`` screen's body."""
        raise NotImplementedError

    def settlement_screen(self) -> DialogScreen:
        """The screen that explains a deal just over."""
        raise NotImplementedError

    def score_sheet(self) -> ScoreSheet:
        """The score sheet (the key ``s``)."""
        raise NotImplementedError

    def refusals(self) -> list[str] | None:
        """Why each thing the person may not take now is refused (None: not the person's
        turn to ask)."""
        raise NotImplementedError

    def advise(self, at: int) -> tuple[A, str]:
        """The adviser's action for the person and why (in a worker thread; ``at``: the
        deal's length, which seeds it)."""
        raise NotImplementedError

    def hint_words(self, action: A) -> str:
        """A hinted action in words."""
        raise NotImplementedError

    # -- layout -----------------------------------------------------------------------------

    def footer_text(self) -> str:
        """The footer line: the keys."""
        return t(self.lang, "footer")

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="middle"):
            yield Static(id=self.SIDE)
            yield Static(id="table")
            yield RichLog(id="log", wrap=True, markup=False, min_width=self.LOG_MIN_WIDTH)
        yield Static(id="prompt")
        yield Horizontal(id="hand")
        yield Static(id="names")
        yield Horizontal(id="actions")
        yield Static(self.footer_text(), id="footer")
        yield Static(id="too-small")

    @property
    def names(self) -> Sequence[str]:
        """The players' names, by seat."""
        return self.series.players

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

    # -- the course of play -----------------------------------------------------------------

    def save(self) -> None:
        if self.save_path is not None:
            self.save_to(self.save_path)

    async def start_deal(self) -> None:
        """Seat the computer players at the deal in progress (once a deal), write its log
        (a resumed deal's course too), and draw the table."""
        index = len(self.series.deals) - 1
        if self._started_deal != index:
            self._started_deal = index
            for seat, bot in self.bots.items():
                bot.start(seat, self.deal.rules, index)
            self.query_one("#log", RichLog).clear()
            heading = self.deal_heading()
            if heading is not None:
                self.query_one("#log", RichLog).write(heading)
            for i, (seat, a) in enumerate(self.deal.history):
                self.log_move(seat, a, i)
        await self.show()

    async def next_deal(self) -> None:
        if self.series.is_over() or not self.deal.is_over():
            return
        self.series.next_deal()
        self.save()
        await self.start_deal()

    async def show(self) -> None:
        """Draw the table for the deal as it stands, then let the game go on (:meth:`go_on`);
        :attr:`drawing` holds meanwhile."""
        self.drawing = True
        try:
            await self.refresh_view()
            await self.go_on()
        finally:
            self.drawing = False

    async def go_on(self) -> None:
        """Once a deal is over, its settlement (once); on a computer player's turn, ask it."""
        d = self.deal
        if d.is_over():
            if self.shown_over != len(self.series.deals):
                self.shown_over = len(self.series.deals)
                await self.push_screen(self.settlement_screen())
            return
        if d.current_player != self.me and not self.bot_busy:
            self.bot_busy = True
            self.ask_computer(len(d.history))

    @work(thread=True, exclusive=True)
    def ask_computer(self, at: int) -> None:
        """The computer player to act chooses (in a worker thread, on its own observation);
        its move comes back through the app's message queue."""
        d = self.deal
        seat = d.current_player
        action = self.bots[seat].act(d.observation(seat), d.legal_actions())
        if self.bot_delay:
            time.sleep(self.bot_delay)
        self.call_later(self.computer_moved, at, seat, action)

    async def computer_moved(self, at: int, seat: int, action: A) -> None:
        self.bot_busy = False
        d = self.deal
        if len(d.history) != at or d.current_player != seat:
            await self.go_on()  # stale (the deal moved on): think again
            return
        await self.apply(seat, action)

    async def apply(self, seat: int, action: A) -> bool:
        """Apply ``seat``'s ``action``, save, log it and draw the table; an illegal one is
        refused with its reason and changes nothing."""
        try:
            self.deal.apply(action)
        except UltiError as exc:
            self.notify(self.refusal(exc), title=t(self.lang, "illegal"), severity="warning")
            return False
        self.save()
        self.log_move(seat, action, len(self.deal.history) - 1)
        self.moved()
        await self.show()
        return True

    def log_move(self, seat: int, action: A, index: int) -> None:
        log = self.query_one("#log", RichLog)
        for line in self.log_lines(seat, action, index):
            log.write(line)

    # -- drawing ----------------------------------------------------------------------------

    async def refresh_view(self) -> None:
        obs = self.observe()
        self.query_one("#footer", Static).update(self.footer_text())
        self.query_one("#status", Static).update(self.status_text(obs))
        self.query_one(f"#{self.SIDE}", Static).update(self.side_text(obs))
        self.query_one("#table", Static).update(self.table_text(obs))
        await self.draw_hand(obs)
        await self.draw_actions(obs)

    async def draw_hand(self, obs: Ob) -> None:
        box = self.query_one("#hand", Horizontal)
        buttons = self.card_buttons(obs)
        await box.remove_children()
        await box.mount_all(buttons)
        self.query_one("#names", Static).update(self.hand_names([b.card for b in buttons]))

    async def draw_actions(self, obs: Ob) -> None:
        box = self.query_one("#actions", Horizontal)
        await box.remove_children()
        d = self.deal
        lang = self.lang
        prompt = self.query_one("#prompt", Static)
        if d.is_over():
            prompt.update(self.over_prompt())
            if not self.series.is_over():
                await box.mount(Button(t(lang, "next_deal"), id="next", variant="primary"))
            return
        if d.current_player != self.me:
            prompt.update(self.waiting_prompt())
            return
        prompt.update(self.turn_prompt(obs))
        await box.mount_all(self.action_buttons(obs))

    # -- input ------------------------------------------------------------------------------

    def may_act(self) -> bool:
        """Whether the person's presses count now: their turn, no computer player asked."""
        return self.deal.current_player == self.me >= 0 and not self.bot_busy

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button
        if button.id == "next":
            await self.next_deal()
        elif not self.may_act():
            return
        elif isinstance(button, CardButton):
            await self.card_pressed(button)
        else:
            await self.action_pressed(str(button.id))

    def tell_illegal(self, card: int, why: Refusal) -> None:
        """A card that may not be played, pressed: why, with the rule's id."""
        self.notify(
            why_line(name(card, self.lang), why, self.lang),
            title=t(self.lang, "illegal"),
            severity="warning",
        )

    # -- keys -------------------------------------------------------------------------------

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

    def action_scores(self) -> None:
        sheet = self.score_sheet()
        table: DataTable[str] = DataTable()
        table.add_columns(*sheet.heads)
        for row in sheet.rows:
            table.add_row(*row)
        self.push_screen(TextScreen(sheet.title, "", t(self.lang, "close"), table))

    def action_why(self) -> None:
        lines = self.refusals()
        if lines is None:
            return
        self.notify(
            "\n".join(lines) or t(self.lang, "all_legal"),
            title=t(self.lang, "why_not"),
            timeout=self.WHY_SECONDS,
        )

    def action_hint(self) -> None:
        d = self.deal
        if d.current_player != self.me or d.is_over():
            return
        self.notify(t(self.lang, "hint_thinking"), timeout=2)
        self.compute_hint(len(d.history))

    @work(thread=True, exclusive=True, group="hint")
    def compute_hint(self, at: int) -> None:
        action, why = self.advise(at)
        words = self.hint_words(action)
        self.call_from_thread(
            self.notify, f"{words}\n{why}", title=t(self.lang, "hint"), timeout=12
        )
