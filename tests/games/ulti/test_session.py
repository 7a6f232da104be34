"""Sessions (S3, C4): rotating dealer, running totals, tie-break, save and resume."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fixtures import random_action
from ulti.core.seeds import derive_seed
from ulti.games.ulti.record import RecordError
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.session import Session


def play_session(s: Session, rng: random.Random, stop_after: int | None = None) -> None:
    while True:
        d = s.deal
        while not d.is_over():
            d.apply(random_action(d, rng))
        if s.is_over() or (stop_after is not None and len(s.deals) >= stop_after):
            return
        s.next_deal()


def test_s3_c4_dealer_rotates_and_totals_run() -> None:
    s = Session(Ruleset(session_deals=6), seed=42, first_dealer=2)
    play_session(s, random.Random(1))
    assert s.is_over()
    assert [d.dealer for d in s.deals[:6]] == [2, 0, 1, 2, 0, 1]  # C4: passes to the right
    assert [d.seed for d in s.deals] == [derive_seed(42, i) for i in range(len(s.deals))]
    totals = [sum(d.returns()[i] for d in s.deals) for i in range(3)]
    assert list(s.totals) == totals and sum(totals) == 0
    rows = s.score_sheet()
    assert rows[-1][4] == s.totals
    assert s.money() == tuple(10 * t for t in s.totals)  # 10 forints a unit
    with pytest.raises(ValueError, match="S3"):
        s.next_deal()


def test_s3_default_length_is_24_deals() -> None:
    s = Session(seed=1)
    assert s.planned_deals == 24


def test_s3_tie_break_round() -> None:
    rng = random.Random(0)
    for seed in range(300):
        s = Session(Ruleset(session_deals=3), seed=seed)
        while True:
            d = s.deal
            while not d.is_over():
                d.apply(random_action(d, rng, pass_bias=0.97))
            if len(s.deals) == 3 or s.is_over():
                break
            s.next_deal()
        t = sorted(s.totals)
        if t[-1] == t[-2]:
            break
    else:
        pytest.fail("no tied session found")
    assert not s.is_over() and s.planned_deals == 6
    s.next_deal()
    assert s.in_tiebreak
    play_session(s, rng)
    assert len(s.deals) == 6 and s.is_over()
    assert len(s.winners()) >= 1


def test_session_saves_and_resumes_exactly(tmp_path: Path) -> None:
    s = Session(Ruleset(session_deals=6), seed=9, players=["Anna", "Béla", "Cili"])
    rng = random.Random(2)
    play_session(s, rng, stop_after=3)
    d = s.deal
    for _ in range(5):
        if not d.is_over():
            d.apply(random_action(d, rng))
    f = tmp_path / "match.json"
    s.save(f)
    r = Session.load(f)
    assert r.players == ["Anna", "Béla", "Cili"]
    assert [x.key() for x in r.deals] == [x.key() for x in s.deals]
    assert r.totals == s.totals
    play_session(r, rng)
    assert r.is_over()


def test_bad_session_records(tmp_path: Path) -> None:
    s = Session(Ruleset(session_deals=3), seed=9)
    play_session(s, random.Random(3))
    rec = s.to_record()
    with pytest.raises(RecordError, match="session"):
        Session.from_record({**rec, "format": "x"})
    with pytest.raises(RecordError, match="deal 2"):
        Session.from_record({**rec, "deals": [rec["deals"][0], rec["deals"][0]]})
    bad = dict(rec)
    bad["deals"] = [*rec["deals"][:-1], {**rec["deals"][-1], "actions": [[0, "pass"]]}]
    with pytest.raises(RecordError, match="deal 3"):
        Session.from_record(bad)
    f = tmp_path / "x.json"
    f.write_text("{")
    with pytest.raises(RecordError, match="JSON"):
        Session.load(f)
