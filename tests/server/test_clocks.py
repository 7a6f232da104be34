"""A table's clocks (issue 30): a reserve per seat and an increment per decision, kept by the
server; a seat out of time has its move made by the ``rules`` player and the table goes on
(the seat stays its person's); the clocks are shown to every seat and spectator, and after a
restart they are worked out again from the stored actions' times."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from server_util import (
    Running,
    Seat,
    Watcher,
    bot,
    client,
    my_table_with_clock,
    person,
    register,
    wait_until,
)
from ulti.server.tables.timecontrol import Clocks, TimeControl

T0 = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_fischer_clocks_add_the_increment_and_count_the_time_used() -> None:
    c = Clocks(TimeControl(reserve=60, increment=5), 3, T0)
    assert c.left(0, at(10)) == 55  # 60 + 5 - 10
    c.decided(0, at(10))
    assert c.reserve == [55, 60, 60] and c.began == at(10)
    c.decided(1, at(12))  # 2 s used of 65
    assert c.reserve[1] == 63
    c.decided(2, at(100))  # 88 s of 65: out of time
    assert c.reserve[2] == 0 and c.timeouts == [0, 0, 1]
    assert c.view(0, at(110))["reserve"] == [50.0, 63.0, 0.0]
    replayed = Clocks(TimeControl(60, 5), 3, T0)
    replayed.replay([(0, at(10)), (1, at(12)), (2, at(100))])
    assert (replayed.reserve, replayed.timeouts) == (c.reserve, c.timeouts)


@pytest.mark.parametrize("bad", [{"reserve": -1, "increment": 5}, {"reserve": 0, "increment": 0}])
def test_a_clock_without_time_is_refused_in_both_languages(
    tmp_path: Path, bad: dict[str, float]
) -> None:
    with Running(f"sqlite:///{tmp_path / 'c.sqlite3'}") as srv:
        seats = [person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")]
        r = httpx.post(f"{srv.base}/api/tables", json={"seats": seats, "clock": bad})
        assert r.status_code == 422, r.text
        assert r.json()["detail"] and r.json()["detail_hu"]
        assert srv.app.state.tables.live == {}


@pytest.mark.slow
def test_a_seat_out_of_time_has_its_moves_made_and_keeps_its_seat(tmp_path: Path) -> None:
    """Anna is at the table and never acts: each of her decisions, once her clock runs out,
    is the rules player's; the session plays to its end, her seat is hers all along, her
    timeouts are counted, and a spectator sees the clocks."""
    with Running(f"sqlite:///{tmp_path / 'c.sqlite3'}") as srv:
        t = srv.create(
            [person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")],
            public=True,
            clock={"reserve": 1, "increment": 0.2},
        )
        live = srv.app.state.tables.get(t["id"])
        anna = Seat(srv, t["id"], 0, t["tokens"]["0"])
        clock = anna.view["clock"]
        assert clock["increment"] == 0.2 and len(clock["reserve"]) == 3
        watcher = Watcher(srv, t["id"])
        assert "clock" in watcher.view
        wait_until(lambda: live.session.is_over(), "the session played out", timeout=120)
        assert live.clocks.timeouts[0] >= 1
        assert live.stored.seats[0]["kind"] == "person" and "forfeit" not in live.stored.seats[0]
        assert any(seat == 0 for _, _, seat, _ in live.events)  # her moves were made
        anna.conn.close()
        watcher.conn.close()
        assert not srv.log.tracebacks()


@pytest.mark.slow
def test_the_clocks_are_worked_out_again_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    with Running(url) as srv:
        t = srv.create(
            [bot("rules", "Anna"), bot("rules", "Béla"), bot("rules", "Cili")],
            clock={"reserve": 600, "increment": 10},
        )
        live = srv.app.state.tables.get(t["id"])
        wait_until(lambda: live.session.is_over(), "the session played out", timeout=120)
        before = list(live.clocks.reserve)
    with Running(url) as again:
        after = again.app.state.tables.get(t["id"]).clocks.reserve
    assert len(after) == 3
    assert all(abs(a - b) < 1.0 for a, b in zip(after, before, strict=True)), (before, after)
    assert all(r > 600 for r in after)  # each made decisions quicker than its increment


@pytest.mark.slow
def test_correspondence_play_lists_the_tables_waiting_for_my_move(tmp_path: Path) -> None:
    """A table where a move may take days (a reserve of 3 days, a day more a decision): no
    away window takes Sára's seat, and /api/me lists the table while it waits for her, with
    the time she has left."""
    with Running(f"sqlite:///{tmp_path / 'c.sqlite3'}") as srv, client(srv) as sara:
        register(sara, "Sára")
        live = my_table_with_clock(srv, sara, 3 * 86400, 86400)
        turns = sara.get("/api/me").json()["my_turn"]
        assert [t["id"] for t in turns] == [live.id]
        assert 3 * 86400 < turns[0]["left"] <= 4 * 86400
        assert turns[0]["players"][0] == "Sára"
        assert live.clock.away_for(0) is None  # Sára never came: no window runs for her
