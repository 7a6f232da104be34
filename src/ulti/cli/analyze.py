"""``ulti analyze FILE``: a finished Ulti deal or session analysed (:mod:`ulti.analysis.ulti`),
every decision valued with all hands open and from the seat's own view, the mistakes with the
best move, the amount and why; the report on the console, as JSON and as a chart."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from ulti import i18n
from ulti.analysis.ulti import (
    DealAnalysis,
    Decision,
    SeatSummary,
    analyze_numbered,
    number,
    plot,
    summarize,
)
from ulti.cli import console
from ulti.cli.common import _fail, _lang, _lang_option, _progress, _read_json, _writable
from ulti.cli.explore import explore as board_explore
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.record import RecordError, from_record, players_of
from ulti.games.ulti.session import Session
from ulti.players.base import Budget
from ulti.players.ulti import LEVELS

app = typer.Typer(add_completion=False)


@app.command()
def analyze(
    file: Path,
    deal: Annotated[
        int | None, typer.Option("--deal", help="Only this deal of a session (from 1).")
    ] = None,
    lang: Annotated[str, _lang_option("the report")] = "en",
    threshold: Annotated[
        float, typer.Option(help="A decision that loses at least this many units is a mistake.")
    ] = 2.0,
    budget: Annotated[
        str,
        typer.Option(help="The seat's view per decision: samples=N and/or ms=X (time)."),
    ] = "samples=12,ms=120",
    seed: Annotated[int, typer.Option(help="Seed of the sampled deals.", min=0, max=2**63 - 1)] = 0,
    every: Annotated[
        bool, typer.Option("--all", help="List every decision, not only the mistakes.")
    ] = False,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Write the analysis here (JSON).")
    ] = None,
    plot_file: Annotated[
        Path | None,
        typer.Option(
            "--plot", help="Chart the soloist's value per trick and the units lost (PNG)."
        ),
    ] = None,
    force: Annotated[bool, typer.Option(help="Overwrite the --json and --plot files.")] = False,
    explore: Annotated[
        bool,
        typer.Option(
            "--explore",
            help="The what-if board: from any step, another action, and play on (the first "
            "deal, or --deal's), each choice valued from the seat and with the cards open.",
        ),
    ] = False,
    from_step: Annotated[
        int,
        typer.Option(
            "--step", help="--explore: the step it starts from (0: the deal's first).", min=0
        ),
    ] = 0,
    player: Annotated[
        str, typer.Option(help="--explore: the computer player that moves on p (a level).")
    ] = "club",
) -> None:
    """Analyse a finished deal or session (a record from ulti demo --save or ulti play): every
    decision of every seat valued with all hands open and from the seat's own view, the
    mistakes marked with the best move, the amount and why."""
    lang = _lang(lang)
    try:
        bud = Budget.parse(budget)
    except ValueError as exc:
        _fail(lang, str(exc))
        raise typer.Exit(2) from None
    if not (0 < threshold < 1e9):
        _fail(lang, _an(lang, "threshold", threshold=f"{threshold:g}"))
        raise typer.Exit(2)
    _analysis_outputs([json_file, plot_file], force, lang)
    deals, players = _finished_deals(file, lang)
    chosen = _chosen(file, len(deals), deal, lang)
    if explore:
        if player not in LEVELS:
            _fail(lang, _an(lang, "explore-level", levels=", ".join(LEVELS)))
            raise typer.Exit(2)
        board_explore(deals[chosen[0] - 1], players, bud, seed, player, lang, from_step)
        return
    with _progress(transient=True) as bar:
        task = bar.add_task(_an(lang, "progress"), total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        numbered = [(n, deals[n - 1]) for n in chosen]
        analysed = analyze_numbered(numbered, bud, threshold, seed, step)
    results = list(zip(chosen, analysed, strict=True))
    _print_report(results, deals, players, lang, every)
    if json_file is not None:
        _write_json(json_file, file, players, results, lang)
    if plot_file is not None:
        plot([a for _, a in results], plot_file, lang)
        console.print(escape(_an(lang, "wrote", file=plot_file)))


def _an(lang: str, key: str, **fields: object) -> str:
    """The report's words, from the catalogue's ``analysis`` section."""
    return i18n.text(f"analysis.{key}", lang, **fields)


def _num(x: float | None, lang: str = "en", sign: bool = True) -> str:
    """Units for the report (a decimal comma in Hungarian); a dash for no value."""
    return "–" if x is None else number(x, lang, sign)


def _analysis_outputs(paths: list[Path | None], force: bool, lang: str) -> None:
    """Refuse, before any work, an output that could not be written or would overwrite a
    file without --force."""
    for path in paths:
        if path is None:
            continue
        if path.exists() and not path.is_dir() and not force:
            _fail(lang, _an(lang, "exists", file=path))
            raise typer.Exit(2)
        why = _writable(path, lang)
        if why is not None:
            _fail(lang, f"{path}: {why}")
            raise typer.Exit(2)


def _finished_deals(file: Path, lang: str) -> tuple[list[Deal], list[str]]:
    """The finished deals of the record in ``file`` (a deal's or a session's) and its players'
    names; one line and exit 2 for a file that is no Ulti record."""
    rec = _read_json(file, lang, lambda exc: f"{file}: {exc.strerror}")
    if isinstance(rec, dict) and str(rec.get("format", "")).startswith("ulti-snapszli"):
        _fail(lang, _an(lang, "only-ulti", file=file))
        raise typer.Exit(2)
    try:
        if isinstance(rec, dict) and rec.get("format") == "ulti-session":
            s = Session.from_record(rec)
            deals = s.finished_deals
            players = list(s.players)
        else:
            deals = [from_record(rec)]
            players = players_of(rec)
    except RecordError as exc:
        _fail(lang, f"{file}: {exc.text(lang)}")
        raise typer.Exit(2) from None
    return [d for d in deals if d.is_over()], players


def _chosen(file: Path, deals: int, deal: int | None, lang: str) -> list[int]:
    """The numbers (from 1) of the deals to analyse: all ``deals``, or --deal's one."""
    chosen = list(range(1, deals + 1))
    if deal is not None:
        if not 1 <= deal <= deals:
            _fail(lang, _an(lang, "no-deal", file=file, n=deals, deal=deal))
            raise typer.Exit(2)
        chosen = [deal]
    if not chosen:
        _fail(lang, _an(lang, "no-deal", file=file, n=0, deal=1))
        raise typer.Exit(2)
    return chosen


