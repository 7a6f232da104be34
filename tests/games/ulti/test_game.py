"""The game's static facts (OpenSpiel's game/state split) hold for every deal."""

from __future__ import annotations

import random

import pytest

from fixtures import random_action
from ulti import Game, Ruleset
from ulti.games.ulti.actions import NUM_ACTIONS
from ulti.games.ulti.record import RecordError
from ulti.games.ulti.rules import PRESETS


def test_v11_every_preset_is_bounded_only_an_earlier_uncapped_record_is_not() -> None:
    """V11/K2: every preset caps kontras, so a deal's length and returns are bounded; only
    the rules of an earlier version's record may have no cap, and then no finite bound
    exists."""
    g = Game()
    assert g.num_distinct_actions() == NUM_ACTIONS and g.num_players == 3
    for name in PRESETS:
        g = Game(Ruleset.from_preset(name))
        assert g.max_game_length() is not None and g.max_utility() is not None
    g = Game(Ruleset.from_dict({"max_kontra": 0}, recorded=True))
    assert g.max_game_length() is None and g.max_utility() is None


@pytest.mark.parametrize("preset", ["standard", "two-round", "no-talon"])
def test_v11_capped_bounds_hold_for_random_deals(preset: str) -> None:
    rules = Ruleset.from_preset(preset).with_options(max_kontra=3)  # V11
    g = Game(rules)
    length, top, low = g.max_game_length(), g.max_utility(), g.min_utility()
    assert length is not None and top is not None and low == -top
    rng = random.Random(4)
    longest = 0
    for _ in range(400):
        d = g.new_initial_state(rng.getrandbits(64), rng.randrange(3))
        while not d.is_over():
            d.apply(random_action(d, rng, pass_bias=0.3, kontra_bias=0.9))
        longest = max(longest, len(d.history))
        assert len(d.history) <= length
        assert all(low <= r <= top for r in d.returns())
        assert sum(d.returns()) == g.utility_sum
        again = g.deserialize_state(g.serialize_state(d))
        assert again.key() == d.key()
    assert longest > 30


def test_a_state_of_other_rules_is_refused() -> None:
    d = Game().new_initial_state(5)
    with pytest.raises(RecordError, match="rules"):
        Game(Ruleset.from_preset("no-talon")).deserialize_state(Game().serialize_state(d))


def test_the_package_face_and_its_examples() -> None:
    """The public API is importable from ``ulti``; the module examples run as written; every
    bad-input error is an UltiError (and still a ValueError)."""
    import doctest
    import subprocess
    import sys

    import ulti
    import ulti.games.ulti.deal

    for mod in (ulti, ulti.games.ulti.deal):
        assert doctest.testmod(mod).failed == 0
    assert ulti.__version__ and all(hasattr(ulti, name) for name in ulti.__all__)
    for err in (
        ulti.IllegalAction,
        ulti.CardParseError,
        ulti.ActionParseError,
        ulti.BidParseError,
        ulti.RulesetError,
        ulti.RecordError,
    ):
        assert issubclass(err, ulti.UltiError) and issubclass(err, ValueError)
    code = "import sys, ulti; assert 'ulti.search.ulti.solver' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
