"""Game records: a versioned JSON form of a deal that replays to the identical state and
settlement, and a readable text rendering of a finished deal.

A record (format ``ulti-record``, version 2)::

    {
      "format": "ulti-record",
      "version": 2,
      "rules": {...every option of the ruleset...},
      "seed": 8931,
      "dealer": 0,
      "deck": "HA L7 ...",          # only for a deal of a given deck order
      "players": ["Anna", "Béla", "Cili"],
      "actions": [[1, "discard HA L7"], [1, "bid simple"], [2, "pass"], ...],
      "result": {"totals": [2, -1, -1], "end_reason": "R8: ten tricks played",
                 "outcome": {"termination": "ten-tricks", "tricks": 10, "claimant": -1}}
    }

Versions: 1 had no ``outcome`` in its result; it is read as it always was (the replay's
totals and its end reason must match what was recorded).  Every version this module ever wrote
is read; the tests replay stored records of each.

Actions are written in their canonical text with the compact card codes (``play HA``); the
parser reads symbols and names too.  ``result`` is present once the deal is over and is checked
on replay.  A record that is not valid JSON, of an unknown format or version, with an action
that the rules refuse, by the wrong seat, or whose result differs from the replay, raises
:class:`RecordError` naming what is wrong and where.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ulti.core.cards import (
    RANK_FACES,
    RANK_INDEX_HU,
    SUIT_NAMES_EN,
    SUIT_NAMES_HU,
    SUIT_SYMBOLS,
    CardParseError,
    card_points,
    code,
    parse_card,
    sort_for_display,
    symbol,
)
from ulti.core.errors import CatalogueError
from ulti.games.ulti.actions import ActionKind, ActionParseError, kontra_on, parse_action
from ulti.games.ulti.bids import Bid, Kind
from ulti.games.ulti.deal import Deal, IllegalAction
from ulti.games.ulti.rules import Ruleset, RulesetError
from ulti.i18n import CATALOGUE, text

FORMAT = "ulti-record"
VERSION = 2
#: Record versions this module reads.
READS = (1, 2)


class RecordError(CatalogueError):
    """A malformed record, or one that does not replay: the catalogue's ``record.KEY`` (the
    ``bad-…`` keys of :mod:`ulti.i18n`) with its fields.  ``str`` is the English,
    :meth:`text` says it in either language; a field that is itself an error (the ruleset's,
    an illegal action's, a deal's of a session) is said in the same language.  A plain
    message not in the catalogue is kept as given, in every language."""

    section = "record"

    def text(self, lang: str = "en") -> str:
        if f"record.{self.key}" not in CATALOGUE:
            return self.key
        return text(
            f"record.{self.key}", lang, **{k: _said(v, lang) for k, v in self.fields.items()}
        )


def _said(value: object, lang: str) -> object:
    """A field of a :class:`RecordError` in ``lang``: an error with words of its own in both
    languages (a catalogue error, an illegal action's reason) in that one, any other as it is."""
    if isinstance(value, CatalogueError):
        return value.text(lang)
    if isinstance(value, IllegalAction):
        return f"{value.reason.rule}: {value.reason.text(lang)}"
    return value


def action_code(action: object) -> str:
    """The record form of an action: canonical text with compact card codes."""
    from ulti.games.ulti.actions import Action

    assert isinstance(action, Action)
    if action.kind == ActionKind.PLAY:
        return f"play {code(action.card)}"
    if action.kind == ActionKind.DISCARD:
        return "discard " + " ".join(code(c) for c in action.cards)
    return str(action)


def to_record(deal: Deal, players: list[str] | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": deal.rules.to_dict(),
        "seed": deal.seed,
        "dealer": deal.dealer,
        "players": list(players) if players else [f"Seat {i}" for i in range(3)],
        "actions": [[seat, action_code(a)] for seat, a in deal.history],
    }
    if deal.custom_deck:
        rec["deck"] = " ".join(code(c) for c in deal.deck)
    if deal.is_over():
        assert deal.settlement is not None
        assert deal.outcome is not None
        o = deal.outcome
        rec["result"] = {
            "totals": list(deal.settlement.totals),
            "end_reason": deal.end_reason,
            "outcome": {
                "termination": o.termination.value,
                "tricks": o.tricks,
                "claimant": o.claimant,
            },
        }
    return rec


def dumps(deal: Deal, players: list[str] | None = None) -> str:
    return json.dumps(to_record(deal, players), ensure_ascii=False, indent=1)


def _need(cond: bool, key: str, **fields: object) -> None:
    if not cond:
        raise RecordError(key, **fields)


def from_record(rec: Any) -> Deal:
    """Replay a record (a parsed JSON object) into a :class:`Deal`."""
    _need(isinstance(rec, dict), "bad-object")
    _need(rec.get("format") == FORMAT, "bad-format", format=rec.get("format"))
    version = rec.get("version")
    _need(
        version in READS and not isinstance(version, bool),
        "bad-version",
        version=version,
        versions=", ".join(map(str, READS)),
    )
    try:
        rules = Ruleset.from_dict(rec.get("rules", {}))
    except RulesetError as exc:
        raise RecordError("bad-rules", why=exc) from None
    seed, dealer = rec.get("seed"), rec.get("dealer")
    _need(
        isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << 64,
        "bad-seed",
    )
    _need(dealer in (0, 1, 2) and not isinstance(dealer, bool), "bad-dealer")
    actions = rec.get("actions")
    _need(isinstance(actions, list), "bad-actions")
    deck = None
    if "deck" in rec:
        _need(isinstance(rec["deck"], str), "bad-deck-text")
        try:
            deck = [parse_card(t) for t in rec["deck"].split()]
            deal = Deal(rules, seed, dealer, deck)
        except (ValueError, CardParseError) as exc:
            raise RecordError("bad-deck", why=exc) from None
    else:
        deal = Deal(rules, seed, dealer)
    for i, entry in enumerate(actions):
        n = i + 1
        _need(isinstance(entry, list | tuple) and len(entry) == 2, "bad-entry", n=n, entry=entry)
        seat, act = entry
        _need(isinstance(act, str), "bad-action-text", n=n)
        _need(not deal.is_over(), "bad-over", n=n, action=act)
        if seat != deal.current_player:
            raise RecordError("bad-turn", n=n, action=act, seat=seat, current=deal.current_player)
        try:
            deal.apply(parse_action(act))
        except ActionParseError as exc:
            raise RecordError("bad-parse", n=n, why=exc) from None
        except IllegalAction as exc:
            raise RecordError("bad-illegal", n=n, action=act, why=exc) from None
    result = rec.get("result")
    if result is not None:
        _need(isinstance(result, dict), "bad-result")
        _need(deal.is_over(), "bad-unfinished")
        assert deal.settlement is not None
        if list(deal.settlement.totals) != result.get("totals"):
            raise RecordError(
                "bad-totals", recorded=result.get("totals"), replayed=list(deal.settlement.totals)
            )
        if "end_reason" in result and result["end_reason"] != deal.end_reason:
            raise RecordError("bad-end", recorded=result["end_reason"], replayed=deal.end_reason)
        o = deal.outcome
        assert o is not None
        want = result.get("outcome")
        if version >= 2 and want != {
            "termination": o.termination.value,
            "tricks": o.tricks,
            "claimant": o.claimant,
        }:
            raise RecordError(
                "bad-outcome", recorded=want, termination=o.termination.value, tricks=o.tricks
            )
    return deal


def loads(text: str) -> Deal:
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("bad-json", why=exc) from None
    return from_record(rec)


def load(path: str | Path) -> Deal:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError("bad-read", path=path, why=exc.strerror) from None
    return loads(text)


def players_of(rec: dict[str, Any]) -> list[str]:
    names = rec.get("players")
    if isinstance(names, list) and len(names) == 3 and all(isinstance(n, str) for n in names):
        return names
    return [f"Seat {i}" for i in range(3)]


# --------------------------------------------------------------------------------------------
# text rendering


def _suit(s: int, lang: str = "en") -> str:
    """A suit in the account: ``Acorns (makk)`` in English, ``makk`` in Hungarian."""
    return SUIT_NAMES_HU[s] if lang == "hu" else f"{SUIT_NAMES_EN[s]} ({SUIT_NAMES_HU[s]})"


def card_text(c: int, lang: str = "en") -> str:
    """A card in the account: its French face in English (``♣Q``), its sign and Hungarian
    corner letter in Hungarian (``♣F``, makk felső), as the terminal shows it."""
    if lang != "hu":
        return symbol(c)
    rank = c & 7
    return SUIT_SYMBOLS[c >> 3] + (RANK_FACES[rank] if rank < 4 else RANK_INDEX_HU[rank])


def _cards(mask: int, lang: str, trump: int | None = None, no_trump: bool = False) -> str:
    return " ".join(card_text(c, lang) for c in sort_for_display(mask, trump, no_trump))


def seat_names(players: list[str] | None, lang: str = "en") -> list[str]:
    """The players' names for an account in ``lang``: a seat without a name (``Seat 0``, as
    records store it) is named in that language (``0. hely``)."""
    names = players or [f"Seat {i}" for i in range(3)]
    return [
        text("record.seat", lang, n=i) if name == f"Seat {i}" else name
        for i, name in enumerate(names)
    ]


def render(deal: Deal, players: list[str] | None = None, lang: str = "en") -> str:
    """A readable account of a deal: hands, auction, trump, kontras, marriages, tricks and each
    settlement line, in English or Hungarian (``lang``: the catalogue's ``record`` section, the
    settlement's lines, Hungarian card letters).  Meant for finished deals (it shows every
    hand)."""
    hu = lang == "hu"
    names = seat_names(players, lang)
    rules = deal.rules
    no_trump = deal.contract is not None and not deal.contract.trump
    trump = deal.trump if deal.trump >= 0 else None
    out: list[str] = []

    def say(key: str, **fields: object) -> str:
        return text(f"record.{key}", lang, **fields)

    def bid_name(b: Bid) -> str:
        return b.title_hu if hu else f"{b.title} / {b.title_hu}"

    out.append(
        say("head", seed=deal.seed, dealer=names[deal.dealer], forehand=names[deal.forehand])
    )
    preset = rules.preset
    if hu and f"preset.{preset}" in CATALOGUE:
        preset = text(f"preset.{preset}", lang)
    rules_line = say("rules", preset=preset)
    diff = {
        k: v
        for k, v in rules.differences().items()
        if k not in (Ruleset.from_preset(rules.preset).differences())
    }
    if diff:
        rules_line += " + " + ", ".join(f"{k}={v}" for k, v in diff.items())
    out.append(rules_line)
    out.append("")
    out.append(say("hands"))
    for p in (deal.forehand, (deal.forehand + 1) % 3, deal.dealer):
        h = deal.initial_hands[p]
        role = (
            f" ({say('forehand')})"
            if p == deal.forehand
            else f" ({say('dealer')})"
            if p == deal.dealer
            else ""
        )
        out.append(f"  {names[p]}{role}: {_cards(h, lang, trump, no_trump)}")
    if not rules.talon:
        out.append("  " + say("aside-dealt", cards=_cards(deal.initial_talon, lang)))
    auction: list[str] = []
    during: list[str] = []
    played = False
    for seat, act in deal.history:
        k = act.kind
        who = names[seat]
        if k == ActionKind.PLAY:
            played = True
        elif k == ActionKind.DISCARD:
            shown = " ".join(card_text(c, lang) for c in act.cards)
            auction.append("  " + say("lays", who=who, cards=shown))
        elif k == ActionKind.BID:
            b = deal.ladder[act.bid]
            auction.append("  " + say("bids", who=who, bid=bid_name(b), rank=b.rank, value=b.value))
        elif k == ActionKind.PASS:
            if played:  # after the first trick, a pass declines to raise a kontra (K1)
                during.append("  " + say("declines", who=who))
            else:
                auction.append("  " + say("passes", who=who))
        elif k == ActionKind.PICKUP:
            auction.append("  " + say("picks-up", who=who))
        elif k == ActionKind.TRUMP:
            auction.append("  " + say("announces", who=who, suit=_suit(act.suit, lang)))
        elif k == ActionKind.KONTRA:
            during.append(f"  {who}: {kontra_on(Kind(act.component), act.level, lang)}")
        elif k == ActionKind.MARRIAGE:
            value = 40 if act.suit == deal.trump else 20
            during.append("  " + say("marriage", who=who, value=value, suit=_suit(act.suit, lang)))
        elif k == ActionKind.CLAIM:
            during.append("  " + say("claims", who=who))
    out.append("")
    out.append(say("auction"))
    out.extend(auction)
    if deal.contract is not None:
        c = deal.contract
        out.append("")
        trump_text = (
            say("trump", suit=_suit(deal.trump, lang))
            if deal.trump >= 0
            else text("ui.no_trump", lang)
        )
        out.append(say("contract", soloist=names[deal.soloist], bid=bid_name(c), trump=trump_text))
        if deal.bid_multiplier != 1:
            out.append("  " + say("doubled", m=deal.bid_multiplier))
        talon_pts = card_points(deal.talon) if c.trump else 0
        laid = say("aside") if not rules.talon else say("talon")
        out.append(
            f"  {laid}: {_cards(deal.talon, lang)}"
            + (say("talon-points", points=talon_pts) if talon_pts else "")
        )
    if during:
        out.append("")
        out.append(say("during"))
        out.extend(during)
    if deal.tricks:
        out.append("")
        out.append(say("tricks"))
        for trick_no, (leader, cards, winner) in enumerate(deal.tricks, 1):
            seats = [(leader + i) % 3 for i in range(3)]
            line = ", ".join(
                f"{names[p]} {card_text(c, lang)}" for p, c in zip(seats, cards, strict=True)
            )
            pts = card_points(sum(1 << c for c in cards)) if not no_trump else 0
            extra = f" ({pts})" if pts else ""
            out.append(f"  {trick_no:>2}. {line} → {names[winner]}{extra}")
    if deal.is_over():
        assert deal.settlement is not None
        assert deal.outcome is not None
        out.append("")
        out.append(say("end", reason=deal.outcome.text(lang)))
        out.append("")
        out.append(say("settlement"))
        short = (names[0], names[1], names[2])
        for line in deal.settlement.explain(short, lang).splitlines():
            out.append("  " + line)
    else:
        out.append("")
        phase = say(f"phase.{deal.phase.name.lower()}")
        out.append(say("in-progress", phase=phase, who=names[deal.current_player]))
    return "\n".join(out)
