"""What the commands of ``ulti`` share: the console, the options several take (--game,
--preset, --rules, --lang), the language check, their words (the catalogue's ``play`` and
``snap`` sections), the one-line errors, the rules from --preset or --rules FILE, the checks of
a file before any work, the progress bar, the players' specs and a session's score sheet.

The names keep their leading underscore: they are the command line's own, no API of ulti (and
the catalogue's tests find the keys a command asks for by its ``_say(`` and ``_snap(`` calls).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ulti import i18n
from ulti.cli import console
from ulti.core.errors import CatalogueError
from ulti.games.snapszli import SnapRules, SnapRulesError
from ulti.games.ulti.deal import IllegalAction
from ulti.games.ulti.record import seat_names
from ulti.games.ulti.rules import Ruleset, RulesetError
from ulti.games.ulti.session import Session
from ulti.players import make_player

PresetOpt = Annotated[str | None, typer.Option("--preset", "-p", help="A named rules preset.")]
RulesOpt = Annotated[Path | None, typer.Option("--rules", "-r", help="A rules TOML file.")]
GameOpt = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        help="The game: ulti, or snapszli (the two-player Schnapsen, docs/SNAPSZLI.md).",
    ),
]


def _lang_option(what: str) -> Any:
    """The --lang option of a command, en or hu (checked by :func:`_lang`), for ``what`` it
    speaks in (the help says)."""
    return typer.Option(help=f"Language of {what}: en or hu.")


LangOpt = Annotated[str, _lang_option("the command's words")]
GAMES = ("ulti", "snapszli")


def _say(lang: str, key: str, **fields: object) -> str:
    """What ``ulti play`` says, from the catalogue's ``play`` section (:mod:`ulti.i18n`)."""
    return i18n.text(f"play.{key}", lang, **fields)


def _snap(lang: str, key: str, **fields: object) -> str:
    """Snapszli's words on the command line (the catalogue's ``snap`` section)."""
    return i18n.text(f"snap.{key}", lang, **fields)


def _fail(lang: str, message: str) -> None:
    """One line on the console, in the player's language (markup in it shown as it is)."""
    console.print(f"[red]{'hiba' if lang == 'hu' else 'error'}:[/red] {escape(message)}")


def _user_fail(lang: str, message: str, code: int = 1) -> NoReturn:
    """One line, however long (never wrapped), and exit ``code``: a mistake of the command's
    user."""
    console.print(
        f"[red]{'hiba' if lang == 'hu' else 'error'}:[/red] {escape(message)}", soft_wrap=True
    )
    raise typer.Exit(code)


def _lang(lang: str) -> str:
    """The language asked for by --lang, en or hu (another: one line in English, exit 2)."""
    if lang not in ("en", "hu"):
        _fail("en", _say("en", "lang"))
        raise typer.Exit(2)
    return lang


def _words(exc: Exception, lang: str) -> str:
    """An error's words in ``lang``: a catalogue error's own (:class:`CatalogueError`), an
    illegal action's reason (its rule and words), any other's as it says them."""
    if isinstance(exc, CatalogueError):
        return exc.text(lang)
    if isinstance(exc, IllegalAction):
        return f"{exc.reason.rule}: {exc.reason.text(lang)}"
    return str(exc)


def _game(game: str, lang: str = "en") -> str:
    """The game named by --game (exit 2 naming the choices otherwise)."""
    g = game.strip().lower()
    if g not in GAMES:
        _fail(lang, _snap(lang, "cli-game", game=game))
        raise typer.Exit(2)
    return g


def _ruleset(preset: str | None, rules_file: Path | None, lang: str = "en") -> Ruleset:
    """Ulti's rules from --preset or --rules FILE (exit 2 saying what is wrong with them)."""
    try:
        if rules_file is not None:
            rs = Ruleset.from_toml(rules_file)
            if preset is not None and preset != rs.preset:
                raise RulesetError("preset-and-file")
            return rs
        return Ruleset.from_preset("standard" if preset is None else preset)
    except RulesetError as exc:
        _fail(lang, _say(lang, "rules", why=exc.text(lang)))
        raise typer.Exit(2) from None
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or exc
        words = i18n.text("cli.cannot-read", lang, file=rules_file, why=why)
        _fail(lang, _say(lang, "rules", why=words))
        raise typer.Exit(2) from None


