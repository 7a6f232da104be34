"""``ulti demo``: deals between three random players, printed (a tour of the engine), and
the random but not absurd player that plays them."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer

from ulti.cli import console
from ulti.cli.common import (
    PresetOpt,
    RulesOpt,
    _check_output,
    _fail,
    _lang,
    _lang_option,
    _print_sheet,
    _ruleset,
)
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.record import dumps, render
from ulti.games.ulti.rules import RulesetError
from ulti.games.ulti.session import Session

app = typer.Typer(add_completion=False)


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
    lang: Annotated[str, _lang_option("the account and the score sheet")] = "en",
) -> None:
    """Play deals between three random players and print them (a tour of the engine)."""
    lang = _lang(lang)
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
