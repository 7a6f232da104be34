"""A club server that cannot be rigged (issue 27 item 1; docs/CLUB.md, "Seats and
forfeits"; ulti.server.tables.seats): at a rated table only a seat's own player hands it to a
computer player; a player keeps a seat while away for the reconnect window; each decision has
a turn limit; a seat left that way is a forfeit, ranked last, and in a session with a forfeit
only the forfeits' ratings change.

The windows are the event loop's timers: a test sets them tiny and waits for what the table
does when they run out (a frame, the table's state), never for a time."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from server_util import (
    Running,
    Seat,
    Watcher,
    bot,
    client,
    live,
    person,
    play_out,
    post,
    register,
    wait_until,
)
from ulti.i18n import both
from ulti.server.ratings import MU, Rating, ranks_of, update, user_key
from ulti.server.store import RatingRow, Store
from ulti.server.tables.results import new_ratings
from ulti.server.tables.seats import AWAY, GAVE, SLOW, forfeit_of

FAMILY = "ulti/standard"
ME = {"kind": "person", "me": True}
OPEN = {"kind": "open"}


def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'seats.sqlite3'}"


def rated_table(c: httpx.Client, seats: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A rated (public) table of three deals made by ``c``'s account; its left seats go to
    ``random`` (quick) unless ``kw`` says otherwise."""
    body = {"deals": 3, "public": True, "rated": True, "bot_spec": "random", "seats": seats}
    r = post(c, "/api/tables", {**body, **kw})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def key_of(c: httpx.Client) -> str:
    return user_key(c.get("/api/me").json()["user"]["id"])


def store_of(srv: Running) -> Store:
    store: Store = srv.app.state.tables.store
    return store


def kept(srv: Running, table_id: str) -> None:
    """Wait until the session is over and every result of it is kept (ratings included)."""
    t = live(srv, table_id)
    wait_until(
        lambda: t.session.is_over() and t.results.recorded == len(t.session.deals),
        "the session's results kept",
        timeout=120,
    )


def ratings(srv: Running, *keys: str) -> dict[str, RatingRow]:
    return store_of(srv).ratings(list(keys), FAMILY)


def rank_at(srv: Running, key: str, table_id: str) -> int:
    return next(r.rank for r in store_of(srv).session_results(key) if r.table_id == table_id)


def closed_with(s: Seat) -> tuple[list[dict[str, Any]], int | None]:
    """The frames a connection gets until the server closes it, and the close code."""
    frames = []
    with pytest.raises(ConnectionClosed):
        while True:
            frames.append(s.recv(30))
    return frames, s.conn.close_code


def refused_as(r: httpx.Response, status: int, key: str, **fields: object) -> None:
    """A refusal with ``status`` and the words of ``error.KEY`` in both languages."""
    assert r.status_code == status, r.text
    words = both(f"error.{key}", **fields)
    assert r.json() == {"detail": words["en"], "detail_hu": words["hu"]}


# -- who hands a seat over ----------------------------------------------------------------------


def test_at_a_rated_table_no_one_but_the_seats_player_hands_it_to_a_computer(
    tmp_path: Path,
) -> None:
    """Issue 27 item 1(a), the attack: a rated table [me, open, random]; Bob takes seat 1 and
    the creator at once gives it to a computer player, before his websocket opens (it was
    200, and Bob could not take it back: 404).  Now 403 in both languages, by cookie or by
    her seat's token; Bob keeps his seat.  Her own seat is hers to give (200): a forfeit, so
    she is ranked last and only her rating changes (item 1(c))."""
    with Running(db(tmp_path)) as srv, client(srv) as alice, client(srv) as bob:
        register(alice, "Alíz")
        register(bob, "Bob")
        t = rated_table(alice, [ME, OPEN, bot("random", "Gép")])
        mine = Seat(srv, t["id"], 0, t["tokens"]["0"])
        took = post(bob, f"/api/tables/{t['id']}/seats/1")
        assert took.status_code == 201, took.text
        url = f"/api/tables/{t['id']}/seats/1/bot"
        refused_as(post(alice, url, {"spec": "random"}), 403, "not-your-seat")
        as_her_seat = httpx.post(
            srv.base + url, json={}, headers={"Authorization": f"Bearer {t['tokens']['0']}"}
        )
        refused_as(as_her_seat, 403, "not-your-seat")
        assert live(srv, t["id"]).stored.seats[1]["kind"] == "person"
        again = post(bob, f"/api/tables/{t['id']}/seat")  # a fresh link: still his seat
        assert again.status_code == 200 and again.json()["seat"] == 1
        bobs = Seat(srv, t["id"], 1, again.json()["token"])
        # her own seat, handed over: a forfeit; her page is told so and closed
        gave = post(alice, f"/api/tables/{t['id']}/seats/0/bot", {"spec": "rules"})
        assert gave.status_code == 200, gave.text
        assert forfeit_of(live(srv, t["id"]).stored.seats[0]) == GAVE
        frames, code = closed_with(mine)
        assert code == 4401
        assert any(f.get("code") == "seat-given" and f["message_hu"] for f in frames)
        play_out([bobs], lambda: bool(bobs.view.get("session_over")), random.Random(5))
        kept(srv, t["id"])
        her, his = key_of(alice), key_of(bob)
        assert rank_at(srv, her, t["id"]) == 3  # last, whatever her computer player made
        rows = ratings(srv, her, his, "bot:random")
        assert list(rows) == [her] and rows[her].mu < MU  # only the forfeit's rating moved
        bobs.close()


