"""``ulti play --game snapszli``: a match of Snapszli (docs/SNAPSZLI.md) against one computer
player, in any terminal (80x24 and up), with mouse and keyboard.

The table is the one frame both games share (:mod:`ulti.tui.frame`); this module holds what is
Snapszli's: the exchange, the closing, marriages and the claim (asked first), the board, the
points and the match score.  The person sits at seat 0 and sees only seat 0's observation
(Z13): the other hand as backs, the trump and the turned card while it lies face up, the
talon's size, the trick and the last one; their own points only with ``--show-points`` (a
learner's option), never the opponent's.  Every action is saved as it happens (atomically) to
the match file, so an interrupted match continues with ``ulti play --game snapszli --resume``;
the file opens in ``ulti replay``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Button

from ulti.core.cards import SUIT_SYMBOLS, code, name
from ulti.core.errors import UltiError
from ulti.games.base import Player as GamePlayer
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
from ulti.tui.frame import (
    HUMAN,
    SUIT_STYLE,
    CardButton,
    CardTable,
    Choice,
    QuestionScreen,
    ScoreSheet,
    TextScreen,
    by_suit,
    card_bindings,
    card_text,
    press_bindings,
    saved,
    table_css,
    why_line,
    write_atomically,
)
from ulti.tui.texts import plain, suit_name, t

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
    write_atomically(path, json.dumps(match.to_record(), ensure_ascii=False))


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


class ConfirmScreen(QuestionScreen):
    """A yes-or-no question (claiming 66 ends the deal: Z9); Enter or y/i says yes."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 64; height: 11; border: round $warning; background: $panel; }
    ConfirmScreen #question { height: 1fr; }
    ConfirmScreen Horizontal { height: 3; }
    ConfirmScreen Button { margin: 0 2 0 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("i", "answer(True)", show=False)]

    def __init__(self, question: str, lang: str) -> None:
        super().__init__(
            None,
            question,
            "question",
            Choice("yes", say(lang, "yes")),
            Choice("no", say(lang, "no")),
        )
        self.lang = lang


