"""``ulti puzzles``: puzzles from real deals (:mod:`ulti.analysis.puzzles`): ``mine`` finds
them in records or seeded self-play and keeps them in a SQLite book; ``train`` is the trainer in
the terminal; ``show`` counts a book's puzzles by kind and theme."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ulti import i18n
from ulti.analysis import puzzles as P
from ulti.cli import console
from ulti.cli.common import LangOpt, PresetOpt, RulesOpt, _lang, _progress, _ruleset, _user_fail
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.record import RecordError, from_record, players_of

app = typer.Typer(add_completion=False, no_args_is_help=True)


def _t(lang: str, key: str, **fields: object) -> str:
    return i18n.text(f"puzzles.{key}", lang, **fields)


FromOpt = Annotated[
    str,
    typer.Option(
        "--from",
        help="Where the deals come from: selfplay:N (N deals of seeded self-play between three "
        "expert players), or record files and folders of them (.json: a deal or a session; "
        ".jsonl: one record a line).",
    ),
]


@app.command()
def mine(
    source: FromOpt,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            help="The book: a SQLite file (made if missing; a second run goes on where the "
            "first stopped).",
        ),
    ],
    seed: Annotated[int, typer.Option(help="The self-play seed.")] = 2026,
    margin: Annotated[
        float,
        typer.Option(
            help="The best must beat the runner-up by at least this many units, from the seat."
        ),
    ] = P.MARGIN,
    workers: Annotated[
        int, typer.Option(help="Worker processes (default: the machine's cores).")
    ] = 0,
    preset: PresetOpt = None,
    rules_file: RulesOpt = None,
    lang: LangOpt = "en",
) -> None:
    """Find puzzles: positions where one decision was clearly best from what the seat knew
    (checked with all hands open), with every alternative's value and why."""
    lang = _lang(lang)
    if not (margin > 0):
        _user_fail(lang, _t(lang, "err-margin", got=margin))
    rules = _ruleset(preset, rules_file, lang)
    jobs = workers or os.cpu_count() or 1
    selfplay = source.startswith("selfplay:")
    n = _count(source.removeprefix("selfplay:"), lang) if selfplay else 0
    deals = [] if selfplay else list(_records(source, lang))  # every record read before any work
    book = P.Book(out)
    done = book.sources()
    try:
        if selfplay:
            book.set_meta(
                source="selfplay",
                deals=n,
                seed=seed,
                margin=margin,
                rules=rules.to_dict(),
                player=P.expert(),
                samples=P.SAMPLES,
            )
            todo = [i for i in range(n) if f"selfplay:{seed}:{i}" not in done]
            with _progress() as bar, ProcessPoolExecutor(jobs) as pool:
                task = bar.add_task(_t(lang, "mining"), total=n, completed=n - len(todo))
                futures = {
                    pool.submit(P.mine_selfplay, i, seed, rules.to_dict(), margin): i for i in todo
                }
                for f in as_completed(futures):
                    found = [P.Puzzle.from_dict(d) for d in f.result()]
                    book.add(f"selfplay:{seed}:{futures[f]}", found)
                    bar.advance(task)
        else:
            with _progress() as bar:
                task = bar.add_task(_t(lang, "mining"), total=len(deals))
                for name, deal, players in deals:
                    if name not in done:
                        book.add(name, P.mine(deal, margin, players=players))
                    bar.advance(task)
        console.print(_t(lang, "mined", n=len(book), path=str(out)))
    finally:
        book.close()


def _count(raw: str, lang: str) -> int:
    try:
        n = int(raw)
    except ValueError:
        n = 0
    if n < 1:
        _user_fail(lang, _t(lang, "err-selfplay", got=raw))
    return n


def _records(source: str, lang: str) -> Iterator[tuple[str, Deal, list[str] | None]]:
    """Every finished deal of the record files named (a folder: its .json and .jsonl files)."""
    for part in source.split(","):
        path = Path(part)
        if not path.exists():
            _user_fail(lang, _t(lang, "err-missing", path=part))
        files = sorted([*path.glob("*.json"), *path.glob("*.jsonl")]) if path.is_dir() else [path]
        for f in files:
            lines = (
                f.read_text("utf-8").splitlines()
                if f.suffix == ".jsonl"
                else [f.read_text("utf-8")]
            )
            for n, line in enumerate(lines):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                    recs = rec["deals"] if isinstance(rec, dict) and "deals" in rec else [rec]
                    for k, r in enumerate(recs):
                        deal = from_record(r)
                        if deal.is_over():
                            yield f"{f}:{n}:{k}", deal, players_of(r)
                except (ValueError, KeyError, TypeError, RecordError) as exc:
                    why = exc.text(lang) if isinstance(exc, RecordError) else str(exc)
                    _user_fail(lang, _t(lang, "err-record", path=f"{f}:{n + 1}", why=why))


@app.command()
def show(
    book: Annotated[
        Path,
        typer.Argument(
            help="A book of puzzles (a SQLite file); default: the starter set.", show_default=False
        ),
    ] = Path(),
    lang: LangOpt = "en",
) -> None:
    """How many puzzles a book holds, by kind and by theme."""
    lang = _lang(lang)
    path = book if str(book) not in ("", ".") else None
    if path is not None and not path.is_file():
        _user_fail(lang, _t(lang, "err-missing", path=str(book)))
    with P.open_book(path) as b:
        t = Table(title=_t(lang, "show-title", n=len(b)), title_justify="left")
        t.add_column(_t(lang, "show-theme"))
        t.add_column(_t(lang, "show-count"), justify="right")
        counts = b.counts("themes")
        for theme in P.THEMES:
            if counts.get(theme):
                t.add_row(_t(lang, f"theme-{theme}"), str(counts[theme]))
        console.print(t)
