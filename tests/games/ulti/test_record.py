"""Records: versioned JSON that replays exactly; text rendering; malformed records."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fixtures import (
    FAIL,
    finished,
    make_deal,
    random_action,
    rich_deal,
    start,
)
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.record import RecordError, dumps, load, loads, render, to_record
from ulti.games.ulti.rules import Ruleset


def test_record_replays_to_the_identical_state_and_settlement() -> None:
    for seed in range(40):
        d = finished(seed, Ruleset.from_preset(["standard", "two-round", "no-talon"][seed % 3]))
        text = dumps(d, ["Anna", "Béla", "Cili"])
        again = loads(text)
        assert again == d
        assert again.settlement == d.settlement
        rec = json.loads(text)
        assert rec["format"] == "ulti-record" and rec["version"] == 2
        assert rec["players"] == ["Anna", "Béla", "Cili"]
        assert rec["result"]["totals"] == d.returns()


def test_record_uses_compact_card_codes() -> None:
    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    rec = to_record(d)
    assert rec["actions"][0] == [1, "discard B7 B8"]
    assert "deck" in rec  # a deal of a given deck order records the order
    assert loads(json.dumps(rec)) == d


def test_unfinished_record_resumes() -> None:
    d = Deal(seed=3)
    rng = random.Random(3)
    for _ in range(12):
        d.apply(random_action(d, rng))
    rec = to_record(d)
    assert "result" not in rec
    again = loads(json.dumps(rec))
    assert again == d and not again.is_over()


@pytest.mark.parametrize(
    ("mutate", "match"),
    [
        (lambda r: "not json", "not valid JSON"),
        (lambda r: {**r, "format": "chess"}, "not an Ulti deal record"),
        (lambda r: {**r, "version": 99}, "unsupported record version"),
        (lambda r: {**r, "seed": -1}, "D2"),
        (lambda r: {**r, "dealer": 3}, "C3"),
        (lambda r: {**r, "rules": {"bogus": 1}}, "unknown option"),
        (lambda r: {**r, "actions": "play"}, "actions"),
        (lambda r: {**r, "actions": [[1]]}, "action 1"),
        (lambda r: {**r, "actions": [[2, "pass"]]}, "recorded for seat 2"),
        (lambda r: {**r, "actions": [[1, "fly away"]]}, "action 1"),
        (lambda r: {**r, "actions": [[1, "pass"]]}, "A1"),
        (lambda r: {**r, "result": {"totals": [9, 9, -18]}}, "replay settles"),
        (lambda r: {**r, "actions": r["actions"][:-1]}, "do not finish"),
        (lambda r: {**r, "actions": [*r["actions"], [0, "pass"]]}, "already over"),
    ],
)
def test_malformed_records_are_precise_errors(
    mutate: Callable[[dict[str, Any]], object], match: str
) -> None:
    d = finished(6)  # dealer 0: seat 1 is forehand
    rec = to_record(d)
    bad = mutate(rec)
    text = bad if isinstance(bad, str) else json.dumps(bad)
    with pytest.raises(RecordError, match=match):
        loads(text)


def test_load_from_file(tmp_path: Path) -> None:
    d = finished(9)
    f = tmp_path / "deal.json"
    f.write_text(dumps(d), encoding="utf-8")
    assert load(f) == d
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / "missing.json")


def test_text_rendering_of_a_finished_deal() -> None:
    d = rich_deal()
    text = render(d, ["Anna", "Béla", "Cili"])
    for expected in (
        "Béla (forehand): ♣A ♣10 ♣K ♣Q ♣J ♣9 ♣8 ♣7",
        "Béla bids 40-100 Ulti Durchmars / negyvenszáz ulti durchmars (rank 20, value 14)",
        "Béla announces trump: Acorns (makk)",
        "Contract: Béla plays 40-100 Ulti Durchmars",
        "Béla declares the 40 marriage in Acorns (makk)",
        "Cili: Kontra on Durchmars",
        " 1. Béla ♣A, Cili ♥9, Anna ♥7 → Béla (10)",
        "10. Cili ♠10, Anna ♦10, Béla ♣7 → Béla (20)",
        "End: R8: ten tricks played",
        "Durchmars (Kontra ×2)",
        "Ulti ",
        "Total: Anna +4  Béla -8  Cili +4",
    ):
        assert expected in text, expected
