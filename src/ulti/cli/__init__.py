"""The ``ulti`` command: a typer app whose commands live each in its own module of this package
(``ulti.cli.play``, ``ulti.cli.serve``, ...), imported only when the command is run or asked for
its own help, so that ``ulti --help`` and ``ulti play`` load no web server, database or plots.

:data:`COMMANDS` names them, in the order ``ulti --help`` lists them, each with its module and
the summary the list gives it; :class:`LazyGroup` is the command group that imports them.
What the commands share is :mod:`ulti.cli.common`.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command

if TYPE_CHECKING:  # typer's own copy of click (typer vendors it since 0.26)
    from typer._click import Command, Context, HelpFormatter


class _Console(Console):
    """Rich's console, reading the width (COLUMNS, else the terminal's) at each print: rich
    fixes a COLUMNS it finds at start-up for good, and one process may run many commands in
    different widths (the tests, a program embedding ``ulti``)."""

    def __init__(self) -> None:
        super().__init__()
        self._width = None


#: Where every command prints.
console = _Console()


@dataclass(frozen=True)
class Entry:
    """A command of ``ulti`` as the group knows it before it is imported."""

    module: str  # the module that defines it, as its typer app ``app``
    summary: str  # its line in ``ulti --help``: the first paragraph of its own help

    def load(self) -> Command:
        """The command itself (a group for ``user`` and ``ratings``), its module imported."""
        return get_command(importlib.import_module(self.module).app)


COMMANDS: dict[str, Entry] = {
    "rules": Entry(
        "ulti.cli.rules",
        "Print the active ruleset and its whole bidding ladder; with --game snapszli, "
        "Snapszli's options, presets and the chosen rules; with --players 4, how four play.",
    ),
    "replay": Entry(
        "ulti.cli.replay",
        "Print a game record (a deal or a whole session): hands, auction, tricks, settlement. "
        "Snapszli deals and matches are read too.",
    ),
    "analyze": Entry(
        "ulti.cli.analyze",
        "Analyse a finished deal or session (a record from ulti demo --save or ulti play): every "
        "decision of every seat valued with all hands open and from the seat's own view, the "
        "mistakes marked with the best move, the amount and why.",
    ),
    "demo": Entry(
        "ulti.cli.demo",
        "Play deals between three random players and print them (a tour of the engine).",
    ),
    "solve": Entry(
        "ulti.cli.solve",
        "Solve a position double dummy: each legal card with its outcome under best play.",
    ),
    "tournament": Entry(
        "ulti.cli.tournament",
        "A duplicate tournament: every deal under every seating, so the cards' luck cancels. "
        "With --game snapszli, every pair of players plays each deal in both seatings.",
    ),
    "play": Entry(
        "ulti.cli.play",
        "Play a session of Ulti against two computer players in the terminal, or (--game "
        "snapszli) a Snapszli match to 7 against one; with --players 4, a session of four "
        "against three, the dealer sitting out each deal. A saved game is never overwritten "
        "without asking: continue it (--resume) or start anew (--new), which keeps it as a "
        "backup.",
    ),
    "serve": Entry(
        "ulti.cli.serve",
        "Serve the web table: a lobby, tables for friends and computer players.",
    ),
    "puzzles": Entry(
        "ulti.cli.puzzles",
        "Puzzles from real deals: mine them from records or seeded self-play (positions where "
        "one decision was clearly best from what the seat knew), count a book's themes, and "
        "train on them in the terminal.",
    ),
    "selfplay": Entry(
        "ulti.cli.selfplay",
        "Self-play training data: every decision of every deal as one Parquet row (the seat's "
        "information-state tensor, sparse; the legal actions; the action; the seat's final "
        "return). Deterministic for a seed; resumable (docs/RESEARCH.md).",
    ),
    "user": Entry(
        "ulti.cli.user",
        "The server's accounts: add one, give one a new password, disable, enable, grant or "
        "revoke a role, list.",
    ),
    "ratings": Entry(
        "ulti.cli.ratings",
        "The club's ratings: calibrate the computer players' by duplicate deals among them, "
        "show a leaderboard.",
    ),
}


class LazyGroup(TyperGroup):
    """The group of ``ulti``'s commands (:data:`COMMANDS`): it holds each as its name and
    summary, which its help lists and a mistyped name is matched against, and imports a
    command's module only when the command is looked up (:meth:`get_command`), to be run or
    to show its own help."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = {
            name: TyperCommand(name, help=entry.summary) for name, entry in COMMANDS.items()
        }

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        entry = COMMANDS.get(cmd_name)
        return None if entry is None else entry.load()

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        # typer's help lists a group's commands through get_command(), which imports them: a
        # plain group of the same words and the summaries is what the help shows instead
        listing = TyperGroup(
            name=self.name,
            commands=dict(self.commands),
            help=self.help,
            epilog=self.epilog,
            params=self.params,
            rich_markup_mode=self.rich_markup_mode,
        )
        listing.format_help(ctx, formatter)


app = typer.Typer(
    name="ulti",
    help="Ulti, Hungary's national three-player card game (Ulti, a magyar kártyajáték).",
    no_args_is_help=True,
    add_completion=False,
    cls=LazyGroup,
)


@app.callback()
def _ulti() -> None:
    # typer makes a group of an app with a callback; this one does nothing before a command
    pass


def main() -> None:
    """The console script ``ulti`` (and ``python -m ulti.cli``); Ctrl-C exits 130."""
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