class SnapApp(CardTable[SnapAction, SnapObservation]):
    """The game."""

    TITLE = "Snapszli"
    CSS = table_css("board", 27, 25)
    SIDE = "board"
    WHY_SECONDS = 12
    BINDINGS: ClassVar[list[BindingType]] = [
        *card_bindings(6),
        *press_bindings(
            {"e": "exchange", "c": "close-talon", "m": "marriage-", "x": "claim", "n": "next"}
        ),
    ]

    def __init__(self, config: SnapConfig, match: SnapMatch | None = None) -> None:
        bots: dict[int, GamePlayer[SnapObservation, SnapAction]] = {
            BOT: make_snap_player(config.opponent, seed=config.seed * 2 + 1)
        }
        super().__init__(config.lang, config.save, config.bot_delay, bots)
        self.cfg = config
        if match is None:
            names = config.names or (t(config.lang, "you"), say(config.lang, "bot"))
            match = SnapMatch(config.rules, config.seed, config.first_dealer, list(names))
        self.match = match

    @property
    def deal(self) -> SnapDeal:
        return self.match.deal

    @property
    def series(self) -> SnapMatch:
        return self.match

    @property
    def names(self) -> list[str]:
        return self.match.players

    def observe(self) -> SnapObservation:
        return self.deal.observation(HUMAN, show_points=self.cfg.show_points)

    def save_to(self, path: Path) -> None:
        save_match(self.match, path)

    def deal_heading(self) -> Text:
        return self.deal_line()

    def deal_line(self) -> Text:
        n = len(self.match.deals)
        dealer = self.names[self.deal.dealer]
        return Text(f"{t(self.lang, 'deal')} {n} · {t(self.lang, 'dealer')}: {dealer}", "bold")

    def refusal(self, exc: UltiError) -> str:
        if isinstance(exc, SnapIllegal):
            return plain(exc.text(self.lang), self.lang)
        return plain(str(exc), self.lang)

    def log_lines(self, seat: int, action: SnapAction, index: int) -> list[Text | str]:
        """The log's lines for the deal's action number ``index`` (``action``, by ``seat``):
        the action, and who took the trick it completed."""
        d = self.deal
        lang = self.lang
        line = Text(f"{self.names[seat][:10]}: ")
        if action.kind == Kind.PLAY:
            line.append_text(card_text(action.card, lang))
        else:
            line.append(describe(action, lang, d.trump))
        out: list[Text | str] = [line]
        history = d.history[: index + 1]
        plays = sum(1 for _, x in history if x.kind == Kind.PLAY)
        if action.kind == Kind.PLAY and plays % 2 == 0:
            trick = tricks_of(history, d.trump)[-1]
            out.append(Text(f"  → {self.names[trick.winner][:10]}", style="dim"))
        return out

    # -- drawing ----------------------------------------------------------------------------

    def status_text(self, obs: SnapObservation) -> Text:
        """The status line: the deal, the match score, the trump, the dealer."""
        lang = self.lang
        names = self.names
        n = len(self.match.deals)
        status = Text(f" {t(lang, 'deal')} {n} · ")
        status.append(say(lang, "score", **self.score_fields(8)), style="bold")
        status.append(" · ")
        status.append(
            f"{say(lang, 'trump')}: {SUIT_SYMBOLS[obs.trump]} {suit_name(lang, obs.trump)}",
            style=SUIT_STYLE[obs.trump],
        )
        status.append(f" · {t(lang, 'dealer')}: {names[self.deal.dealer][:8]}")
        return status

    def side_text(self, obs: SnapObservation) -> Text:
        return self.board_text(obs)

    def score_fields(self, cut: int | None = None) -> dict[str, object]:
        """The match score's fields for its words (``score``, ``match``): the names (cut to
        ``cut`` letters), their game points and the target."""
        names = [n[:cut] for n in self.names]
        tot = self.match.totals()
        target = self.match.rules.match_points
        return {"a": names[0], "x": tot[0], "b": names[1], "y": tot[1], "target": target}

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
            out.append(f"\n{plain(obs.outcome.text(lang, names), lang)}\n", style="italic")
        return out

    def card_buttons(self, obs: SnapObservation) -> list[CardButton]:
        d = self.deal
        mine = d.current_player == HUMAN and not self.bot_busy
        legal_cards = set(d.legal_cards()) if mine else set()
        return [
            CardButton(c, c in legal_cards, False, mine and c not in legal_cards, self.lang)
            for c in obs.hand
        ]

    def hand_names(self, cards: Sequence[int]) -> Text:
        """The hand's names by suit (``♥ Ace, King``)."""
        lang = "hu" if self.lang == "hu" else "en"
        line = Text()
        for s, cs in by_suit(cards).items():
            line.append(f"{SUIT_SYMBOLS[s]} ", style=SUIT_STYLE[s])
            line.append(", ".join(name(c, lang).split(" ", 1)[1] for c in cs) + "  ")
        return line

    def over_prompt(self) -> Text | str:
        if self.match.is_over():
            return Text(say(self.lang, "match-won", name=self.names[self.match.winner()]), "bold")
        return ""

    def turn_prompt(self, obs: SnapObservation) -> Text:
        lang = self.lang
        if obs.trick:
            return Text(say(lang, "answer", card=name(obs.trick[0], lang)), style="bold")
        if obs.history and obs.history[-1][1].kind == Kind.MARRIAGE:
            return Text(say(lang, "marriage-card"), style="bold")
        return Text(say(lang, "lead"), style="bold")

    def action_buttons(self, obs: SnapObservation) -> list[Button]:
        return [
            Button(
                self.button_label(a, obs.trump),
                id=widget_id(a),
                variant="warning" if a.kind == Kind.CLAIM else "default",
            )
            for a in obs.legal
            if a.kind != Kind.PLAY
        ]

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

    async def card_pressed(self, button: CardButton) -> None:
        if not button.legal:
            why = self.deal.why_illegal(play(button.card))
            if why is not None:
                self.tell_illegal(button.card, why)
            return
        await self.apply(HUMAN, play(button.card))

    async def action_pressed(self, button_id: str) -> None:
        d = self.deal
        for a in d.legal_actions():
            if widget_id(a) == button_id:
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

    # -- the keys and screens ------------------------------------------------------------------

    def keys_text(self) -> str:
        return say(self.lang, "keys")

    def settlement_text(self) -> Text:
        """How the deal ended (its rule), the game points it gave, the points taken, the
        match score, and the match's winner once it is over (Z9-Z12)."""
        d = self.deal
        lang = self.lang
        names = self.names
        end = d.outcome
        assert end is not None
        body = Text(plain(end.text(lang, names), lang) + "\n\n", style="bold")
        gp = "game-point" if end.game_points == 1 else "game-points"
        body.append(say(lang, gp, name=names[end.winner], n=end.game_points) + "\n")
        body.append(
            say(lang, "card-points", a=names[0], x=d.points(0), b=names[1], y=d.points(1)) + "\n\n"
        )
        body.append(say(lang, "match", **self.score_fields()) + "\n")
        if self.match.is_over():
            body.append(
                say(lang, "match-won", name=names[self.match.winner()]) + "\n", style="bold"
            )
        return body

    def settlement_screen(self) -> TextScreen:
        return TextScreen(
            say(self.lang, "deal-over", n=len(self.match.deals)),
            self.settlement_text(),
            t(self.lang, "close"),
        )

    def score_sheet(self) -> ScoreSheet:
        """Each deal, who dealt, how it ended, the game points, the totals."""
        lang = self.lang
        names = self.names
        rows: list[tuple[str, ...]] = []
        run = [0, 0]
        for i, d in enumerate(self.match.deals):
            gp = d.game_points()
            run = [run[0] + gp[0], run[1] + gp[1]]
            end = d.outcome
            how = "…" if end is None else f"{end.rule} +{end.game_points}"
            rows.append((str(i + 1), names[d.dealer], how, str(run[0]), str(run[1])))
        title = t(lang, "score_sheet") + " · " + say(lang, "score", **self.score_fields())
        return ScoreSheet(title, ("#", t(lang, "dealer"), say(lang, "ended"), *names), rows)

    def refusals(self) -> list[str] | None:
        """Why each card of the hand, and the exchange and the closing, may not be taken now
        (the rule book's id with each reason)."""
        d = self.deal
        lang = self.lang
        if d.current_player != HUMAN or d.is_over():
            return None
        lines = []
        for c in self.observe().hand:
            why = d.why_illegal(play(c))
            if why is not None:
                lines.append(why_line(name(c, lang), why, lang))
        for a in (EXCHANGE, CLOSE):
            why = d.why_illegal(a)
            if why is not None:
                lines.append(why_line(describe(a, lang), why, lang))
        return lines

    def advise(self, at: int) -> tuple[SnapAction, str]:
        d = self.deal
        adviser = make_snap_player(self.cfg.hint, seed=at)
        adviser.start(HUMAN, d.rules, len(self.match.deals) - 1)
        obs = d.observation(HUMAN, show_points=self.cfg.show_points)
        return adviser.advise(obs, d.legal_actions(), self.lang)

    def hint_words(self, action: SnapAction) -> str:
        return describe(action, self.lang, self.deal.trump)


def run(config: SnapConfig, resume: bool) -> None:
    missing = text("snap.cli-no-save", config.lang, path=config.save)
    match = saved(config.save, SnapMatch.load, missing) if resume else None
    SnapApp(config, match).run()


__all__ = [
    "BOT",
    "HUMAN",
    "ConfirmScreen",
    "SnapApp",
    "SnapConfig",
    "Trick",
    "backs",
    "run",
    "save_match",
    "say",
    "tricks_of",
    "widget_id",
]