def _print_report(
    results: list[tuple[int, DealAnalysis]],
    deals: list[Deal],
    players: list[str],
    lang: str,
    every: bool,
) -> None:
    """Each deal's analysis; of more than one, the summary and the three worst mistakes."""
    for n, a in results:
        _print_analysis(n if len(deals) > 1 else None, deals[n - 1], a, players, lang, every)
    if len(results) <= 1:
        return
    every_dec = [x for _, a in results for x in a.decisions]
    console.rule(_an(lang, "summary"))
    _print_summary(summarize(every_dec), players, lang)
    worst = sorted(
        ((n, x) for n, a in results for x in a.mistakes()),
        key=lambda nx: (-(nx[1].loss() or 0.0), nx[0], nx[1].index),
    )[:3]
    if worst:
        console.print(f"[bold]{escape(_an(lang, 'worst'))}[/bold]")
        for n, x in worst:
            _print_mistake(x, players, lang, prefix=_an(lang, "deal", n=n) + " · ")


def _write_json(
    json_file: Path,
    file: Path,
    players: list[str],
    results: list[tuple[int, DealAnalysis]],
    lang: str,
) -> None:
    """The analysis as JSON: the record's file, the players, each deal's, the summary."""
    out: dict[str, object] = {
        "file": str(file),
        "players": players,
        "deals": [{"deal": n, **a.to_dict()} for n, a in results],
        "summary": [s.to_dict() for s in summarize([x for _, a in results for x in a.decisions])],
    }
    json_file.write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")
    console.print(escape(_an(lang, "wrote", file=json_file)))


