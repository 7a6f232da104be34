"""The what-if board: from any step of a finished deal, another action, and play on.

A *line* is the deal's actions from its first, in our notation (the record's action codes:
``play HA``, ``discard L7 HA``, ``bid simple``): the line played, or one that leaves it at any
step.  :func:`node` replays a line on the deal's cards (every action checked as the table
checks it: an illegal one is refused with the rule's words, in both languages); :func:`values`
values the node's choices as the post-deal analysis does (:func:`ulti.analysis.ulti.value_step`:
each legal action from the seat to move's view and double dummy, in that seat's units); and
:func:`view` is what a board shows: every hand (the deal is over: nothing is hidden any more,
D2), the trick, the bidding and the choices with their values.

The board is only for deals that are over: its values read every hand.  A deal still in play
is never explorable (the server refuses its board, as it refuses its record).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ulti import i18n
from ulti.analysis.ulti import Decision, Option, value_step
from ulti.core.cards import sort_for_display
from ulti.core.errors import CatalogueError
from ulti.games.ulti.actions import Action, ActionKind, ActionParseError, describe, parse_action
from ulti.games.ulti.actions import discard as discard_action
from ulti.games.ulti.deal import Deal, IllegalAction
from ulti.games.ulti.observation import kontra_info
from ulti.games.ulti.record import action_code
from ulti.players import make_player
from ulti.players.base import Budget

Json = dict[str, Any]

#: The longest line a board replays (a deal has at most a few dozen actions).
MAX_LINE = 200


class BoardError(CatalogueError):
    """A line the board cannot follow: ``board.KEY`` of the catalogue with its fields."""

    section = "board"

    def text(self, lang: str) -> str:
        # a field given in both languages (``{"en": …, "hu": …}``: a rule's reason) is filled
        # in the language asked for
        fields = {k: v[lang] if isinstance(v, dict) else v for k, v in self.fields.items()}
        return i18n.text(f"{self.section}.{self.key}", lang, **fields)


def base(deal: Deal) -> Deal:
    """The deal as it was dealt (its first step)."""
    return Deal(deal.rules, deal.seed, deal.dealer, deal.deck if deal.custom_deck else None)


def node(deal: Deal, line: Sequence[str]) -> Deal:
    """``deal`` replayed from its first step along ``line`` (action codes)."""
    if len(line) > MAX_LINE:
        raise BoardError("too-long", most=MAX_LINE)
    d = base(deal)
    for n, raw in enumerate(line, 1):
        if d.is_over():
            raise BoardError("after-end", n=n)
        try:
            a = parse_action(str(raw))
        except ActionParseError:
            raise BoardError("bad-action", n=n, action=str(raw)[:40]) from None
        try:
            d.apply(a)
        except IllegalAction as exc:
            why = {lang: exc.reason.text(lang) for lang in i18n.LANGS}
            raise BoardError("illegal", n=n, action=str(raw)[:40], why=why) from None
    return d


def line_of(deal: Deal) -> list[str]:
    """A deal's actions as a line."""
    return [action_code(a) for _s, a in deal.history]


def values(
    d: Deal,
    budget: Budget | None = None,
    seed: int = 0,
    taken: Action | None = None,
    then: Action | None = None,
    played: Deal | None = None,
) -> list[Decision]:
    """The node's choices valued (:func:`~ulti.analysis.ulti.value_step`); on the line played
    (``played``, the finished deal), ``taken`` (and at the talon ``then``): the action it takes
    there: the analysis's own decision, the same values."""
    return value_step(d, budget, seed, taken, then, played)


def parsed(codes: Sequence[str]) -> tuple[Action | None, Action | None]:
    """The first two of a line's next action codes, read (None for each one missing)."""
    acts = [parse_action(c) for c in codes[:2]]
    return (acts[0] if acts else None, acts[1] if len(acts) > 1 else None)


def code(a: Action) -> str:
    """An action in our notation (the record's code)."""
    return action_code(a)


def move(d: Deal, spec: str, seed: int = 0) -> Action:
    """What the computer player ``spec`` (a level or a player spec) would do at the node, from
    the seat to move's observation only."""
    seat = d.current_player
    p = make_player(spec, seed)
    p.start(seat, d.rules, game=len(d.history))
    return p.act(d.observation(seat), d.legal_actions())


def _words(a: Action | None, d: Deal) -> dict[str, str]:
    if a is None:
        return i18n.both("analysis.opt-no-kontra")
    return {lang: describe(a, lang, trump=d.trump, ladder=d.rules.ladder) for lang in i18n.LANGS}


def _option(o: Option, d: Deal, kind: str) -> Json:
    """One valued choice: the actions it takes (a talon choice: the two cards and the bid;
    no kontra where none is offered to decline: none, the card comes next), its words, its
    values."""
    if kind == "talon":
        assert o.discard is not None and o.action is not None
        codes = [action_code(discard_action(*o.discard)), str(o.action)]
    else:
        codes = [] if o.action is None else [action_code(o.action)]
    card = o.action.card if o.action is not None and o.action.kind == ActionKind.PLAY else None
    return {
        "actions": codes,
        **{lang: o.label(lang, d.rules) for lang in i18n.LANGS},
        "info": None if o.info is None else round(o.info, 2),
        "dd": None if o.dd is None else round(o.dd, 2),
        "card": card,
    }


def view(d: Deal, decisions: Sequence[Decision], names: Sequence[str]) -> Json:
    """What the board shows at a node (see the module documentation)."""
    out: Json = {
        "step": len(d.history),
        "over": d.is_over(),
        "to_move": -1 if d.is_over() else d.current_player,
        "phase": d.phase.name.lower(),
        "names": list(names),
        "hands": [sort_for_display(h) for h in d.hands],
        "talon": sort_for_display(d.talon),
        "trick": list(d.trick),
        "tricks": [{"leader": t[0], "cards": list(t[1]), "winner": t[2]} for t in d.tricks],
        "trump": d.trump,
        "contract": None,
        "bid": None,
        "history": [{"seat": s, **_words(a, d)} for s, a in d.history],
        "kontras": kontra_info(d.observation(-1)),
        "decisions": [],
        "others": [],
        "totals": list(d.returns()) if d.is_over() else None,
    }
    if d.contract is not None:
        out["contract"] = {"en": d.contract.title, "hu": d.contract.title_hu, "soloist": d.soloist}
    elif d.bid is not None:
        out["bid"] = {"en": d.bid.title, "hu": d.bid.title_hu, "bidder": d.bidder}
    valued: set[str] = set()
    for dec in decisions:
        opts = [_option(o, d, dec.kind) for o in dec.options]
        for o in opts:
            valued.update(o["actions"][:1])
        out["decisions"].append(
            {
                "kind": dec.kind,
                "seat": dec.seat,
                "samples": dec.samples,
                "options": sorted(
                    opts, key=lambda o: -(o["info"] if o["info"] is not None else -1e9)
                ),
            }
        )
    if not d.is_over():
        # the legal actions the analysis does not value (an unusual bid; a discard by hand)
        for a in d.legal_actions():
            code = action_code(a)
            if code not in valued and a.kind != ActionKind.DISCARD:
                out["others"].append({"actions": [code], **_words(a, d)})
    return out
