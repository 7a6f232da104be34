"""``ulti solve``: a card-play position solved double dummy (:mod:`ulti.search.ulti.solver`), given
in the notation (:mod:`ulti.search.ulti.notation`) or taken from a game record at a move; each legal
card with its outcome under best play, and the position printed in the notation to solve it again,
edited."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from ulti import i18n
from ulti.cli import console
from ulti.cli.common import (
    PresetOpt,
    RulesOpt,
    _fail,
    _lang,
    _lang_option,
    _read_json,
    _ruleset,
    _words,
)
from ulti.core.cards import SUIT_NAMES_EN, SUIT_NAMES_HU, name_hu
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.record import RecordError, card_text, from_record, players_of, seat_names
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.scoring import SILENT_BASE
from ulti.games.ulti.session import Session
from ulti.search.ulti.notation import (
    NotationError,
    deal_position_text,
    read_position,
    write_position,
)
from ulti.search.ulti.solver import ITEM_OBJECTIVE, Position, Solution, move_objectives
from ulti.search.ulti.solver import solve as solve_double_dummy

app = typer.Typer(add_completion=False)


@app.command()
def solve(
    position: Annotated[
        str | None,
        typer.Argument(
            help="A position: 'bid=...; trump=...; soloist=...; hands=... / ... / ...' "
            "(see the README)."
        ),
    ] = None,
    record: Annotated[
        Path | None, typer.Option(help="A game record to take the position from.")
    ] = None,
    move: Annotated[
        int | None,
        typer.Option(
            help="With --record: the position after this many actions (default: the first card)."
        ),
    ] = None,
    deal_no: Annotated[
        int | None,
        typer.Option(
            "--deal",
            help="With a session's record: which deal (1, 2, ...; default: the first "
            "one that reached card play).",
        ),
    ] = None,
    preset: PresetOpt = None,
    rules_file: RulesOpt = None,
    lang: Annotated[str, _lang_option("the answer and the errors")] = "en",
) -> None:
    """Solve a position double dummy: each legal card with its outcome under best play.

    The position solved is printed in the notation, to solve it again, edited."""
    lang = _lang(lang)
    rs = _ruleset(preset, rules_file, lang)
    pos, text, names = _position(position, record, move, deal_no, rs, lang)
    _print_contract(pos, text, names, lang)
    sol = solve_double_dummy(pos)
    kinds = [ITEM_OBJECTIVE[item] for item, _ in pos.items]
    called = {name: _objective(item, lang) for item, name in ITEM_OBJECTIVE.items()}
    _print_objectives(pos, sol, kinds, called, lang)
    _print_moves(
        pos, sol, [k for k in kinds if k in sol.objectives], called, names[pos.player], lang
    )
    console.print(_text(lang, "best"), markup=False, highlight=False)


def _text(lang: str, key: str, **fields: object) -> str:
    """The command's words, from the catalogue's ``cli.solve-*`` keys."""
    return i18n.text(f"cli.solve-{key}", lang, **fields)


def _position(
    position: str | None,
    record: Path | None,
    move: int | None,
    deal_no: int | None,
    rs: Ruleset,
    lang: str,
) -> tuple[Position, str, list[str]]:
    """The position to solve, in the notation, and the seats' names: from ``record`` (at
    ``move``, of the session's deal ``deal_no``) or the notation ``position``; one line and
    exit 2 when there is none, or it cannot be read."""
    try:
        if record is not None:
            return _record_position(_read_json(record, lang), move, deal_no, lang)
        if position is not None:
            pos, _ = read_position(position, rs)
            return pos, write_position(pos, rs), seat_names(None, lang)
        raise NotationError(_text(lang, "nothing"))
    except (NotationError, RecordError, ValueError) as exc:
        _fail(lang, _words(exc, lang))
        raise typer.Exit(2) from None


def _record_position(
    rec: Any, move: int | None, deal_no: int | None, lang: str
) -> tuple[Position, str, list[str]]:
    """The position of a deal's or a session's record after ``move`` actions (default: before
    the first card), its notation and the seats' names (NotationError: no such position)."""
    if isinstance(rec, dict) and rec.get("format") == "ulti-session":
        session = Session.from_record(rec)
        names = seat_names(list(session.players), lang)
        full = _session_deal(session, deal_no, lang)
    else:
        names = seat_names(players_of(rec), lang)
        full = from_record(rec)
    d = Deal(full.rules, full.seed, full.dealer, full.deck if full.custom_deck else None)
    n = (
        move
        if move is not None
        else next(
            (i for i, (_, a) in enumerate(full.history) if a.kind == ActionKind.PLAY),
            len(full.history),
        )
    )
    if not 0 <= n <= len(full.history):
        raise NotationError(_text(lang, "move-range", n=len(full.history)))
    for _, a in full.history[:n]:
        d.apply(a)
    if d.phase not in (Phase.PLAY, Phase.KONTRA) or d.contract is None:
        raise NotationError(_text(lang, "not-play"))
    return Position.from_deal(d), deal_position_text(d), names


