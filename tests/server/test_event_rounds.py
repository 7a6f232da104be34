"""A round of a people's event as it is seated (issue 30): its tables made at once, each as the
schedule says, with the round's one seed, and each playing exactly the round's deals (a
session tied for first plays no tie-break round at an event, whatever the organiser asked)."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import delete, update

from server_util import Running, client, post, register
from ulti.arena.events.schedule import FILLER, balance
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.session import Session
from ulti.server.events.service import results_of, round_seed
from ulti.server.events.store import Entrant, EventRow, EventTable, EventTableRow
from ulti.server.store import DealResultRow
from ulti.server.tables.ulti import UltiTable


def get(c: httpx.Client, url: str) -> Any:
    r = c.get(url)
    assert r.status_code == 200, r.text
    return r.json()


def tied_play(rules: Ruleset, seed: int, dealer: int) -> list[Action]:
    """Random actions (never a claim) for a session of ``rules`` that ends its regular deals
    with a tie for first: the first such play of a fixed sequence of tries."""
    for attempt in range(2000):
        rng = random.Random(attempt)
        s = Session(rules, seed, dealer, ["a", "b", "c"])
        played: list[Action] = []
        for number in range(rules.session_deals):
            if number:
                s.next_deal()
            d = s.deal
            while not d.is_over():
                a = rng.choice([x for x in d.legal_actions() if x.kind != ActionKind.CLAIM])
                d.apply(a)
                played.append(a)
        top = sorted(s.totals)
        if top[-1] == top[-2]:
            return played
    raise AssertionError("no tied session in 2000 tries")


def replayed(rules: Ruleset, seed: int, dealer: int, played: list[Action]) -> Session:
    s = Session(rules, seed, dealer, ["a", "b", "c"])
    for a in played:
        if s.deal.is_over():
            s.next_deal()
        s.deal.apply(a)
    return s


def test_a_round_is_seated_as_the_schedule_says_and_plays_only_its_deals(
    tmp_path: Path,
) -> None:
    with Running(f"sqlite:///{tmp_path / 'events.sqlite3'}") as srv, client(srv) as org:
        register(org, "Olga")
        srv.app.state.accounts.grant("Olga", "organiser")
        body = {
            "name": "Kupa",
            "game": "ulti",
            "deals": 3,
            "rounds": 2,
            "bot_spec": "rules",
            "options": {"tiebreak_deals": 6},  # asked for: an event's tables play none
        }
        made = post(org, "/api/events", body)
        assert made.status_code == 201, made.text
        eid = made.json()["id"]
        names = [f"Játékos {i + 1}" for i in range(7)]
        people = [client(srv) for _ in names]
        for c, n in zip(people, names, strict=True):
            register(c, n)
            assert post(c, f"/api/events/{eid}/register").status_code == 200
        assert post(org, f"/api/events/{eid}/start").status_code == 200

        ev = get(org, f"/api/events/{eid}")
        stored = srv.app.state.services.events.db.event(eid)
        assert stored.schedule is not None
        groups = stored.schedule.rounds[0]
        assert [t["table"] for t in ev["tables"]] == list(range(1, len(groups) + 1)) == [1, 2, 3]
        assert ev["balance"] == balance(stored.schedule).to_dict()  # worked out once, kept
        assert get(org, f"/api/events/{eid}")["balance"] == ev["balance"]
        for t, group in zip(ev["tables"], groups, strict=True):
            assert t["players"] == [None if p == FILLER else names[p] for p in group]
        live = [srv.app.state.tables.get(t["id"]) for t in ev["tables"]]
        assert len({t.id for t in live}) == 3
        assert {t.stored.seed for t in live} == {round_seed(stored.seed, 1)}
        for t in live:
            assert isinstance(t, UltiTable)
            assert t.rules.session_deals == 3 and t.rules.tiebreak_deals == 0
            seats = [s["kind"] for s in t.stored.seats]
            assert seats.count("bot") == sum(p == FILLER for p in groups[live.index(t)])

        # the same deals tied for first after three: over at the event's table, where a
        # table of the same rules with a tie-break round would play on
        table = live[0]
        seed, dealer = table.stored.seed, table.stored.first_dealer
        played = tied_play(table.rules, seed, dealer)
        at_event = replayed(table.rules, seed, dealer, played)
        assert at_event.is_over() and len(at_event.deals) == 3
        elsewhere = replayed(table.rules.with_options(tiebreak_deals=3), seed, dealer, played)
        assert not elsewhere.is_over() and elsewhere.planned_deals == 6
        for c in people:
            c.close()
        assert not srv.log.tracebacks()


def test_a_round_seated_again_after_a_crash_makes_no_second_table(tmp_path: Path) -> None:
    """A server that made a round's tables and stopped before keeping the round: seating the
    round again finds those tables (their seed and seats) and makes none more, so nobody is
    seated twice."""
    with Running(f"sqlite:///{tmp_path / 'e.sqlite3'}") as srv, client(srv) as org:
        register(org, "Olga")
        srv.app.state.accounts.grant("Olga", "organiser")
        body = {"name": "Kupa", "game": "ulti", "deals": 3, "rounds": 1, "bot_spec": "rules"}
        eid = post(org, "/api/events", body).json()["id"]
        people = [client(srv) for _ in range(5)]
        for i, c in enumerate(people):
            register(c, f"P{i}")
            assert post(c, f"/api/events/{eid}/register").status_code == 200
        assert post(org, f"/api/events/{eid}/start").status_code == 200
        first = [t["id"] for t in get(org, f"/api/events/{eid}")["tables"]]
        tables = srv.app.state.tables
        before = set(tables.live)
        store = srv.app.state.store
        with store.writing() as s:  # as if the server had stopped before keeping the round
            s.execute(delete(EventTableRow).where(EventTableRow.event_id == eid))
            s.execute(update(EventRow).where(EventRow.id == eid).values(round=0))
        events = srv.app.state.services.events
        loop = srv.server.servers[0].get_loop()

        async def again() -> None:
            e = await events.event(eid)
            await events._seat(e, 1, await events._groups(e, 1))

        asyncio.run_coroutine_threadsafe(again(), loop).result(timeout=60)
        assert set(tables.live) == before  # no table made
        assert [t["id"] for t in get(org, f"/api/events/{eid}")["tables"]] == first
        for c in people:
            c.close()


def test_the_deals_a_computer_played_for_a_leaver_are_not_theirs() -> None:
    """A player who left in round 2 after its table's first deal: round 1 and deal 1 of round
    2 are theirs; deal 2 of round 2 and round 3 are the computer player's (compared with,
    never ranked)."""
    now = datetime.now(UTC)
    gone = Entrant(1, "Lili", now, 0, left_round=2, left_deal=1)
    stays = Entrant(2, "Marci", now, 1, None)
    tables = [EventTable(r, 0, f"t{r}", (0, 1, FILLER)) for r in (1, 2, 3)]

    def row(table: str, deal: int, seat: int) -> DealResultRow:
        return DealResultRow(
            table_id=table,
            seat=seat,
            player="user:1",
            game="ulti",
            family="ulti/standard",
            deal=deal,
            units=4,
            role="defender",
            contract=None,
            contract_hu=None,
            kind=None,
            made=None,
            kontras_given=0,
            kontras_won=0,
            kontras_lost=0,
        )

    rows = [row(f"t{r}", d, 0) for r in (1, 2, 3) for d in (1, 2)]
    got = [(x.board, x.player) for x in results_of(tables, rows, [gone, stays])]
    assert got == [
        ((1, 1), 0),
        ((1, 2), 0),
        ((2, 1), 0),
        ((2, 2), FILLER),
        ((3, 1), FILLER),
        ((3, 2), FILLER),
    ]
