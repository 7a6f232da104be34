"""``ulti tournament``: a duplicate tournament of computer players (:mod:`ulti.arena.tournament`),
Ulti's (:mod:`ulti.arena.ulti`: every deal under every seating) or with --game snapszli
Snapszli's (:mod:`ulti.arena.snapszli`: every pair of players in both seatings); a checkpoint
file that lets a stopped tournament go on, the tables of the results, their JSON and plot."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.markup import escape
from rich.progress import Progress, TaskID
from rich.table import Table

from ulti import i18n
from ulti.arena import snapszli as snap_arena
from ulti.arena import ulti as ulti_arena
from ulti.arena.checkpoint import Keyed
from ulti.arena.tournament import (
    CheckpointError,
    RayError,
    check_ray_address,
    winner_first,
    write_json,
)
from ulti.cli import console
from ulti.cli.common import (
    GameOpt,
    PresetOpt,
    RulesOpt,
    _check_output,
    _fail,
    _game,
    _lang,
    _lang_option,
    _player_specs,
    _progress,
    _ruleset,
    _say,
    _snap,
    _snap_rules,
    _writable,
)
from ulti.games.snapszli import SnapRules
from ulti.games.ulti.rules import Ruleset
from ulti.players import make_player
from ulti.players.snapszli import make_snap_player

app = typer.Typer(add_completion=False)

T = TypeVar("T")


@app.command()
def tournament(
    bots: Annotated[
        str,
        typer.Option(
            help="Players, comma separated: random, rules, pimc, pimc-1 (the frozen baseline), "
            "each with an optional budget (pimc:samples=40), or a level: easy, club, expert."
        ),
    ] = "pimc,rules,random",
    deals: Annotated[int, typer.Option(help="Deals; each is played under every seating.")] = 30,
    seed: Annotated[
        int, typer.Option(help="Seed of the deals and of the players.", min=0, max=2**64 - 1)
    ] = 1,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Write the results here.")
    ] = None,
    plot_file: Annotated[
        Path | None, typer.Option("--plot", help="Plot the means here (PNG).")
    ] = None,
    checkpoint: Annotated[
        Path | None,
        typer.Option(
            help="Keep every game in this file as it ends; the same command given the file "
            "again plays only the games it lacks (a stopped tournament goes on)."
        ),
    ] = None,
    preset: PresetOpt = None,
    rules_file: RulesOpt = None,
    game: GameOpt = "ulti",
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray",
            help="Run the units as Ray tasks: 'local' starts a Ray here for the run, else a "
            "cluster's address (ray://HOST:10001 or HOST:6379). Needs ulti[research].",
        ),
    ] = None,
    lang: Annotated[str, _lang_option("the tables, the lines and the errors")] = "en",
) -> None:
    """A duplicate tournament: every deal under every seating, so the cards' luck cancels.
    With --game snapszli, every pair of players plays each deal in both seatings."""
    lang = _lang(lang)
    if ray_address is not None and workers != 1:
        _fail(lang, _text(lang, "ray-workers"))
        raise typer.Exit(2)
    if ray_address is not None and not ray_address.strip():
        _fail(lang, _text(lang, "ray-address"))
        raise typer.Exit(2)
    plan = _Plan(bots, deals, seed, workers, json_file, plot_file, checkpoint)
    if _game(game, lang) == "snapszli":
        if ray_address is not None:
            _fail(lang, _text(lang, "ray-ulti"))
            raise typer.Exit(2)
        _snap_tournament(plan, _snap_rules(preset, rules_file, lang), lang)
        return
    _ulti_tournament(plan, _ruleset(preset, rules_file, lang), lang, ray_address)


def _text(lang: str, key: str, **fields: object) -> str:
    """The command's words, from the catalogue's ``cli.tourn-*`` keys."""
    return i18n.text(f"cli.tourn-{key}", lang, **fields)


@dataclass(frozen=True)
class _Plan:
    """What ``ulti tournament`` takes alike for either game: the players (their specs, comma
    separated), the deals, the seed, the workers, the files it writes (--json, --plot) and
    keeps (--checkpoint)."""

    bots: str
    deals: int
    seed: int
    workers: int
    json_file: Path | None
    plot_file: Path | None
    checkpoint: Path | None

    def specs(self, lang: str, make: Callable[[str], object], two: str, positive: str) -> list[str]:
        """The players' specs, each checked by ``make``, and the files, checked before any
        play; refused (exit 2) with ``two`` for fewer than two players, with ``positive`` for
        no deals or no workers."""
        specs = _player_specs(self.bots, lang, make)
        if len(specs) < 2:
            _fail(lang, two)
            raise typer.Exit(2)
        if self.deals < 1 or self.workers < 1:
            _fail(lang, positive)
            raise typer.Exit(2)
        _check_output(self.json_file, lang)
        _check_output(self.plot_file, lang)
        _check_checkpoint(self.checkpoint, lang, self.json_file, self.plot_file)
        return specs

    def play(
        self,
        run: Callable[[Callable[[int, int], None]], tuple[dict[str, Any], Sequence[Keyed]]],
        plot: Callable[[dict[str, Any], Path], None],
        lang: str,
    ) -> dict[str, Any]:
        """The tournament ``run(progress)`` played (:func:`_played`), its JSON and chart
        written where asked for; its summary."""
        summary, results = _played(run, self.checkpoint, lang)
        if self.json_file:
            write_json(summary, results, self.json_file)
        if self.plot_file:
            plot(summary, self.plot_file)
        return summary


def _ulti_tournament(plan: _Plan, rs: Ruleset, lang: str, ray_address: str | None) -> None:
    """Ulti's tournament (:func:`ulti.arena.ulti.tournament`): the players and the files
    checked before any play, the games under the progress bar, the tables, JSON and plot."""
    specs = plan.specs(lang, make_player, _text(lang, "two"), _text(lang, "positive"))
    if ray_address is not None:
        try:
            check_ray_address(ray_address)
        except RayError as exc:
            _fail(lang, str(exc))
            raise typer.Exit(2) from None
    n_seatings = len(ulti_arena.seatings(len(specs)))
    if len(specs) < 3:
        console.print(_text(lang, "shared-seats", players=len(specs), seatings=n_seatings))
    elif len(specs) > 3:
        console.print(_text(lang, "many-players", players=len(specs), seatings=n_seatings))
    if plan.deals < 2:
        console.print(_text(lang, "one-deal"))
    summary = plan.play(
        lambda step: ulti_arena.tournament(
            specs, plan.deals, plan.seed, rs, plan.workers, step, ray_address, plan.checkpoint
        ),
        ulti_arena.plot,
        lang,
    )
    _print_ulti_results(summary, plan.deals, plan.seed, rs, lang)


def _print_ulti_results(
    summary: dict[str, Any], deals: int, seed: int, rs: Ruleset, lang: str
) -> None:
    """The players' means with their intervals, contracts and decision times; each pair's
    difference and verdict; the contracts each player made as soloist."""
    t = Table(
        title=_text(lang, "title", deals=deals, seatings=summary["config"]["seatings"], seed=seed),
        title_justify="left",
    )
    for col in ("player", "units", "ci", "soloist", "made", "ms"):
        t.add_column(_text(lang, f"col-{col}"), justify="left" if col == "player" else "right")
    for name, b in summary["bots"].items():
        bid_n = sum(c["bid"] for c in b["contracts"].values())
        made_n = sum(c["made"] for c in b["contracts"].values())
        t.add_row(
            name,
            f"{b['mean']:+.3f}",
            f"[{b['ci95'][0]:+.3f}, {b['ci95'][1]:+.3f}]" if b["ci95"] else "–",
            str(bid_n),
            f"{made_n}",
            f"{b['decision_ms']['median']:.1f} / {b['decision_ms']['p95']:.1f}",
        )
    console.print(t)
    pt = Table(title=_text(lang, "pairs"), title_justify="left")
    for col in ("pair", "mean", "ci", "verdict"):
        pt.add_column(
            _text(lang, f"col-{col}"), justify="left" if col in ("pair", "verdict") else "right"
        )
    for a, b, v in winner_first(summary):  # each pair once, the one ahead first
        if v["ci95"] is None:
            pt.add_row(f"{a} - {b}", f"{v['mean']:+.3f}", "–", _text(lang, "no-interval"))
            continue
        lo, hi = v["ci95"]
        verdict = _text(lang, "ahead", name=a) if lo > 0 else _text(lang, "not-separated")
        pt.add_row(f"{a} - {b}", f"{v['mean']:+.3f}", f"[{lo:+.3f}, {hi:+.3f}]", verdict)
    console.print(pt)

    def contract(key: str) -> str:
        """A contract as ``lang`` names it: its key in English, its Hungarian title."""
        return rs.ladder[key].title_hu if lang == "hu" and key in rs.ladder else key

    for name, b in summary["bots"].items():
        top = list(b["contracts"].items())[:6]
        if top:
            made = "; ".join(f"{contract(k)} {v['made']}/{v['bid']}" for k, v in top)
            console.print(_text(lang, "as-soloist", name=name, contracts=made), highlight=False)


def _snap_tournament(plan: _Plan, rs: SnapRules, lang: str = "en") -> None:
    """``ulti tournament --game snapszli``: :mod:`ulti.arena.snapszli`, each deal played by
    every pair of players in both seatings (the same cards and dealer)."""
    refusals = (_snap(lang, "cli-tourn-two"), _snap(lang, "cli-tourn-positive"))
    specs = plan.specs(lang, make_snap_player, *refusals)
    console.print(_snap(lang, "cli-tourn-seatings"), highlight=False)
    if plan.deals < 2:
        console.print(_snap(lang, "cli-tourn-one-deal"), highlight=False)
    summary = plan.play(
        lambda step: snap_arena.tournament(
            specs, plan.deals, plan.seed, rs, plan.workers, step, checkpoint=plan.checkpoint
        ),
        snap_arena.plot,
        lang,
    )
    _print_snap_results(summary, plan.deals, plan.seed, rs.preset, lang)


def _print_snap_results(
    summary: dict[str, Any], deals: int, seed: int, preset: str, lang: str
) -> None:
    """The players' mean game points with their intervals, win rates and decision times; each
    pair's difference, win rate and verdict; how each player won its deals."""
    t = Table(
        title=_snap(lang, "cli-tourn-title", deals=deals, seed=seed, preset=preset),
        title_justify="left",
    )
    for key in ("player", "gp", "ci", "win", "ms"):
        t.add_column(_snap(lang, f"cli-col-{key}"), justify="left" if key == "player" else "right")
    for name, b in summary["bots"].items():
        t.add_row(
            escape(name),
            f"{b['mean']:+.3f}",
            f"[{b['ci95'][0]:+.3f}, {b['ci95'][1]:+.3f}]" if b["ci95"] else "–",
            f"{b['win_rate']:.0%}",
            f"{b['decision_ms']['median']:.1f} / {b['decision_ms']['p95']:.1f}",
        )
    console.print(t)
    pt = Table(title=_snap(lang, "cli-tourn-pairs"), title_justify="left")
    for key in ("pair", "mean", "ci", "win", "verdict"):
        pt.add_column(
            _snap(lang, f"cli-col-{key}"),
            justify="left" if key in ("pair", "verdict") else "right",
        )
    for a, b, v in winner_first(summary):  # each pair once, the one ahead first
        ci = v["ci95"]
        if ci is None:
            verdict, shown = _snap(lang, "cli-tourn-no-interval"), "–"
        else:
            shown = f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"
            verdict = (
                _snap(lang, "cli-tourn-ahead", name=a)
                if ci[0] > 0
                else _snap(lang, "cli-tourn-not-separated")
            )
        pt.add_row(
            escape(f"{a} - {b}"), f"{v['mean']:+.3f}", shown, f"{v['win_rate']:.0%}", verdict
        )
    console.print(pt)
    for name, b in summary["bots"].items():
        ends = "; ".join(f"{k} {n}" for k, n in list(b["wins_by"].items())[:5])
        if ends:
            console.print(
                _snap(lang, "cli-tourn-wins-by", name=name, ends=ends),
                highlight=False,
                markup=False,
            )


