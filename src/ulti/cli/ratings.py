"""``ulti ratings``: the club's ratings (docs/CLUB.md), the computer players' calibrated by
duplicate deals among them (:mod:`ulti.server.calibrate`), and the leaderboard."""

from __future__ import annotations

from typing import Annotated

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from ulti.cli import console
from ulti.cli.club import DbOpt, _club, _store
from ulti.cli.common import LangOpt, _lang, _progress, _user_fail
from ulti.server.calibrate import (
    CalibrationError,
    Plan,
    calibrate,
    check,
    check_family,
    settle,
    standings,
)
from ulti.server.store import Store

app = typer.Typer(
    name="ratings",
    help="The club's ratings: calibrate the computer players' by duplicate deals among them, "
    "show a leaderboard.",
    no_args_is_help=True,
    add_completion=False,
)


@app.command("calibrate")
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
    lang = _lang(lang)
    try:
        plan = check(game, preset, bots, deals, seed, workers)
    except CalibrationError as exc:
        _user_fail(lang, exc.text(lang))
    store = _store(db, lang)
    try:
        plan = settle(store, plan)
        _calibrate(store, plan, lang)
        _ratings_table(store, plan.family, lang)
    except CalibrationError as exc:
        _user_fail(lang, exc.text(lang))
    finally:
        store.dispose()
    console.print(_club(lang, "ratings-note"), highlight=False)


@app.command("show")
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
    lang = _lang(lang)
    chosen: str | None = None
    if family is not None:
        try:
            chosen = check_family(family)
        except CalibrationError as exc:
            _user_fail(lang, exc.text(lang))
    store = _store(db, lang)
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


def _calibrate(store: Store, plan: Plan, lang: str) -> None:
    """Play and rate ``plan``'s deals under the progress bar, saying what starts and ends."""
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


def _ratings_number(x: float, lang: str) -> str:
    """A rating as written: two decimals (a decimal comma in Hungarian)."""
    out = f"{x:.2f}"
    return out.replace(".", ",") if lang == "hu" else out


def _ratings_table(store: Store, family: str, lang: str) -> bool:
    """Print ``family``'s leaderboard (False: no one is rated in it)."""
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
