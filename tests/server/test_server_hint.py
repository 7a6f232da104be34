"""Hints at the web Ulti table (issue 31): ``{"type": "hint", "version": V}`` asked by the
seat to move, answered ``{"type": "hint", "version", "hint"}`` to that connection alone —
the sampling player's choice (:func:`ulti.analysis.ulti.hint`) from the seat's own
observation, its value and why in both languages — at a table that is neither rated nor an
event's; refused clearly and changing nothing anywhere else.  Budgets are tiny (four samples,
no time limit reached): the same answer every run, worked out again here to compare."""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

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
    cards_in,
    person,
    refused_frame,
)
from ulti.analysis.ulti import hint
from ulti.players.base import Budget
from ulti.server.events.service import CREATOR
from ulti.server.guard import ServerSettings, SettingsError
from ulti.server.tables.ulti import UltiTable

#: Words of the source code a player must never read: catalogue keys, ids, names in code.
CODE_WORDS = re.compile(r"\b(hint|analysis|pimc)\.[a-z]|\b[a-z]+_[a-z]+\b|[{}]|None|undefined")


def running(tmp_path: Path) -> Running:
    return Running(f"sqlite:///{tmp_path / 'hint.sqlite3'}", **TINY)


def ask(seat: Seat, version: object = "mine") -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "hint"}
    if version is not None:
        frame["version"] = seat.version if version == "mine" else version
    return ask_frame(seat, frame)


def refused(seat: Seat, code: str, version: object = "mine") -> None:
    frame: dict[str, Any] = {"type": "hint"}
    if version is not None:
        frame["version"] = seat.version if version == "mine" else version
    refused_frame(seat, frame, code)


def to_my_turn(seats: list[Seat], rng: random.Random, limit: float = 120) -> Seat:
    """Play on (random legal actions of the people, never a claim) to a person's turn."""
    deadline = time.monotonic() + limit
    while True:
        assert time.monotonic() < deadline, "stalled"
        for s in seats:
            s.drain(0.02)
        turn = next((s for s in seats if s.my_turn()), None)
        if turn is not None:
            return turn


def legal_texts(s: Seat) -> set[str]:
    return {a["action"] for a in s.view["legal"]}


def check_hint(s: Seat, f: dict[str, Any], live: UltiTable) -> dict[str, Any]:
    """A hint for ``s``'s turn: a legal action, words in both languages and no code words,
    every card it names the seat's own (its hand or public), the same as worked out here
    from the seat's observation with the server's budget and seed (the table's version)."""
    assert f["type"] == "hint" and f["version"] == s.version == live.version, f
    h = f["hint"]
    action = h["action"]
    if action.startswith("discard "):  # the two cards to lay: any two of the hand
        assert "discard" in legal_texts(s)
        assert cards_in(action) <= set(s.view["hand"]), action
    else:
        assert action in legal_texts(s), (action, legal_texts(s))
    why = h["why"]
    assert why["en"] and why["hu"] and why["en"] != why["hu"], why
    assert not english_words_in(why["hu"]), why["hu"]
    for text in why.values():
        assert not CODE_WORDS.search(text), text
    deal = live.deal
    obs = deal.observation(s.seat)
    expected = hint(obs, live.rules, Budget(TINY["hint_samples"], TINY["hint_ms"]), s.version)
    assert h == json.loads(json.dumps(expected.to_dict(live.rules))), (h, expected)
    may = allowed(live, s.seat, s.view["deal_number"], s.version)
    assert all(may >> c & 1 for c in cards_in(f)), f
    return dict(h)


