"""The what-if board on the server (issue 31): a finished deal's line replayed at any step,
its choices valued as the analysis values that step (the same numbers on the line played), a
line that leaves the deal's and goes on (by hand, or by a computer player's move from the seat's
own view), a deal in play refused (never explorable), a private table's board only for its
players, bad lines refused in both languages with nothing changed."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx

from server_util import TINY, Running, Seat, bot, person, play_on
from ulti.analysis.board import line_of
from ulti.analysis.ulti import analyze
from ulti.players.base import Budget


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def board(srv: Running, tid: str, token: str, line: list[str], **more: Any) -> httpx.Response:
    return httpx.post(
        f"{srv.base}/api/tables/{tid}/deals/1/board",
        json={"line": line, **more},
        headers=auth(token),
        timeout=120,
    )


def test_the_board_of_a_finished_deal(tmp_path: Path) -> None:
    with Running(f"sqlite:///{tmp_path / 'b.sqlite3'}", **TINY) as srv:
        t = srv.create([person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")])
        token = t["tokens"]["0"]
        s0 = Seat(srv, t["id"], 0, token)
        play_on(s0, lambda: s0.view["deal_number"] > 1, random.Random(5))
        deal = srv.app.state.tables.get(t["id"]).session.deals[0]
        played = line_of(deal)
        # on the line played, every step's values are the analysis's (same budget and seed)
        a = analyze(deal, Budget(TINY["analysis_samples"], TINY["analysis_ms"]), seed=1)
        by_index: dict[int, list[Any]] = {}
        for dec in a.decisions:
            by_index.setdefault(dec.index, []).append(dec)
        checked = 0
        for i, decs in sorted(by_index.items())[:6]:
            r = board(srv, t["id"], token, played[:i])
            assert r.status_code == 200, r.text
            v = r.json()
            assert v["step"] == i and v["to_move"] == decs[0].seat
            assert [d["kind"] for d in v["decisions"]] == [d.kind for d in decs]
            for got, want in zip(v["decisions"], decs, strict=True):
                values = sorted(((o["info"], o["dd"]) for o in got["options"]), key=repr)
                expect = sorted(
                    (
                        (
                            None if o.info is None else round(o.info, 2),
                            None if o.dd is None else round(o.dd, 2),
                        )
                        for o in want.options
                    ),
                    key=repr,
                )
                assert values == expect
                assert all(o["hu"] and o["en"] for o in got["options"])
            checked += 1
        assert checked
        # leave the line: a choice of a step other than the one played, then the easy
        # level's move for the seat after
        i = max(by_index)
        v = board(srv, t["id"], token, played[:i]).json()
        options = [o for d in v["decisions"] for o in d["options"] if o["actions"]]
        other = next(o for o in options if o["actions"] != played[i : i + len(o["actions"])])
        line = played[:i] + other["actions"]
        r = board(srv, t["id"], token, line)
        assert r.status_code == 200, r.text
        after = r.json()
        assert after["step"] == len(line)
        if not after["over"]:
            moved = board(srv, t["id"], token, line, player="easy")
            assert moved.status_code == 200, moved.text
            code = moved.json()["action"]
            assert board(srv, t["id"], token, [*line, code]).status_code == 200
        # the whole line played: the deal's end and its settlement
        end = board(srv, t["id"], token, played).json()
        assert end["over"] and end["totals"] == list(deal.returns())
        # every hand is shown: the deal is over (D2)
        assert sum(len(h) for h in end["hands"]) + len(end["talon"]) + 3 * len(end["tricks"]) == 32


def test_a_deal_in_play_and_bad_lines_are_refused(tmp_path: Path) -> None:
    with Running(f"sqlite:///{tmp_path / 'b.sqlite3'}", **TINY) as srv:
        t = srv.create([person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")])
        token = t["tokens"]["0"]
        # the first deal is in play: its board is refused, whoever asks
        r = board(srv, t["id"], token, [])
        assert r.status_code == 409 and "játékban lévő leosztást" in r.json()["detail_hu"]
        s0 = Seat(srv, t["id"], 0, token)
        play_on(s0, lambda: s0.view["deal_number"] > 1, random.Random(6))
        deal = srv.app.state.tables.get(t["id"]).session.deals[0]
        played = line_of(deal)
        cases = [
            (["nonsense"], "nem ulti lépés"),
            ([*played[:2], "pass", "pass", "pass", "pass"], "nem szabályos"),
            ([*played, "pass"], "a leosztás vége után"),
        ]
        for line, hu in cases:
            r = board(srv, t["id"], token, line)
            assert r.status_code == 400 and hu in r.json()["detail_hu"], (line, r.text)
            assert r.json()["detail"] != r.json()["detail_hu"]
        r = board(srv, t["id"], token, played[:3], player="grandmaster")
        assert r.status_code == 400 and "easy" in r.json()["detail"]
        r = board(srv, t["id"], token, ["pass"] * 201)
        assert r.status_code == 422
        # a private table's board: its players only (a token in the header, never the URL)
        r = httpx.post(f"{srv.base}/api/tables/{t['id']}/deals/1/board", json={"line": []})
        assert r.status_code == 403
        r = httpx.post(
            f"{srv.base}/api/tables/{t['id']}/deals/1/board",
            params={"token": token},
            json={"line": []},
        )
        assert r.status_code == 403
