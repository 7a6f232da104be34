"""``ulti rules``: a ruleset's options, the presets and Ulti's whole bidding ladder (B5), or
with --game snapszli Snapszli's options (ZV1-ZV4); in English or Hungarian, readable at 80
columns and piped."""

from __future__ import annotations

from typing import Annotated

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from ulti import i18n
from ulti.cli import console
from ulti.cli.common import (
    GameOpt,
    PresetOpt,
    RulesOpt,
    _game,
    _lang,
    _lang_option,
    _ruleset,
    _snap,
    _snap_rules,
    _user_fail,
)
from ulti.games.snapszli import OPTIONS as SNAP_OPTIONS
from ulti.games.snapszli import PRESETS as SNAP_PRESETS
from ulti.games.snapszli import SnapRules
from ulti.games.ulti.bids import Bid, Silent
from ulti.games.ulti.rules import OPTIONS, PRESETS, Ruleset
from ulti.games.ulti4.session import SESSION_DEALS, TIEBREAK_DEALS

app = typer.Typer(add_completion=False)


@app.command()
def rules(
    game: GameOpt = "ulti",
    preset: PresetOpt = None,
    rules_file: RulesOpt = None,
    lang: Annotated[str, _lang_option("the rules tables and the errors")] = "en",
    players: Annotated[
        int,
        typer.Option(
            "--players",
            help="Ulti: 3, or 4 (four at the table: the dealer deals to the other three and "
            "sits out).",
        ),
    ] = 3,
) -> None:
    """Print the active ruleset and its whole bidding ladder; with --game snapszli,
    Snapszli's options, presets and the chosen rules; with --players 4, how four play."""
    lang = _lang(lang)
    if _game(game, lang) == "snapszli":
        _snap_rules_table(_snap_rules(preset, rules_file, lang), lang)
        return
    if players not in (3, 4):
        _user_fail(lang, _cli(lang, "players", players=players), 2)
    rs = _ruleset(preset, rules_file, lang)
    _rules_table(rs, lang)
    if players == 4:
        _four_at_the_table(lang)


def _four_at_the_table(lang: str) -> None:
    """How four play (N1-N5), in words: the same rules among the three who play."""
    console.print()
    console.print(f"[bold]{escape(_cli(lang, 'four-title'))}[/bold]")
    for key in ("four-deal", "four-settle", "four-session", "four-sees"):
        console.print(escape("• " + _cli(lang, key, deals=SESSION_DEALS, tiebreak=TIEBREAK_DEALS)))


def _cli(lang: str, key: str, **fields: object) -> str:
    """The words of the tables, from the catalogue's ``cli`` section."""
    return i18n.text(f"cli.{key}", lang, **fields)


def _preset_name(name: str, lang: str) -> str:
    """A preset as ``--preset`` takes it, with its Hungarian name in Hungarian."""
    return f"{name} ({i18n.text(f'preset.{name}', lang)})" if lang == "hu" else name


def _rules_table(rs: Ruleset, lang: str = "en") -> None:
    """``ulti rules``: every option with its rule id, value and meaning, the presets, the whole
    ladder (B5) and the silent bonuses, in English or Hungarian (the catalogue's ``cli``,
    ``option``, ``preset`` and bid names), readable at 80 columns and piped."""
    _options_table(rs, lang)
    console.print(
        escape(_cli(lang, "presets", presets=", ".join(_preset_name(p, lang) for p in PRESETS))),
        highlight=False,
    )
    _ladder_table(rs, lang)
    console.print(
        _cli(
            lang,
            "silent",
            titles="; ".join(i18n.text(f"silent.{int(x)}", lang) for x in Silent),
            lost=_cli(lang, "silent-lost-double" if rs.silent_losses else "silent-lost-free"),
        )
    )


def _options_table(rs: Ruleset, lang: str) -> None:
    """Every option: its rule id, its value (in yellow where not the standard one), meaning."""
    std = Ruleset().to_dict()
    t = Table(
        title=_cli(
            lang,
            "rules-title",
            preset=_preset_name(rs.preset, lang),
            doc=i18n.text(f"preset.{rs.preset}.doc", lang),
        ),
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    t.add_column(_cli(lang, "col-option"), no_wrap=True)
    t.add_column(_cli(lang, "col-rule"), overflow="fold", max_width=10)
    t.add_column(_cli(lang, "col-value"), justify="right", no_wrap=True)
    t.add_column(_cli(lang, "col-meaning"), ratio=1)
    unclear = _cli(lang, "unclear-seed")  # the seed's doubt, in words
    for o in OPTIONS:
        v = getattr(rs, o.name)
        shown = str(v).lower() if isinstance(v, bool) else str(v)
        if v != std[o.name]:
            shown = f"[bold yellow]{shown}[/bold yellow]"
        rule = o.rule.replace("unclear seed", unclear)
        t.add_row(o.name, rule, shown, escape(i18n.text(f"option.{o.name}.doc", lang)))
    console.print(t)


def _ladder_table(rs: Ruleset, lang: str) -> None:
    """The whole ladder (B5), rank by rank: each bid's value and parts, title, trump and the
    silent bonuses it scores."""
    lad = rs.ladder
    named = _cli(lang, "named-with-bid" if rs.trump_with_bid else "named-after")
    lt = Table(
        title=_cli(lang, "ladder-title", bids=len(lad), ranks=lad.top_rank),
        title_justify="left",
        caption=_cli(lang, "ladder-caption", named=named),
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
    )
    lt.add_column(_cli(lang, "col-rank"), justify="right", no_wrap=True)
    lt.add_column(_cli(lang, "col-value-parts"), justify="right", no_wrap=True)
    lt.add_column(_cli(lang, "col-bid"), overflow="fold", ratio=1)
    lt.add_column(_cli(lang, "col-trump"), no_wrap=True)
    lt.add_column(_cli(lang, "col-silent"), justify="right", no_wrap=True)
    for group in lad.ranks:
        for b in group:
            trump = (
                "♥"
                if b.trump and (b.hearts or rs.hearts_always_trump)
                else _cli(lang, "named")
                if b.trump
                else "-"
            )
            silent = " ".join(
                _silent_value(b, s, rs)
                for s in (Silent.HUNDRED, Silent.ULTI, Silent.DURCHMARS, Silent.FOUR_ACES)
            )
            lt.add_row(
                str(b.rank),
                f"{b.value}\n[dim]{b.parts}[/dim]",
                b.title_hu if lang == "hu" else f"{b.title}\n[dim]{b.title_hu}[/dim]",
                trump,
                silent,
            )
    console.print(lt)


def _silent_value(b: Bid, s: Silent, rs: Ruleset) -> str:
    """What the silent bonus ``s`` scores beside the bid ``b`` under ``rs`` ("-": nothing)."""
    v = b.silent_value(s)
    if s == Silent.DURCHMARS and b.key in ("simple", "simple of hearts") and v:
        v = v // 3 * rs.silent_durchmars_in_simple
    if s == Silent.FOUR_ACES and not rs.four_aces:
        v = 0
    return str(v) if v else "-"


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
