"""``ulti play``: a session of Ulti against two computer players, in any terminal (80x24 and up),
with mouse and keyboard.

The table is the one frame both games share (:mod:`ulti.tui.frame`); this module holds what is
Ulti's: the auction and its bid list, the talon, trump, kontras, marriages and open hands, the
session's score sheet, and the analysis and teaching mode (:mod:`ulti.tui.analysis`).  The
person sits at seat 0 and sees only seat 0's observation; the computer players sit at seats
1 and 2.  The deal's seats are read through the frame's ``me`` and ``names``, the session's
(every seat of the table) in the status line and the score sheet, so the table of four
(:mod:`ulti.tui.ulti4`) seats the person among the three who play each deal by overriding
them.  Every action is saved as it happens (atomically) to the session file, so an
interrupted session continues with ``ulti play --resume``; finished deals open in
``ulti replay``.

Once a deal is over, ``a`` opens its analysis (:func:`ulti.analysis.ulti.analyze`, computed in a
worker thread): each seat's accuracy, mistakes and units lost, the costliest mistakes
explained, every decision valued, and the soloist's value trick by trick.  Teaching mode
(``PlayConfig.teach``, the key ``e``) asks before a card that the sampling player, from the
person's own observation only (:func:`ulti.analysis.ulti.teach`), expects to lose units.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ulti import i18n
from ulti.analysis.ulti import THRESHOLD, DealAnalysis, TeachWarning, teach
from ulti.core.cards import SUIT_SYMBOLS, code, name, sort_for_display, suit_words
from ulti.games.base import Player as GamePlayer
from ulti.games.ulti.actions import Action, ActionKind, describe, kontra_title
from ulti.games.ulti.bids import KIND_TITLES, KIND_TITLES_HU
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.session import Session, SessionOf
from ulti.players import LEVELS, make_player
from ulti.players.base import Budget
from ulti.tui.analysis import (
    AnalysisScreen,
    TeachScreen,
    amount,
    analysis_text,
    curve_text,
    decision_head,
    decision_text,
    summary_text,
    units,
)
from ulti.tui.frame import (
    CARD_KEYS,
    HUMAN,
    MIN_SIZE,
    SUIT_STYLE,
    TABLE_BINDINGS,
    CardButton,
    CardTable,
    ScoreSheet,
    TextScreen,
    by_suit,
    card_bindings,
    card_text,
    press_bindings,
    saved,
    table_css,
    why_line,
)
from ulti.tui.texts import plain, rank_short, signed, suit_name, t, ta


@dataclass
class PlayConfig:
    lang: str = "en"
    opponents: tuple[str, ...] = ("pimc", "rules")  # seat 1 on: two (three at a table of four)
    rules: Ruleset = field(default_factory=Ruleset)
    deals: int | None = None  # None: the rules' session length
    seed: int = 1
    save: Path | None = None
    names: tuple[str, ...] | None = None  # default: in the table's language
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


class SettlementScreen(TextScreen):
    """A deal's settlement; ``a`` closes it and opens the deal's analysis."""

    BINDINGS: ClassVar = [Binding("a", "analysis", show=False)]

    def action_analysis(self) -> None:
        self.dismiss(None)
        self.app.call_after_refresh(self.app.run_action, "analysis")


def new_session(config: PlayConfig) -> Session:
    """A new session as ``config`` asks: its rules (the session's length rounded down to a
    multiple of three deals, at least three), its seed, and the players' names."""
    rules = config.rules
    if config.deals is not None:
        rules = rules.with_options(
            session_deals=max(3, config.deals - config.deals % 3 if config.deals >= 3 else 3)
        )
    names = config.names or (
        t(config.lang, "you"),
        bot_name(config.opponents[0], 1, config.lang),
        bot_name(config.opponents[1], 2, config.lang),
    )
    return Session(rules, config.seed, 0, list(names))


