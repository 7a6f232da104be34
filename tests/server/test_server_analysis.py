"""The analysis on the web (issue 14): ``GET /api/tables/{id}/deals/{n}/analysis`` (a finished
Ulti deal analysed in the computer players' workers, kept once done, with the authorization of
``/steps``) and teaching mode's websocket question ``{"type": "teach", "card", "version"}``
(asked before a card from the seat's own observation, answered to that seat alone, refused
clearly and changing nothing where it does not belong).  Budgets are tiny: the tests are about
the server, not the analysis (tests/test_analysis.py)."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from english_words import english_words_in
from server_util import (
    TINY,
    Running,
    Seat,
    Watcher,
    allowed,
    ask_frame,
    bot,
    card_turn,
    cards_in,
    gated_job,
    person,
    play_on,
    refused_frame,
    wait_until,
)
from ulti.analysis.ulti import teach
from ulti.games.ulti.actions import ActionKind
from ulti.players.base import Budget
from ulti.server.tables.ulti import UltiTable


def sqlite(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'analysis.sqlite3'}"


def running(tmp_path: Path, **overrides: Any) -> Running:
    return Running(sqlite(tmp_path), **{**TINY, **overrides})


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def ask(seat: Seat, frame: dict[str, Any], timeout: float = 60) -> dict[str, Any]:
    """Send a teaching question; its answer (a ``teach`` frame or an error)."""
    return ask_frame(seat, {"type": "teach", **frame}, timeout)


def refused(seat: Seat, frame: dict[str, Any], code: str) -> dict[str, Any]:
    """A teaching question refused with ``code``, in both languages, the table unchanged."""
    return refused_frame(seat, {"type": "teach", **frame}, code)


# -- the analysis of a finished deal --------------------------------------------------------


def count_analyses(srv: Running, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The analyses the server works out (not those it answers from its cache)."""
    tables = srv.app.state.tables
    calls: list[tuple[str, int]] = []
    work = tables._analyse

    async def counted(key: tuple[str, int], *args: Any) -> Any:
        calls.append(key)
        return await work(key, *args)

    monkeypatch.setattr(tables, "_analyse", counted)
    return calls


