"""``ulti puzzles``: puzzles from real deals (:mod:`ulti.analysis.puzzles`): ``mine`` finds
them in records or seeded self-play and keeps them in a SQLite book; ``train`` is the trainer in
the terminal; ``show`` counts a book's puzzles by kind and theme."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from ulti import i18n
from ulti.analysis import puzzles as P
from ulti.analysis import puzzleview as V
from ulti.analysis.ulti import number
from ulti.cli import console
from ulti.cli.common import LangOpt, PresetOpt, RulesOpt, _lang, _progress, _ruleset, _user_fail
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.record import RecordError, card_text, from_record, players_of

app = typer.Typer(
    name="puzzles",
    help="Puzzles from real deals: mine them from records or seeded self-play (positions where "
    "one decision was clearly best from what the seat knew), count a book's themes, and "
    "train on them in the terminal.",
    no_args_is_help=True,
    add_completion=False,
)


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


@app.command()
def train(
    book: Annotated[
        Path | None,
        typer.Option("--book", help="A book of puzzles (default: the starter set)."),
    ] = None,
    theme: Annotated[
        str | None, typer.Option(help="Only puzzles of this theme (ulti puzzles show lists them).")
    ] = None,
    count: Annotated[int, typer.Option(min=1, max=1000, help="How many puzzles.")] = 10,
    seed: Annotated[
        int | None, typer.Option(help="The order of the puzzles (default: new each time).")
    ] = None,
    lang: LangOpt = "en",
) -> None:
    """The trainer in the terminal: each position as its seat saw it, your choice, then right or
    wrong with every choice's value and why (unrated: ratings are the server's)."""
    lang = _lang(lang)
    if theme is not None and theme not in P.THEMES:
        _user_fail(lang, _t(lang, "err-theme", theme=theme))
    if book is not None and not book.is_file():
        _user_fail(lang, _t(lang, "err-missing", path=str(book)))
    with P.open_book(book) as b:
        pool = [p for p in b if theme is None or theme in p.themes]
    if not pool:
        _user_fail(lang, _t(lang, "err-none-left"))
    rng = random.Random(seed)
    chosen = rng.sample(pool, min(count, len(pool)))
    right = answered = 0
    for n, p in enumerate(chosen, 1):
        _print_position(V.position(p), n, len(chosen), lang)
        choice = _ask(len(p.choices), lang)
        if choice is None:
            break
        j = V.judgement(p, choice)
        answered += 1
        right += int(j["right"])
        _print_judgement(j, lang)
    console.print(_t(lang, "cli-tally", right=right, n=answered))


def _w(x: dict[str, str] | None, lang: str) -> str:
    return "" if x is None else x.get(lang) or x.get("en", "")


def _print_position(v: dict[str, Any], n: int, total: int, lang: str) -> None:
    console.rule(_t(lang, "cli-head", n=n, total=total))
    themes = ", ".join(_w(t, lang) for t in v["themes"])
    console.print(f"[bold]{escape(_w(v['ask'], lang))}[/bold]  [dim]{escape(themes)}[/dim]")
    console.print(escape(f"{_w(v['rules'], lang)} · {_w(v['role'], lang)}"))
    if v["contract"]:
        console.print(
            escape(
                _t(lang, "cli-contract", bid=_w(v["contract"], lang), who=_w(v["soloist"], lang))
            )
        )
        trump = (
            _t(lang, "cli-no-trump") if v["trump"] < 0 else i18n.text(f"suit.{v['trump']}", lang)
        )
        console.print(escape(_t(lang, "cli-trump", suit=trump)))
    elif v["bid"]:
        console.print(
            escape(_t(lang, "cli-bid", bid=_w(v["bid"], lang), who=_w(v["bidder"], lang)))
        )
    for k in v["kontras"]:
        console.print(escape(k["title_hu"] if lang == "hu" else k["title"]))
    said = [f"{_w(h['who'], lang)}: {_w(h, lang)}" for h in v["history"] if not h["play"]]
    if said:
        console.print(f"[dim]{escape(_t(lang, 'cli-auction'))}[/dim] " + escape("; ".join(said)))
    for i, t in enumerate(v["tricks"], 1):
        cards = "  ".join(
            f"{card_text(x['card'], lang)} ({_w(x['who'], lang)})" for x in t["cards"]
        )
        console.print(escape(f"{i}. {cards} → {_w(t['winner'], lang)}"))
    if v["trick"]:
        cards = "  ".join(
            f"{card_text(x['card'], lang)} ({_w(x['who'], lang)})" for x in v["trick"]
        )
        console.print(escape(_t(lang, "cli-on-table", cards=cards)))
    hand = " ".join(card_text(c, lang) for c in v["hand"])
    console.print(f"[bold]{escape(_t(lang, 'cli-hand', cards=hand))}[/bold]")
    for c in v["choices"]:
        console.print(f"  [cyan]{c['i'] + 1}[/cyan]  {escape(_w(c, lang))}")


def _ask(n: int, lang: str) -> int | None:
    """The solver's choice, 0-based (``None``: they stopped); asked again until it is one."""
    while True:
        raw = typer.prompt(_t(lang, "cli-prompt", n=n), default="", show_default=False).strip()
        if raw.lower() in _t(lang, "cli-quit").split():
            return None
        if raw.isdigit() and 1 <= int(raw) <= n:
            return int(raw) - 1
        console.print(f"[red]{escape(_t(lang, 'err-choice', n=n))}[/red]")


def _print_judgement(j: dict[str, Any], lang: str) -> None:
    if j["right"]:
        console.print(f"[green bold]{escape(_t(lang, 'web-right'))}[/green bold]")
    else:
        best = " / ".join(_w(c, lang) for c in j["choices"] if c["right"])
        console.print(
            f"[red bold]{escape(_t(lang, 'web-wrong'))}[/red bold] "
            + escape(_t(lang, "web-best-was", best=best))
        )
    t = Table(show_edge=False)
    t.add_column(_t(lang, "web-choice"))
    t.add_column(_t(lang, "web-from-seat"), justify="right")
    t.add_column(_t(lang, "web-as-lay"), justify="right")
    for c in j["choices"]:
        style = "green" if c["right"] else "red" if c["i"] == j["choice"] else ""
        t.add_row(escape(_w(c, lang)), number(c["info"], lang), number(c["dd"], lang), style=style)
    console.print(t)
    console.print(escape(_w(j["why"], lang)))
