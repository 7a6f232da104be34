"""The ruleset: defaults, presets, TOML, validation (section V)."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from ulti.games.ulti.rules import NAMED_KONTRA, OPTIONS, PRESETS, Ruleset, RulesetError


def test_defaults_are_the_standard_rules() -> None:
    r = Ruleset()
    assert r.preset == "standard"
    assert r.talon and r.four_aces and r.simple_forfeit and r.equal_value_overcalls
    assert not (r.two_round_auction or r.hearts_always_trump or r.combined_bids_only)
    assert r.max_kontra == NAMED_KONTRA == 7  # K2's last named level, Wheeled Bicycle (V11)
    assert r.session_deals == 24 and r.tiebreak_deals == 3 and r.unit_forints == 10  # S3
    assert r.talon_ace_loses_four_aces  # the stated default reading
    assert r.silent_durchmars_in_simple == 3
    assert r.differences() == {}


def test_every_option_is_documented_with_its_rule() -> None:
    names = {f.name for f in fields(Ruleset) if f.name != "preset"}
    assert names == {o.name for o in OPTIONS}
    assert all(o.rule and o.doc for o in OPTIONS)
    rules = " ".join(o.rule for o in OPTIONS)
    for v in ("V1", "V3", "V4", "V5", "V6", "V7", "V8", "V9", "V10", "V11"):
        assert v in rules.replace("/", " ").split(), v


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_build(name: str) -> None:
    r = Ruleset.from_preset(name)
    assert r.preset == name
    assert len(r.ladder) > 0
    assert Ruleset.from_dict(r.to_dict()) == r


def test_ruleset_is_frozen_and_hashable() -> None:
    r = Ruleset()
    with pytest.raises(AttributeError):
        r.talon = False  # type: ignore[misc]
    assert hash(r) == hash(Ruleset())
    assert {r: 1}[Ruleset()] == 1


def test_toml_loading(tmp_path: Path) -> None:
    f = tmp_path / "club.toml"
    f.write_text('preset = "tournament"\nsimple_forfeit = false\nmax_kontra = 2\n')
    r = Ruleset.from_toml(f)
    assert r.combined_bids_only and not r.equal_value_overcalls  # from the preset
    assert not r.simple_forfeit and r.max_kontra == 2
    g = tmp_path / "table.toml"
    g.write_text("[rules]\nfour_aces = false\n")
    assert not Ruleset.from_toml(g).four_aces


def test_v12_ace_eleven_schemes_are_not_adopted() -> None:
    """V12: Ace = 11 card-point schemes are not adopted: no such option exists."""
    with pytest.raises(RulesetError, match="unknown option 'ace_points'"):
        Ruleset.from_dict({"ace_points": 11})
    assert not any("ace" in o.name and "point" in o.name for o in OPTIONS)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("ace_points = 11\n", "unknown option 'ace_points'"),  # V12: not adopted
        ("talon = 'yes'\n", "V4.*true or false"),
        ("max_kontra = 1\n", "V11"),
        ("max_kontra = true\n", "integer"),
        ("two_round_auction = true\ntalon = false\n", "V1/V4"),
        ('preset = "nope"\n', "unknown preset"),
        ("session_deals = 10\n", "S3"),
        ("silent_durchmars_in_simple = 5\n", "S2"),
        (
            "combined_bids_only = true\nfour_aces = false\nhearts_always_trump = true\n"
            "equal_value_overcalls = false\n",
            None,
        ),
        ("this is not toml", "not valid TOML"),
        # V4: a file naming a preset and undoing what the preset is
        ('preset = "no-talon"\ntalon = true\n', "preset 'no-talon' sets talon = false"),
        ('preset = "casual"\nmax_kontra = 3\n', "preset 'casual' sets max_kontra = 2"),
        ('preset = "casual"\nmax_kontra = 2\nfour_aces = false\n', None),  # agrees, adds
    ],
)
def test_unknown_or_contradictory_options_are_clear_errors(
    tmp_path: Path, text: str, match: str | None
) -> None:
    f = tmp_path / "r.toml"
    f.write_text(text)
    if match is None:
        Ruleset.from_toml(f)  # a strange but consistent club: fine
        return
    with pytest.raises(RulesetError, match=match):
        Ruleset.from_toml(f)


def test_missing_rules_file(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="cannot read"):
        Ruleset.from_toml(tmp_path / "missing.toml")


def test_with_options_validates() -> None:
    with pytest.raises(RulesetError, match="unknown option"):
        Ruleset().with_options(bogus=1)
    with pytest.raises(RulesetError, match="V1/V4"):
        Ruleset(talon=False).with_options(two_round_auction=True)
    assert Ruleset().with_options(max_kontra=2).kontra_cap == 2
    assert Ruleset().kontra_cap == NAMED_KONTRA