def test_the_analysis_of_a_finished_deal_its_authorization_shape_and_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(tmp_path) as srv:
        calls = count_analyses(srv, monkeypatch)
        t = srv.create([person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")])
        s0 = Seat(srv, t["id"], 0, t["tokens"]["0"])
        play_on(s0, lambda: s0.view["deal_number"] > 1, random.Random(3))
        url = f"{srv.base}/api/tables/{t['id']}/deals/1/analysis"
        # the authorization of /steps: a seat's token in the header, never in the URL
        assert httpx.get(url).status_code == 403
        assert httpx.get(url, headers=auth("x")).status_code == 403
        assert httpx.get(url, params={"token": t["tokens"]["0"]}).status_code == 403
        r = httpx.get(url, headers=auth(t["tokens"]["0"]), timeout=120)
        assert r.status_code == 200, r.text
        a = r.json()
        assert {
            "threshold",
            "soloist",
            "contract",
            "returns",
            "curve",
            "decisions",
            "worst",
            "summary",
            "skipped",
        } <= set(a)
        assert a["deal"] == 1 and a["names"] == ["Anna", "Béla", "Cili"]
        live = srv.app.state.tables.get(t["id"])
        deal = live.session.deals[0]
        assert a["returns"] == deal.returns()
        assert [s["seat"] for s in a["summary"]] == [0, 1, 2]
        assert a["decisions"], a
        mistakes = [i for i, d in enumerate(a["decisions"]) if d["mistake"]]
        assert set(a["worst"]) <= set(mistakes) and len(a["worst"]) == min(3, len(mistakes))
        for d in a["decisions"]:
            assert 0 <= d["index"] < len(deal.history)
            assert deal.history[d["index"]][0] == d["seat"]
            assert d["judge"] in ("dd", "info") and d["kind"] in (
                "talon",
                "auction",
                "trump",
                "kontra",
                "marriage",
                "card",
            )
            assert d["taken"]["label"]["en"] and d["taken"]["label"]["hu"]
            assert set(d["title"]) == {"en", "hu"} and set(d["why"]) == {"en", "hu"}
            assert not english_words_in(d["title"]["hu"] + " " + d["why"]["hu"]), d
            if not d["mistake"]:
                assert d["why"] == {"en": "", "hu": ""}, d
        if a["contract"] is not None and deal.tricks:  # (a Simple left standing: no play, A5)
            assert a["curve"][0][0] == 0 and a["curve"][-1][1] == deal.returns()[a["soloist"]]
        # done once: the same answer again, from the cache
        again = httpx.get(url, headers=auth(t["tokens"]["0"]))
        assert again.json() == a and calls == [(t["id"], 1)]
        assert (t["id"], 1) in srv.app.state.tables.analyses
        # a deal not over, or none: 404 (hidden until it is over, D2)
        for n in (2, 0, 99, -1):
            r = httpx.get(
                f"{srv.base}/api/tables/{t['id']}/deals/{n}/analysis",
                headers=auth(t["tokens"]["0"]),
            )
            assert r.status_code == 404 and r.json()["detail_hu"], (n, r.text)
        assert (
            httpx.get(f"{srv.base}/api/tables/nope/deals/1/analysis", headers=auth("x")).status_code
            == 404
        )
        s0.close()
        assert not srv.log.tracebacks()


def test_two_asking_at_once_share_one_analysis_and_the_cache_is_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(tmp_path, analysis_cache=1) as srv:
        calls = count_analyses(srv, monkeypatch)
        t = srv.create([person(), bot("rules"), bot("rules")], public=True)  # no token needed
        s0 = Seat(srv, t["id"], 0, t["tokens"]["0"])
        play_on(s0, lambda: s0.view["deal_number"] > 2, random.Random(4))
        tables = srv.app.state.tables
        got: list[dict[str, Any]] = []

        def fetch() -> None:
            r = httpx.get(f"{srv.base}/api/tables/{t['id']}/deals/1/analysis", timeout=120)
            got.append(r.json())

        threads = [threading.Thread(target=fetch) for _ in range(3)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert len(got) == 3 and got[0] == got[1] == got[2]
        assert calls == [(t["id"], 1)]  # one analysis for the three
        r = httpx.get(f"{srv.base}/api/tables/{t['id']}/deals/2/analysis", timeout=120)
        assert r.status_code == 200 and r.json()["deal"] == 2
        assert list(tables.analyses) == [(t["id"], 2)]  # the cache keeps one
        httpx.get(f"{srv.base}/api/tables/{t['id']}/deals/1/analysis", timeout=120)
        assert calls == [(t["id"], 1), (t["id"], 2), (t["id"], 1)]  # worked out again
        s0.close()


def test_a_snapszli_deal_is_not_analysed_and_teaching_is_ulti_only(tmp_path: Path) -> None:
    with running(tmp_path) as srv:
        r = httpx.post(
            f"{srv.base}/api/tables",
            json={"game": "snapszli", "seats": [person(), bot("rules")]},
        )
        assert r.status_code == 201, r.text
        t = r.json()
        a = httpx.get(
            f"{srv.base}/api/tables/{t['id']}/deals/1/analysis", headers=auth(t["tokens"]["0"])
        )
        assert a.status_code == 422
        assert a.json() == {
            "detail": "the analysis is for Ulti deals only",
            "detail_hu": "elemzés csak ulti leosztásokhoz van",
        }
        s = Seat(srv, t["id"], 0, t["tokens"]["0"])
        refused(s, {"card": 0, "version": s.version}, "ulti-only")
        s.close()
        assert not srv.log.tracebacks()


def test_a_failed_analysis_is_a_clear_refusal(tmp_path: Path) -> None:
    """The worker gives up (here: a deadline far too short): 503 in both languages, logged
    once without a traceback; nothing is kept, so a later request tries again."""
    with running(tmp_path, analysis_deadline=1, analysis_samples=1000, analysis_ms=60000) as srv:
        t = srv.create([person(), bot("rules"), bot("rules")])
        s0 = Seat(srv, t["id"], 0, t["tokens"]["0"])
        play_on(s0, lambda: s0.view["deal_number"] > 1, random.Random(6))
        r = httpx.get(
            f"{srv.base}/api/tables/{t['id']}/deals/1/analysis",
            headers=auth(t["tokens"]["0"]),
            timeout=60,
        )
        assert r.status_code == 503 and r.headers["retry-after"]
        assert r.json()["detail_hu"] == "az elemzés nem készült el: próbáld újra később"
        assert srv.app.state.tables.analyses == {}
        assert "analysis failed" in srv.log.text() and not srv.log.tracebacks()
        s0.close()


def test_an_addresss_full_queue_and_spent_allowance_are_refused_clearly(tmp_path: Path) -> None:
    """Issue 27: analyses and teaching questions are queued per client address with a cap
    (here one: a job of this address waits in the job worker), refused past it in both
    languages, changing nothing; new analyses are rate limited per address (here two), those
    kept are free."""
    gate = tmp_path / "gate"
    os.mkfifo(gate)
    held = os.open(gate, os.O_RDWR)
    rng = random.Random(5)
    try:
        with running(tmp_path, jobs_per_client=1, analysis_burst=2, analysis_rate=0.001) as srv:
            t = srv.create([person("Anna"), bot("rules"), bot("rules")], public=True)
            s0 = Seat(srv, t["id"], 0, t["tokens"]["0"])
            play_on(s0, lambda: s0.view["deal_number"] > 3, rng)  # three deals to analyse
            card_turn(s0, rng)
            tables = srv.app.state.tables
            # (its computer players take this address's turn in their workers' queue)
            assert tables.get(t["id"])._pool_group() == "127.0.0.1"
            blocking = gated_job(srv, "127.0.0.1", "analysis", gate, "first")
            wait_until(lambda: tables.jobs.running == 1, "the address's job under way")
            card = next(a["card"] for a in s0.view["legal"] if a["kind"] == "play")
            f = refused(s0, {"card": card, "version": s0.version}, "jobs-full")
            assert "1" in f["message"] and "1" in f["message_hu"]
            url = f"{srv.base}/api/tables/{t['id']}/deals/{{}}/analysis"
            r = httpx.get(url.format(1))
            assert r.status_code == 429 and r.headers["retry-after"], r.text
            assert r.json() == {"detail": f["message"], "detail_hu": f["message_hu"]}
            assert tables.analyses == {} and tables.jobs.held("127.0.0.1") == 1
            os.write(held, b"x")
            assert blocking.result(timeout=60) == "first"
            answer = ask(s0, {"card": card, "version": s0.version})
            assert answer["type"] == "teach" and answer["card"] == card, answer
            for n in (1, 2):
                assert httpx.get(url.format(n), timeout=120).status_code == 200
            r = httpx.get(url.format(3), timeout=120)  # a third new one: the allowance spent
            assert r.status_code == 429 and r.headers["retry-after"], r.text
            detail = r.json()
            assert detail["detail"] == "you have asked for many analyses: try again in a minute"
            assert detail["detail_hu"] and not english_words_in(detail["detail_hu"])
            assert set(tables.analyses) == {(t["id"], 1), (t["id"], 2)}
            assert httpx.get(url.format(1)).status_code == 200  # kept: free
            s0.close()
            assert not srv.log.tracebacks()
    finally:
        os.close(held)


# -- teaching mode ----------------------------------------------------------------------------


def test_teaching_questions_are_refused_where_they_do_not_belong(tmp_path: Path) -> None:
    rng = random.Random(7)
    with running(tmp_path) as srv:
        # no computer player at the table: refused
        t = srv.create([person(), person(), person()])
        s = Seat(srv, t["id"], 0, t["tokens"]["0"])
        refused(s, {"card": 0, "version": s.version}, "teach-no-bots")
        s.close()

        # two people and a computer player, at a public table someone watches
        t = srv.create([person("A"), person("B"), bot("rules", "C")], public=True)
        seats = {i: Seat(srv, t["id"], i, t["tokens"][str(i)]) for i in (0, 1)}
        watcher = Watcher(srv, t["id"], name="Vera")
        refused(watcher, {"card": 0, "version": watcher.version}, "watching")
        deadline = time.monotonic() + 60
        while not any(x.my_turn() for x in seats.values()):  # the auction, to a person
            assert time.monotonic() < deadline
            for x in seats.values():
                x.drain(0.05)
        me = next(x for x in seats.values() if x.my_turn())
        other = seats[1 - me.seat]
        hand = me.view["hand"]
        refused(me, {"card": hand[0], "version": me.version}, "teach-not-card")  # the auction
        refused(other, {"card": other.view["hand"][0], "version": other.version}, "not-your-turn")
        # play on to a card of one person
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, "stalled"
            for x in seats.values():
                x.drain(0.02)
            turn = next((x for x in seats.values() if x.my_turn()), None)
            if turn is None:
                continue
            if turn.view["phase"] == "PLAY" and len(turn.view["legal"]) > 1:
                me = turn
                break
            turn.act(turn.choose(rng))
            turn.recv()
        other = seats[1 - me.seat]
        v = me.version
        legal = [a["card"] for a in me.view["legal"] if a["kind"] == "play"]
        mine = me.view["hand"]
        not_mine = next(c for c in range(32) if c not in mine)
        refused(me, {"card": not_mine, "version": v}, "illegal")
        dim = [c for c in mine if c not in legal]
        if dim:  # a card of the hand the rules forbid now: the rule's reason
            f = refused(me, {"card": dim[0], "version": v}, "illegal")
            assert f["message"][0].isupper() and ":" in f["message"]
        for bad in ("x", 32, -1, True, None, 1.5):
            refused(me, {"card": bad, "version": v}, "malformed")
        refused(me, {"card": legal[0]}, "malformed")  # no version
        refused(me, {"card": legal[0], "version": v - 1}, "stale")
        for bad_t in (0, 0.01, 101, "2", True, [1]):
            refused(me, {"card": legal[0], "version": v, "threshold": bad_t}, "malformed")
        me.conn.send(f'{{"type": "teach", "card": {legal[0]}, "version": {v}, "threshold": 1e999}}')
        assert me.recv()["code"] == "malformed"
        refused(other, {"card": other.view["hand"][0], "version": v}, "not-your-turn")
        # a rated table: no teaching mode (the table is made rated here, in the process)
        live: UltiTable = srv.app.state.tables.get(t["id"])
        live.stored = replace(live.stored, rated=True)
        refused(me, {"card": legal[0], "version": v}, "teach-rated")
        live.stored = replace(live.stored, rated=False)
        # and asked rightly, it is answered (to that seat alone)
        f = ask(me, {"card": legal[0], "version": v})
        assert f["type"] == "teach" and f["card"] == legal[0] and f["version"] == v, f
        other.drain(0.3)
        watcher.drain(0.3)
        assert not [x for x in other.frames + watcher.frames if x["type"] == "teach"]
        for x in (*seats.values(), watcher):
            x.close()
        assert not srv.log.tracebacks()


def test_a_warning_before_a_losing_card_from_the_seats_view_alone(tmp_path: Path) -> None:
    """At each card turn of the person the test works out (in this process, from the seat's
    observation, with the server's budget and seed) which cards would be warned of; the
    server's answers match, a warning names only the seat's own cards (its hand and the
    public ones: the leak checker of test_server_leaks), and asking changes nothing."""
    threshold = 0.5
    rng = random.Random(11)
    with running(tmp_path) as srv:
        t = srv.create([person("Anna"), bot("rules"), bot("rules")], deals=6, public=True)
        s0 = Seat(srv, t["id"], 0, t["tokens"]["0"])
        watcher = Watcher(srv, t["id"])
        live: UltiTable = srv.app.state.tables.get(t["id"])
        warned = quiet = 0
        deadline = time.monotonic() + 240
        while not warned or not quiet:
            assert time.monotonic() < deadline, (warned, quiet)
            card_turn(s0, rng)
            d = live.deal
            obs = d.observation(0)
            legal = [a.card for a in obs.legal_actions if a.kind == ActionKind.PLAY]
            v = s0.version
            assert v == live.version
            if len(legal) < 2:
                s0.act(s0.choose(rng))
                s0.recv()
                continue
            budget = Budget(TINY["teach_samples"], TINY["teach_ms"])
            expected = {c: teach(obs, live.rules, c, budget, threshold, v) for c in legal}
            for c in legal:
                w = expected[c]
                if (w is None and quiet) or (w is not None and warned):
                    continue
                f = ask(s0, {"card": c, "version": v, "threshold": threshold})
                assert f["type"] == "teach" and f["card"] == c and f["version"] == v, f
                if w is None:
                    assert f["warning"] is None
                    quiet += 1
                    continue
                warned += 1
                got = f["warning"]
                assert got == json.loads(json.dumps(w.to_dict())), (got, w)
                assert got["card"] == c and got["loss"] >= threshold and got["best"] in legal
                assert {o[0] for o in got["options"]} == set(legal)
                assert got["why"]["en"] and got["why"]["hu"]
                assert not english_words_in(got["why"]["hu"]), got["why"]["hu"]
                # nothing of other hands: every card it names is the seat's own
                may = allowed(live, 0, s0.view["deal_number"], v)
                named = cards_in(f) | {got["best"]} | {o[0] for o in got["options"]}
                assert all(may >> x & 1 for x in named), named
                assert named <= set(obs.hand), named
            # asking played nothing
            assert live.version == v and s0.version == v
            s0.act(s0.choose(rng))
            s0.recv()
        watcher.drain(0.2)
        assert not [x for x in watcher.frames if x["type"] == "teach"]
        s0.close()
        watcher.close()
        assert not srv.log.tracebacks()


def test_the_analysis_and_teaching_settings_have_ranges() -> None:
    from ulti.server.guard import ServerSettings, SettingsError

    s = ServerSettings()
    assert (s.analysis_samples, s.analysis_ms, s.max_analyses) == (12, 120.0, 2)
    assert (s.teach_samples, s.teach_ms) == (24, 300.0)
    assert (s.job_workers, s.jobs_per_client, s.analysis_burst) == (1, 4, 12)
    for field, value in (
        ("analysis_samples", 0),
        ("analysis_samples", 1001),
        ("analysis_ms", 0),
        ("analysis_deadline", 601),
        ("max_analyses", 0),
        ("analysis_cache", 0),
        ("teach_samples", 0),
        ("teach_ms", 10_001),
        ("job_workers", 0),
        ("job_workers", 65),
        ("jobs_per_client", 0),
        ("analysis_rate", 0),
        ("analysis_burst", 0.5),
    ):
        with pytest.raises(SettingsError, match=field.replace("_", "-")):
            ServerSettings(**{field: value})  # type: ignore[arg-type]
