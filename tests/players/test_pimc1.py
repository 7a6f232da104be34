"""``pimc-1``: the baseline frozen before issue 17 plays exactly as ``pimc`` did then.

``tests/data/pimc1_golden.json`` was recorded from the ``pimc`` player of commit 8e812de
(before any issue-17 change) on seeded deals of several presets, with a budget of samples only
(so that the machine's speed cannot change a decision).  The frozen player must reproduce every
action of every deal.
"""

from __future__ import annotations

import json

import pytest

from fixtures import DATA
from ulti.games.ulti.rules import Ruleset
from ulti.players import make_player, play_deal, registry
from ulti.players.ulti.pimc import PimcPlayer
from ulti.players.ulti.pimc1 import Pimc1Player

GOLDEN = DATA / "pimc1_golden.json"
BUDGET = "samples=6,ms=3600000"


def test_pimc_1_is_selectable_by_name_and_pimc_is_the_new_player() -> None:
    assert registry()["pimc-1"] is Pimc1Player
    assert registry()["pimc"] is PimcPlayer
    p = make_player("pimc-1:samples=3", seed=4)
    assert isinstance(p, Pimc1Player) and not isinstance(p, PimcPlayer)
    assert p.name == "pimc-1" and p.budget.samples == 3


@pytest.mark.slow
@pytest.mark.parametrize("case", range(8))
def test_pimc_1_replays_the_recorded_baseline(case: int) -> None:
    """Every preset family the baseline played (A5, V1, V3, V4, V5/V6, V2): same actions."""
    want = json.loads(GOLDEN.read_text())[case]
    rules = Ruleset.from_preset(want["preset"])
    seed = want["seed"]
    players = [make_player(f"pimc-1:{BUDGET}", seed=seed * 3 + s) for s in range(3)]
    run = play_deal(rules, seed, want["dealer"], players, game=seed)
    assert [str(a) for a in run.deal.history] == want["actions"]
