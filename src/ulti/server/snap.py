"""A Snapszli table on the web: two seats (docs/SNAPSZLI.md), the protocol of Ulti's tables.

The table is a :class:`~ulti.server.tables.GameTable`: the same tokens, versions, refusals,
storage, computer seats in the worker pool and restarts as an Ulti table; what differs is the
game.  A match (:class:`~ulti.games.snapszli.SnapMatch`, Z12) is played to the table's match points
(ZV2); each deal is a :class:`~ulti.games.snapszli.SnapDeal`.

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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ulti import i18n
from ulti.core.cards import cards_of
from ulti.core.seeds import derive_seed
from ulti.games.snapszli import (
    OPTIONS,
    PRESETS,
    Kind,
    SnapAction,
    SnapDeal,
    SnapMatch,
    SnapParseError,
    SnapRules,
    describe,
    parse_action,
    play,
    render,
    to_record,
)
from ulti.players.snapszli import SnapPlayer, explain, make_snap_player
from ulti.server.tables import GameTable, TableError

#: Options the lobby sets in their own field (the match's length, ZV2).
LOBBY_OWN_FIELD = {"match_points"}


@dataclass(frozen=True)
class SnapSettings:
    """A Snapszli table's settings: the rules and the learner's option (Z13: a seat's own
    points shown)."""

    rules: SnapRules
    show_points: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "show_points": self.show_points}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SnapSettings:
        return cls(SnapRules.from_dict(data.get("rules") or {}), bool(data.get("show_points")))

    @classmethod
    def make(
        cls,
        preset: str,
        options: Mapping[str, Any],
        match_points: int | None = None,
        show_points: bool = False,
    ) -> SnapSettings:
        """Settings from the lobby's choices (SnapRulesError naming the ZV option)."""
        rules = SnapRules.from_dict({"preset": preset, **options})
        if match_points is not None:
            rules = rules.with_options(match_points=match_points)
        return cls(rules, show_points)


def rules_info() -> dict[str, Any]:
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
            "values": {o["name"]: getattr(SnapRules.from_preset(name), o["name"]) for o in options},
        }
        for name in PRESETS
    ]
    return {"presets": presets, "options": options, "own_fields": sorted(LOBBY_OWN_FIELD)}


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


def _titles(a: SnapAction, trump: int) -> dict[str, str]:
    """An action's words in both languages (buttons and logs)."""
    return {"title": describe(a, "en", trump), "title_hu": describe(a, "hu", trump)}


def _typed(a: SnapAction, trump: int) -> dict[str, Any]:
    """An action as the pages read it: ``action`` (its text), ``kind``, ``card``/``suit``,
    and its words."""
    out: dict[str, Any] = {"action": str(a), **a.to_dict()}
    out.update(_titles(a, trump))
    return out


def _end(d: SnapDeal, names: list[str]) -> dict[str, Any] | None:
    """How a finished deal ended, in both languages with the players' names (Z9-Z11)."""
    e = d.outcome
    if e is None:
        return None
    return {
        "rule": e.rule,
        "code": e.code,
        "winner": e.winner,
        "game_points": e.game_points,
        "text": e.text("en", names),
        "text_hu": e.text("hu", names),
    }


