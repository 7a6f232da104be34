"""The event log and observations as a client sees them."""

from __future__ import annotations

import json
import random

from fixtures import FAIL, FAIL_PLAY, make_deal, play_random, play_script, start
from ulti.deal import Deal


def test_event_log_is_complete_and_ordered() -> None:
    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    play_script(d, FAIL_PLAY)
    ev = d.events
    kinds = [e.kind for e in ev]
    assert kinds[0] == "deal" and kinds[-1] == "over"
    assert kinds.count("trick") == 10
    assert sum(1 for e in ev if e.kind == "action") == len(d.history)
    assert [e.text for e in ev if e.kind == "auction"] == [
        "auction over: seat 1 plays 40-100 ulti durchmars"]
    tricks = [e for e in ev if e.kind == "trick"]
    assert tricks[8].seat == 2 and tricks[9].seat == 1
    assert json.dumps([e.to_dict() for e in ev])


def test_live_event_recording_equals_the_rebuilt_log() -> None:
    rng = random.Random(8)
    d = Deal(seed=77)
    d.record_events()
    play_random(d, rng)
    live = d.events
    again = Deal(seed=77)
    for _, a in d.history:
        again.apply(a)
    assert again.events == live


def test_observation_is_json_ready() -> None:
    d = play_random(Deal(seed=5), random.Random(5))
    for seat in range(3):
        o = d.observation(seat).to_dict()
        json.dumps(o)
        assert o["over"] and o["settlement"]["totals"] == d.returns()
