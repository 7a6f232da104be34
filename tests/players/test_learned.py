"""The learned evaluator (issue 17): shipped weights, chances, reproducible training."""

from __future__ import annotations

import json

import pytest

from ulti.core.cards import mask_of, parse_cards
from ulti.games.ulti.bids import Kind
from ulti.players.ulti import learned
from ulti.players.ulti.learned import MODELS, WEIGHTS, features, label_rows, learned_chance


def test_the_shipped_weights_fit_the_features_and_beat_the_formulas() -> None:
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    assert data["features"] == len(features(0, 1)) == len(features(0, -1))
    assert {"simple", "40-100", "ulti", "four aces", "betli"} <= set(data["weights"])
    for name, w in data["weights"].items():
        assert name in MODELS.values() and len(w) == data["features"]
        r = data["report"][name]  # held-out deals: the learned model is the better guess
        assert r["log-loss-learned"] < r["log-loss-formula"]


def ten(text: str) -> int:
    return mask_of(parse_cards(text))


def test_chances_are_chances_and_keep_the_conditions() -> None:
    """S1/R5/R6: no 40-100 without the trump marriage, no Ulti without the trump VII."""
    strong = ten("AA AX AK AO AU A9 A8 A7 HA LA")
    for k in MODELS:
        t = -1 if k == Kind.BETLI else 1
        assert 0.0 <= learned_chance(k, strong, t) <= 1.0
    assert learned_chance(Kind.ULTI, strong, 1) > 0.8
    assert learned_chance(Kind.FORTY_HUNDRED, strong, 1) > learned_chance(
        Kind.FORTY_HUNDRED, ten("AA AX AU A9 A8 A7 HA LA BA HX"), 1
    )
    assert learned_chance(Kind.FORTY_HUNDRED, ten("AA AX AU A9 A8 A7 HA LA BA HX"), 1) == 0.0
    assert learned_chance(Kind.ULTI, ten("AA AX AK AO AU A9 A8 HA LA BA"), 1) == 0.0
    low = ten("H7 H8 H9 A7 A8 A9 L7 L8 B7 B8")
    assert learned_chance(Kind.BETLI, low, -1) > learned_chance(
        Kind.BETLI, ten("HA HK HO AA AK LA LK BA BK BO"), -1
    )


def test_training_labels_are_reproducible_from_the_seed() -> None:
    a = label_rows(6, seed=5)
    b = label_rows(6, seed=5)
    assert a == b and all(len(rows) == 6 for rows in a.values())
    assert label_rows(6, seed=6) != a


def test_the_training_command_refuses_bad_input_before_the_work(tmp_path: object) -> None:
    with pytest.raises(SystemExit):
        learned.main(["--deals", "3"])
    with pytest.raises(SystemExit):
        learned.main(["--deals", "20", "--out", "/no/such/folder/w.json"])