class SnapTable(GameTable):
    """A Snapszli table: two seats, a match to the table's match points (Z12, ZV2)."""

    game = "snapszli"
    seats_n = 2
    session: SnapMatch
    bots: dict[int, SnapPlayer]
    fallbacks: dict[int, SnapPlayer]

    def _setup(self) -> None:
        stored = self.stored
        self.settings = SnapSettings.from_dict(stored.rules)
        self.rules = self.settings.rules
        self.show_points = self.settings.show_points
        self.session = SnapMatch(self.rules, stored.seed, stored.first_dealer, self.names)
        for seat, s in enumerate(stored.seats):
            if s["kind"] == "bot":
                self.bots[seat] = make_snap_player(s["spec"], derive_seed(stored.seed, 9000 + seat))
                self.fallbacks[seat] = make_snap_player(
                    "rules", derive_seed(stored.seed, 9100 + seat)
                )

    @property
    def deal(self) -> SnapDeal:
        return self.session.deal

    # -- actions ----------------------------------------------------------------------------

    def _read_stored(self, text: str) -> SnapAction:
        return parse_action(text)

    def _parse(self, text: str) -> SnapAction:
        try:
            return parse_action(text)
        except SnapParseError as exc:
            raise TableError("bad-action", "bad-action", why=str(exc)[:200]) from None

    def _code(self, action: SnapAction) -> str:
        return str(action)

    def _refuse(self, d: SnapDeal, action: SnapAction) -> TableError | None:
        why = d.why_illegal(action)
        if why is None and action in d.legal_actions():
            return None
        if why is None:  # pragma: no cover - the engine names every refusal
            return TableError("illegal", "illegal")
        texts = {lang: f"{why.rule}: {why.text(lang)}" for lang in i18n.LANGS}
        return TableError("illegal", "illegal", texts)

    def _over(self) -> TableError:
        return TableError("over", "over", i18n.both("snap.web-match-over"))

    def _bad_seat(self) -> TableError:
        return TableError("bad-seat", "bad-seat", i18n.both("snap.web-bad-seat"))

    def _start_bot(self, seat: int, game: int) -> None:
        self.bots[seat].start(seat, self.rules, game)
        self.fallbacks[seat].start(seat, self.rules, game)

    def _add_bot(self, seat: int, spec: str) -> None:
        self.bots[seat] = make_snap_player(spec, derive_seed(self.stored.seed, 9000 + seat))
        self.fallbacks[seat] = make_snap_player("rules", derive_seed(self.stored.seed, 9100 + seat))
        self._started.discard((len(self.session.deals) - 1, seat))

    def totals(self) -> list[int]:
        return list(self.session.totals())

    def preset(self) -> str:
        return self.rules.preset

    def deal_facts(self, d: SnapDeal) -> list[Any]:
        from ulti.server.stats import snap_deal_facts

        return snap_deal_facts(d)

    # -- what a seat sees (Z13) -------------------------------------------------------------

    def public(self) -> dict[str, Any]:
        base = SnapRules.from_preset(self.rules.preset).to_dict()
        options = {
            k: v for k, v in self.rules.to_dict().items() if v != base.get(k) and k != "preset"
        }
        return {
            "id": self.id,
            "game": self.game,
            "players": [
                {
                    "name": s["name"],
                    "kind": s["kind"],
                    "spec": s.get("spec") if s["kind"] == "bot" else None,
                }
                for s in self.stored.seats
            ],
            "lang": self.stored.lang,
            "rules": self.rules.preset,
            "options": options,
            "rules_title": {lang: rules_title(self.rules, lang) for lang in i18n.LANGS},
            "match_points": self.rules.match_points,
            "hand_size": self.rules.hand_size,
            "show_points": self.show_points,
        }

    def _view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may see now: its observation (Z13) and public facts;
        SPECTATOR: what both players may see (no hand)."""
        d = self.deal
        obs = d.observation(seat, self.show_points)
        v = obs.to_dict()
        trump = obs.trump
        mine = obs.current_player == seat and not obs.over
        v["legal"] = [_typed(a, trump) for a in obs.legal] if mine else []
        for (_who, a), entry in zip(obs.history, v["history"], strict=True):
            entry["action"] = _typed(a, trump)
        # why this seat's other cards may not be played now (Z4-Z7), citing the rule
        v["reasons"] = {}
        if mine:
            for c in obs.hand:
                why = d.why_illegal(play(c))
                if why is not None:
                    v["reasons"][str(c)] = {
                        lang: f"{why.text(lang)} ({why.rule})" for lang in i18n.LANGS
                    }
        # a hint for a person to move at a table that is not rated: what a careful player
        # (``rules``) would do and why, worked out from this seat's observation alone (Z13)
        v["hint"] = None
        if mine and not self.stored.rated:
            adviser = make_snap_player("rules", seed=len(obs.history))
            adviser.start(seat, d.rules, len(self.session.deals) - 1)
            advised = adviser.act(obs, obs.legal)
            if adviser.explanation[0] == "hint-claim" and not self.show_points:
                adviser.explanation = ("web-hint-claim", {})  # own points: a learner's option
            v["hint"] = {"action": str(advised)} | {
                lang: f"{describe(advised, lang, trump)}: "
                + explain(*adviser.explanation, lang=lang, trump=trump)
                for lang in i18n.LANGS
            }
        # the number of cards in each hand is public; which cards is not
        v["hand_sizes"] = [len(cards_of(h)) for h in d.hands]
        v["dealer"] = d.dealer
        v["pending"] = self._pending_marriage(d)
        v["outcome"] = _end(d, self.names)
        v["version"] = self.version
        v["deal_number"] = len(self.session.deals)
        v["totals"] = list(self.session.totals())
        v["match_points"] = self.rules.match_points
        v["match_over"] = self.session.is_over()
        v["match_winner"] = self.session.winner()
        v["sheet"] = [
            {"deal": n + 1, "dealer": x.dealer, **(_end(x, self.names) or {})}
            for n, x in enumerate(self.session.deals)
            if x.is_over()
        ]
        prev = self.session.deals[-2] if len(self.session.deals) > 1 else None
        v["previous"] = (
            None
            if prev is None
            else {"deal": len(self.session.deals) - 1, **(_end(prev, self.names) or {})}
        )
        v["session_over"] = v["match_over"]
        return v

    @staticmethod
    def _pending_marriage(d: SnapDeal) -> int:
        """The suit of a marriage announced for the card to come (-1: none): public."""
        if d.trick or not d.history:
            return -1
        _who, last = d.history[-1]
        return last.suit if last.kind == Kind.MARRIAGE else -1

    def event_for(
        self, seat: int, version: int, deal_index: int, who: int, action: SnapAction
    ) -> dict[str, Any]:
        """An action as every seat sees it: all of Snapszli's actions are public (a card
        played, a marriage announced, an exchange of the turned card, a closing, a claim)."""
        trump = self.session.deals[deal_index].trump
        return {"v": version, "deal": deal_index, "seat": who, "action": _typed(action, trump)}

    # -- records (a finished deal is shown whole) -------------------------------------------

    def finished(self, number: int) -> SnapDeal:
        d: SnapDeal = super().finished(number)
        return d

    def finished_deals(self) -> list[dict[str, Any]]:
        return [
            {
                "deal": i + 1,
                "dealer": d.dealer,
                "winner": d.outcome.winner,
                "game_points": d.outcome.game_points,
                "result": list(d.returns()),
            }
            for i, d in enumerate(self.session.deals)
            if d.outcome is not None
        ]

    def steps(self, number: int) -> dict[str, Any]:
        """A finished deal step by step, every card shown (the deal is over)."""
        d = self.finished(number)
        replay = SnapDeal(d.rules, d.seed, d.dealer, d.deck if d.custom_deck else None)

        def picture(a: SnapAction | None, who: int) -> dict[str, Any]:
            return {
                "action": None if a is None else str(a),
                **({} if a is None else _titles(a, d.trump)),
                "player": self.names[who] if who >= 0 else "",
                "names": self.names,
                "hands": [sorted(cards_of(h)) for h in replay.hands],
                "trick": list(replay.trick),
                "talon": list(replay.talon),
            }

        out = [picture(None, -1)]
        for who, a in d.history:
            replay.apply(a)
            out.append(picture(a, who))
        return {
            "steps": out,
            "text": render(d, self.names, "en"),
            "text_hu": render(d, self.names, "hu"),
        }

    def record(self, number: int) -> dict[str, Any]:
        return to_record(self.finished(number), self.names)


__all__ = ["SnapSettings", "SnapTable", "rules_info", "rules_title"]
