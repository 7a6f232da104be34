"""The ``ulti`` command."""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ulti import i18n
from ulti.core.cards import SUIT_NAMES_EN, SUIT_NAMES_HU
from ulti.core.errors import CatalogueError
from ulti.games.snapszli import MATCH_FORMAT as SNAP_MATCH_FORMAT
from ulti.games.snapszli import OPTIONS as SNAP_OPTIONS
from ulti.games.snapszli import PRESETS as SNAP_PRESETS
from ulti.games.snapszli import SnapMatch, SnapRules, SnapRulesError
from ulti.games.snapszli import from_record as snap_from_record
from ulti.games.snapszli import render as snap_render
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.bids import Bid, Silent
from ulti.games.ulti.deal import Deal, IllegalAction, Phase
from ulti.games.ulti.record import RecordError, dumps, from_record, players_of, render, seat_names
from ulti.games.ulti.rules import OPTIONS, PRESETS, Ruleset, RulesetError
from ulti.games.ulti.session import Session

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

    from ulti.server.accounts import Accounts
    from ulti.server.store import User

app = typer.Typer(
    name="ulti",
    help="Ulti, Hungary's national three-player card game (Ulti, a magyar kártyajáték).",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

PresetOpt = Annotated[str | None, typer.Option("--preset", "-p", help="A named rules preset.")]
RulesOpt = Annotated[Path | None, typer.Option("--rules", "-r", help="A rules TOML file.")]


def _ruleset(preset: str | None, rules_file: Path | None, lang: str = "en") -> Ruleset:
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


GameOpt = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        help="The game: ulti, or snapszli (the two-player Schnapsen, docs/SNAPSZLI.md).",
    ),
]
GAMES = ("ulti", "snapszli")


def _game(game: str, lang: str = "en") -> str:
    """The game named by --game (exit 2 naming the choices otherwise)."""
    g = game.strip().lower()
    if g not in GAMES:
        _fail(lang, _snap(lang, "cli-game", game=game))
        raise typer.Exit(2)
    return g


def _snap(lang: str, key: str, **fields: object) -> str:
    """Snapszli's words on the command line (the catalogue's ``snap`` section)."""
    return i18n.text(f"snap.{key}", lang, **fields)


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


