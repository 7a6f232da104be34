"""``ulti analyze FILE --explore``: the what-if board in the terminal (:mod:`ulti.analysis.board`).

From the deal's first step (or ``--step``), each node shows every hand (the deal is over), the
trick, whose move, and every choice with its value from the seat to move and with the cards
open; a number takes that choice (the line leaves the deal's there), ``p`` lets the computer
player (``--player``) move for the seat to move, ``b`` and ``f`` walk the tree back and forth,
``r`` returns to the line played, ``q`` stops.  Every word in the chosen language.
"""

from __future__ import annotations

from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from ulti import i18n
from ulti.analysis import board
from ulti.analysis.ulti import number
from ulti.cli import console
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.record import card_text, seat_names
from ulti.players.base import Budget


def _t(lang: str, key: str, **fields: object) -> str:
    return i18n.text(f"analysis.explore-{key}", lang, **fields)


def _w(x: dict[str, Any], lang: str) -> str:
    return str(x.get(lang) or x.get("en") or "")


def explore(
    deal: Deal,
    players: list[str] | None,
    budget: Budget,
    seed: int,
    player: str,
    lang: str,
    step: int = 0,
) -> None:
    """The board's loop (see the module documentation)."""
    played = board.line_of(deal)
    names = seat_names(players, lang)
    line = played[: max(0, min(step, len(played)))]
    later: dict[tuple[str, ...], tuple[str, ...]] = {}  # a node -> the child visited last
    keys = _t(lang, "keys").split()
    while True:
        d = board.node(deal, line)
        k = len(line)
        on_line = played[:k] == line and k < len(played)
        taken = board.parsed(played[k : k + 2]) if on_line else (None, None)
        valued = board.values(d, budget, seed, *taken, deal if on_line else None)
        view = board.view(d, valued, names)
        choices = _print(view, names, lang, on_line)
        raw = typer.prompt(_t(lang, "prompt"), default="", show_default=False).strip().lower()
        if raw == keys[4]:  # q
            return
        if raw == keys[0]:  # b: back
            if line:
                later[tuple(line[:-1])] = tuple(line)
                line = line[:-1]
            continue
        if raw == keys[1]:  # f: forward
            nxt = later.get(tuple(line))
            if nxt is not None:
                line = list(nxt)
            elif on_line:
                line = played[: k + 1]
            continue
        if raw == keys[2]:  # p: the computer player moves
            if not view["over"]:
                line = [*line, board.code(board.move(d, player, seed + k))]
            continue
        if raw == keys[3]:  # r: back to the line played
            line = played[: min(k, len(played))]
            continue
        if raw.isdigit() and 1 <= int(raw) <= len(choices):
            line = [*line, *choices[int(raw) - 1]]
            later[tuple(line[:k])] = tuple(line)
            continue
        console.print(f"[red]{escape(_t(lang, 'what', n=len(choices)))}[/red]")


def _print(view: dict[str, Any], names: list[str], lang: str, on_line: bool) -> list[list[str]]:
    """The node in words; the choices' lines to append, numbered from 1."""
    console.rule(_t(lang, "head", step=view["step"]))
    for s, hand in enumerate(view["hands"]):
        mark = "▶ " if s == view["to_move"] else "  "
        console.print(escape(f"{mark}{names[s]}: " + " ".join(card_text(c, lang) for c in hand)))
    if view["trick"]:
        console.print(
            escape(_t(lang, "trick", cards=" ".join(card_text(c, lang) for c in view["trick"])))
        )
    if view["contract"]:
        console.print(
            escape(
                _t(
                    lang,
                    "contract",
                    bid=_w(view["contract"], lang),
                    who=names[view["contract"]["soloist"]],
                )
            )
        )
    if view["over"]:
        totals = ", ".join(
            f"{names[s]} {number(float(x), lang)}" for s, x in enumerate(view["totals"])
        )
        console.print(f"[bold]{escape(_t(lang, 'over', totals=totals))}[/bold]")
        console.print(escape(_t(lang, "keys-over")))
        return []
    console.print(
        escape(_t(lang, "to-move", who=names[view["to_move"]]))
        + ("" if on_line else f"  [yellow]{escape(_t(lang, 'off-line'))}[/yellow]")
    )
    out: list[list[str]] = []
    t = Table(show_edge=False)
    t.add_column("#", justify="right")
    t.add_column(_t(lang, "choice"))
    t.add_column(_t(lang, "from-seat"), justify="right")
    t.add_column(_t(lang, "open"), justify="right")
    for dec in view["decisions"]:
        for o in dec["options"]:
            if not o["actions"] and dec["kind"] == "kontra":
                continue  # no kontra: the card decision of the same step is the choice
            out.append(o["actions"])
            info = "–" if o["info"] is None else number(o["info"], lang)
            dd = "–" if o["dd"] is None else number(o["dd"], lang)
            t.add_row(str(len(out)), escape(_w(o, lang)), info, dd)
    for o in view["others"]:
        out.append(o["actions"])
        t.add_row(str(len(out)), escape(_w(o, lang)), "–", "–")
    console.print(t)
    console.print(escape(_t(lang, "keys-help")))
    return out
