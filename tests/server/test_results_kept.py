"""A finished session's results reach the store even when the store refuses a write (docs/CLUB.md,
"Ratings and statistics"): a refused write of a deal's rows (the SQLite ``OverflowError`` of
an uncapped kontra) used to skip the rated session's ratings without a word.  Now each write
goes on its own, a refused one is logged as an error and tried again, and what a server did
not keep before it stopped is written when it starts again, once."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from server_util import Running, Seat, bot, play_on, wait_until
from ulti.server.store import Store
from ulti.server.tables import results

FAMILY = "ulti/standard"


def rated_session(srv: Running, name: str, seed: int) -> str:
    """An account plays a rated three-deal session against two computer players, to its end;
    the table's id."""
    with httpx.Client(base_url=srv.base, timeout=30) as c:
        r = c.post("/api/register", json={"name": name, "password": "jelszó-1234"})
        assert r.status_code == 201, r.text
        made = c.post(
            "/api/tables",
            json={
                "deals": 3,
                "rated": True,
                "public": True,
                "seats": [{"kind": "person", "me": True}, bot("rules", "Gép"), bot("random")],
            },
            headers={"X-CSRF-Token": c.cookies.get("ulti_csrf") or ""},
        )
        assert made.status_code == 201, made.text
    t: dict[str, Any] = made.json()
    s = Seat(srv, t["id"], 0, t["tokens"]["0"])
    play_on(s, lambda: bool(s.view.get("session_over")), random.Random(seed))
    s.close()
    return str(t["id"])


class Refusing:
    """A store method that refuses while ``on`` (as SQLite refused an uncapped stake)."""

    def __init__(self, real: Any, what: str) -> None:
        self.real, self.what, self.on = real, what, True

    def __call__(self, *args: Any) -> Any:
        if self.on:
            raise OverflowError(f"{self.what}: Python int too large to convert to SQLite INTEGER")
        return self.real(*args)


def test_a_refused_deal_write_no_longer_skips_the_ratings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store refuses every deal's rows: the session's ratings and rows are kept all the
    same, the refusals are logged as errors, the table's mark waits; once the store takes the
    rows again they are written (tried again, not lost), and the mark rises."""
    monkeypatch.setattr(results, "RETRY_DELAYS", (0.05,))
    with Running(f"sqlite:///{tmp_path / 'club.sqlite3'}") as srv:
        store: Store = srv.app.state.store
        refusing = Refusing(store.add_deal_results, "deal rows")
        monkeypatch.setattr(store, "add_deal_results", refusing)
        tid = rated_session(srv, "Sára", 3)
        wait_until(lambda: len(store.leaderboard(FAMILY)) == 3, "the ratings kept")
        assert [r.games for r in store.leaderboard(FAMILY)] == [1, 1, 1]
        # the session's rows are written after the ratings: waited for, not raced
        wait_until(lambda: bool(store.session_results("user:1")), "the session's rows kept")
        assert store.session_results("user:1")[0].table_id == tid
        assert "deal 1's deal results not kept (OverflowError" in srv.log.text()
        assert "ERROR" in srv.log.text()
        table = srv.app.state.tables.get(tid)
        assert table.results.pending and store.table(tid).recorded == 0  # type: ignore[union-attr]
        refusing.on = False  # the store takes them again
        wait_until(lambda: len(store.deal_results("user:1")) == 3, "the deals' rows kept")
        wait_until(lambda: store.table(tid).recorded == 3, "the mark")  # type: ignore[union-attr]
        assert not table.results.pending
        assert "kept after" in srv.log.text()
        assert not srv.log.tracebacks()


def test_ratings_the_store_refused_are_written_when_the_server_starts_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store refuses the ratings until the server stops: the stop says what was not
    kept; the next start writes them, once (the session counts one game), and nothing twice."""
    monkeypatch.setattr(results, "RETRY_DELAYS", (0.05,))
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    with Running(db) as srv:
        store: Store = srv.app.state.store
        monkeypatch.setattr(store, "rate_session", Refusing(store.rate_session, "ratings"))
        tid = rated_session(srv, "Tamás", 5)
        wait_until(lambda: "deal 3's ratings not kept" in srv.log.text(), "the refusal said")
        wait_until(lambda: len(store.deal_results("user:1")) == 3, "the deals' rows kept")
        assert store.leaderboard(FAMILY) == [] and store.table(tid).recorded == 2  # type: ignore[union-attr]
        first = srv
    assert "stopping with deal 3's ratings not kept" in first.log.text()
    with Running(db) as srv:
        store = srv.app.state.store
        wait_until(lambda: len(store.leaderboard(FAMILY)) == 3, "the ratings written at start")
        wait_until(lambda: store.table(tid).recorded == 3, "the mark")  # type: ignore[union-attr]
        assert [r.games for r in store.leaderboard(FAMILY)] == [1, 1, 1]
        assert len(store.deal_results("user:1")) == 3 and len(store.session_results("user:1")) == 1
        assert len(store.rating_history("user:1")) == 1
        assert not store.rate_session(tid, FAMILY, ["user:1"], lambda known: [])  # once only
        assert not srv.log.tracebacks()
