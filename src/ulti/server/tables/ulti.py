"""Ulti's table on the web: three seats, a session of deals (:mod:`ulti.games.ulti.session`).

What is Ulti's own of a :class:`~ulti.server.tables.base.GameTable`: its rules
(:class:`~ulti.games.ulti.rules.Ruleset`, stored as its ``to_dict()``), an action stored in
its record form (compact card codes), a refusal's reason from the engine, what a seat sees
(its observation, every action's words, the bids' names, why a card may not be played, the
score sheet), another seat's discard hidden in the events, its records, and the analysis,
teaching mode and hints (:mod:`ulti.server.tables.jobs`).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Literal, Protocol, TypeVar

from pydantic import Field

from ulti import i18n
from ulti.core.cards import sort_for_display
from ulti.games.ulti.actions import Action, ActionKind, bid, describe, play
from ulti.games.ulti.bids import Bid
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.game import ULTI
from ulti.games.ulti.observation import Observation, kontra_info
from ulti.games.ulti.record import action_code, render, to_record
from ulti.games.ulti.rules import OPTIONS, Ruleset
from ulti.games.ulti.session import Session, SessionDeal, SessionOf
from ulti.i18n.plain import cited, plain, said
from ulti.players.base import Budget
from ulti.server.catalogues import rules_info
from ulti.server.schemas import NewTable, SeatSpec
from ulti.server.stats import DealFacts, ulti_deal_facts
from ulti.server.tables.base import GameTable
from ulti.server.tables.frames import (
    SPECTATOR,
    Connection,
    Json,
    TableError,
    analysis_error,
    dumps,
)
from ulti.server.tables.game import Records, TableDeal
from ulti.server.tables.jobs import (
    HintJob,
    TeachJob,
    Ticket,
    client_of,
    hint_answer,
    read_threshold,
    teach_answer,
)

#: The number of deals of a session is a multiple of this (every seat deals as often).
ROUND = 3


class NewUltiTable(NewTable):
    """A new Ulti table: three seats, a preset and its options, the number of deals."""

    game: Literal["ulti"] = "ulti"
    options: Json = Field(default_factory=dict, max_length=len(OPTIONS))
    deals: int = Field(default=3, ge=3, le=48)
    seats: list[SeatSpec] = Field(min_length=3, max_length=3)


def rules_title(preset: str, options: Json, lang: str) -> str:
    """A table's rules in words: the preset's name and each option changed from it
    (``casual + Four Aces: off``; in Hungarian ``baráti + négy ász: ki``)."""
    out = i18n.text(f"preset.{preset}", lang)
    for k, v in options.items():
        name = i18n.text(f"option.{k}", lang) if f"option.{k}" in i18n.CATALOGUE else k
        if isinstance(v, bool):
            value = i18n.text(f"web.{'on' if v else 'off'}", lang)
        elif isinstance(v, str) and f"option.{k}.{v}" in i18n.CATALOGUE:
            value = i18n.text(f"option.{k}.{v}", lang)  # a text option's value (W3)
        else:
            value = v
        out += f" + {name}: {value}"
    return out


def _bid_words(b: Bid) -> Json:
    """A bid's names in both languages and its value."""
    return {"title": b.title, "title_hu": b.title_hu, "value": b.value}


class UltiDeal(TableDeal[Action], SessionDeal, Protocol):
    """A deal an Ulti table plays: one a table reads and a session keeps."""

    @property
    def rules(self) -> Ruleset: ...


D = TypeVar("D", bound=UltiDeal)


