"""Snapszli's table on the web: two seats (docs/SNAPSZLI.md), the protocol of every table.

What is Snapszli's own of a :class:`~ulti.server.tables.base.GameTable`: a match
(:class:`~ulti.games.snapszli.SnapMatch`, Z12) played to the table's match points (ZV2), each
deal a :class:`~ulti.games.snapszli.SnapDeal`; what a seat sees (the rules player,
:func:`ulti.players.snapszli.make_snap_player`, as the adviser of a hint); its records.

What a seat sees (Z13) is built from ``deal.observation(seat)`` only, and public facts (names,
the score of the match, how finished deals ended): its own hand, the turned card while it lies
face up, the cards played, the marriages announced, the talon's size and who closed it.  Never
the other hand, never the talon's cards, never a seed; its own points only when the table set
the learner's option ``show_points`` (default off), the opponent's never.

Stored with the table: ``{"rules": SnapRules.to_dict(), "show_points": bool}``; actions are
stored in their canonical text (``play ♥A``, ``marriage hearts``, ``exchange``, ``close``,
``claim``), which :func:`ulti.games.snapszli.parse_action` reads back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from ulti import i18n
from ulti.core.cards import cards_of
from ulti.games.snapszli import (
    OPTIONS,
    PRESETS,
    SNAPSZLI,
    End,
    Kind,
    SnapAction,
    SnapDeal,
    SnapMatch,
    SnapObservation,
    SnapRules,
    describe,
    play,
    render,
    to_record,
)
from ulti.i18n.plain import plain, said
from ulti.players.snapszli import explain, make_snap_player
from ulti.server.schemas import NewTable, SeatSpec
from ulti.server.stats import DealFacts, snap_deal_facts
from ulti.server.tables.base import GameTable
from ulti.server.tables.frames import Json, TableError
from ulti.server.tables.game import Records

#: Options the lobby sets in their own field (the match's length, ZV2).
LOBBY_OWN_FIELD = {"match_points"}


class NewSnapszliTable(NewTable):
    """A new Snapszli table: two seats, SnapRules' preset and options, the match's length
    (ZV2) and the learner's option that shows a seat its own points (Z13, default off)."""

    game: Literal["snapszli"]
    options: Json = Field(default_factory=dict, max_length=len(OPTIONS))
    match_points: int | None = Field(default=None, ge=1, le=99)
    show_points: bool = False
    seats: list[SeatSpec] = Field(min_length=2, max_length=2)


@dataclass(frozen=True)
class SnapSettings:
    """A Snapszli table's settings: the rules and the learner's option (Z13: a seat's own
    points shown)."""

    rules: SnapRules
    show_points: bool = False

    def to_dict(self) -> Json:
        return {"rules": self.rules.to_dict(), "show_points": self.show_points}

    @classmethod
    def from_dict(cls, data: Json) -> SnapSettings:
        return cls(SnapRules.from_dict(data.get("rules") or {}), bool(data.get("show_points")))

    @classmethod
    def make(
        cls,
        preset: str,
        options: Json,
        match_points: int | None = None,
        show_points: bool = False,
    ) -> SnapSettings:
        """Settings from the lobby's choices (SnapRulesError naming the ZV option)."""
        rules = SnapRules.from_dict({"preset": preset, **options})
        if match_points is not None:
            rules = rules.with_options(match_points=match_points)
        return cls(rules, show_points)


def rules_title(rules: SnapRules, lang: str) -> str:
    """The rules in words: the preset and each option changed from it (``standard + 24
    cards: on``; ``alap + 24 lap: be``)."""
    base = SnapRules.from_preset(rules.preset)
    out = i18n.text(f"snap.web-preset-{rules.preset}", lang)
    for name, _rule, _doc in OPTIONS:
        v = getattr(rules, name)
        if v == getattr(base, name):
            continue
        value = i18n.text(f"web.{'on' if v else 'off'}", lang) if isinstance(v, bool) else v
        out += f" + {i18n.text(f'snap.web-option-{name}', lang)}: {value}"
    return out