def _session_deal(session: Session, deal_no: int | None, lang: str) -> Deal:
    """The session's deal ``deal_no`` (from 1; default: the first that reached card play)."""
    if deal_no is None:
        played = [
            i
            for i, x in enumerate(session.deals)
            if x.tricks_played or any(a.kind == ActionKind.PLAY for _, a in x.history)
        ]
        if not played:
            raise NotationError(_text(lang, "no-play"))
        return session.deals[played[0]]
    if 1 <= deal_no <= len(session.deals):
        return session.deals[deal_no - 1]
    raise NotationError(_text(lang, "deal-range", n=len(session.deals)))


def _print_contract(pos: Position, text: str, names: list[str], lang: str) -> None:
    """The contract, trump, soloist, the seat to play and the tricks played; the position."""
    c = pos.contract
    assert c is not None
    hu = lang == "hu"
    if pos.trump < 0:
        trump = _text(lang, "no-trump")
    elif hu:
        trump = _text(lang, "trump", suit=SUIT_NAMES_HU[pos.trump])
    else:
        trump = _text(
            lang, "trump", suit=f"{SUIT_NAMES_EN[pos.trump]} ({SUIT_NAMES_HU[pos.trump]})"
        )
    console.print(
        _text(
            lang,
            "contract",
            contract=c.title_hu if hu else f"{c.title} / {c.title_hu}",
            trump=trump,
            soloist=names[pos.soloist],
            player=names[pos.player],
            tricks=pos.tricks,
        ),
        highlight=False,
        markup=False,
    )
    console.print(_text(lang, "position", text=text), markup=False, highlight=False, soft_wrap=True)


def _objective(item: int, lang: str) -> str:
    """An objective as ``lang`` names it: the solver's name in English, the contract's
    component or silent bonus in Hungarian."""
    if lang != "hu":
        return ITEM_OBJECTIVE[item]
    if item >= SILENT_BASE:
        return i18n.text(f"silent.{item - SILENT_BASE}", lang)
    return i18n.text(f"kind.{item}", lang)


def _print_objectives(
    pos: Position, sol: Solution, kinds: list[str], called: dict[str, str], lang: str
) -> None:
    """Each objective, whether the contract has it and whether it is made against best
    defence; the soloist's trick points and the settlement under best play."""
    yes, no = _text(lang, "yes"), _text(lang, "no")
    t = Table(title=_text(lang, "objectives"), title_justify="left")
    t.add_column(_text(lang, "col-objective"))
    t.add_column(_text(lang, "col-in-contract"))
    t.add_column(_text(lang, "col-made"))
    for name, made in sol.objectives.items():
        t.add_row(called.get(name, name), yes if name in kinds else "", yes if made else no)
    console.print(t)
    if not pos.no_trump:
        console.print(_text(lang, "points", points=sol.points))
    console.print(_text(lang, "settlement", value=sol.value))


def _print_moves(
    pos: Position,
    sol: Solution,
    shown: list[str],
    called: dict[str, str],
    player: str,
    lang: str,
) -> None:
    """Each legal card of the seat to play (``player``): its value under best play (the best
    marked), the trick points, and which of the contract's objectives it still makes."""
    yes, no = _text(lang, "yes"), _text(lang, "no")
    per = move_objectives(pos, tuple(shown))
    mt = Table(title=escape(_text(lang, "cards", player=player)), title_justify="left")
    mt.add_column(_text(lang, "col-card"))
    mt.add_column(i18n.text("web.name", "hu").lower())  # the card's Hungarian name
    mt.add_column(_text(lang, "col-value"), justify="right")
    if not pos.no_trump:
        mt.add_column(_text(lang, "col-points"), justify="right")
    for k in shown:
        mt.add_column(called.get(k, k))
    best = (
        max(m.value or 0 for m in sol.moves)
        if pos.player == pos.soloist
        else min(m.value or 0 for m in sol.moves)
    )
    for m in sol.moves:
        row = [
            card_text(m.card, lang),
            name_hu(m.card),
            f"{m.value:+d}" + (" *" if m.value == best else ""),
        ]
        if not pos.no_trump:
            row.append(str(m.points))
        row += [yes if per[m.card][k] else no for k in shown]
        mt.add_row(*row)
    console.print(mt)
