"""The event log and observations as a client sees them."""

from __future__ import annotations

import json
import random

from fixtures import FAIL, FAIL_PLAY, make_deal, play_random, play_script, start
from ulti.games.ulti.deal import Deal


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
        "auction over: seat 1 plays 40-100 ulti durchmars"
    ]
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


def test_events_are_typed_seats_marriage_values_and_the_outcome() -> None:
    """R4/R5/R8 as data: each trick event names who played each card, a marriage its value
    (40 in trump), the last event the typed outcome; front ends need no text."""
    from ulti.games.ulti.actions import ActionKind
    from ulti.games.ulti.scoring import Termination

    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    play_script(d, FAIL_PLAY)
    ev = d.events
    (m,) = [e for e in ev if e.action is not None and e.action.kind == ActionKind.MARRIAGE]
    assert m.value == 40 and m.seat == 1
    for e, (leader, cards, winner) in zip(
        [e for e in ev if e.kind == "trick"], d.tricks, strict=True
    ):
        assert e.cards == cards and e.seat == winner
        assert e.seats == tuple((leader + i) % 3 for i in range(3))
    assert ev[-1].outcome == d.outcome
    assert d.outcome is not None and d.outcome.termination in (
        Termination.TEN_TRICKS,
        Termination.DECIDED,
    )
    assert d.end_reason == d.outcome.text("en") and d.end_reason.startswith("R8: ")
    assert d.outcome.text("hu").startswith("R8: ") and d.outcome.text("hu") != d.end_reason
    trump = [e for e in ev if e.kind == "trump"]
    assert trump[0].value == 1  # acorns


def test_observation_history_and_legal_actions_are_typed() -> None:
    from ulti.games.ulti.actions import Action, ActionKind

    d = Deal(seed=12)
    d.apply(d.legal_actions()[0])  # forehand lays the talon
    other = d.observation((d.history[0][0] + 1) % 3)
    mine = d.observation(d.history[0][0])
    assert other.history[0].action is None and other.history[0].kind == ActionKind.DISCARD
    assert mine.history[0].action == d.history[0][1]
    assert all(isinstance(a, Action) for a in mine.legal_actions)
    js = json.loads(json.dumps(other.to_dict()))
    assert js["history"][0] == {"seat": d.history[0][0], "kind": "discard", "action": None}
    assert js["legal_actions"] == [] or all("kind" in a for a in js["legal_actions"])