class UltiApp(CardTable[Action, Observation]):
    """The game."""

    TITLE = "Ulti"
    CSS = table_css("players", 27, 26)
    SIDE = "players"
    BINDINGS: ClassVar = [
        # one key a move: the hand's cards by number, and each kind of action by a letter
        *card_bindings(len(CARD_KEYS)),
        *press_bindings(
            {
                "p": "pass",
                "u": "pickup",
                "l": "lay",
                "b": "bid",
                "c": "claim",
                "k": "kontra-",
                "m": "marriage-",
                "t": "trump-",
            }
        ),
        Binding("a", "analysis", show=False),
        Binding("e", "teaching", show=False),
    ]

    def __init__(self, config: PlayConfig, session: SessionOf[Any] | None = None) -> None:
        super().__init__(config.lang, config.save, config.bot_delay, self.computers(config))
        self.cfg = config
        #: the session: of three here, of four at :class:`ulti.tui.ulti4.Ulti4App`
        self.session: SessionOf[Any] = session if session is not None else new_session(config)
        self.chosen: set[int] = set()  # the cards chosen for the talon
        self.teaching = config.teach
        self.teach_pending = False  # a card being weighed (teaching mode): input waits
        self.analyses: dict[int, DealAnalysis] = {}  # by the deal's index in the session

    def computers(self, config: PlayConfig) -> dict[int, GamePlayer[Observation, Action]]:
        """The computer players by seat."""
        return {
            1: make_player(config.opponents[0], seed=config.seed * 3 + 1),
            2: make_player(config.opponents[1], seed=config.seed * 3 + 2),
        }

    @property
    def deal(self) -> Deal:
        """The three-handed deal in progress (the session's own deal at a table of three)."""
        return cast(Deal, self.session.deal)

    @property
    def series(self) -> SessionOf[Any]:
        return self.session

    def save_to(self, path: Path) -> None:
        self.session.save(path)

    def moved(self) -> None:
        self.chosen.clear()

    def log_lines(self, seat: int, action: Action, index: int) -> list[Text | str]:
        return [self.log_text(seat, action, index)]

    def log_text(self, seat: int, a: Action, index: int) -> str:
        """The log's line for the deal's action number ``index``."""
        who = self.names[seat]
        history = self.deal.history
        if a.kind == ActionKind.PASS and any(x.kind == ActionKind.PLAY for _, x in history[:index]):
            text = f"{who}: {t(self.lang, 'no_more_kontra')}"  # K1: an answer declined
        elif a.kind in (ActionKind.PICKUP, ActionKind.CLAIM):
            # what a seat did, not the button's first person ("Felveszem a talont")
            key = "log_pickup" if a.kind == ActionKind.PICKUP else "log_claim"
            text = f"{who}: {t(self.lang, key + ('_you' if self.is_you(seat) else ''))}"
        elif a.kind == ActionKind.DISCARD and seat != self.me and not self.deal.is_over():
            text = f"{who}: {t(self.lang, 'lays_talon')}"
        elif a.kind == ActionKind.DISCARD:
            cards = " ".join(name(c, "hu" if self.lang == "hu" else "symbol") for c in a.cards)
            key = "log_lays_you" if self.is_you(seat) else "log_lays"
            text = f"{who}: {t(self.lang, key, cards=cards)}"
        elif a.kind == ActionKind.MARRIAGE:
            points = 40 if a.suit == self.deal.trump else 20
            key = "log_marriage_you" if self.is_you(seat) else "log_marriage"
            text = f"{who}: {t(self.lang, key, points=points, suit=suit_words(a.suit, self.lang))}"
        elif a.kind == ActionKind.BID:
            b = self.deal.ladder[a.bid]
            text = f"{who}: {b.title_hu if self.lang == 'hu' else b.title}"
        elif a.kind == ActionKind.PLAY:
            text = f"{who}: {name(a.card, 'hu' if self.lang == 'hu' else 'symbol')}"
        elif a.kind == ActionKind.TRUMP:
            text = f"{who}: {describe(a, self.lang, trump=-1, ladder=self.deal.ladder)}"
        else:
            text = f"{who}: {action_label(a, self.lang, self.deal)}"
        return plain(text, self.lang)

    def is_you(self, seat: int) -> bool:
        """Whether the log speaks to ``seat`` (the person, named "You"/"Te"): "Te felveszed",
        not "Te felveszi"."""
        return seat == self.me and self.names[seat] == t(self.lang, "you")

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

    def status_text(self, obs: Observation) -> Text:
        """The status line: deal, dealer, the contract and its trump, the totals."""
        d = self.deal
        lang = self.lang
        names = self.names
        n = len(self.session.deals)
        # what must stay in view at 80 columns comes first: the deal, the totals, the trump
        status = Text(
            f" {t(lang, 'deal')} {n}/{self.session.planned_deals} · "
            + " ".join(
                f"{who[:8]} {signed(v, lang)}"
                for who, v in zip(self.session.players, self.session.totals, strict=True)
            )
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
        dealer = self.session.players[self.session.deal.dealer]  # the session's seat
        status.append(f" · {t(lang, 'dealer')}: {dealer[:8]}")
        return status

    def side_text(self, obs: Observation) -> Text:
        return self.players_text(obs)

    def players_text(self, obs: Observation) -> Text:
        """Each seat's cards and role, the kontras, marriages, the talon and open hands."""
        lang = self.lang
        names = self.names
        out = Text()
        for seat in range(3):
            role = ""
            if obs.soloist >= 0:
                role = t(lang, "soloist") if seat == obs.soloist else t(lang, "defender_seat")
            turn = " ◀" if obs.current_player == seat else ""
            out.append(f"{names[seat][:10]}", style="bold" if seat == self.me else "")
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

    def table_text(self, obs: Observation) -> Text:
        lang = self.lang
        names = self.names
        out = Text()
        if obs.soloist < 0:  # the auction: its course
            out.append(f"{t(lang, 'auction')}\n", style="bold")
            for seat, kind, act in obs.history[-9:]:
                if act is None or kind == ActionKind.DISCARD:  # a discard: cards shown only
                    text = (
                        "▭▭"
                        if act is None or seat != self.me
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

    def card_buttons(self, obs: Observation) -> list[CardButton]:
        d = self.deal
        playing = d.current_player == self.me and d.phase == Phase.PLAY
        legal_cards = set(d.legal_cards()) if playing else set()
        discard = d.current_player == self.me and d.phase == Phase.DISCARD
        mask = sum(1 << c for c in obs.hand)
        order = sort_for_display(
            mask, obs.trump if obs.trump >= 0 else None, obs.trump < 0 and obs.contract is not None
        )
        return [
            CardButton(
                c,
                c in legal_cards or discard,
                c in self.chosen,
                playing and c not in legal_cards,
                self.lang,
            )
            for c in order
        ]

    def hand_names(self, cards: Sequence[int]) -> Text:
        """The hand's names by suit, in the table's language."""
        line = Text()
        for s, cs in by_suit(cards).items():
            line.append(f"{SUIT_SYMBOLS[s]} {suit_name(self.lang, s)}: ", style=SUIT_STYLE[s])
            line.append(" ".join(rank_short(self.lang, c & 7) for c in cs) + "  ")
        return line

    def turn_prompt(self, obs: Observation) -> Text:
        lang = self.lang
        phase = self.deal.phase
        if phase == Phase.DISCARD:
            words = t(lang, "choose_two")
        elif phase == Phase.BID:
            words = t(lang, "choose_bid")
        elif phase == Phase.TRUMP:
            words = t(lang, "choose_trump")
        elif phase == Phase.KONTRA:
            words = t(lang, "kontra_answer")
        else:
            words = t(lang, "your_turn")
        return Text(words, style="bold")

    def action_buttons(self, obs: Observation) -> list[Button]:
        """Laying the talon, the bid list, then a button for each other legal action."""
        d = self.deal
        lang = self.lang
        legal = d.legal_actions()
        buttons: list[Button] = []
        if d.phase == Phase.DISCARD:
            buttons.append(
                Button(t(lang, "lay"), id="lay", variant="primary", disabled=len(self.chosen) != 2)
            )
        if d.phase == Phase.BID or any(a.kind == ActionKind.BID for a in legal):
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
        return buttons

    # -- input ------------------------------------------------------------------------------

    def may_act(self) -> bool:
        # a key for a card while teaching mode weighs one, or asks about it, waits
        return (
            super().may_act()
            and not self.teach_pending
            and not isinstance(self.screen, TeachScreen)
        )

    async def card_pressed(self, button: CardButton) -> None:
        """A card for the talon (chosen or unchosen), or a card to play."""
        d = self.deal
        if d.phase == Phase.DISCARD:
            if button.card in self.chosen:
                self.chosen.discard(button.card)
            elif len(self.chosen) < 2:
                self.chosen.add(button.card)
            await self.show()
        elif d.phase == Phase.PLAY:
            if not button.legal:
                why = d.why_illegal(button.card)
                assert why is not None
                self.tell_illegal(button.card, why)
            elif self.teaching and len(d.legal_cards()) > 1:
                self.weigh_card(button.card)
            else:
                await self.play_card(button.card)

    async def action_pressed(self, button_id: str) -> None:
        legal = self.deal.legal_actions()
        if button_id == "lay":
            if len(self.chosen) == 2:
                pair = tuple(sorted(self.chosen))
                await self.apply(
                    self.me,
                    next(x for x in legal if x.kind == ActionKind.DISCARD and x.cards == pair),
                )
            return
        if button_id == "bid":
            self.choose_bid()
            return
        for a in legal:
            if widget_id(a) == button_id:
                await self.apply(self.me, a)
                return

    def choose_bid(self) -> None:
        d = self.deal
        bids = [a for a in d.legal_actions() if a.kind == ActionKind.BID]
        options = []
        for a in bids:
            b = d.ladder[a.bid]
            title = b.title_hu if self.lang == "hu" else b.title  # the player's own language
            label = f"{b.rank:>2} · {title} · {ta(self.lang, 'units', n=b.value)}"
            options.append((str(a), label))

        async def chosen(text: str | None) -> None:
            if text is not None:
                act = next(a for a in bids if str(a) == text)
                await self.apply(self.me, act)

        self.push_screen(BidScreen(options, t(self.lang, "choose_bid")), chosen)

    # -- the keys and screens ------------------------------------------------------------------

    def keys_text(self) -> str:
        return t(self.lang, "keys_body") + "\n" + ta(self.lang, "tui-keys")

    def settlement_screen(self) -> SettlementScreen:
        d = self.deal
        assert d.settlement is not None
        assert d.outcome is not None
        body = Text(plain(d.outcome.text(self.lang), self.lang) + "\n\n")
        explained = d.settlement.explain(tuple(self.names), self.lang)  # type: ignore[arg-type]
        body.append(plain(explained, self.lang))
        return SettlementScreen(t(self.lang, "settlement"), body, t(self.lang, "close"))

    def score_sheet(self) -> ScoreSheet:
        names = self.session.players
        rows = [
            (str(no), names[dealer], contract, *(signed(v, self.lang) for v in run))
            for no, dealer, contract, _res, run in self.session.score_sheet(self.lang)
        ]
        money = self.session.money()
        title = (
            t(self.lang, "score_sheet")
            + " · "
            + ", ".join(
                f"{who} {signed(v, self.lang)} Ft" for who, v in zip(names, money, strict=True)
            )
        )
        if self.session.is_over():
            title += f" · {t(self.lang, 'winner')}: " + ", ".join(
                names[i] for i in self.session.winners()
            )
        heads = ("#", t(self.lang, "dealer"), t(self.lang, "contract"), *names)
        return ScoreSheet(title, heads, rows)

    def refusals(self) -> list[str] | None:
        """Why each card of the hand may not be played now (in card play only)."""
        d = self.deal
        if d.current_player != self.me or d.phase != Phase.PLAY:
            return None
        legal = set(d.legal_cards())
        lines = []
        for c in sorted(set(d.observation(self.me).hand) - legal):
            why = d.why_illegal(c)
            assert why is not None
            lines.append(why_line(name(c, self.lang), why, self.lang))
        return lines

    def advise(self, at: int) -> tuple[Action, str]:
        d = self.deal
        adviser = make_player(self.cfg.hint, seed=at)
        adviser.start(self.me, d.rules, len(self.session.deals))
        obs = d.observation(self.me)
        legal = d.legal_actions()
        if hasattr(adviser, "advise"):
            action, why = adviser.advise(obs, legal, self.lang)
            return action, why
        return adviser.act(obs, legal), ""

    def hint_words(self, action: Action) -> str:
        return action_label(action, self.lang, self.deal)

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
                tuple(self.names),
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
        self.check_card(len(d.history), d.observation(self.me), d.rules, c)

    @work(thread=True, exclusive=True, group="teach")
    def check_card(self, at: int, obs: Observation, rules: Ruleset, c: int) -> None:
        try:
            warning = self.teach_warning(obs, rules, c)
        except Exception as exc:  # the card is played all the same; the reason is told
            self.call_from_thread(self.notify, str(exc), severity="warning")
            warning = None
        self.call_later(self.card_weighed, at, c, warning)  # in the app's message queue

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
            and d.current_player == self.me
            and d.phase == Phase.PLAY
            and c in d.legal_cards()
        )

    async def play_card(self, c: int) -> None:
        legal = self.deal.legal_actions()
        await self.apply(
            self.me, next(a for a in legal if a.kind == ActionKind.PLAY and a.card == c)
        )

    def focus_card(self, c: int) -> None:
        """Back to the hand, on the card that was chosen."""
        for button in self.screen_stack[0].query(CardButton):
            if button.card == c:
                button.focus()
                return


def run(config: PlayConfig, resume: bool) -> None:
    missing = i18n.text("play.no-save", config.lang, path=config.save)
    session = saved(config.save, Session.load, missing) if resume else None
    UltiApp(config, session).run()


#: With the frame's names the Ulti table held before the frame (``ulti.tui.app``, a moved path
#: that still imports, reads them here).
__all__ = [
    "CARD_KEYS",
    "HUMAN",
    "MIN_SIZE",
    "SUIT_STYLE",
    "TABLE_BINDINGS",
    "AnalysisScreen",
    "BidScreen",
    "CardButton",
    "CardTable",
    "PlayConfig",
    "SettlementScreen",
    "TeachScreen",
    "TextScreen",
    "UltiApp",
    "action_label",
    "amount",
    "analysis_text",
    "bot_name",
    "card_text",
    "curve_text",
    "decision_head",
    "decision_text",
    "new_session",
    "run",
    "summary_text",
    "table_css",
    "units",
    "widget_id",
]