class UltiTableOf(GameTable[D, Action, Ruleset]):
    """An Ulti table whose deals are ``D``: every deal is played by three seats as a
    three-handed :class:`~ulti.games.ulti.deal.Deal` (:meth:`_three`); which seats of the
    table they are, :meth:`_place` says (a table of four: :mod:`ulti.server.tables.ulti4`)."""

    # -- the deal of three ------------------------------------------------------------------

    @abstractmethod
    def _three(self, d: D) -> Deal:
        """The three-handed deal ``d`` is played as."""

    @abstractmethod
    def _place(self, d: D, seat: int) -> int:
        """``seat``'s seat in ``d``'s three-handed deal (SPECTATOR: it sees what a spectator
        does)."""

    def _deal_facts(self, d: D) -> Json:
        """What a view adds of the table's own to the three-handed deal's (a table of four:
        who plays it)."""
        return {}

    session: SessionOf[D]

    # -- the game -------------------------------------------------------------------------

    @classmethod
    def rules_info(cls) -> Json:
        return rules_info()

    def _code(self, action: Action) -> str:
        return action_code(action)

    def _refuse(self, deal: D, action: Action) -> TableError | None:
        d = self._three(deal)
        if action in d.legal_actions():
            return None
        why = d.refusal(action)  # the engine's precise reason, from its legality alone
        if why is None:  # pragma: no cover - the legal actions and the refusals agree
            return TableError("illegal", "illegal")
        texts = {lang: why.text(lang) for lang in i18n.LANGS}
        return TableError("illegal", "illegal", texts, rules=[why.rule])

    def describe(self, action: Action, lang: str, trump: int) -> str:
        return describe(action, lang, trump=trump, ladder=self.rules.ladder)

    def totals(self) -> list[int]:
        return list(self.session.totals)

    def deal_facts(self, d: D) -> list[DealFacts]:
        return ulti_deal_facts(self._three(d))

    # -- what a seat sees -------------------------------------------------------------------

    def public(self) -> Json:
        options = self.changed_options("session_deals")
        return {
            "id": self.id,
            "players": self.players_public(),
            "lang": self.stored.lang,
            "deals": self.session.planned_deals,
            "rules": self.rules.preset,
            "options": options,
            "rules_title": {
                lang: rules_title(self.rules.preset, options, lang) for lang in i18n.LANGS
            },
            # each bid's names, for showing the auction in either language
            "bids": {
                str(bid(key)): [b.title, b.title_hu] for key, b in self.rules.ladder.by_key.items()
            },
        }

    def _lobby_facts(self, public: Json) -> Json:
        return {"deals": public["deals"]}

    def seat_view(self, seat: int) -> Json:
        """Everything ``seat`` may see now: its observation, every move's words, the bids'
        names, why its other cards may not be played; SPECTATOR: the public observation (no
        hand, no talon, nobody's discards)."""
        d = self._three(self.deal)
        seat = self._place(self.deal, seat)
        obs = d.observation(seat)
        ladder = self.rules.ladder
        v = obs.to_dict()
        no_trump = obs.contract is not None and not ladder[obs.contract].trump
        v["hand"] = sort_for_display(
            sum(1 << c for c in obs.hand), obs.trump if obs.trump >= 0 else None, no_trump
        )
        to_act = obs.current_player == seat
        v["legal"] = self._legal(obs) if to_act and not obs.over else []
        self._history_words(obs, v["history"])
        v["reasons"] = self._reasons(d, obs) if to_act and obs.phase == "PLAY" else {}
        if obs.bid:
            b = ladder[obs.bid]
            v["bid_info"] = {**_bid_words(b), "rank": b.rank}
        if obs.contract:
            b = ladder[obs.contract]
            v["contract_info"] = {**_bid_words(b), "open": b.open}
        v["kontra_info"] = kontra_info(obs)
        # whether the seat may ask for a hint (asked for, never sent unasked: :meth:`hint`)
        v["hints"] = seat != SPECTATOR and self.hints_allowed
        if v.get("settlement") is not None:
            v["settlement"] = settlement_words(v["settlement"])
        if v.get("outcome") is not None:
            v["outcome"] = outcome_words(v["outcome"])
        v.update(self._deal_facts(self.deal))
        v.update(self._session_facts())
        return v

    def _legal(self, obs: Observation) -> list[Json]:
        """The seat's choices as the page offers them (the two cards of a discard are
        paired by the page: one ``discard`` choice)."""
        ladder = self.rules.ladder
        legal = []
        for a in obs.legal_actions:
            item: Json = {"action": str(a), "kind": a.kind.name.lower()}
            item.update(self.titles(a, obs.trump))
            if a.kind == ActionKind.BID:
                b = ladder[a.bid]
                item.update(title=b.title, title_hu=b.title_hu, rank=b.rank, value=b.value)
            elif a.kind == ActionKind.PLAY:
                item["card"] = a.card
            elif a.kind == ActionKind.DISCARD:
                continue  # any two cards of the hand: the client pairs them
            elif a.kind == ActionKind.KONTRA:
                item.update(component=int(a.component), level=a.level)
            elif a.kind in (ActionKind.TRUMP, ActionKind.MARRIAGE):
                item["suit"] = a.suit
            legal.append(item)
        if obs.phase == "DISCARD":
            lay = i18n.both("ui.lay")
            legal.append(
                {"action": "discard", "kind": "discard", "title": lay["en"], "title_hu": lay["hu"]}
            )
        return legal

    def _history_words(self, obs: Observation, entries: list[Json]) -> None:
        """Every move's words in both languages (another seat's discard: that two were laid)."""
        hidden = i18n.both("act.discard")
        for move, entry in zip(obs.history, entries, strict=True):
            if move.action is not None:
                entry.update(self.titles(move.action, obs.trump))
            else:
                entry.update(title=hidden["en"], title_hu=hidden["hu"])

    @staticmethod
    def _reasons(d: Deal, obs: Observation) -> dict[str, Json]:
        """Why each of the seat's other cards may not be played now (the engine's legality:
        its own hand, the public trick), in both languages with the rule."""
        allowed = set(d.legal_cards())
        reasons = {}
        for c in obs.hand:
            if c not in allowed:
                why = d.why_illegal(c)
                assert why is not None
                reasons[str(c)] = said({lang: why.text(lang) for lang in i18n.LANGS}, [why.rule])
        return reasons

    def _session_facts(self) -> Json:
        """The session's public facts: the version, the deal's number, the totals, the
        score sheet in both languages, the winners, how the previous deal was settled."""
        session = self.session
        sheet = [
            {
                "deal": n,
                "dealer": dealer,
                "contract": contract,
                "contract_hu": contract_hu,
                "result": list(res),
                "running": list(run),
            }
            for (n, dealer, contract, res, run), (*_, contract_hu, _r, _t) in zip(
                session.score_sheet(), session.score_sheet("hu"), strict=True
            )
        ]
        before = session.deals[-2] if len(session.deals) > 1 else None
        prev = self._three(before) if before is not None else None
        previous = None
        if before is not None and prev is not None and prev.settlement is not None:
            assert prev.outcome is not None
            end = said({lang: prev.outcome.text(lang) for lang in i18n.LANGS})
            previous = {
                "deal": len(session.deals) - 1,
                "end_reason": end["en"],
                "end_reason_hu": end["hu"],
                "end_rules": end["rules"],
                "settlement": settlement_words(prev.settlement.to_dict()),
                # the deal's last trick ([leader, cards, winner]; None when no card was played),
                # shown with its settlement: the next deal has begun when the page hears of it
                "last_trick": (
                    [prev.tricks[-1][0], list(prev.tricks[-1][1]), prev.tricks[-1][2]]
                    if prev.tricks
                    else None
                ),
                **self._deal_facts(before),
            }
        return {
            "version": self.version,
            "deal_number": len(session.deals),
            "totals": list(session.totals),
            "sheet": sheet,
            "session_over": session.is_over(),
            "winners": session.winners() if session.is_over() else [],
            "previous": previous,
        }

    def event_for(self, seat: int, version: int, deal_index: int, who: int, action: Action) -> Json:
        """An action as ``seat`` may see it, typed (:meth:`Action.to_dict`): another seat's
        discard shows no cards."""
        typed: Json = dict(action.to_dict())
        if action.kind == ActionKind.DISCARD and who != seat:
            hidden = i18n.both("act.discard")
            typed = {"kind": "discard", "text": "discard"}
            typed["title"], typed["title_hu"] = hidden["en"], hidden["hu"]
        else:
            typed.update(self.titles(action, self.session.deals[deal_index].trump))
        return {"v": version, "deal": deal_index, "seat": who, "action": typed}

    # -- records --------------------------------------------------------------------------

    def _summary(self, d: D) -> Json:
        contract = self._three(d).contract
        return {"contract": contract.title if contract else None}

    def _shown(self, deal: D) -> Json:
        d = self._three(deal)
        return {
            "hands": [sort_for_display(h) for h in d.hands],
            "trick": list(d.trick),
            "talon": sort_for_display(d.talon),
        }

    # -- analysis and teaching mode -------------------------------------------------------

    def analysable(self, number: int) -> tuple[Deal, list[str]]:
        d = self.finished(number)
        three = self._three(d)
        return three, [self.names[self._seat_of(d, s)] for s in range(3)]

    def _seat_of(self, d: D, place: int) -> int:
        """The table's seat that plays ``place`` of ``d``'s three-handed deal."""
        return next(s for s in range(self.seats_n) if self._place(d, s) == place)

    async def teach(
        self, conn: Connection, card: object, version: object, threshold: object
    ) -> None:
        """Would ``card`` lose units?  Checked here (the seat's turn, a legal card, a table
        against computer players that is not rated), answered later to ``conn`` alone: a
        ``teach`` frame with the warning's data (None: no warning), worked out in the
        job workers from the seat's observation only, in the queue of the connection's
        address (:class:`~ulti.server.tables.jobs.JobQueue`).  Raises TableError and changes
        nothing when refused (the address's queue full, too)."""
        seat = conn.seat
        if seat == SPECTATOR:
            raise TableError("watching", "watching")
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 32:
            raise analysis_error("malformed", "err-card")
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("malformed", "version-int")
        units = read_threshold(threshold)
        if self.stored.rated:
            raise analysis_error("teach-rated", "err-rated")
        if not any(s["kind"] == "bot" for i, s in enumerate(self.stored.seats) if i != seat):
            raise analysis_error("teach-no-bots", "err-bots")
        if conn.teaching:
            raise analysis_error("teach-busy", "err-teach-busy")
        async with self.lock:
            deal = self._turn_of(seat, version)
            legal = deal.legal_actions()
            if not any(a.kind == ActionKind.PLAY for a in legal):
                raise analysis_error("teach-not-card", "err-not-card")
            refusal = self._refuse(deal, play(card))
            if refusal is not None:
                raise refusal
            obs = self._three(deal).observation(self._place(deal, seat))
        ticket = self.tables.jobs.admit(client_of(conn.address), "teach")
        conn.teaching = True
        s = self.tables.settings
        ask = TeachJob(self.rules, card, Budget(s.teach_samples, s.teach_ms), units, version)
        self.tables.background(self._answer_teach(conn, ticket, ask, obs, legal))

    async def hint(self, conn: Connection, version: object) -> None:
        """What would the computer do at this seat now?  Checked here (a seat, its turn, a
        table neither rated nor an event's), answered later to ``conn`` alone: a ``hint``
        frame (:func:`~ulti.analysis.ulti.hint`: the sampling player's choice, its value and
        why), worked out in the job workers from the seat's observation only, in the queue of
        the connection's address.  Raises TableError and changes nothing when refused."""
        seat = conn.seat
        if seat == SPECTATOR:
            raise TableError("watching", "watching")
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("malformed", "version-int")
        if self.in_event:
            raise analysis_error("hint-event", "err-hint-event")
        if self.stored.rated:
            raise analysis_error("hint-rated", "err-hint-rated")
        if conn.hinting:
            raise analysis_error("hint-busy", "err-hint-busy")
        async with self.lock:
            deal = self._turn_of(seat, version)
            legal = deal.legal_actions()
            obs = self._three(deal).observation(self._place(deal, seat))
        ticket = self.tables.jobs.admit(client_of(conn.address), "hint")
        conn.hinting = True
        s = self.tables.settings
        ask = HintJob(self.rules, Budget(s.hint_samples, s.hint_ms), version)
        self.tables.background(self._answer_hint(conn, ticket, ask, obs, legal))

    async def _answer_hint(
        self, conn: Connection, ticket: Ticket, ask: HintJob, obs: Observation, legal: list[Action]
    ) -> None:
        try:
            frame = await hint_answer(self.tables.jobs, self.id, ticket, ask, obs, legal)
            if frame is not None and conn in self.connections:
                await self._send(conn, dumps(frame))
        finally:
            conn.hinting = False

    async def _answer_teach(
        self,
        conn: Connection,
        ticket: Ticket,
        ask: TeachJob,
        obs: Observation,
        legal: list[Action],
    ) -> None:
        try:
            frame = await teach_answer(self.tables.jobs, self.id, ticket, ask, obs, legal)
            if frame is not None and conn in self.connections:
                await self._send(conn, dumps(frame))
        finally:
            conn.teaching = False


