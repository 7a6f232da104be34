"""Snapszli's deal records: a versioned JSON form of a deal that replays to the same state, and
a readable account of it.

A record (format ``ulti-snapszli-record``, version 1)::

    {
      "format": "ulti-snapszli-record",
      "version": 1,
      "rules": {...every option of SnapRules...},
      "seed": 8931,
      "dealer": 0,
      "players": ["Anna", "Béla"],
      "actions": [[1, "play ♥A"], [0, "marriage hearts"], ...],
      "deck": ["HA", "LX", ...],        # only for a deal of a given deck order
      "result": [2, -2]                 # once the deal is over: SnapDeal.returns()
    }

Replaying checks every action again and the result; a record that does not replay raises an
:class:`~ulti.core.errors.UltiError` naming what is wrong and where, never a half-read deal.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ulti.core.cards import CardParseError, cards_of, code, name, parse_card
from ulti.core.errors import UltiError
from ulti.games.snapszli.actions import describe
from ulti.games.snapszli.deal import SnapDeal
from ulti.games.snapszli.rules import SnapRules
from ulti.i18n import text

FORMAT = "ulti-snapszli-record"
VERSION = 1


def to_record(d: SnapDeal, players: Sequence[str] | None = None) -> dict[str, Any]:
    """A deal as a JSON-ready record: rules, seed, dealer, deck when not from the seed, and
    every action's text."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": d.rules.to_dict(),
        "seed": d.seed,
        "dealer": d.dealer,
        "players": list(players or ("0", "1")),
        "actions": [[who, str(a)] for who, a in d.history],
    }
    if d.custom_deck:
        rec["deck"] = [code(c) for c in d.deck]
    if d.outcome is not None:
        rec["result"] = list(d.returns())
    return rec


def from_record(rec: Any) -> SnapDeal:
    """A record read back and replayed (every action checked again): UltiError naming what is
    wrong, never a half-read deal."""
    d = _dealt(rec)
    actions = rec.get("actions", [])
    if not isinstance(actions, list):
        raise UltiError("actions: a list of [seat, text]")
    for i, item in enumerate(actions):
        if not (isinstance(item, list) and len(item) == 2):
            raise UltiError(f"action {i + 1}: [seat, text]")
        who, txt = item
        if who != d.current_player:
            raise UltiError(f"action {i + 1}: seat {who} is not to move")
        try:
            d.apply(str(txt))
        except UltiError as exc:
            raise UltiError(f"action {i + 1} ({txt}): {exc}") from None
    if "result" in rec and d.is_over() and list(d.returns()) != rec["result"]:
        raise UltiError("the record's result differs from its replay")
    return d


def _dealt(rec: Any) -> SnapDeal:
    """The deal a record starts from (its format, version, rules, seed, dealer and deck read),
    before any action."""
    if not isinstance(rec, dict) or rec.get("format") != FORMAT:
        raise UltiError(f"not a Snapszli record (the format is {FORMAT!r})")
    if rec.get("version") != VERSION:
        raise UltiError(f"a Snapszli record of version {rec.get('version')!r} is not read here")
    rules = SnapRules.from_dict(rec.get("rules") or {})
    seed, dealer = rec.get("seed", 0), rec.get("dealer", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise UltiError("seed: a non-negative integer")
    if dealer not in (0, 1):
        raise UltiError("dealer: 0 or 1")
    deck = None
    if "deck" in rec:
        try:
            deck = [parse_card(c) for c in rec["deck"]]
        except (CardParseError, TypeError) as exc:
            raise UltiError(f"deck: {exc}") from None
    return SnapDeal(rules, seed, dealer, deck)


def dumps(d: SnapDeal, players: Sequence[str] | None = None) -> str:
    """A deal's record as JSON text."""
    return json.dumps(to_record(d, players), ensure_ascii=False, indent=1)


def render(d: SnapDeal, players: Sequence[str] = ("0", "1"), lang: str = "en") -> str:
    """A readable account of a deal: the hands dealt, every action, the end."""
    fresh = SnapDeal(d.rules, d.seed, d.dealer, d.deck if d.custom_deck else None)
    card_lang = "hu" if lang == "hu" else "en"
    lines = [
        text("snap.render-head", lang, seed=d.seed, dealer=players[d.dealer]),
        text("snap.render-trump", lang, card=name(fresh.turned, card_lang)),
    ]
    for seat in (0, 1):
        hand = ", ".join(name(c, card_lang) for c in cards_of(fresh.hands[seat]))
        lines.append(f"  {players[seat]}: {hand}")
    for who, a in d.history:
        lines.append(f"  {players[who]}: {describe(a, lang, d.trump)}")
    if d.outcome is not None:
        lines.append(d.outcome.text(lang, players))
        gp = d.game_points()
        lines.append(text("snap.render-score", lang, a=players[0], b=players[1], x=gp[0], y=gp[1]))
    return "\n".join(lines)


__all__ = ["FORMAT", "VERSION", "dumps", "from_record", "render", "to_record"]