def _check_checkpoint(path: Path | None, lang: str = "en", *outputs: Path | None) -> None:
    """Refuse, before any work, a checkpoint file that could not be kept (one already there
    is what a stopped tournament left: it is read, never replaced), or that is one of the
    ``outputs`` too (written over at the end)."""
    if path is None:
        return
    if any(o is not None and o.resolve() == path.resolve() for o in outputs):
        _fail(lang, i18n.text("cli.tourn-same-file", lang, path=path))
        raise typer.Exit(2)
    why: str | None
    if path.is_dir():
        why = _say(lang, "is-folder")
    elif path.exists():
        why = None if os.access(path, os.R_OK | os.W_OK) else _say(lang, "not-writable")
    else:
        why = _writable(path, lang)
    if why is not None:
        _fail(lang, i18n.text("cli.cannot-write", lang, path=path, why=why))
        raise typer.Exit(2)


def _played(
    run: Callable[[Callable[[int, int], None]], T], checkpoint: Path | None, lang: str
) -> T:
    """``run(progress)``'s tournament played under the progress bar; Ctrl-C says what is kept
    (exit 130), a Ray or checkpoint error is one line (exit 2)."""
    with _progress() as bar:
        task = bar.add_task(escape(_text(lang, "progress")), total=None)
        step = _TournProgress(bar, task, checkpoint, lang)
        try:
            return run(step)
        except KeyboardInterrupt:
            step.stopped()
        except RayError as exc:
            bar.stop()
            _fail(lang, str(exc))
            raise typer.Exit(2) from None
        except CheckpointError as exc:
            bar.stop()
            _fail(lang, exc.text(lang))
            raise typer.Exit(2) from None


class _TournProgress:
    """The tournament's progress: the bar, the lines on its checkpoint (the games an earlier
    run played, said once before play), and the games done so far (said on a stop)."""

    def __init__(self, bar: Progress, task: TaskID, checkpoint: Path | None, lang: str):
        self.bar, self.task, self.checkpoint, self.lang = bar, task, checkpoint, lang
        self.said = False
        self.done = self.total = 0

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if self.checkpoint is not None and not self.said:
            self.said = True
            key = "cli.tourn-kept"
            if done:
                key = "cli.tourn-complete" if done == total else "cli.tourn-resumed"
            self.say(key)
        self.bar.update(self.task, completed=done, total=total)

    def say(self, key: str) -> None:
        self.bar.console.print(
            escape(
                i18n.text(key, self.lang, path=self.checkpoint, done=self.done, total=self.total)
            ),
            highlight=False,
        )

    def stopped(self) -> NoReturn:
        """Ctrl-C: what is kept, and how to go on (exit 130)."""
        self.bar.stop()
        self.say("cli.tourn-stopped" if self.checkpoint is not None else "cli.tourn-lost")
        raise typer.Exit(130)