def _snap_rules(preset: str | None, rules_file: Path | None, lang: str = "en") -> SnapRules:
    """Snapszli's rules from --preset or --rules FILE (exit 2 naming the ZV option)."""
    try:
        if rules_file is not None:
            rs = SnapRules.from_toml(rules_file)
            if preset is not None and preset != rs.preset:
                raise SnapRulesError(code="preset-and-file")
            return rs
        return SnapRules.from_preset("standard" if preset is None else preset)
    except SnapRulesError as exc:
        _fail(lang, _say(lang, "rules", why=exc.text(lang)))
        raise typer.Exit(2) from None


def _read_json(file: Path, lang: str, unreadable: Callable[[OSError], str] | None = None) -> Any:
    """The JSON value in ``file`` (a game record, of any shape: the caller checks it); one line
    and exit 2 when the file cannot be read (said by ``unreadable``, else as "cannot read FILE:
    WHY"), is no UTF-8 or no JSON."""
    try:
        value = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        if unreadable is None:
            _fail(lang, i18n.text("cli.cannot-read", lang, file=file, why=exc.strerror))
        else:
            _fail(lang, unreadable(exc))
        raise typer.Exit(2) from None
    except UnicodeDecodeError:
        _fail(lang, _say(lang, "not-utf8", file=file))
        raise typer.Exit(2) from None
    except json.JSONDecodeError as exc:
        _fail(lang, _say(lang, "not-json", file=file, why=exc))
        raise typer.Exit(2) from None
    return value


def _writable(path: Path, lang: str = "en") -> str | None:
    """Why a session cannot be saved at ``path`` (None: it can), checked before play starts,
    without touching a file already there."""
    if path.is_dir():
        return _say(lang, "is-folder")
    parent = path.parent
    if not parent.is_dir():
        return _say(lang, "no-folder", folder=parent)
    probe = parent / f".{path.name}.probe"
    try:
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def _check_output(path: Path | None, lang: str = "en") -> None:
    """Refuse, before any work, an output file that could not be written."""
    if path is None:
        return
    why = _writable(path, lang)
    if why is not None:
        _fail(lang, i18n.text("cli.cannot-write", lang, path=path, why=why))
        raise typer.Exit(2)


def _player_specs(
    text: str, lang: str = "en", make: Callable[[str], object] = make_player
) -> list[str]:
    """Comma-separated player specs, each checked by ``make`` (Ulti's :func:`make_player`
    unless told otherwise; an unknown player or budget: exit 2)."""
    specs = [x.strip() for x in text.split(",") if x.strip()]
    try:
        for spec in specs:
            make(spec)
    except ValueError as exc:
        _fail(lang, _words(exc, lang))
        raise typer.Exit(2) from None
    return specs


def _progress(transient: bool = False) -> Progress:
    """The one progress bar of the long commands: what it counts, a bar, done of all, the
    time left (rich's :class:`~rich.progress.Progress`, on this module's console)."""
    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=transient,
    )


def _print_sheet(s: Session, lang: str = "en") -> None:
    """A session's score sheet, totals and winner in ``lang`` (the catalogue's ``cli``)."""

    def say(key: str, **fields: object) -> str:
        return i18n.text(f"cli.{key}", lang, **fields)

    names = seat_names(s.players, lang)
    t = Table(title=say("sheet-title"), title_justify="left")
    t.add_column(say("sheet-deal"), justify="right")
    t.add_column(say("sheet-dealer"))
    t.add_column(say("sheet-contract"))
    for name in names:
        t.add_column(escape(name), justify="right")
    for no, dealer, contract, _res, run in s.score_sheet(lang):
        t.add_row(str(no), escape(names[dealer]), contract, *(f"{v:+d}" for v in run))
    console.print(t)
    money = s.money()
    totals = ", ".join(
        say("total", name=names[i], units=s.totals[i], forints=money[i]) for i in range(3)
    )
    console.print(say("totals", totals=totals), markup=False)
    if s.is_over():
        winners = say("and").join(names[i] for i in s.winners())
        console.print(say("winner", names=winners), markup=False)