def test_the_seat_to_move_gets_a_hint_from_its_own_view(tmp_path: Path) -> None:
    """At the person's turns — the talon, the bid, the card play (R1-R4: a legal card, every
    legal card valued for the seat) — a hint comes, to that seat alone (a spectator hears
    nothing of it), and asking changes nothing."""
    rng = random.Random(5)
    with running(tmp_path) as srv:
        t = srv.create([person("Anna"), bot("rules", "Béla"), bot("rules", "Cili")], public=True)
        s0 = Seat(srv, t["id"], 0, t["tokens"]["0"])
        watcher = Watcher(srv, t["id"], name="Vera")
        live: UltiTable = srv.app.state.tables.get(t["id"])
        assert watcher.view["hints"] is False
        kinds: set[str] = set()
        deadline = time.monotonic() + 240
        while not ({"play", "other"} <= kinds and len(kinds) >= 3):
            assert time.monotonic() < deadline, kinds
            me = to_my_turn([s0], rng)
            assert me.view["hints"] is True
            v = me.version
            if len(me.view["legal"]) > 1:
                h = check_hint(me, ask(me), live)
                kind = h["action"].split()[0]
                if kind == "play" and len([a for a in me.view["legal"] if a["kind"] == "play"]) > 1:
                    assert len(h["options"]) >= 2 and h["value"] == h["options"][0][1], h
                    assert h["action"] == h["options"][0][0] and h["samples"] == 4
                    kinds.add("play")
                else:
                    kinds.update(("other", kind))
                assert live.version == v and me.version == v  # asking played nothing
            me.act(me.choose(rng))
            me.recv()
        watcher.drain(0.2)
        assert not [x for x in watcher.frames if x["type"] == "hint"]
        s0.close()
        watcher.close()
        assert not srv.log.tracebacks()


def test_a_hint_is_refused_where_it_does_not_belong(tmp_path: Path) -> None:
    """A spectator, a seat whose turn it is not, a stale or malformed version: refused.  A
    rated table and an event's table (made by one: its creator) give no hints — the view
    says so and a request is refused in both languages, changing nothing; asked rightly, the
    answer goes to the asking seat alone."""
    rng = random.Random(9)
    with running(tmp_path) as srv:
        t = srv.create([person("A"), person("B"), bot("rules", "C")], public=True)
        seats = [Seat(srv, t["id"], i, t["tokens"][str(i)]) for i in (0, 1)]
        watcher = Watcher(srv, t["id"], name="Vera")
        live: UltiTable = srv.app.state.tables.get(t["id"])
        refused(watcher, "watching")
        me = to_my_turn(seats, rng)
        other = seats[1 - me.seat]
        refused(other, "not-your-turn")
        refused(me, "stale", me.version - 1)
        refused(me, "malformed", None)
        for bad in ("1", True, 1.5):
            refused(me, "malformed", bad)
        stored = live.stored
        live.stored = replace(stored, rated=True)
        assert live.view(me.seat)["hints"] is False
        refused(me, "hint-rated")
        live.stored = replace(stored, creator=CREATOR.format(id="e1"))  # an event's table
        assert live.in_event and live.view(me.seat)["hints"] is False
        refused(me, "hint-event")
        live.stored = stored
        assert live.view(me.seat)["hints"] is True
        check_hint(me, ask(me), live)
        for x in (other, watcher):
            x.drain(0.3)
            assert not [f for f in x.frames if f["type"] == "hint"]
        for x in (*seats, watcher):
            x.close()
        assert not srv.log.tracebacks()


def test_a_table_of_four_gives_hints_through_the_same_table(tmp_path: Path) -> None:
    """Four at the table (N1-N5): the seat to move in the three-handed deal gets its hint."""
    rng = random.Random(3)
    with running(tmp_path) as srv:
        seats = [person("Anna"), bot("rules", "B"), bot("rules", "C"), bot("rules", "D")]
        t = srv.create(seats, deals=4, game="ulti4")
        s0 = Seat(srv, t["id"], 0, t["tokens"]["0"])
        deadline = time.monotonic() + 120
        while not s0.my_turn() or len(s0.view["legal"]) < 2:
            assert time.monotonic() < deadline, "stalled"
            if s0.my_turn():
                s0.act(s0.choose(rng))
            s0.drain(0.05)
        assert s0.view["hints"] is True
        f = ask(s0)
        assert f["type"] == "hint" and f["version"] == s0.version, f
        action = f["hint"]["action"]
        assert action in legal_texts(s0) or action.startswith("discard "), f
        assert f["hint"]["why"]["hu"] and not english_words_in(f["hint"]["why"]["hu"])
        s0.close()
        assert not srv.log.tracebacks()


@pytest.mark.parametrize(("field", "value"), [("hint_samples", 0), ("hint_ms", 10_001)])
def test_the_hint_settings_have_ranges(field: str, value: float) -> None:
    s = ServerSettings()
    assert (s.hint_samples, s.hint_ms) == (24, 1000.0)
    with pytest.raises(SettingsError, match=field.replace("_", "-")):
        ServerSettings(**{field: value})  # type: ignore[arg-type]
