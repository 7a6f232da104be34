"""``ulti replay FILE``: a game record printed as text, an Ulti deal or session (hands, auction,
tricks, settlement, the score sheet) or a Snapszli deal or match."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ulti import i18n
from ulti.cli import console
from ulti.cli.common import (
    _fail,
    _game,
    _lang,
    _lang_option,
    _print_sheet,
    _read_json,
    _snap,
    _words,
)
from ulti.games.snapszli import MATCH_FORMAT as SNAP_MATCH_FORMAT
from ulti.games.snapszli import SnapMatch
from ulti.games.snapszli import from_record as snap_from_record
from ulti.games.snapszli import render as snap_render
from ulti.games.ulti.record import RecordError, from_record, players_of, render
from ulti.games.ulti.session import Session

app = typer.Typer(add_completion=False)


@app.command()
def replay(
    file: Path,
    lang: Annotated[str, _lang_option("the account, the score sheet and the errors")] = "en",
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help="The game the record must be of: ulti or snapszli (default: read from it).",
        ),
    ] = None,
) -> None:
    """Print a game record (a deal or a whole session): hands, auction, tricks, settlement.
    Snapszli deals and matches are read too."""
    lang = _lang(lang)
    wanted = None if game is None else _game(game, lang)
    rec = _read_json(file, lang)
    is_snap = isinstance(rec, dict) and str(rec.get("format", "")).startswith("ulti-snapszli")
    if wanted is not None and wanted != ("snapszli" if is_snap else "ulti"):
        _fail(lang, _snap(lang, "cli-replay-other-game", file=file, game=wanted))
        raise typer.Exit(2)
    if is_snap:
        assert isinstance(rec, dict)
        _replay_snapszli(file, rec, lang)
        return
    try:
        if isinstance(rec, dict) and rec.get("format") == "ulti-session":
            s = Session.from_record(rec)
            for i, d in enumerate(s.deals):
                console.rule(i18n.text("cli.replay-deal", lang, n=i + 1))
                console.print(render(d, s.players, lang), highlight=False)
            _print_sheet(s, lang)
        else:
            d = from_record(rec)
            console.print(render(d, players_of(rec), lang), highlight=False)
    except RecordError as exc:
        _fail(lang, f"{file}: {exc.text(lang)}")
        raise typer.Exit(2) from None


def _replay_snapszli(file: Path, rec: dict[str, object], lang: str) -> None:
    """A Snapszli deal record or match, deal by deal (:func:`ulti.games.snapszli.render`)."""
    try:
        if rec.get("format") == SNAP_MATCH_FORMAT:
            _replay_match(SnapMatch.from_record(rec), lang)
            return
        d = snap_from_record(rec)
        players = rec.get("players")
        names = (
            [str(x) for x in players]
            if isinstance(players, list) and len(players) == 2
            else ["0", "1"]
        )
        console.print(escape(snap_render(d, names, lang)), highlight=False)
    except (ValueError, TypeError, AttributeError, IndexError) as exc:  # UltiError: ValueError
        _fail(lang, f"{file}: {_words(exc, lang)}")
        raise typer.Exit(2) from None


def _replay_match(m: SnapMatch, lang: str) -> None:
    """A Snapszli match: each deal, then the match's points and its winner once it is over."""
    for i, d in enumerate(m.deals):
        console.rule(_snap(lang, "cli-replay-deal", n=i + 1))
        console.print(escape(snap_render(d, m.players, lang)), highlight=False)
    tot = m.totals()
    console.print(
        _snap(
            lang,
            "tui-match",
            a=m.players[0],
            x=tot[0],
            b=m.players[1],
            y=tot[1],
            target=m.rules.match_points,
        ),
        highlight=False,
        markup=False,
    )
    if m.is_over():
        console.print(
            _snap(lang, "tui-match-won", name=m.players[m.winner()]),
            highlight=False,
            markup=False,
        )