def end_words(e: End | None, names: Sequence[str]) -> Json | None:
    """How a finished deal ended, in both languages with the players' names (Z9-Z11)."""
    if e is None:
        return None
    return {
        "rule": e.rule,
        "code": e.code,
        "winner": e.winner,
        "game_points": e.game_points,
        "text": plain(e.text("en", names), "en"),
        "text_hu": plain(e.text("hu", names), "hu"),
    }


def pending_marriage(obs: SnapObservation) -> int:
    """The suit of a marriage announced for the card to come (-1: none): public."""
    if obs.trick or not obs.history:
        return -1
    _who, last = obs.history[-1]
    return last.suit if last.kind == Kind.MARRIAGE else -1


class SnapszliTable(GameTable[SnapDeal, SnapAction, SnapRules]):
    """A Snapszli table: two seats, a match to the table's match points (Z12, ZV2)."""

    info = SNAPSZLI
    records = Records(render, to_record)
    session: SnapMatch
    #: the learner's option (Z13): a seat sees its own points
    show_points: bool

    # -- the game -------------------------------------------------------------------------

    def _read_rules(self, data: Json) -> SnapRules:
        """The rules, and the learner's option stored with them."""
        settings = SnapSettings.from_dict(data)
        self.show_points = settings.show_points
        return settings.rules

    def _new_session(self) -> SnapMatch:
        return SnapMatch(self.rules, self.stored.seed, self.stored.first_dealer, self.names)

    @classmethod
    def rules_info(cls) -> Json:
        """The presets and options of Snapszli a table may set (the lobby builds its form)."""
        standard = SnapRules()
        options = [
            {
                "name": name,
                "rule": rule,
                "doc": doc,
                "type": type(getattr(standard, name)).__name__,
                "default": getattr(standard, name),
            }
            for name, rule, doc in OPTIONS
        ]
        presets = [
            {
                "name": name,
                "values": {
                    o["name"]: getattr(SnapRules.from_preset(name), o["name"]) for o in options
                },
            }
            for name in PRESETS
        ]
        return {"presets": presets, "options": options, "own_fields": sorted(LOBBY_OWN_FIELD)}

    @classmethod
    def read_new(cls, raw: object) -> tuple[NewTable, SnapSettings]:
        body = NewSnapszliTable.model_validate(raw)
        settings = SnapSettings.make(body.preset, body.options, body.match_points, body.show_points)
        return body, settings

    def _code(self, action: SnapAction) -> str:
        return str(action)

    def _refuse(self, d: SnapDeal, action: SnapAction) -> TableError | None:
        why = d.why_illegal(action)
        if why is None and action in d.legal_actions():
            return None
        if why is None:  # pragma: no cover - the engine names every refusal
            return TableError("illegal", "illegal")
        texts = {lang: why.text(lang) for lang in i18n.LANGS}
        return TableError("illegal", "illegal", texts, rules=[why.rule])

    def _over(self) -> TableError:
        return TableError("over", "over", i18n.both("snap.web-match-over"))

    def _bad_seat(self) -> TableError:
        return TableError("bad-seat", "bad-seat", i18n.both("snap.web-bad-seat"))

    def describe(self, action: SnapAction, lang: str, trump: int) -> str:
        return describe(action, lang, trump)

    def typed(self, action: SnapAction, trump: int) -> Json:
        """An action as the pages read it: ``action`` (its text), ``kind``, ``card``/``suit``,
        and its words."""
        return {"action": str(action), **action.to_dict(), **self.titles(action, trump)}

    def totals(self) -> list[int]:
        return list(self.session.totals())

    def deal_facts(self, d: SnapDeal) -> list[DealFacts]:
        return snap_deal_facts(d)

    # -- what a seat sees (Z13) -------------------------------------------------------------

    def public(self) -> Json:
        options = self.changed_options()
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players_public(),
            "lang": self.stored.lang,
            "rules": self.rules.preset,
            "options": options,
            "rules_title": {lang: rules_title(self.rules, lang) for lang in i18n.LANGS},
            "match_points": self.rules.match_points,
            "hand_size": self.rules.hand_size,
            "show_points": self.show_points,
        }

    def _lobby_facts(self, public: Json) -> Json:
        return {"match_points": public["match_points"]}

    def seat_view(self, seat: int) -> Json:
        """Everything ``seat`` may see now: its observation (Z13) and public facts;
        SPECTATOR: what both players may see (no hand)."""
        d = self.deal
        obs = d.observation(seat, self.show_points)
        v = obs.to_dict()
        trump = obs.trump
        mine = obs.current_player == seat and not obs.over
        v["legal"] = [self.typed(a, trump) for a in obs.legal] if mine else []
        for (_who, a), entry in zip(obs.history, v["history"], strict=True):
            entry["action"] = self.typed(a, trump)
        v["reasons"] = self._reasons(d, obs) if mine else {}
        v["hint"] = self._hint(obs) if mine and not self.stored.rated else None
        # the number of cards in each hand is public; which cards is not
        v["hand_sizes"] = [len(cards_of(h)) for h in d.hands]
        v["dealer"] = d.dealer
        v["pending"] = pending_marriage(obs)
        v["outcome"] = end_words(obs.outcome, self.names)
        v.update(self._match_facts())
        return v

    @staticmethod
    def _reasons(d: SnapDeal, obs: SnapObservation) -> dict[str, Json]:
        """Why each of the seat's other cards may not be played now (Z4-Z7), citing the rule."""
        reasons = {}
        for c in obs.hand:
            why = d.why_illegal(play(c))
            if why is not None:
                reasons[str(c)] = said({lang: why.text(lang) for lang in i18n.LANGS}, [why.rule])
        return reasons

    def _hint(self, obs: SnapObservation) -> Json:
        """A hint for a person to move at a table that is not rated: what a careful player
        (``rules``) would do and why, worked out from this seat's observation alone (Z13)."""
        adviser = make_snap_player("rules", seed=len(obs.history))
        adviser.start(obs.seat, self.rules, len(self.session.deals) - 1)
        advised = adviser.act(obs, obs.legal)
        if adviser.explanation[0] == "hint-claim" and not self.show_points:
            adviser.explanation = ("web-hint-claim", {})  # own points: a learner's option
        trump = obs.trump
        return {"action": str(advised)} | said(
            {
                lang: f"{describe(advised, lang, trump)}: "
                + explain(*adviser.explanation, lang=lang, trump=trump)
                for lang in i18n.LANGS
            }
        )

    def _match_facts(self) -> Json:
        """The match's public facts: the version, the deal's number, the score, how each
        finished deal ended."""
        match = self.session
        prev = match.deals[-2] if len(match.deals) > 1 else None
        return {
            "version": self.version,
            "deal_number": len(match.deals),
            "totals": list(match.totals()),
            "match_points": self.rules.match_points,
            "match_over": match.is_over(),
            "match_winner": match.winner(),
            "sheet": [
                {"deal": n + 1, "dealer": x.dealer, **(end_words(x.outcome, self.names) or {})}
                for n, x in enumerate(match.deals)
                if x.is_over()
            ],
            "previous": None
            if prev is None
            else {"deal": len(match.deals) - 1, **(end_words(prev.outcome, self.names) or {})},
            "session_over": match.is_over(),
        }

    def event_for(
        self, seat: int, version: int, deal_index: int, who: int, action: SnapAction
    ) -> Json:
        """An action as every seat sees it: all of Snapszli's actions are public (a card
        played, a marriage announced, an exchange of the turned card, a closing, a claim)."""
        trump = self.session.deals[deal_index].trump
        return {"v": version, "deal": deal_index, "seat": who, "action": self.typed(action, trump)}

    # -- records (a finished deal is shown whole) -------------------------------------------

    def _summary(self, d: SnapDeal) -> Json:
        assert d.outcome is not None  # the deal is over
        return {"winner": d.outcome.winner, "game_points": d.outcome.game_points}

    def _shown(self, d: SnapDeal) -> Json:
        return {
            "hands": [sorted(cards_of(h)) for h in d.hands],
            "trick": list(d.trick),
            "talon": list(d.talon),
        }


#: The table of this game (:func:`ulti.server.tables.registry.table_class` finds it by name).
TABLE = SnapszliTable
