"""``ulti play``: a session of Ulti against two computer players in the terminal
(:mod:`ulti.tui.ulti`), with --players 4 a session of four against three, the dealer sitting out
each deal (:mod:`ulti.tui.ulti4`), or with --game snapszli a Snapszli match against one
(:mod:`ulti.tui.snapszli`); the game saved as it goes and never overwritten without asking."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import platformdirs
import typer
from rich.markup import escape

import ulti.tui.snapszli
import ulti.tui.ulti  # run() is looked up as the command calls it (tests stand in for it)
import ulti.tui.ulti4
from ulti import i18n
from ulti.cli import console
from ulti.cli.common import (
    GameOpt,
    PresetOpt,
    RulesOpt,
    _fail,
    _game,
    _lang,
    _lang_option,
    _player_specs,
    _ruleset,
    _say,
    _snap,
    _snap_rules,
    _user_fail,
    _words,
    _writable,
)
from ulti.games.snapszli import SnapMatch
from ulti.games.ulti.record import RecordError
from ulti.games.ulti.session import Session
from ulti.games.ulti4 import Session4
from ulti.players import LEVELS
from ulti.players.snapszli import PLAY_SPEC, make_snap_player
from ulti.tui.snapszli import SnapConfig
from ulti.tui.ulti import PlayConfig

app = typer.Typer(add_completion=False)


@app.command()
def play(
    lang: Annotated[str, _lang_option("the table")] = "en",
    game: GameOpt = "ulti",
    opponents: Annotated[
        str | None,
        typer.Option(
            help="Ulti: the two computer players (three with --players 4), comma separated, "
            "each with an optional budget (default pimc,rules; pimc,rules,rules for four)."
        ),
    ] = None,
    opponent: Annotated[
        str | None,
        typer.Option(
            help="Snapszli: the computer player, random, rules or pimc, with an optional "
            "budget (default pimc)."
        ),
    ] = None,
    show_points: Annotated[
        bool,
        typer.Option(
            help="Snapszli: show your own points as you play (a learner's option, Z13); "
            "never the opponent's."
        ),
    ] = False,
    deals: Annotated[
        int | None,
        typer.Option(
            help="Deals in the session (default: the rules', 24; for four a multiple of 4, 24)."
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the session (default: a new random one).", min=0, max=2**63),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="The session file (default: in your data folder).")
    ] = None,
    resume: Annotated[bool, typer.Option(help="Continue the saved session.")] = False,
    new: Annotated[
        bool, typer.Option(help="Start a new session; a saved one is kept as a backup.")
    ] = False,
    preset: PresetOpt = None,
    rules_file: RulesOpt = None,
    teach: Annotated[
        bool,
        typer.Option(
            help="Ulti: teaching mode: before a card that loses units by the computer's "
            "judgement of your own cards, ask and say why (the key e toggles it)."
        ),
    ] = False,
    level: Annotated[
        str | None,
        typer.Option(
            help="Ulti: both computer players at one strength: easy (rules of thumb), club "
            "(a short search) or expert (a long one)."
        ),
    ] = None,
    players: Annotated[
        int,
        typer.Option(
            "--players",
            help="Ulti: 3, or 4 (you and three computer players; each deal the dealer deals "
            "to the other three and sits out).",
        ),
    ] = 3,
) -> None:
    """Play a session of Ulti against two computer players in the terminal, or (--game
    snapszli) a Snapszli match to 7 against one; with --players 4, a session of four against
    three, the dealer sitting out each deal.  A saved game is never overwritten without
    asking: continue it (--resume) or start anew (--new), which keeps it as a backup."""
    lang = _lang(lang)
    start = _Start(seed, save, resume, new, preset, rules_file)
    if players not in (3, 4):
        _user_fail(lang, i18n.text("cli.players", lang, players=players), 2)
    if _game(game, lang) == "snapszli":
        if players != 3:
            _user_fail(lang, i18n.text("four.ulti-only", lang), 2)
        _refuse_ulti_options(lang, opponents, deals, teach)
        _play_snapszli(lang, opponent, show_points, start)
        return
    for given, option in ((opponent is not None, "--opponent"), (show_points, "--show-points")):
        if given:
            _fail(lang, _snap(lang, "cli-snap-only", option=option))
            raise typer.Exit(2)
    _play_ulti(lang, opponents, level, deals, start, teach, players == 4)


@dataclass(frozen=True)
class _Start:
    """What ``ulti play`` takes alike for either game: the seed (None: a new random one), the
    save file (None: the game's own in the data folder), whether to resume it or start anew,
    and the rules (--preset, --rules)."""

    seed: int | None
    save: Path | None
    resume: bool
    new: bool
    preset: str | None
    rules_file: Path | None

    def check(self, lang: str) -> None:
        """Refuse --resume with --new (exit 2)."""
        if self.resume and self.new:
            _fail(lang, _say(lang, "both"))
            raise typer.Exit(2)

    def drawn_seed(self) -> int:
        """The seed given, or a new one from the system's secret source."""
        return random.SystemRandom().randrange(1 << 63) if self.seed is None else self.seed


def _refuse_ulti_options(lang: str, opponents: str | None, deals: int | None, teach: bool) -> None:
    """Exit 2 naming Snapszli's option instead of one that only Ulti has."""
    if opponents is not None:
        _fail(lang, _snap(lang, "cli-ulti-only", option="--opponents", instead="--opponent"))
        raise typer.Exit(2)
    if deals is not None:
        _fail(
            lang,
            _snap(lang, "cli-ulti-only", option="--deals", instead="--rules (match_points, ZV2)"),
        )
        raise typer.Exit(2)
    if teach:
        _fail(lang, _snap(lang, "cli-ulti-only", option="--teach", instead="--show-points"))
        raise typer.Exit(2)


def _play_ulti(
    lang: str,
    opponents: str | None,
    level: str | None,
    deals: int | None,
    start: _Start,
    teach: bool,
    four: bool = False,
) -> None:
    """``ulti play``: the opponents (or --level's), the rules and the session file checked,
    then the table (:func:`ulti.tui.ulti.run`; with ``four``, a table of four:
    :func:`ulti.tui.ulti4.run`, its session ``session4.json`` by default) until the player
    leaves it."""
    start.check(lang)
    seats = 3 if four else 2
    if level is not None:
        if level not in LEVELS or opponents is not None:
            _fail(lang, _say(lang, "level", levels=", ".join(LEVELS)))
            raise typer.Exit(2)
        opponents = ",".join([level] * seats)
    specs = _player_specs(opponents or ("pimc,rules,rules" if four else "pimc,rules"), lang)
    if len(specs) != seats:
        _fail(lang, i18n.text("four.opponents", lang) if four else _say(lang, "opponents"))
        raise typer.Exit(2)
    rs = _ruleset(start.preset, start.rules_file, lang)
    save, resume = _prepare_save(
        lang,
        start,
        "session4.json" if four else "session.json",
        _session4_where if four else _session_where,
        lambda key, **fields: _say(lang, key, **fields),
    )
    cfg = PlayConfig(
        lang=lang,
        opponents=tuple(specs),
        rules=rs,
        deals=deals,
        seed=start.drawn_seed(),
        save=save,
        teach=teach,
    )
    table = ulti.tui.ulti4.run if four else ulti.tui.ulti.run
    _at_table(lang, lambda: table(cfg, resume), (FileNotFoundError, RecordError))
    console.print(escape(_say(lang, "saved", path=save)))


def _session_where(path: Path) -> dict[str, object]:
    """Where the session saved at ``path`` stands, for the question before it is replaced."""
    old = Session.load(path)
    return {"path": path, "deal": len(old.deals), "deals": old.planned_deals}


def _session4_where(path: Path) -> dict[str, object]:
    """Where the session of four saved at ``path`` stands (as :func:`_session_where`)."""
    old = Session4.load(path)
    return {"path": path, "deal": len(old.deals), "deals": old.planned_deals}


def _play_snapszli(
    lang: str,
    opponent: str | None,
    show_points: bool,
    start: _Start,
) -> None:
    """``ulti play --game snapszli``: the same never-overwrite rules as Ulti's sessions, for a
    match file (``snapszli.json`` in the data folder by default)."""
    start.check(lang)
    spec = (opponent or PLAY_SPEC).strip()
    if spec == "pimc":
        spec = PLAY_SPEC
    try:
        make_snap_player(spec)
    except ValueError as exc:
        _fail(lang, _snap(lang, "cli-opponent", why=exc))
        raise typer.Exit(2) from None
    rs = _snap_rules(start.preset, start.rules_file, lang)
    save, resume = _prepare_save(
        lang,
        start,
        "snapszli.json",
        _match_where,
        lambda key, **fields: _snap(lang, f"cli-{key}", **fields),
    )
    cfg = SnapConfig(
        lang=lang,
        opponent=spec,
        rules=rs,
        seed=start.drawn_seed(),
        save=save,
        show_points=show_points,
    )
    errors = (FileNotFoundError, ValueError, TypeError, KeyError)
    _at_table(lang, lambda: ulti.tui.snapszli.run(cfg, resume), errors, str)
    console.print(escape(_snap(lang, "cli-saved", path=save)))


def _match_where(path: Path) -> dict[str, object]:
    """Where the match saved at ``path`` stands, for the question before it is replaced."""
    try:
        old = SnapMatch.load(path)
    except AttributeError as exc:  # a JSON value of the wrong shape
        raise ValueError(str(exc)) from None
    tot = old.totals()
    names = old.players if len(old.players) == 2 else ["0", "1"]
    return {
        "path": path,
        "deal": len(old.deals),
        "a": names[0],
        "x": tot[0],
        "b": names[1],
        "y": tot[1],
    }


def _at_table(
    lang: str,
    run: Callable[[], None],
    errors: tuple[type[Exception], ...],
    words: Callable[[Exception], str] | None = None,
) -> None:
    """The game's table, ``run()``, until the player leaves it; one of ``errors`` (a saved game
    that cannot be resumed) is one line, in ``words`` (default: :func:`_words`), and exit 2."""
    try:
        run()
    except errors as exc:
        _fail(lang, _words(exc, lang) if words is None else words(exc))
        raise typer.Exit(2) from None


def _prepare_save(
    lang: str,
    start: _Start,
    default_name: str,
    where_of: Callable[[Path], dict[str, object]],
    say: Callable[..., str],
) -> tuple[Path, bool]:
    """The save file of ``ulti play`` (either game: ``start``'s, or ``default_name`` in the
    data folder), never overwritten unasked: refused when it cannot be written; one already
    there is resumed or, started anew, kept as a backup — asked in a terminal, refused without
    one.  ``where_of(path)`` reads a saved file's
    description for the question (raising ValueError or OSError when it cannot);
    ``say(key, **fields)`` gives the words (``unwritable``, ``unreadable``, ``exists``, ``ask``,
    ``backup``).  Returns the path and whether to resume."""
    save, resume, new = start.save, start.resume, start.new
    if save is None:
        save = Path(platformdirs.user_data_dir("ulti")) / default_name
        save.parent.mkdir(parents=True, exist_ok=True)
    why = _writable(save, lang)
    if why is not None:
        _fail(lang, say("unwritable", path=save, why=why))
        raise typer.Exit(2)
    if save.exists() and not resume and not new:
        try:
            where = where_of(save)
        except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError) as exc:
            _fail(lang, say("unreadable", path=save, why=_words(exc, lang)))
            raise typer.Exit(2) from None
        if not _interactive():
            _fail(lang, say("exists", **where))
            raise typer.Exit(2)
        answer = typer.prompt(say("ask", **where), default="r" if lang == "en" else "f")
        choice = answer.strip().lower()[:1]
        if choice in ("r", "f"):
            resume = True
        elif choice in ("n", "u", "ú"):
            new = True
        else:
            raise typer.Exit(1)
    if new and save.exists():
        kept = _backup(save)
        console.print(escape(say("backup", path=kept)))
    return save, resume


def _interactive() -> bool:
    """Whether a person is at the terminal to be asked (the standard input is one)."""
    return sys.stdin.isatty()


def _backup(path: Path) -> Path:
    """Move a saved session aside (``NAME.bak``, or ``NAME.bak-2`` … when taken)."""
    target = path.with_name(path.name + ".bak")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.bak-{n}")
        n += 1
    path.replace(target)
    return target