def test_the_creator_gains_nothing_by_letting_a_computer_play_her_seat(tmp_path: Path) -> None:
    """Issue 27 item 1, the second attack: four rated tables [me → rules, random, random]
    raised the creator's rating 3.25 → 14.3 without her playing a card.  Her seat handed to
    `rules` is her forfeit: last, her rating falls, the computer players' do not change."""
    with Running(db(tmp_path)) as srv, client(srv) as alice:
        register(alice, "Alíz")
        her = key_of(alice)
        for _ in range(2):
            t = rated_table(alice, [ME, bot("random", "Egy"), bot("random", "Kettő")])
            gave = post(alice, f"/api/tables/{t['id']}/seats/0/bot", {"spec": "rules"})
            assert gave.status_code == 200, gave.text
            kept(srv, t["id"])
            assert rank_at(srv, her, t["id"]) == 3
        rows = ratings(srv, her, "bot:random", "bot:rules")
        assert list(rows) == [her] and rows[her].games == 2
        assert rows[her].mu < MU and rows[her].mu - 3 * rows[her].sigma < 0


def test_at_an_unrated_table_the_creator_waits_for_the_reconnect_window(tmp_path: Path) -> None:
    """Issue 27 item 1(a): at a table that is not rated the creator may give a person's seat
    to a computer player, never while its person is within the reconnect window (it was
    given the moment their connection closed)."""
    with Running(db(tmp_path)) as srv:
        t = srv.create([person("Nóra"), person("Olivér"), bot("rules", "Gép")], public=True)
        nora = Seat(srv, t["id"], 0, t["tokens"]["0"])
        oliver = Seat(srv, t["id"], 1, t["tokens"]["1"])
        oliver.close()
        table = live(srv, t["id"])
        wait_until(lambda: table.clock.away_for(1) is not None, "the server sees Olivér leave")
        r = httpx.post(
            f"{srv.base}/api/tables/{t['id']}/seats/1/bot",
            json={},
            headers={"Authorization": f"Bearer {t['tokens']['0']}"},
        )
        assert r.status_code == 409, r.text
        assert "Olivér" in r.json()["detail"] and "Olivér" in r.json()["detail_hu"]
        assert r.json()["detail"].startswith("Olivér keeps the seat for ")
        assert table.stored.seats[1]["kind"] == "person"
        back = Seat(srv, t["id"], 1, t["tokens"]["1"])  # and he comes back to it
        assert back.view["seat"] == 1 and back.view["players"][1]["kind"] == "person"
        back.close()
        nora.close()


# -- the reconnect window and the turn limit ----------------------------------------------------


