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
from ulti.games.ulti.actions import Action, ActionKind, ActionParseError, kontra_on, parse_action
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
        rules = Ruleset.from_dict(rec.get("rules", {}), recorded=True)
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


def render(
    deal: Deal, players: list[str] | None = None, lang: str = "en", dealer: str | None = None
) -> str:
    """A readable account of a deal: hands, auction, trump, kontras, marriages, tricks and each
    settlement line, in English or Hungarian (``lang``: the catalogue's ``record`` section, the
    settlement's lines, Hungarian card letters).  Meant for finished deals (it shows every
    hand).  ``dealer``: the name of who dealt when it is none of the three (a table of four,
    N1)."""
    return "\n".join(_Account(deal, seat_names(players, lang), lang, dealer).lines())


class _Account:
    """The account :func:`render` writes, part by part."""

    def __init__(self, deal: Deal, names: list[str], lang: str, dealer: str | None) -> None:
        self.deal = deal
        self.names = names
        self.dealer = names[deal.dealer] if dealer is None else dealer
        self.dealt = dealer is None  # the dealer is one of the three
        self.lang = lang
        self.hu = lang == "hu"
        self.no_trump = deal.contract is not None and not deal.contract.trump

    def say(self, key: str, **fields: object) -> str:
        return text(f"record.{key}", self.lang, **fields)

    def bid_name(self, b: Bid) -> str:
        return b.title_hu if self.hu else f"{b.title} / {b.title_hu}"

    def lines(self) -> list[str]:
        auction, during = self.moves()
        out = [*self.head(), "", *self.hands(), "", self.say("auction"), *auction]
        out += self.contract()
        if during:
            out += ["", self.say("during"), *during]
        out += self.tricks()
        return out + self.end()

    def head(self) -> list[str]:
        d, names, rules = self.deal, self.names, self.deal.rules
        first = self.say("head", seed=d.seed, dealer=self.dealer, forehand=names[d.forehand])
        preset = rules.preset
        if self.hu and f"preset.{preset}" in CATALOGUE:
            preset = text(f"preset.{preset}", self.lang)
        rules_line = self.say("rules", preset=preset)
        own = Ruleset.from_preset(rules.preset).differences()
        diff = {k: v for k, v in rules.differences().items() if k not in own}
        if diff:
            rules_line += " + " + ", ".join(f"{k}={v}" for k, v in diff.items())
        return [first, rules_line]

    def hands(self) -> list[str]:
        d, lang = self.deal, self.lang
        trump = d.trump if d.trump >= 0 else None
        out = [self.say("hands")]
        for p in (d.forehand, (d.forehand + 1) % 3, d.dealer):
            role = (
                f" ({self.say('forehand')})"
                if p == d.forehand
                else f" ({self.say('dealer')})"
                if p == d.dealer and self.dealt
                else ""
            )
            cards = _cards(d.initial_hands[p], lang, trump, self.no_trump)
            out.append(f"  {self.names[p]}{role}: {cards}")
        if not d.rules.talon:
            out.append("  " + self.say("aside-dealt", cards=_cards(d.initial_talon, lang)))
        return out

    def moves(self) -> tuple[list[str], list[str]]:
        """The auction's lines, and those of what was said during play."""
        auction: list[str] = []
        during: list[str] = []
        played = False
        for seat, act in self.deal.history:
            if act.kind == ActionKind.PLAY:
                played = True
            elif act.kind == ActionKind.PASS and played:
                # after the first trick, a pass declines to raise a kontra (K1)
                during.append("  " + self.say("declines", who=self.names[seat]))
            elif act.kind in (ActionKind.KONTRA, ActionKind.MARRIAGE, ActionKind.CLAIM):
                during.append(self.said_in_play(seat, act))
            else:
                auction.append(self.auction_line(seat, act))
        return auction, during

    def auction_line(self, seat: int, act: Action) -> str:
        who, k, lang = self.names[seat], act.kind, self.lang
        if k == ActionKind.DISCARD:
            shown = " ".join(card_text(c, lang) for c in act.cards)
            return "  " + self.say("lays", who=who, cards=shown)
        if k == ActionKind.BID:
            b = self.deal.ladder[act.bid]
            return "  " + self.say(
                "bids", who=who, bid=self.bid_name(b), rank=b.rank, value=b.value
            )
        if k == ActionKind.PASS:
            return "  " + self.say("passes", who=who)
        if k == ActionKind.PICKUP:
            return "  " + self.say("picks-up", who=who)
        return "  " + self.say("announces", who=who, suit=_suit(act.suit, lang))  # TRUMP

    def said_in_play(self, seat: int, act: Action) -> str:
        who, lang = self.names[seat], self.lang
        if act.kind == ActionKind.KONTRA:
            return f"  {who}: {kontra_on(Kind(act.component), act.level, lang)}"
        if act.kind == ActionKind.MARRIAGE:
            value = 40 if act.suit == self.deal.trump else 20
            suit = _suit(act.suit, lang)
            return "  " + self.say("marriage", who=who, value=value, suit=suit)
        return "  " + self.say("claims", who=who)

    def contract(self) -> list[str]:
        d, c = self.deal, self.deal.contract
        if c is None:
            return []
        trump_text = (
            self.say("trump", suit=_suit(d.trump, self.lang))
            if d.trump >= 0
            else text("ui.no_trump", self.lang)
        )
        out = [
            "",
            self.say(
                "contract", soloist=self.names[d.soloist], bid=self.bid_name(c), trump=trump_text
            ),
        ]
        if d.bid_multiplier != 1:
            out.append("  " + self.say("doubled", m=d.bid_multiplier))
        talon_pts = card_points(d.talon) if c.trump else 0
        laid = self.say("aside") if not d.rules.talon else self.say("talon")
        out.append(
            f"  {laid}: {_cards(d.talon, self.lang)}"
            + (self.say("talon-points", points=talon_pts) if talon_pts else "")
        )
        return out

    def tricks(self) -> list[str]:
        if not self.deal.tricks:
            return []
        names = self.names
        out = ["", self.say("tricks")]
        for trick_no, (leader, cards, winner) in enumerate(self.deal.tricks, 1):
            seats = [(leader + i) % 3 for i in range(3)]
            line = ", ".join(
                f"{names[p]} {card_text(c, self.lang)}" for p, c in zip(seats, cards, strict=True)
            )
            pts = card_points(sum(1 << c for c in cards)) if not self.no_trump else 0
            extra = f" ({pts})" if pts else ""
            out.append(f"  {trick_no:>2}. {line} → {names[winner]}{extra}")
        return out

    def end(self) -> list[str]:
        d = self.deal
        if not d.is_over():
            phase = self.say(f"phase.{d.phase.name.lower()}")
            return ["", self.say("in-progress", phase=phase, who=self.names[d.current_player])]
        assert d.settlement is not None
        assert d.outcome is not None
        out = ["", self.say("end", reason=d.outcome.text(self.lang)), "", self.say("settlement")]
        n = self.names
        explained = d.settlement.explain((n[0], n[1], n[2]), self.lang)
        return out + ["  " + line for line in explained.splitlines()]