def _print_analysis(
    n: int | None, d: Deal, a: DealAnalysis, players: list[str], lang: str, every: bool
) -> None:
    """One deal's analysis: its contract and result, (with --all) every decision, the
    mistakes, the seats' summary and the soloist's value trick by trick."""
    console.rule(_an(lang, "deal", n=n) if n is not None else _an(lang, "title"))
    if d.contract is None:
        console.print(escape(_an(lang, "thrown-in")))
    else:
        title = d.contract.title_hu if lang == "hu" else d.contract.title
        res = ", ".join(f"{players[i]} {a.returns[i]:+d}" for i in range(3))
        console.print(
            escape(_an(lang, "contract", contract=title, soloist=players[d.soloist], returns=res))
        )
    if every:
        _print_decisions(d, a, players, lang)
    mistakes = a.mistakes()
    if mistakes:
        console.print(f"[bold]{escape(_an(lang, 'mistakes'))}[/bold]")
        for x in mistakes:
            _print_mistake(x, players, lang)
    else:
        console.print(escape(_an(lang, "no-mistakes", threshold=f"{a.threshold:g}")))
    _print_summary(a.summary(), players, lang)
    if a.curve:
        points = "  ".join(
            f"{_an(lang, 'curve-start') if k == 0 else k}: {_num(v, lang)}" for k, v in a.curve
        )
        console.print(f"{escape(_an(lang, 'curve'))}:\n  {points}", highlight=False)
    if a.skipped:
        console.print(escape(_an(lang, "skipped", n=a.skipped)))
    if not every:
        console.print(f"[dim]{escape(_an(lang, 'all-hint'))}[/dim]")


def _print_decisions(d: Deal, a: DealAnalysis, players: list[str], lang: str) -> None:
    """``--all``: every decision with the value of the action taken, the best and the loss."""
    t = Table(box=box.SIMPLE, show_edge=False)
    for col in ("seat", "decision", "taken", "best", "loss"):
        t.add_column(_an(lang, col))
    for x in a.decisions:
        best = x.best()
        loss = x.loss()
        view = x.judge
        t.add_row(
            escape(players[x.seat]),
            escape(x.title(lang)),
            _num(x.taken.value(view), lang),
            escape(best.label(lang, d.rules)) + f" {_num(best.value(view), lang)}" if best else "–",
            ("[red]" if x.mistake else "")
            + _num(loss, lang, sign=False)
            + ("[/red]" if x.mistake else ""),
        )
    console.print(t)


def _print_mistake(x: Decision, players: list[str], lang: str, prefix: str = "") -> None:
    """A mistake: who, which decision, the units lost (judged how), the best move and why."""
    best = x.best()
    loss = x.loss() or 0.0
    judged = _an(lang, "judged-dd") if x.judge == "dd" else _an(lang, "judged-info", n=x.samples)
    console.print(
        f"[red]✗[/red] {escape(prefix + players[x.seat])} · {escape(x.title(lang))} "
        f"[red]−{_num(loss, lang, sign=False)}[/red] ({escape(judged)})",
        highlight=False,
    )
    if best is not None:
        dd = _an(lang, "vs", best=_num(best.dd, lang), taken=_num(x.taken.dd, lang))
        info = _an(lang, "vs", best=_num(best.info, lang), taken=_num(x.taken.info, lang))
        console.print(
            f"   {escape(_an(lang, 'best'))}: {escape(best.label(lang, x.rules))} "
            f"({escape(_an(lang, 'dd'))}: {escape(dd)}; {escape(_an(lang, 'info'))}: "
            f"{escape(info)})",
            highlight=False,
        )
    why = x.explain(lang)
    if why:
        console.print(f"   {escape(why)}", highlight=False)


def _print_summary(summary: tuple[SeatSummary, ...], players: list[str], lang: str) -> None:
    """Each seat's decisions, mistakes, units lost and accuracy."""
    t = Table(box=box.SIMPLE, show_edge=False, title=_an(lang, "summary"), title_justify="left")
    t.add_column(_an(lang, "seat"))
    t.add_column(_an(lang, "decision"), justify="right")
    t.add_column(_an(lang, "mistakes"), justify="right")
    t.add_column(_an(lang, "lost-units"), justify="right")
    t.add_column(_an(lang, "accuracy"), justify="right")
    for s in summary:
        t.add_row(
            escape(players[s.seat]),
            str(s.decisions),
            str(s.mistakes),
            _num(s.lost, lang, sign=False),
            f"{s.accuracy:.0f}" if s.accuracy is not None else "–",
        )
    console.print(t)