def test_a_seat_taken_and_left_goes_to_a_computer_after_the_window_and_is_rated(
    tmp_path: Path,
) -> None:
    """Issue 27 item 1(b, c): Bob takes a rated table's seat and never comes.  Past the
    reconnect window a computer player takes it (the table hears so), the session plays on
    to its end and is rated: Bob's forfeit is ranked last and only his rating changes (it
    never ended before, stayed in the lobby, and rated nobody)."""
    with (
        Running(db(tmp_path), reconnect_window=0.05) as srv,
        client(srv) as alice,
        client(srv) as bob,
    ):
        register(alice, "Alíz")
        register(bob, "Bob")
        t = rated_table(alice, [ME, OPEN, bot("random", "Gép")])
        mine = Seat(srv, t["id"], 0, t["tokens"]["0"])
        assert post(bob, f"/api/tables/{t['id']}/seats/1").status_code == 201
        while mine.view.get("players", [{}, {}])[1].get("kind") != "bot":
            mine.recv()  # the computer player takes Bob's seat: every seat hears
        assert forfeit_of(live(srv, t["id"]).stored.seats[1]) == AWAY
        assert t["id"] in [e["id"] for e in httpx.get(f"{srv.base}/api/lobby").json()["tables"]]
        play_out([mine], lambda: bool(mine.view.get("session_over")), random.Random(7))
        kept(srv, t["id"])
        her, his = key_of(alice), key_of(bob)
        assert rank_at(srv, his, t["id"]) == 3
        rows = ratings(srv, her, his, "bot:random")
        assert list(rows) == [his] and rows[his].mu < MU
        listed = httpx.get(f"{srv.base}/api/lobby").json()["tables"]
        assert t["id"] not in [e["id"] for e in listed]
        mine.close()


def test_each_decision_has_a_turn_limit(tmp_path: Path) -> None:
    """Issue 27 item 1(b, c): Alíz sits at her rated table and does not move; Bob takes the
    other seat and does not come.  Each decision waits the turn limit; then a computer player
    takes the seat (her page is told why and closed), and the session ends on its own and is
    rated: both forfeits share the last place after the computer player who played from the
    start, and only their ratings change."""
    with (
        Running(db(tmp_path), turn_limit=0.05) as srv,
        client(srv) as alice,
        client(srv) as bob,
    ):
        register(alice, "Alíz")
        register(bob, "Bob")
        t = rated_table(alice, [ME, OPEN, bot("random", "Gép")])
        watcher = Watcher(srv, t["id"])
        mine = Seat(srv, t["id"], 0, t["tokens"]["0"])  # before the table starts: no timer
        assert post(bob, f"/api/tables/{t['id']}/seats/1").status_code == 201
        frames, code = closed_with(mine)
        assert code == 4401 and any(f.get("code") == "seat-given" for f in frames)
        while not watcher.view.get("session_over"):
            watcher.recv()
        seats = live(srv, t["id"]).stored.seats
        assert [forfeit_of(s) for s in seats] == [SLOW, SLOW, None]
        kept(srv, t["id"])
        her, his = key_of(alice), key_of(bob)
        assert rank_at(srv, her, t["id"]) == rank_at(srv, his, t["id"]) == 2
        assert set(ratings(srv, her, his, "bot:random")) == {her, his}
        watcher.close()


def test_a_player_who_comes_back_within_the_window_keeps_the_seat(tmp_path: Path) -> None:
    """Issue 27 item 1(b): the window starts again whenever the person's last connection
    goes, and coming back stops it: a player away for less than the window keeps the seat
    however often they reconnect."""
    with Running(db(tmp_path), reconnect_window=3600) as srv:
        t = srv.create([person("Piroska"), person("Rudi"), bot("rules", "Gép")], public=True)
        p = Seat(srv, t["id"], 0, t["tokens"]["0"])
        table = live(srv, t["id"])
        for _ in range(3):
            r = Seat(srv, t["id"], 1, t["tokens"]["1"])
            assert table.clock.away_for(1) is None  # here: no window runs
            r.close()
            wait_until(lambda: table.clock.away_for(1) is not None, "Rudi's window starts")
        assert table.stored.seats[1]["kind"] == "person"
        p.close()