def _snap_rules_table(rs: SnapRules, lang: str = "en") -> None:
    """``ulti rules --game snapszli``: every option with its rule id, value and meaning, the
    presets, the chosen rules (readable at 80 columns, and piped), in English or Hungarian."""
    std = SnapRules().to_dict()
    chosen = rs.to_dict()
    t = Table(
        title=_snap(lang, "cli-rules-title", preset=rs.preset),
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    t.add_column(_snap(lang, "cli-col-option"), overflow="fold")
    t.add_column(_snap(lang, "cli-col-rule"), no_wrap=True)
    t.add_column(_snap(lang, "cli-col-value"), justify="right", no_wrap=True)
    t.add_column(_snap(lang, "cli-col-meaning"), ratio=1)
    for key, rule, _doc in SNAP_OPTIONS:
        v = chosen[key]
        shown = str(v).lower() if isinstance(v, bool) else str(v)
        if v != std[key]:
            shown = f"[bold yellow]{shown}[/bold yellow]"
        t.add_row(key, rule, shown, _snap(lang, f"cli-option-{key}"))
    console.print(t)
    console.print(_snap(lang, "cli-presets"))
    for name, options in SNAP_PRESETS.items():
        what = ", ".join(
            f"{k} = {str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()
        ) or _snap(lang, "cli-preset-standard")
        mark = "*" if name == rs.preset else " "
        console.print(f" {mark} {name}: {escape(what)}", highlight=False)
    console.print(_snap(lang, "cli-rules-note"), highlight=False)


@app.command()
def rules(
    game: GameOpt = "ulti",
    preset: PresetOpt = None,
    rules_file: RulesOpt = None,
    lang: Annotated[
        str, typer.Option(help="Language of the rules tables and the errors: en or hu.")
    ] = "en",
) -> None:
    """Print the active ruleset and its whole bidding ladder (B5); with --game snapszli,
    Snapszli's options (ZV1-ZV4), presets and the chosen rules."""
    if lang not in ("en", "hu"):
        _fail("en", _say("en", "lang"))
        raise typer.Exit(2)
    if _game(game, lang) == "snapszli":
        _snap_rules_table(_snap_rules(preset, rules_file, lang), lang)
        return
    _rules_table(_ruleset(preset, rules_file, lang), lang)


def _rules_table(rs: Ruleset, lang: str = "en") -> None:
    """``ulti rules``: every option with its rule id, value and meaning, the presets, the whole
    ladder (B5) and the silent bonuses, in English or Hungarian (the catalogue's ``cli``,
    ``option``, ``preset`` and bid names), readable at 80 columns and piped."""
    hu = lang == "hu"

    def say(key: str, **fields: object) -> str:
        return i18n.text(f"cli.{key}", lang, **fields)

    def preset_name(name: str) -> str:
        """A preset as ``--preset`` takes it, with its Hungarian name in Hungarian."""
        return f"{name} ({i18n.text(f'preset.{name}', lang)})" if hu else name

    std = Ruleset().to_dict()
    t = Table(
        title=say(
            "rules-title",
            preset=preset_name(rs.preset),
            doc=i18n.text(f"preset.{rs.preset}.doc", lang),
        ),
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    t.add_column(say("col-option"), no_wrap=True)
    t.add_column(say("col-rule"), overflow="fold", max_width=10)
    t.add_column(say("col-value"), justify="right", no_wrap=True)
    t.add_column(say("col-meaning"), ratio=1)
    for o in OPTIONS:
        v = getattr(rs, o.name)
        shown = str(v).lower() if isinstance(v, bool) else str(v)
        if v != std[o.name]:
            shown = f"[bold yellow]{shown}[/bold yellow]"
        rule = o.rule.replace("unclear seed", say("unclear-seed"))  # the seed's doubt, in words
        t.add_row(o.name, rule, shown, escape(i18n.text(f"option.{o.name}.doc", lang)))
    console.print(t)
    console.print(
        escape(say("presets", presets=", ".join(preset_name(p) for p in PRESETS))),
        highlight=False,
    )
    lad = rs.ladder
    named = say("named-with-bid") if rs.trump_with_bid else say("named-after")
    lt = Table(
        title=say("ladder-title", bids=len(lad), ranks=lad.top_rank),
        title_justify="left",
        caption=say("ladder-caption", named=named),
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
    )
    lt.add_column(say("col-rank"), justify="right", no_wrap=True)
    lt.add_column(say("col-value-parts"), justify="right", no_wrap=True)
    lt.add_column(say("col-bid"), overflow="fold", ratio=1)
    lt.add_column(say("col-trump"), no_wrap=True)
    lt.add_column(say("col-silent"), justify="right", no_wrap=True)
    for group in lad.ranks:
        for b in group:
            trump = (
                "♥"
                if b.trump and (b.hearts or rs.hearts_always_trump)
                else say("named")
                if b.trump
                else "-"
            )

            def sv(s: Silent, b: Bid = b) -> str:
                v = b.silent_value(s)
                if s == Silent.DURCHMARS and b.key in ("simple", "simple of hearts") and v:
                    v = v // 3 * rs.silent_durchmars_in_simple
                if s == Silent.FOUR_ACES and not rs.four_aces:
                    v = 0
                return str(v) if v else "-"

            silent = " ".join(
                sv(x) for x in (Silent.HUNDRED, Silent.ULTI, Silent.DURCHMARS, Silent.FOUR_ACES)
            )
            lt.add_row(
                str(b.rank),
                f"{b.value}\n[dim]{b.parts}[/dim]",
                b.title_hu if hu else f"{b.title}\n[dim]{b.title_hu}[/dim]",
                trump,
                silent,
            )
    console.print(lt)
    console.print(
        say(
            "silent",
            titles="; ".join(i18n.text(f"silent.{int(x)}", lang) for x in Silent),
            lost=say("silent-lost-double") if rs.silent_losses else say("silent-lost-free"),
        )
    )


@app.command()
def replay(
    file: Path,
    lang: Annotated[
        str,
        typer.Option(help="Language of the account, the score sheet and the errors: en or hu."),
    ] = "en",
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
    if lang not in ("en", "hu"):
        _fail("en", _say("en", "lang"))
        raise typer.Exit(2)
    wanted = None if game is None else _game(game, lang)
    try:
        rec = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        _fail(lang, i18n.text("cli.cannot-read", lang, file=file, why=exc.strerror))
        raise typer.Exit(2) from None
    except UnicodeDecodeError:
        _fail(lang, _say(lang, "not-utf8", file=file))
        raise typer.Exit(2) from None
    except json.JSONDecodeError as exc:
        _fail(lang, _say(lang, "not-json", file=file, why=exc))
        raise typer.Exit(2) from None
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


def _an(lang: str, key: str, **fields: object) -> str:
    return i18n.text(f"analysis.{key}", lang, **fields)


def _num(x: float | None, lang: str = "en", sign: bool = True) -> str:
    """Units for the report (a decimal comma in Hungarian); a dash for no value."""
    from ulti.analysis.ulti import number

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


@app.command()
def analyze(
    file: Path,
    deal: Annotated[
        int | None, typer.Option("--deal", help="Only this deal of a session (from 1).")
    ] = None,
    lang: Annotated[str, typer.Option(help="Language of the report: en or hu.")] = "en",
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
) -> None:
    """Analyse a finished deal or session (a record from ulti demo --save or ulti play): every
    decision of every seat valued with all hands open and from the seat's own view, the
    mistakes marked with the best move, the amount and why."""

    from ulti.analysis import ulti as AN
    from ulti.players.base import Budget

    if lang not in ("en", "hu"):
        _fail("en", _say("en", "lang"))
        raise typer.Exit(2)
    try:
        bud = Budget.parse(budget)
    except ValueError as exc:
        _fail(lang, str(exc))
        raise typer.Exit(2) from None
    if not (0 < threshold < 1e9):
        _fail(lang, _an(lang, "threshold", threshold=f"{threshold:g}"))
        raise typer.Exit(2)
    _analysis_outputs([json_file, plot_file], force, lang)
    try:
        rec = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        _fail(lang, f"{file}: {exc.strerror}")
        raise typer.Exit(2) from None
    except UnicodeDecodeError:
        _fail(lang, _say(lang, "not-utf8", file=file))
        raise typer.Exit(2) from None
    except json.JSONDecodeError as exc:
        _fail(lang, _say(lang, "not-json", file=file, why=exc))
        raise typer.Exit(2) from None
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
    deals = [d for d in deals if d.is_over()]
    chosen = list(range(1, len(deals) + 1))
    if deal is not None:
        if not 1 <= deal <= len(deals):
            _fail(lang, _an(lang, "no-deal", file=file, n=len(deals), deal=deal))
            raise typer.Exit(2)
        chosen = [deal]
    if not chosen:
        _fail(lang, _an(lang, "no-deal", file=file, n=0, deal=1))
        raise typer.Exit(2)
    with _progress(transient=True) as bar:
        task = bar.add_task(_an(lang, "progress"), total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        numbered = [(n, deals[n - 1]) for n in chosen]
        analysed = AN.analyze_numbered(numbered, bud, threshold, seed, step)
    results = list(zip(chosen, analysed, strict=True))
    for n, a in results:
        _print_analysis(n if len(deals) > 1 else None, deals[n - 1], a, players, lang, every)
    if len(results) > 1:
        every_dec = [x for _, a in results for x in a.decisions]
        console.rule(_an(lang, "summary"))
        _print_summary(AN.summarize(every_dec), players, lang)
        worst = sorted(
            ((n, x) for n, a in results for x in a.mistakes()),
            key=lambda nx: (-(nx[1].loss() or 0.0), nx[0], nx[1].index),
        )[:3]
        if worst:
            console.print(f"[bold]{escape(_an(lang, 'worst'))}[/bold]")
            for n, x in worst:
                _print_mistake(x, players, lang, prefix=_an(lang, "deal", n=n) + " · ")
    if json_file is not None:
        out: dict[str, object] = {
            "file": str(file),
            "players": players,
            "deals": [{"deal": n, **a.to_dict()} for n, a in results],
            "summary": [
                s.to_dict() for s in AN.summarize([x for _, a in results for x in a.decisions])
            ],
        }
        json_file.write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")
        console.print(escape(_an(lang, "wrote", file=json_file)))
    if plot_file is not None:
        AN.plot([a for _, a in results], plot_file, lang)
        console.print(escape(_an(lang, "wrote", file=plot_file)))


def _print_analysis(
    n: int | None, d: Deal, a: object, players: list[str], lang: str, every: bool
) -> None:
    from ulti.analysis.ulti import DealAnalysis

    assert isinstance(a, DealAnalysis)
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
                escape(best.label(lang, d.rules)) + f" {_num(best.value(view), lang)}"
                if best
                else "–",
                ("[red]" if x.mistake else "")
                + _num(loss, lang, sign=False)
                + ("[/red]" if x.mistake else ""),
            )
        console.print(t)
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


def _print_mistake(x: object, players: list[str], lang: str, prefix: str = "") -> None:
    from ulti.analysis.ulti import Decision

    assert isinstance(x, Decision)
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


def _print_summary(summary: tuple[object, ...], players: list[str], lang: str) -> None:
    from ulti.analysis.ulti import SeatSummary

    t = Table(box=box.SIMPLE, show_edge=False, title=_an(lang, "summary"), title_justify="left")
    t.add_column(_an(lang, "seat"))
    t.add_column(_an(lang, "decision"), justify="right")
    t.add_column(_an(lang, "mistakes"), justify="right")
    t.add_column(_an(lang, "lost-units"), justify="right")
    t.add_column(_an(lang, "accuracy"), justify="right")
    for s in summary:
        assert isinstance(s, SeatSummary)
        t.add_row(
            escape(players[s.seat]),
            str(s.decisions),
            str(s.mistakes),
            _num(s.lost, lang, sign=False),
            f"{s.accuracy:.0f}" if s.accuracy is not None else "–",
        )
    console.print(t)


def _replay_snapszli(file: Path, rec: dict[str, object], lang: str) -> None:
    """A Snapszli deal record or match, deal by deal (:func:`ulti.games.snapszli.render`)."""
    try:
        if rec.get("format") == SNAP_MATCH_FORMAT:
            m = SnapMatch.from_record(rec)
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


def casual_random_action(deal: Deal, rng: random.Random) -> Action:
    """A random but not absurd action for demonstrations: mostly passes in the auction, always
    declares marriages, rarely doubles, plays a random legal card, never claims."""
    legal = deal.legal_actions()
    ph = deal.phase
    kinds = [a.kind for a in legal]
    if ActionKind.MARRIAGE in kinds:
        return legal[kinds.index(ActionKind.MARRIAGE)]
    if ph in (Phase.AUCTION, Phase.ROUND1, Phase.KONTRA) and ActionKind.PASS in kinds:
        if rng.random() < 0.8:
            return legal[kinds.index(ActionKind.PASS)]
    if ph == Phase.BID:
        return legal[min(len(legal) - 1, int(rng.random() * min(4, len(legal))))]
    pool = [a for a in legal if a.kind not in (ActionKind.CLAIM, ActionKind.KONTRA)]
    if ActionKind.KONTRA in kinds and rng.random() < 0.1:
        pool = [a for a in legal if a.kind == ActionKind.KONTRA]
    return rng.choice(pool or legal)


@app.command()
def demo(
    seed: Annotated[
        int,
        typer.Option(help="Seed of the deal (and of the random players).", min=0, max=2**64 - 1),
    ] = 1,
    deals: Annotated[
        int, typer.Option(help="Deals to play (more than one: a session).", min=1, max=999)
    ] = 1,
    preset: PresetOpt = None,
    rules_file: RulesOpt = None,
    save: Annotated[Path | None, typer.Option(help="Write the record to this file.")] = None,
    lang: Annotated[
        str, typer.Option(help="Language of the account and the score sheet: en or hu.")
    ] = "en",
) -> None:
    """Play deals between three random players and print them (a tour of the engine)."""
    if lang not in ("en", "hu"):
        _fail("en", _say("en", "lang"))
        raise typer.Exit(2)
    rs = _ruleset(preset, rules_file, lang)
    _check_output(save, lang)
    rng = random.Random(seed)
    if deals == 1:
        d = Deal(rs, seed=seed, dealer=0)
        while not d.is_over():
            d.apply(casual_random_action(d, rng))
        console.print(render(d, None, lang), highlight=False)
        if save:
            save.write_text(dumps(d), encoding="utf-8")
        return
    try:
        rs = rs.with_options(session_deals=max(3, deals - deals % 3))
    except RulesetError as exc:
        _fail(lang, exc.text(lang))
        raise typer.Exit(2) from None
    s = Session(rs, seed=seed)
    while True:
        d = s.deal
        while not d.is_over():
            d.apply(casual_random_action(d, rng))
        if s.is_over():
            break
        s.next_deal()
    _print_sheet(s, lang)
    if save:
        s.save(save)


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
    lang: Annotated[
        str, typer.Option(help="Language of the answer and the errors: en or hu.")
    ] = "en",
) -> None:
    """Solve a position double dummy: each legal card with its outcome under best play.

    The position solved is printed in the notation, to solve it again, edited."""
    from ulti.core.cards import name_hu
    from ulti.games.ulti.notation import (
        NotationError,
        deal_position_text,
        read_position,
        write_position,
    )
    from ulti.games.ulti.record import card_text
    from ulti.games.ulti.scoring import SILENT_BASE
    from ulti.search.ulti import solver as S

    if lang not in ("en", "hu"):
        _fail("en", _say("en", "lang"))
        raise typer.Exit(2)
    hu = lang == "hu"

    def say(key: str, **fields: object) -> str:
        return i18n.text(f"cli.solve-{key}", lang, **fields)

    rs = _ruleset(preset, rules_file, lang)
    names = seat_names(None, lang)
    try:
        if record is not None:
            rec = json.loads(record.read_text(encoding="utf-8"))
            if isinstance(rec, dict) and rec.get("format") == "ulti-session":
                session = Session.from_record(rec)
                names = seat_names(list(session.players), lang)
                played = [
                    i
                    for i, x in enumerate(session.deals)
                    if x.tricks_played or any(a.kind == ActionKind.PLAY for _, a in x.history)
                ]
                if deal_no is None:
                    if not played:
                        raise NotationError(say("no-play"))
                    full = session.deals[played[0]]
                elif 1 <= deal_no <= len(session.deals):
                    full = session.deals[deal_no - 1]
                else:
                    raise NotationError(say("deal-range", n=len(session.deals)))
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
                raise NotationError(say("move-range", n=len(full.history)))
            for _, a in full.history[:n]:
                d.apply(a)
            if d.phase not in (Phase.PLAY, Phase.KONTRA) or d.contract is None:
                raise NotationError(say("not-play"))
            pos = S.Position.from_deal(d)
            text = deal_position_text(d)
        elif position is not None:
            pos, _ = read_position(position, rs)
            text = write_position(pos, rs)
        else:
            raise NotationError(say("nothing"))
    except UnicodeDecodeError:
        _fail(lang, _say(lang, "not-utf8", file=record))
        raise typer.Exit(2) from None
    except OSError as exc:
        _fail(lang, i18n.text("cli.cannot-read", lang, file=record, why=exc.strerror))
        raise typer.Exit(2) from None
    except json.JSONDecodeError as exc:
        _fail(lang, _say(lang, "not-json", file=record, why=exc))
        raise typer.Exit(2) from None
    except (NotationError, RecordError, ValueError) as exc:
        _fail(lang, _words(exc, lang))
        raise typer.Exit(2) from None
    c = pos.contract
    assert c is not None
    if pos.trump < 0:
        trump = say("no-trump")
    elif hu:
        trump = say("trump", suit=SUIT_NAMES_HU[pos.trump])
    else:
        trump = say("trump", suit=f"{SUIT_NAMES_EN[pos.trump]} ({SUIT_NAMES_HU[pos.trump]})")
    console.print(
        say(
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
    console.print(say("position", text=text), markup=False, highlight=False, soft_wrap=True)
    sol = S.solve(pos)
    kinds = [S.ITEM_OBJECTIVE[item] for item, _ in pos.items]
    shown = [k for k in kinds if k in sol.objectives]

    def objective(item: int) -> str:
        """An objective as ``lang`` names it: the solver's name in English, the contract's
        component or silent bonus in Hungarian."""
        if not hu:
            return S.ITEM_OBJECTIVE[item]
        if item >= SILENT_BASE:
            return i18n.text(f"silent.{item - SILENT_BASE}", lang)
        return i18n.text(f"kind.{item}", lang)

    called = {name: objective(item) for item, name in S.ITEM_OBJECTIVE.items()}
    yes, no = say("yes"), say("no")
    t = Table(title=say("objectives"), title_justify="left")
    t.add_column(say("col-objective"))
    t.add_column(say("col-in-contract"))
    t.add_column(say("col-made"))
    for name, made in sol.objectives.items():
        t.add_row(called.get(name, name), yes if name in kinds else "", yes if made else no)
    console.print(t)
    if not pos.no_trump:
        console.print(say("points", points=sol.points))
    console.print(say("settlement", value=sol.value))
    per = S.move_objectives(pos, tuple(shown))
    mt = Table(title=escape(say("cards", player=names[pos.player])), title_justify="left")
    mt.add_column(say("col-card"))
    mt.add_column(i18n.text("web.name", "hu").lower())  # the card's Hungarian name
    mt.add_column(say("col-value"), justify="right")
    if not pos.no_trump:
        mt.add_column(say("col-points"), justify="right")
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
    console.print(say("best"), markup=False, highlight=False)


def _player_specs(text: str, lang: str = "en") -> list[str]:
    """Comma-separated player specs, each checked (an unknown player or budget: exit 2)."""
    from ulti.players import make_player

    specs = [x.strip() for x in text.split(",") if x.strip()]
    try:
        for spec in specs:
            make_player(spec)
    except ValueError as exc:
        _fail(lang, _words(exc, lang))
        raise typer.Exit(2) from None
    return specs


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
    lang: Annotated[
        str, typer.Option(help="Language of the tables, the lines and the errors: en or hu.")
    ] = "en",
) -> None:
    """A duplicate tournament: every deal under every seating, so the cards' luck cancels.
    With --game snapszli, every pair of players plays each deal in both seatings."""

    if lang not in ("en", "hu"):
        _fail("en", _say("en", "lang"))
        raise typer.Exit(2)

    def say(key: str, **fields: object) -> str:
        return i18n.text(f"cli.tourn-{key}", lang, **fields)

    if ray_address is not None and workers != 1:
        _fail(lang, say("ray-workers"))
        raise typer.Exit(2)
    if ray_address is not None and not ray_address.strip():
        _fail(lang, say("ray-address"))
        raise typer.Exit(2)
    if _game(game, lang) == "snapszli":
        if ray_address is not None:
            _fail(lang, say("ray-ulti"))
            raise typer.Exit(2)
        _snap_tournament(
            bots, deals, seed, workers, json_file, plot_file, preset, rules_file, lang, checkpoint
        )
        return
    from ulti.arena.tournament import (
        CheckpointError,
        RayError,
        plot,
        seatings,
        winner_first,
        write_json,
    )
    from ulti.arena.tournament import tournament as run_tournament

    rs = _ruleset(preset, rules_file, lang)
    specs = _player_specs(bots, lang)
    if len(specs) < 2:
        _fail(lang, say("two"))
        raise typer.Exit(2)
    if deals < 1 or workers < 1:
        _fail(lang, say("positive"))
        raise typer.Exit(2)
    _check_output(json_file, lang)
    _check_output(plot_file, lang)
    _check_checkpoint(checkpoint, lang, json_file, plot_file)
    if ray_address is not None:
        from ulti.arena.tournament import check_ray_address

        try:
            check_ray_address(ray_address)
        except RayError as exc:
            _fail(lang, str(exc))
            raise typer.Exit(2) from None
    n_seatings = len(seatings(len(specs)))
    if len(specs) < 3:
        console.print(say("shared-seats", players=len(specs), seatings=n_seatings))
    elif len(specs) > 3:
        console.print(say("many-players", players=len(specs), seatings=n_seatings))
    if deals < 2:
        console.print(say("one-deal"))
    with _progress() as bar:
        task = bar.add_task(escape(say("progress")), total=None)
        step = _TournProgress(bar, task, checkpoint, lang)
        try:
            summary, results = run_tournament(
                specs, deals, seed, rs, workers, step, ray_address, checkpoint
            )
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
    t = Table(
        title=say("title", deals=deals, seatings=summary["config"]["seatings"], seed=seed),
        title_justify="left",
    )
    for col in ("player", "units", "ci", "soloist", "made", "ms"):
        t.add_column(say(f"col-{col}"), justify="left" if col == "player" else "right")
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
    pt = Table(title=say("pairs"), title_justify="left")
    for col in ("pair", "mean", "ci", "verdict"):
        pt.add_column(say(f"col-{col}"), justify="left" if col in ("pair", "verdict") else "right")
    for a, b, v in winner_first(summary):  # each pair once, the one ahead first
        if v["ci95"] is None:
            pt.add_row(f"{a} - {b}", f"{v['mean']:+.3f}", "–", say("no-interval"))
            continue
        lo, hi = v["ci95"]
        verdict = say("ahead", name=a) if lo > 0 else say("not-separated")
        pt.add_row(f"{a} - {b}", f"{v['mean']:+.3f}", f"[{lo:+.3f}, {hi:+.3f}]", verdict)
    console.print(pt)

    def contract(key: str) -> str:
        """A contract as ``lang`` names it: its key in English, its Hungarian title."""
        return rs.ladder[key].title_hu if lang == "hu" and key in rs.ladder else key

    for name, b in summary["bots"].items():
        top = list(b["contracts"].items())[:6]
        if top:
            made = "; ".join(f"{contract(k)} {v['made']}/{v['bid']}" for k, v in top)
            console.print(say("as-soloist", name=name, contracts=made), highlight=False)
    if json_file:
        write_json(summary, results, json_file)
    if plot_file:
        plot(summary, plot_file)


def _snap_tournament(
    bots: str,
    deals: int,
    seed: int,
    workers: int,
    json_file: Path | None,
    plot_file: Path | None,
    preset: str | None,
    rules_file: Path | None,
    lang: str = "en",
    checkpoint: Path | None = None,
) -> None:
    """``ulti tournament --game snapszli``: :mod:`ulti.arena.snapszli`, each deal played by
    every pair of players in both seatings (the same cards and dealer)."""
    from ulti.arena.snapszli import plot, winner_first, write_json
    from ulti.arena.snapszli import tournament as run_tournament
    from ulti.arena.tournament import CheckpointError
    from ulti.players.snapszli import make_snap_player

    rs = _snap_rules(preset, rules_file, lang)
    specs = [x.strip() for x in bots.split(",") if x.strip()]
    try:
        for spec in specs:
            make_snap_player(spec)
    except ValueError as exc:
        _fail(lang, _words(exc, lang))
        raise typer.Exit(2) from None
    if len(specs) < 2:
        _fail(lang, _snap(lang, "cli-tourn-two"))
        raise typer.Exit(2)
    if deals < 1 or workers < 1:
        _fail(lang, _snap(lang, "cli-tourn-positive"))
        raise typer.Exit(2)
    _check_output(json_file, lang)
    _check_output(plot_file, lang)
    _check_checkpoint(checkpoint, lang, json_file, plot_file)
    console.print(_snap(lang, "cli-tourn-seatings"), highlight=False)
    if deals < 2:
        console.print(_snap(lang, "cli-tourn-one-deal"), highlight=False)
    with _progress() as bar:
        task = bar.add_task(escape(i18n.text("cli.tourn-progress", lang)), total=None)
        step = _TournProgress(bar, task, checkpoint, lang)
        try:
            summary, results = run_tournament(specs, deals, seed, rs, workers, step, checkpoint)
        except KeyboardInterrupt:
            step.stopped()
        except CheckpointError as exc:
            bar.stop()
            _fail(lang, exc.text(lang))
            raise typer.Exit(2) from None
    t = Table(
        title=_snap(lang, "cli-tourn-title", deals=deals, seed=seed, preset=rs.preset),
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
    if json_file:
        write_json(summary, results, json_file)
    if plot_file:
        plot(summary, plot_file)


def _say(lang: str, key: str, **fields: object) -> str:
    """What ``ulti play`` says, from the catalogue's ``play`` section (:mod:`ulti.i18n`)."""
    return i18n.text(f"play.{key}", lang, **fields)


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


def _backup(path: Path) -> Path:
    """Move a saved session aside (``NAME.bak``, or ``NAME.bak-2`` … when taken)."""
    target = path.with_name(path.name + ".bak")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.bak-{n}")
        n += 1
    path.replace(target)
    return target


def _words(exc: Exception, lang: str) -> str:
    """An error's words in ``lang``: a catalogue error's own (:class:`CatalogueError`), an
    illegal action's reason (its rule and words), any other's as it says them."""
    if isinstance(exc, CatalogueError):
        return exc.text(lang)
    if isinstance(exc, IllegalAction):
        return f"{exc.reason.rule}: {exc.reason.text(lang)}"
    return str(exc)


def _fail(lang: str, message: str) -> None:
    """One line on the console, in the player's language (markup in it shown as it is)."""
    console.print(f"[red]{'hiba' if lang == 'hu' else 'error'}:[/red] {escape(message)}")


def _check_output(path: Path | None, lang: str = "en") -> None:
    """Refuse, before any work, an output file that could not be written."""
    if path is None:
        return
    why = _writable(path, lang)
    if why is not None:
        _fail(lang, i18n.text("cli.cannot-write", lang, path=path, why=why))
        raise typer.Exit(2)


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


def _interactive() -> bool:
    return sys.stdin.isatty()


@app.command()
def play(
    lang: Annotated[str, typer.Option(help="Language of the table: en or hu.")] = "en",
    game: GameOpt = "ulti",
    opponents: Annotated[
        str | None,
        typer.Option(
            help="Ulti: the two computer players, comma separated, each with an optional "
            "budget (default pimc,rules)."
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
        int | None, typer.Option(help="Deals in the session (default: the rules', 24).")
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
) -> None:
    """Play a session of Ulti against two computer players in the terminal, or (--game
    snapszli) a Snapszli match to 7 against one.  A saved game is never overwritten without
    asking: continue it (--resume) or start anew (--new), which keeps it as a backup."""
    from ulti.tui.ulti import PlayConfig, run

    if lang not in ("en", "hu"):
        _fail("en", _say("en", "lang"))
        raise typer.Exit(2)
    if _game(game, lang) == "snapszli":
        if opponents is not None:
            _fail(lang, _snap(lang, "cli-ulti-only", option="--opponents", instead="--opponent"))
            raise typer.Exit(2)
        if deals is not None:
            _fail(
                lang,
                _snap(
                    lang, "cli-ulti-only", option="--deals", instead="--rules (match_points, ZV2)"
                ),
            )
            raise typer.Exit(2)
        if teach:
            _fail(lang, _snap(lang, "cli-ulti-only", option="--teach", instead="--show-points"))
            raise typer.Exit(2)
        _play_snapszli(lang, opponent, show_points, seed, save, resume, new, preset, rules_file)
        return
    for given, option in ((opponent is not None, "--opponent"), (show_points, "--show-points")):
        if given:
            _fail(lang, _snap(lang, "cli-snap-only", option=option))
            raise typer.Exit(2)
    if resume and new:
        _fail(lang, _say(lang, "both"))
        raise typer.Exit(2)
    if level is not None:
        from ulti.players import LEVELS

        if level not in LEVELS or opponents is not None:
            _fail(lang, _say(lang, "level", levels=", ".join(LEVELS)))
            raise typer.Exit(2)
        opponents = f"{level},{level}"
    specs = _player_specs(opponents or "pimc,rules", lang)
    if len(specs) != 2:
        _fail(lang, _say(lang, "opponents"))
        raise typer.Exit(2)
    rs = _ruleset(preset, rules_file, lang)

    def session_where(path: Path) -> dict[str, object]:
        old = Session.load(path)
        return {"path": path, "deal": len(old.deals), "deals": old.planned_deals}

    save, resume = _prepare_save(
        lang,
        save,
        "session.json",
        resume,
        new,
        session_where,
        lambda key, **fields: _say(lang, key, **fields),
    )
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 63)
    cfg = PlayConfig(
        lang=lang,
        opponents=(specs[0], specs[1]),
        rules=rs,
        deals=deals,
        seed=seed,
        save=save,
        teach=teach,
    )
    try:
        run(cfg, resume)
    except (FileNotFoundError, RecordError) as exc:
        _fail(lang, _words(exc, lang))
        raise typer.Exit(2) from None
    console.print(escape(_say(lang, "saved", path=save)))


def _prepare_save(
    lang: str,
    save: Path | None,
    default_name: str,
    resume: bool,
    new: bool,
    where_of: Callable[[Path], dict[str, object]],
    say: Callable[..., str],
) -> tuple[Path, bool]:
    """The save file of ``ulti play`` (either game), never overwritten unasked: refused when
    it cannot be written; one already there is resumed or, started anew, kept as a backup —
    asked in a terminal, refused without one.  ``where_of(path)`` reads a saved file's
    description for the question (raising ValueError or OSError when it cannot);
    ``say(key, **fields)`` gives the words (``unwritable``, ``unreadable``, ``exists``, ``ask``,
    ``backup``).  Returns the path and whether to resume."""
    if save is None:
        import platformdirs

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


def _play_snapszli(
    lang: str,
    opponent: str | None,
    show_points: bool,
    seed: int | None,
    save: Path | None,
    resume: bool,
    new: bool,
    preset: str | None,
    rules_file: Path | None,
) -> None:
    """``ulti play --game snapszli``: the same never-overwrite rules as Ulti's sessions, for a
    match file (``snapszli.json`` in the data folder by default)."""
    from ulti.players.snapszli import PLAY_SPEC, make_snap_player
    from ulti.tui.snapszli import SnapConfig, run

    if resume and new:
        _fail(lang, _say(lang, "both"))
        raise typer.Exit(2)
    spec = (opponent or PLAY_SPEC).strip()
    if spec == "pimc":
        spec = PLAY_SPEC
    try:
        make_snap_player(spec)
    except ValueError as exc:
        _fail(lang, _snap(lang, "cli-opponent", why=exc))
        raise typer.Exit(2) from None
    rs = _snap_rules(preset, rules_file, lang)

    def match_where(path: Path) -> dict[str, object]:
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

    save, resume = _prepare_save(
        lang,
        save,
        "snapszli.json",
        resume,
        new,
        match_where,
        lambda key, **fields: _snap(lang, f"cli-{key}", **fields),
    )
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 63)
    cfg = SnapConfig(
        lang=lang, opponent=spec, rules=rs, seed=seed, save=save, show_points=show_points
    )
    try:
        run(cfg, resume)
    except (FileNotFoundError, ValueError, TypeError, KeyError) as exc:
        _fail(lang, str(exc))
        raise typer.Exit(2) from None
    console.print(escape(_snap(lang, "cli-saved", path=save)))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port.", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///PATH or "
            "postgresql://user:pass@host/db (default: a "
            "SQLite file in your data folder)."
        ),
    ] = None,
    rate_limit: Annotated[
        float,
        typer.Option(
            help="Frames a second each connection may send (bursts of three times as many)."
        ),
    ] = 10.0,
    bot_workers: Annotated[
        int | None,
        typer.Option(help="Worker processes in which computer players think (default: cores - 1)."),
    ] = None,
    bot_deadline: Annotated[
        float,
        typer.Option(
            help="Seconds a computer player's decision may take; past it the worker is stopped "
            "and the rules player's move is played."
        ),
    ] = 10.0,
    max_bot_samples: Annotated[
        int, typer.Option(help="The most samples a table may give a computer player.")
    ] = 256,
    max_bot_ms: Annotated[
        float,
        typer.Option(help="The most milliseconds a table may give a computer player per decision."),
    ] = 2000,
    max_per_address: Annotated[
        int, typer.Option(help="Live websocket connections per client address.")
    ] = 32,
    max_connections: Annotated[int, typer.Option(help="Live websocket connections in all.")] = 2000,
    tables_per_minute: Annotated[
        float, typer.Option(help="New tables a client address may create a minute (bursts of 10).")
    ] = 12,
    api_docs: Annotated[
        bool, typer.Option(help="Serve the API's documentation (/docs, /redoc, /openapi.json).")
    ] = False,
    session_days: Annotated[
        float, typer.Option(help="Days a login lasts (the session cookie's life).")
    ] = 30,
    login_rate: Annotated[
        float,
        typer.Option(
            help="Logins a second tried per name and per client address (a token bucket)."
        ),
    ] = 0.2,
    login_burst: Annotated[
        float, typer.Option(help="Logins tried at once per name and per client address.")
    ] = 5,
    chat_rate: Annotated[
        float, typer.Option(help="Chat messages a second each connection may send.")
    ] = 1.0,
    chat_burst: Annotated[
        float, typer.Option(help="Chat messages each connection may send at once.")
    ] = 5,
    chat_max: Annotated[int, typer.Option(help="The most characters of a chat message.")] = 280,
    analysis_samples: Annotated[
        int, typer.Option(help="A deal's analysis: sampled deals per decision (the seat's view).")
    ] = 12,
    analysis_ms: Annotated[
        float, typer.Option(help="A deal's analysis: milliseconds per decision (the seat's view).")
    ] = 120.0,
    max_analyses: Annotated[
        int, typer.Option(help="Analyses worked out at once (one worker always stays free).")
    ] = 2,
    teach_samples: Annotated[
        int, typer.Option(help="Teaching mode: sampled deals weighing a card.")
    ] = 24,
    teach_ms: Annotated[
        float, typer.Option(help="Teaching mode: milliseconds weighing a card.")
    ] = 300.0,
) -> None:
    """Serve the web table: a lobby, tables for friends and computer players."""
    from ulti.server.app import serve as run_server
    from ulti.server.guard import ServerSettings, SettingsError
    from ulti.server.store import StoreError

    try:
        settings = ServerSettings(
            rate=rate_limit,
            burst=max(1.0, 3 * rate_limit),
            bot_workers=bot_workers,
            bot_deadline=bot_deadline,
            max_bot_samples=max_bot_samples,
            max_bot_ms=max_bot_ms,
            max_per_address=max_per_address,
            max_connections=max_connections,
            create_rate=tables_per_minute / 60,
            api_docs=api_docs,
            session_days=session_days,
            login_rate=login_rate,
            login_burst=login_burst,
            chat_rate=chat_rate,
            chat_burst=chat_burst,
            chat_max=chat_max,
            analysis_samples=analysis_samples,
            analysis_ms=analysis_ms,
            max_analyses=max_analyses,
            teach_samples=teach_samples,
            teach_ms=teach_ms,
        )
    except SettingsError as exc:
        _fail("en", str(exc))
        raise typer.Exit(2) from None
    try:
        run_server(host, port, db, settings)
    except StoreError as exc:
        _fail("en", str(exc))
        raise typer.Exit(2) from None


# -- ulti user: the owner's commands for accounts (docs/CLUB.md) ----------------------------

user_app = typer.Typer(
    help="The server's accounts: add one, give one a new password, disable, enable, list.",
    no_args_is_help=True,
)
app.add_typer(user_app, name="user")

DbOpt = Annotated[
    str | None,
    typer.Option(
        help="Database URL, as ulti serve --db: sqlite:///PATH or "
        "postgresql://user:pass@host/db (default: the SQLite file in your data folder)."
    ),
]
LangOpt = Annotated[str, typer.Option(help="Language of the command's words: en or hu.")]
PasswordStdinOpt = Annotated[
    bool,
    typer.Option(
        "--password-stdin",
        help="Read the password from the first line of the standard input (else it is asked "
        "twice, unseen).",
    ),
]
NameArg = Annotated[str, typer.Argument(help="The account's name.")]


def _progress(transient: bool = False) -> Progress:
    """The one progress bar of the long commands: what it counts, a bar, done of all, the
    time left (rich's :class:`~rich.progress.Progress`, on this module's console)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=transient,
    )


def _club(lang: str, key: str, **fields: object) -> str:
    """The words of ``ulti user``, from the catalogue's ``club`` section."""
    return i18n.text(f"club.{key}", lang, **fields)


def _user_fail(lang: str, message: str, code: int = 1) -> NoReturn:
    """One line, however long (never wrapped), and exit ``code``: a mistake of the command's
    user."""
    console.print(
        f"[red]{'hiba' if lang == 'hu' else 'error'}:[/red] {escape(message)}", soft_wrap=True
    )
    raise typer.Exit(code)


def _user_lang(lang: str) -> str:
    if lang not in ("en", "hu"):
        _fail("en", _say("en", "lang"))
        raise typer.Exit(2)
    return lang


def _accounts(db: str | None, lang: str) -> Accounts:
    """The accounts of the database ``db`` (as ``ulti serve --db``), brought up to date."""
    from alembic.util import CommandError
    from sqlalchemy.exc import SQLAlchemyError

    from ulti.server.accounts import Accounts
    from ulti.server.store import Store, StoreError, default_url

    url = db or default_url()
    try:
        store = Store(url)
    except (SQLAlchemyError, OSError, ImportError, StoreError, CommandError) as exc:
        why = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        shown = _without_password(url)
        _user_fail(
            lang, _club(lang, "user-db", db=shown, why=why[0] if why else type(exc).__name__)
        )
    return Accounts(store)


def _without_password(url: str) -> str:
    """A database URL fit to print (its password hidden)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:  # a bare path
        return url


def _new_password(lang: str, from_stdin: bool) -> str:
    """The password, from the standard input's first line or asked twice (unseen)."""
    if from_stdin:
        line = sys.stdin.readline()
        if not line:
            _user_fail(lang, _club(lang, "user-password-stdin"))
        password = line.removesuffix("\n").removesuffix("\r")
    else:
        password = typer.prompt(_club(lang, "user-password"), hide_input=True)
        again = typer.prompt(_club(lang, "user-password-again"), hide_input=True)
        if password != again:
            _user_fail(lang, _club(lang, "user-password-mismatch"))
    return password


def _account_change(lang: str, change: Callable[[], User], done: str) -> None:
    """Run an account change; its refusal is one line and exit 1, its success one line."""
    from ulti.server.accounts import AccountError

    try:
        user = change()
    except AccountError as exc:
        _user_fail(lang, exc.text(lang))
    console.print(escape(_club(lang, done, name=user.name, id=user.id)), soft_wrap=True)


@user_app.command("add")
def user_add(
    name: NameArg,
    db: DbOpt = None,
    password_stdin: PasswordStdinOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Make an account (its password asked twice, or read with --password-stdin)."""
    from ulti.server.accounts import AccountError, check_name, check_password

    lang = _user_lang(lang)
    accounts = _accounts(db, lang)
    try:  # a bad or taken name is said before the password is asked
        cleaned = check_name(name)
        if accounts.store.user_by_name(cleaned) is not None:
            _user_fail(lang, _club(lang, "name-taken", name=cleaned))
        password = _new_password(lang, password_stdin)
        check_password(password)
    except AccountError as exc:
        _user_fail(lang, exc.text(lang))
    _account_change(lang, lambda: accounts.register(cleaned, password), "user-added")


@user_app.command("reset")
def user_reset(
    name: NameArg,
    db: DbOpt = None,
    password_stdin: PasswordStdinOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Give an account a new password; every session of the account ends."""
    from ulti.server.accounts import clean

    lang = _user_lang(lang)
    accounts = _accounts(db, lang)
    if accounts.store.user_by_name(clean(name)) is None:  # said before the password is asked
        _user_fail(lang, _club(lang, "no-user", name=clean(name)))
    password = _new_password(lang, password_stdin)
    _account_change(lang, lambda: accounts.reset(name, password), "user-reset")


@user_app.command("disable")
def user_disable(name: NameArg, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Disable an account: it cannot log in, and every session of it ends."""
    lang = _user_lang(lang)
    accounts = _accounts(db, lang)
    _account_change(lang, lambda: accounts.disable(name), "user-disabled")


@user_app.command("enable")
def user_enable(name: NameArg, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Let a disabled account log in again."""
    lang = _user_lang(lang)
    accounts = _accounts(db, lang)
    _account_change(lang, lambda: accounts.enable(name), "user-enabled")


@user_app.command("list")
def user_list(db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Every account: its id, name, since when, and whether it is disabled."""
    lang = _user_lang(lang)
    users = _accounts(db, lang).store.users()
    if not users:
        console.print(_club(lang, "user-none"), highlight=False)
        return
    t = Table(box=box.SIMPLE_HEAD)
    for key in ("id", "name", "since", "state"):
        t.add_column(_club(lang, f"user-col-{key}"), justify="right" if key == "id" else "left")
    for u in users:
        state = "user-state-disabled" if u.disabled else "user-state-active"
        t.add_row(
            str(u.id), escape(u.name), u.created.strftime("%Y-%m-%d %H:%M"), _club(lang, state)
        )
    console.print(t)


# -- ulti ratings: the computer players' ratings, calibrated by play (docs/CLUB.md) ----------

ratings_app = typer.Typer(
    help="The club's ratings: calibrate the computer players' by duplicate deals among them, "
    "show a leaderboard.",
    no_args_is_help=True,
)
app.add_typer(ratings_app, name="ratings")

if TYPE_CHECKING:
    from ulti.server.store import Store


def _ratings_store(db: str | None, lang: str) -> Store:
    """The database ``db`` (as ``ulti serve --db``), brought up to date; one line and exit 1
    when it cannot be opened."""
    from alembic.util import CommandError
    from sqlalchemy.exc import SQLAlchemyError

    from ulti.server.store import Store, StoreError, default_url

    url = db or default_url()
    try:
        return Store(url)
    except (SQLAlchemyError, OSError, ImportError, StoreError, CommandError) as exc:
        why = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        shown = _without_password(url)
        _user_fail(
            lang, _club(lang, "user-db", db=shown, why=why[0] if why else type(exc).__name__)
        )


def _ratings_number(x: float, lang: str) -> str:
    """A rating as written: two decimals (a decimal comma in Hungarian)."""
    out = f"{x:.2f}"
    return out.replace(".", ",") if lang == "hu" else out


def _ratings_table(store: Store, family: str, lang: str) -> bool:
    """Print ``family``'s leaderboard (False: no one is rated in it)."""
    from ulti.server.calibrate import standings

    rows = standings(store, family, lang)
    if not rows:
        return False
    t = Table(
        title=_club(lang, "ratings-title", family=family), title_justify="left", box=box.SIMPLE_HEAD
    )
    for key in ("rank", "player", "kind", "rating", "skill", "games"):
        t.add_column(
            _club(lang, f"ratings-col-{key}"),
            justify="left" if key in ("player", "kind") else "right",
        )
    for r in rows:
        t.add_row(
            str(r.rank),
            escape(r.name),
            _club(lang, "ratings-kind-bot" if r.bot else "ratings-kind-person"),
            _ratings_number(r.rating, lang),
            f"{_ratings_number(r.mu, lang)} ± {_ratings_number(r.sigma, lang)}",
            str(r.games),
        )
    console.print(t)
    return True


@ratings_app.command("calibrate")
def ratings_calibrate(
    db: DbOpt = None,
    game: Annotated[
        str, typer.Option("--game", "-g", help="The game: ulti, or snapszli.")
    ] = "ulti",
    preset: Annotated[
        str, typer.Option("--preset", "-p", help="The rules preset: the family is GAME/PRESET.")
    ] = "standard",
    bots: Annotated[
        str,
        typer.Option(
            help="Computer players, comma separated: random, rules, pimc, each with an optional "
            "budget (pimc:samples=64,ms=800); one of each strength. Ulti seats exactly three, "
            "Snapszli two to eight. random and rules play a deal in hundredths of a second; pimc "
            "takes seconds a deal (Ulti about 2, Snapszli about 4 with three players), and "
            "stops thinking at its time budget (200 ms a decision unless ms= says otherwise), "
            "so on a slow machine its play, and the ratings, may differ from run to run."
        ),
    ] = "random,rules,pimc",
    deals: Annotated[
        int,
        typer.Option(
            help="Deals; each is played under every seating and rated as one session "
            "(20 with pimc: about a minute)."
        ),
    ] = 20,
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed of the deals and the players: the same seed, the same ratings. A seed "
            "whose deals have rated the family already is refused (default: the next unused)."
        ),
    ] = None,
    workers: Annotated[int, typer.Option(help="Worker processes (the results are the same).")] = 1,
    lang: LangOpt = "en",
) -> None:
    """Rate the computer players against each other: duplicate deals among them (Ulti: every
    seating of three; Snapszli: every pair in both seatings), each deal one rated session of the
    family, so a new server's leaderboard places people against rules and pimc."""

    from ulti.server.calibrate import CalibrationError, calibrate, check, settle

    lang = _user_lang(lang)
    try:
        plan = check(game, preset, bots, deals, seed, workers)
    except CalibrationError as exc:
        _user_fail(lang, exc.text(lang))
    store = _ratings_store(db, lang)
    try:
        plan = settle(store, plan)
        console.print(
            escape(
                _club(
                    lang,
                    "ratings-start",
                    family=plan.family,
                    players=", ".join(plan.specs),
                    deals=plan.deals,
                    seatings=plan.seatings,
                    seed=plan.seed,
                )
            ),
            highlight=False,
        )
        with _progress() as bar:
            task = bar.add_task(escape(_club(lang, "ratings-progress")), total=None)

            def step(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            rated = calibrate(store, plan, step)
        console.print(
            escape(
                _club(
                    lang,
                    "ratings-done",
                    deals=len(rated),
                    family=plan.family,
                    first=rated[0].table_id,
                    last=rated[-1].table_id,
                )
            ),
            highlight=False,
        )
        _ratings_table(store, plan.family, lang)
    except CalibrationError as exc:
        _user_fail(lang, exc.text(lang))
    finally:
        store.dispose()
    console.print(_club(lang, "ratings-note"), highlight=False)


@ratings_app.command("show")
def ratings_show(
    db: DbOpt = None,
    family: Annotated[
        str | None,
        typer.Option(
            help="A rules family, GAME/PRESET (ulti/standard, snapszli/short); default: every "
            "family anyone is rated in."
        ),
    ] = None,
    lang: LangOpt = "en",
) -> None:
    """The leaderboard: people by their account's name, computer players by their strength,
    with the rating (mu - 3 sigma), mu ± sigma and the rated sessions."""
    from ulti.server.calibrate import CalibrationError, check_family

    lang = _user_lang(lang)
    chosen: str | None = None
    if family is not None:
        try:
            chosen = check_family(family)
        except CalibrationError as exc:
            _user_fail(lang, exc.text(lang))
    store = _ratings_store(db, lang)
    try:
        families = [chosen] if chosen is not None else store.families()
        shown = [f for f in families if _ratings_table(store, f, lang)]
    finally:
        store.dispose()
    if not shown:
        words = "ratings-none" if chosen is None else "ratings-empty"
        console.print(escape(_club(lang, words, family=chosen)), highlight=False)
        return
    console.print(_club(lang, "ratings-note"), highlight=False)


def _sp(lang: str, key: str, **fields: object) -> str:
    """``ulti selfplay``'s words (the catalogue's ``selfplay`` section)."""
    return i18n.text(f"selfplay.{key}", lang, **fields)


def _sp_fail(lang: str, message: str) -> NoReturn:
    """One line, however long (never wrapped), and exit 2: input ``ulti selfplay`` refuses."""
    _user_fail(lang, message, 2)


@app.command()
def selfplay(
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            help="The folder of the data: manifest.json and part-00000.parquet, ... (made if "
            "missing). Running the same command there again plays only the files not written "
            "yet.",
        ),
    ],
    deals: Annotated[int, typer.Option(help="Deals to play.")] = 100,
    bots: Annotated[
        str,
        typer.Option(
            help="Players, comma separated: one for all three seats or three, taking turns at "
            "the seats (random, rules, pimc; pimc:samples=N). Budgets are samples only, so the "
            "data do not depend on the machine's speed."
        ),
    ] = "pimc,rules,random",
    seed: Annotated[int, typer.Option(help="Seed of the deals and of the players.")] = 1,
    shard_deals: Annotated[
        int, typer.Option("--shard-deals", help="Deals per Parquet file (a shard).")
    ] = 100,
    samples: Annotated[
        int | None,
        typer.Option(help="pimc's samples per decision, where --bots gives none."),
    ] = None,
    max_kontra: Annotated[
        int | None,
        typer.Option(
            "--max-kontra",
            help="The kontra cap (V11), 2 to 16; default: the rules' own, else 4 (Mordkontra), "
            "as the OpenSpiel game. It sets the information state's length.",
        ),
    ] = None,
    preset: PresetOpt = None,
    rules_file: RulesOpt = None,
    workers: Annotated[int, typer.Option(help="Worker processes (the data are the same).")] = 1,
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray",
            help="Play the deals as Ray tasks: 'local' starts a Ray here for the run, else a "
            "cluster's address (ray://HOST:10001 or HOST:6379); the data are the same.",
        ),
    ] = None,
    lang: LangOpt = "en",
) -> None:
    """Self-play training data: every decision of every deal as one Parquet row (the seat's
    information-state tensor, sparse; the legal actions; the action; the seat's final return).
    Deterministic for a seed; resumable (docs/RESEARCH.md)."""

    lang = _user_lang(lang)
    try:
        from ulti.arena import selfplay as SP
    except ImportError:
        _sp_fail(lang, _sp(lang, "needs-pyarrow"))
    from ulti.arena.tournament import RayError, check_ray_address

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
    console.print(
        escape(
            _sp(
                lang,
                "start",
                deals=deals,
                bots=", ".join(plan.bots),
                seed=seed,
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
        key = "complete" if len(done) == plan.shards else "resume"
        console.print(
            escape(_sp(lang, key, done=len(done), shards=plan.shards)),
            highlight=False,
            soft_wrap=True,
        )
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


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)


if __name__ == "__main__":  # pragma: no cover
    main()
