"""``ulti selfplay``: self-play training data (:mod:`ulti.arena.selfplay`, docs/RESEARCH.md), every
decision of every deal one Parquet row, deterministic for a seed and resumable; it needs the
research extra (PyArrow), and says so in one line without it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.markup import escape

from ulti import i18n
from ulti.arena.tournament import RayError, check_ray_address
from ulti.cli import console
from ulti.cli.common import (
    LangOpt,
    PresetOpt,
    RulesOpt,
    _lang,
    _progress,
    _ruleset,
    _user_fail,
)

if TYPE_CHECKING:
    from ulti.arena.selfplay import Plan, Summary

app = typer.Typer(add_completion=False)

OutOpt = Annotated[
    Path,
    typer.Option(
        "--out",
        "-o",
        help="The folder of the data: manifest.json and part-00000.parquet, ... (made if "
        "missing). Running the same command there again plays only the files not written "
        "yet.",
    ),
]
BotsOpt = Annotated[
    str,
    typer.Option(
        help="Players, comma separated: one for all three seats or three, taking turns at "
        "the seats (random, rules, pimc; pimc:samples=N). Budgets are samples only, so the "
        "data do not depend on the machine's speed."
    ),
]
MaxKontraOpt = Annotated[
    int | None,
    typer.Option(
        "--max-kontra",
        help="The kontra cap (how many doublings), 2 to 16; default: the rules' own, "
        "at most 4 (Mordkontra), "
        "as the OpenSpiel game. It sets the information state's length.",
    ),
]
RayOpt = Annotated[
    str | None,
    typer.Option(
        "--ray",
        help="Play the deals as Ray tasks: 'local' starts a Ray here for the run, else a "
        "cluster's address (ray://HOST:10001 or HOST:6379); the data are the same.",
    ),
]


@app.command()
def selfplay(
    out: OutOpt,
    deals: Annotated[int, typer.Option(help="Deals to play.")] = 100,
    bots: BotsOpt = "pimc,rules,random",
    seed: Annotated[int, typer.Option(help="Seed of the deals and of the players.")] = 1,
    shard_deals: Annotated[
        int, typer.Option("--shard-deals", help="Deals per Parquet file (a shard).")
    ] = 100,
    samples: Annotated[
        int | None,
        typer.Option(help="pimc's samples per decision, where --bots gives none."),
    ] = None,
    max_kontra: MaxKontraOpt = None,
    preset: PresetOpt = None,
    rules_file: RulesOpt = None,
    workers: Annotated[int, typer.Option(help="Worker processes (the data are the same).")] = 1,
    ray_address: RayOpt = None,
    lang: LangOpt = "en",
) -> None:
    """Self-play training data: every decision of every deal as one Parquet row (the seat's
    information-state tensor, sparse; the legal actions; the action; the seat's final return).
    Deterministic for a seed; resumable (docs/RESEARCH.md)."""
    lang = _lang(lang)
    try:
        from ulti.arena import (
            selfplay as SP,  # the research extra: ulti.arena.selfplay needs PyArrow
        )
    except ImportError:
        _sp_fail(lang, _sp(lang, "needs-pyarrow"))
    if ray_address is not None and workers != 1:
        _sp_fail(lang, _sp(lang, "ray-workers"))
    if ray_address is not None and not ray_address.strip():
        _sp_fail(lang, _sp(lang, "ray-empty"))
    if workers < 1:
        _sp_fail(lang, _sp(lang, "workers", n=workers))
    rs = _ruleset(preset, rules_file, lang)
    try:
        plan = SP.plan(bots, deals, seed, rs, shard_deals, samples, max_kontra)
        SP.check_out(out)
    except SP.SelfplayError as exc:
        _sp_fail(lang, exc.text(lang))
    if ray_address is not None:
        try:
            check_ray_address(ray_address)
        except RayError as exc:
            _sp_fail(lang, _sp(lang, "ray", why=exc))
    try:
        done = SP.prepare(out, plan)
    except SP.SelfplayError as exc:
        _sp_fail(lang, exc.text(lang))
    _print_start(plan, out, len(done), lang)
    with _progress() as bar:
        task = bar.add_task(escape(_sp(lang, "progress")), total=plan.deals)

        def step(n: int, total: int) -> None:
            bar.update(task, completed=n, total=total)

        try:
            summary = SP.run(plan, out, workers, ray_address, step)
        except RayError as exc:
            bar.stop()
            _sp_fail(lang, _sp(lang, "ray", why=exc))
        except SP.SelfplayError as exc:  # the folder changed under the run
            bar.stop()
            _sp_fail(lang, exc.text(lang))
    _print_done(summary, out, lang)


def _sp(lang: str, key: str, **fields: object) -> str:
    """``ulti selfplay``'s words (the catalogue's ``selfplay`` section)."""
    return i18n.text(f"selfplay.{key}", lang, **fields)


def _sp_fail(lang: str, message: str) -> NoReturn:
    """One line, however long (never wrapped), and exit 2: input ``ulti selfplay`` refuses."""
    _user_fail(lang, message, 2)


def _print_start(plan: Plan, out: Path, done: int, lang: str) -> None:
    """What is played, by whom, under which rules, into which files; the files an earlier run
    wrote already (``done`` of them)."""
    console.print(
        escape(
            _sp(
                lang,
                "start",
                deals=plan.deals,
                bots=", ".join(plan.bots),
                seed=plan.seed,
                preset=plan.rules.preset,
                cap=plan.rules.max_kontra,
                shards=plan.shards,
                shard_deals=plan.shard_deals,
                out=out,
            )
        ),
        highlight=False,
        soft_wrap=True,
    )
    if done:
        key = "complete" if done == plan.shards else "resume"
        console.print(
            escape(_sp(lang, key, done=done, shards=plan.shards)),
            highlight=False,
            soft_wrap=True,
        )


def _print_done(summary: Summary, out: Path, lang: str) -> None:
    """The rows, deals and files written (and skipped: there already), and how fast."""
    seconds = summary.seconds
    console.print(
        escape(
            _sp(
                lang,
                "done",
                rows=summary.rows,
                deals=summary.deals,
                shards=summary.shards,
                skipped=summary.skipped,
                files=summary.files,
                out=out,
                seconds=f"{seconds:.1f}",
                rate=f"{summary.rows / seconds:.0f}" if seconds > 0 else "-",
            )
        ),
        highlight=False,
        soft_wrap=True,
    )