@pytest.mark.slow
def test_a_tables_bot_after_is_a_longer_window(tmp_path: Path) -> None:
    """docs/CLUB.md: a table's ``bot_after`` keeps an absent person's seat longer than the
    server's window (never shorter); then its ``bot_spec`` takes it."""
    with Running(db(tmp_path), reconnect_window=0.05) as srv:
        t = srv.create(
            [person("Piroska"), person("Rudi"), bot("rules", "Gép")],
            public=True,
            bot_after=10,
            bot_spec="rules",
        )
        p = Seat(srv, t["id"], 0, t["tokens"]["0"])
        r = Seat(srv, t["id"], 1, t["tokens"]["1"])
        r.close()
        started = time.monotonic()
        while p.view["players"][1]["kind"] != "bot":
            p.recv()
        assert time.monotonic() - started >= 9  # the table's ten seconds, not the server's
        entry = live(srv, t["id"]).stored.seats[1]
        assert entry["spec"] == "rules" and forfeit_of(entry) == AWAY
        assert live(srv, t["id"]).stored.seats[0]["kind"] == "person"  # Piroska stays
        p.close()


# -- forfeits in the results --------------------------------------------------------------------


def test_a_forfeit_is_ranked_last_whatever_its_total() -> None:
    """Issue 27 item 1(c): the seats played to the end are placed among themselves; the
    forfeits share the place after them."""
    assert ranks_of([3, 7, 3], [False, True, False]) == [1, 3, 1]
    assert ranks_of([30, -7, 3], [True, False, True]) == [2, 1, 2]
    assert ranks_of([3, 7, -2], [False] * 3) == ranks_of([3, 7, -2]) == [2, 1, 3]


def test_after_a_forfeit_only_the_forfeits_ratings_change() -> None:
    """Issue 27 item 1(c): the others did not choose to play against a computer player; the
    forfeit's new rating is the model's for its last place among them."""
    known = {
        "user:1": RatingRow("user:1", FAMILY, 30.0, 5.0, 4),
        "bot:rules": RatingRow("bot:rules", FAMILY, 20.0, 4.0, 9),
    }
    keys = ["user:1", "user:2", "bot:rules"]
    totals = [40, -10, -30]
    gone = [True, False, False]
    last = update([Rating(30.0, 5.0), Rating(), Rating(20.0, 4.0)], [40.0, -10.0, -30.0], gone)
    assert new_ratings(keys, known, totals, gone) == [("user:1", last[0].mu, last[0].sigma)]
    assert last[0].mu < 30.0  # last, though its total was the best
    assert [k for k, _, _ in new_ratings(keys, known, totals)] == keys  # no forfeit: all


def test_a_seat_left_before_forfeits_were_marked_is_one() -> None:
    """Issue 27 item 1(c): tables stored before the marks said only ``left``."""
    assert forfeit_of({"kind": "bot", "left": True}) == AWAY
    assert forfeit_of({"kind": "bot", "spec": "rules"}) is None
    assert forfeit_of({"kind": "person"}) is None


def test_a_rematch_mints_no_token_for_a_seat_left_to_a_computer(tmp_path: Path) -> None:
    """Issue 27 item 12: a rematch made a new token for a seat given to a computer player,
    a token nobody received.  Now a left account's seat comes back to the account with no
    token (it asks for its own), and a left guest's seat stays the computer player's."""
    with Running(db(tmp_path)) as srv, client(srv) as anna:
        register(anna, "Anna")
        made = post(
            anna,
            "/api/tables",
            {"deals": 3, "public": True, "seats": [ME, person("Vendég"), bot("random", "Gép")]},
        )
        assert made.status_code == 201, made.text
        t = made.json()
        guest = {"Authorization": f"Bearer {t['tokens']['1']}"}
        url = f"{srv.base}/api/tables/{t['id']}/seats"
        assert httpx.post(f"{url}/1/bot", json={"spec": "random"}, headers=guest).status_code == 200
        assert (
            post(anna, f"/api/tables/{t['id']}/seats/0/bot", {"spec": "random"}).status_code == 200
        )
        kept(srv, t["id"])
        again = post(anna, f"/api/tables/{t['id']}/rematch")
        assert again.status_code == 201, again.text
        new = live(srv, again.json()["id"]).stored.seats
        assert new[0]["kind"] == "person" and new[0]["user"] and "token_hash" not in new[0]
        assert new[1]["kind"] == "bot" and "token_hash" not in new[1]
        assert all(forfeit_of(s) is None for s in new)
        mine = post(anna, f"/api/tables/{again.json()['id']}/seat")
        assert mine.status_code == 200 and mine.json()["seat"] == 0
        back = Seat(srv, again.json()["id"], 0, mine.json()["token"])
        assert back.view["seat"] == 0
        back.close()
