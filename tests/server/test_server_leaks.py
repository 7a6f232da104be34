"""No frame a seat or a spectator receives shows a card outside its view (D2, R7).

Computer-only games are played over real websockets (each seat a client choosing random legal
actions); every frame every seat received is then checked against what that seat could know at
that frame's version, recomputed from the server's authoritative game: its own hand and the
cards it has held, its own discards, the cards played, declared marriages, the hands laid open
in an open contract — and everything once the deal is over.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from fixtures import public_cards
from server_util import Running, Seat, Watcher, allowed, cards_in, person
from ulti.core.cards import FULL_DECK
from ulti.games.ulti.deal import Deal
from ulti.server.tables.ulti import UltiTable


def play_table(
    srv: Running, rng: random.Random, preset: str
) -> tuple[str, dict[int, Seat], Watcher]:
    """A public table of three people choosing at random, and a spectator watching it from
    before the first card (docs/CLUB.md)."""
    t = srv.create([person("A"), person("B"), person("C")], deals=3, preset=preset, public=True)
    watcher = Watcher(srv, t["id"], name="Vera")
    seats = {i: Seat(srv, t["id"], i, t["tokens"][str(i)]) for i in range(3)}
    deadline = time.monotonic() + 120
    while not all(s.view.get("session_over") for s in seats.values()):
        assert time.monotonic() < deadline, "stalled"
        for s in seats.values():
            s.drain(0.005)
        for s in seats.values():
            if s.my_turn():
                s.act(s.choose(rng))
                for x in seats.values():
                    x.recv()
                break
        watcher.drain(0.001)
    watcher.drain(0.2)
    return t["id"], seats, watcher


@pytest.mark.slow
def test_no_frame_shows_a_card_its_seat_may_not_see(tmp_path: Path) -> None:
    rng = random.Random(12)
    frames = watched = 0
    with Running(f"sqlite:///{tmp_path / 'leaks.sqlite3'}") as srv:
        tables = srv.app.state.tables
        for i in range(8):
            preset = ["standard", "open-double", "no-talon", "two-round"][i % 4]
            table_id, seats, watcher = play_table(srv, rng, preset)
            live = tables.get(table_id)
            # the spectator: only what every player may see, until a deal is over
            assert watcher.view["session_over"] and watcher.view["seat"] is None
            for f in watcher.frames:
                if "view" not in f:
                    continue
                v = f["view"]
                assert (v["hand"] == [] and v["legal"] == [] and v["talon"] is None) or v["over"]
                may = spectator_may(live, v["deal_number"], f["version"])
                ev = f.get("event")
                if ev is not None:
                    may_ev = spectator_may(live, ev["deal"] + 1, ev["v"])
                    assert not cards_in(ev) - _set(may_ev), ("spectator", ev)
                shown = cards_in(v) | cards_in(f.get("events", []))
                leaked = shown - _set(may) - _event_cards(f, live)
                assert not leaked, ("spectator", f["type"], leaked)
                assert v.get("seed") is None or v["over"]
                watched += 1
            watcher.close()
            for seat, s in seats.items():
                for f in s.frames:
                    if "view" not in f:
                        continue
                    v = f["view"]
                    may = allowed(live, seat, v["deal_number"], f["version"])
                    # the event of a frame belongs to the deal it came from
                    ev = f.get("event")
                    if ev is not None:
                        may_ev = allowed(live, seat, ev["deal"] + 1, ev["v"])
                        assert not cards_in(ev) - _set(may_ev), (seat, ev)
                    shown = cards_in(v) | cards_in(f.get("events", []))
                    leaked = shown - _set(may) - _event_cards(f, live)
                    assert not leaked, (seat, f["type"], leaked)
                    assert v.get("seed") is None or v["over"]
                    frames += 1
                s.close()
    assert frames > 500 and watched > 150


def spectator_may(table: UltiTable, deal_number: int, version: int) -> int:
    """What a spectator may know of deal ``deal_number`` at ``version``: the public cards
    (played, laid open), and everything once the deal is over."""
    d0 = table.session.deals[deal_number - 1]
    d = Deal(d0.rules, d0.seed, d0.dealer)
    for v, di, _who, a in table.events:
        if di == deal_number - 1 and v <= version:
            d.apply(a)
    return FULL_DECK if d.is_over() else public_cards(d)


def _set(mask: int) -> set[int]:
    return {c for c in range(32) if mask >> c & 1}


def _event_cards(f: dict[str, Any], live: UltiTable) -> set[int]:
    """Cards of replayed events that belong to an earlier, finished deal (all public)."""
    out: set[int] = set()
    for ev in f.get("events", []):
        if live.session.deals[ev["deal"]].is_over():
            out |= cards_in(ev)
    return out