class UltiTable(UltiTableOf[Deal]):
    """An Ulti table: three seats, a session of deals (S3)."""

    info = ULTI
    records = Records(render, to_record)
    session: Session

    def _read_rules(self, data: Json) -> Ruleset:
        # a table stored by an earlier version replays as it was played (V11: maybe no cap)
        return Ruleset.from_dict(data, recorded=True)

    def rematch_rules(self, stored: Json) -> Json:
        """The same rules, with a cap on kontras where an earlier version stored none (V11)."""
        return self.rules.with_current_cap().to_dict()

    def _new_session(self) -> Session:
        return Session(self.rules, self.stored.seed, self.stored.first_dealer, self.names)

    @classmethod
    def read_new(cls, raw: object) -> tuple[NewTable, Ruleset]:
        body = NewUltiTable.model_validate(raw)
        rules = Ruleset.from_dict({"preset": body.preset, **body.options})
        return body, rules.with_options(session_deals=body.deals - body.deals % ROUND)

    def _three(self, d: Deal) -> Deal:
        return d

    def _place(self, d: Deal, seat: int) -> int:
        return seat


#: The table of this game (:func:`ulti.server.tables.registry.table_class` finds it by name).
TABLE = UltiTable


def settlement_words(s: Json) -> Json:
    """A settlement (:meth:`Settlement.to_dict`) as a player's page shows it: each line's
    item and detail and the summary in plain words (:func:`ulti.i18n.plain.plain`), with
    ``rules``: the rule ids they cited, for a details line."""
    out = dict(s)
    texts: list[str] = []
    lines = []
    for line in s["lines"]:
        line = dict(line)
        for key in ("item", "detail", "item_hu", "detail_hu"):
            texts.append(line[key])
            line[key] = plain(line[key], "hu" if key.endswith("_hu") else "en")
        lines.append(line)
    out["lines"] = lines
    for key, lang in (("summary", "en"), ("summary_hu", "hu")):
        texts.extend(s[key])
        out[key] = [plain(t, lang) for t in s[key]]
    out["rules"] = cited(*texts)
    return out


def outcome_words(o: Json) -> Json:
    """How a deal ended (:meth:`Outcome.to_dict`) in plain words; its rule stays in ``rule``."""
    return {**o, "text": plain(o["text"], "en"), "text_hu": plain(o["text_hu"], "hu")}
