"""Every ruleset caps kontras (V11, K2): the presets' caps, the refusal of "no limit" wherever
rules are read, the largest stake at the options' bounds, records of earlier versions without
a cap, and whose stake a kontra raises (K3)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fixtures import BETLI_HANDS, DATA, ULTI_HANDS, make_deal, start
from ulti.cli import app
from ulti.games.ulti import record
from ulti.games.ulti.actions import KONTRA_LEVELS_WITH_ID, kontra_title
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.game import Game
from ulti.games.ulti.rules import (
    EARLIER_MAX_KONTRA,
    MAX_KONTRA,
    NAMED_KONTRA,
    PRESETS,
    Ruleset,
    RulesetError,
)

#: A record the version before the cap wrote (its default rules, ``max_kontra`` 0): an Ulti
#: and its Simple doubled to level 70 each, about 1.2e22 units to the soloist.
UNCAPPED = DATA / "records" / "v2-uncapped-kontra-70.json"
INT64 = 1 << 63


@pytest.mark.parametrize("name", list(PRESETS))
def test_v11_every_preset_caps_kontras_at_a_named_level(name: str) -> None:
    """K2 names the levels to Wheeled Bicycle (x128) and leaves the rest unnamed; the seeds
    call anything past Rekontra very unusual.  The presets that follow K2 stop at its last
    name, those that follow V11 (casual) or W13 (howto) at Rekontra."""
    cap = Ruleset.from_preset(name).max_kontra
    assert cap == (2 if name in ("casual", "howto") else NAMED_KONTRA)
    for lang in ("en", "hu"):
        assert "×" not in kontra_title(cap, lang)  # a level with a name in both languages
    assert kontra_title(NAMED_KONTRA, "en") == "Wheeled Bicycle"
    assert "×" in kontra_title(NAMED_KONTRA + 1, "en")  # K2: unnamed beyond


def test_v11_the_default_stops_at_wheeled_bicycle() -> None:
    d = start(make_deal(ULTI_HANDS), "ulti", "♦7 ♦8", trump="acorns")
    d.apply("play ♥9")
    d.apply("kontra ulti")
    d.apply("play ♥10")
    d.apply("play ♥8")
    for word in ("rekontra", "subkontra", "mordkontra", "hirschkontra", "fedaksari"):
        d.apply(f"{word} ulti")
    d.apply("bicycle ulti")  # level 7, the defenders': nothing is left to raise
    assert d.phase == Phase.PLAY and d.kontra_levels(Kind.ULTI) == (7, 7)


@pytest.mark.parametrize("value", [0, 1, -1, MAX_KONTRA + 1, EARLIER_MAX_KONTRA, 10**9])
def test_v11_no_limit_and_out_of_range_caps_are_refused_everywhere(
    value: int, tmp_path: Path
) -> None:
    """0 meant "no limit" before; now it is refused like any level outside 2-16, with the
    same words in both languages, from the options, a mapping, a rules file and the CLI."""
    makers: list[Callable[[], Ruleset]] = [
        lambda: Ruleset(max_kontra=value),
        lambda: Ruleset().with_options(max_kontra=value),
        lambda: Ruleset.from_dict({"preset": "tournament", "max_kontra": value}),
    ]
    f = tmp_path / "rules.toml"
    f.write_text(f"max_kontra = {value}\n", encoding="utf-8")
    makers.append(lambda: Ruleset.from_toml(f))
    for make in makers:
        with pytest.raises(RulesetError) as info:
            make()
        assert info.value.key == "max-kontra"
        en, hu = info.value.text("en"), info.value.text("hu")
        assert en.startswith("V11/K2: max_kontra is a kontra level from 2") and f"not {value}" in en
        assert "„korlátlan” (0) nincs" in hu and f"nem {value}" in hu and en != hu
    for lang, words in (("en", "there is no 'no limit' (0)"), ("hu", "„korlátlan” (0) nincs")):
        r = CliRunner().invoke(app, ["rules", "--rules", str(f), "--lang", lang])
        assert r.exit_code == 2 and words in " ".join(r.output.split()), r.output


def test_v11_every_cap_has_an_action_id() -> None:
    assert MAX_KONTRA == KONTRA_LEVELS_WITH_ID
    assert Ruleset(max_kontra=2).kontra_cap == 2 and Ruleset(max_kontra=16).kontra_cap == 16


def _widest() -> Ruleset:
    """The rules whose stakes are the largest the options allow: the highest cap, V1's
    doubled first round, V9's doubled open forms, the '(simple 4)' reading, the longest
    session and tie-break."""
    return Ruleset(
        max_kontra=MAX_KONTRA,
        two_round_auction=True,
        open_pays_double=True,
        silent_durchmars_in_simple=4,
        session_deals=999,
        tiebreak_deals=99,
    )


def test_s1_the_largest_stake_the_rules_allow_fits_64_bits() -> None:
    """The most a seat can win or lose in one deal (every component at the cap against both
    defenders, K3), times the most deals a session has (S3: its deals and one tie-break
    round), fits a signed 64-bit integer, for every preset at the options' bounds."""
    widest = _widest()
    for bad in ({"session_deals": 1002}, {"tiebreak_deals": 102}, {"max_kontra": 17}):
        with pytest.raises(RulesetError):
            widest.with_options(**bad)
    deals = widest.session_deals + widest.tiebreak_deals
    for name in PRESETS:
        rules = Ruleset.from_preset(name).with_options(
            max_kontra=MAX_KONTRA, session_deals=999, tiebreak_deals=99
        )
        top = Game(rules).max_utility()
        assert top is not None and top * deals < INT64
    top = Game(widest).max_utility()
    assert top is not None and top * deals < INT64
    # at the default cap a whole session stays within 32 bits too
    top = Game(widest.with_options(max_kontra=NAMED_KONTRA)).max_utility()
    assert top is not None and top * deals < 1 << 31


def test_an_earlier_record_without_a_cap_replays_as_it_was_played() -> None:
    """A record of the version before the cap (``max_kontra`` 0: no limit) replays to the
    settlement it recorded, kontras to level 70 and all; its rules are refused for new play,
    and brought to a cap for a new table."""
    rec = json.loads(UNCAPPED.read_text(encoding="utf-8"))
    assert rec["rules"]["max_kontra"] == 0
    d = record.from_record(rec)  # checks the recorded totals and end
    assert d.kontra_levels(Kind.ULTI) == (70, 70)
    assert max(abs(t) for t in d.returns()) > 10**22
    assert d.rules.earlier_cap and d.rules.kontra_cap > 70
    again = record.to_record(d, rec["players"])
    assert again["rules"]["max_kontra"] == 0 and again["actions"] == rec["actions"]
    with pytest.raises(RulesetError, match="V11/K2"):
        Ruleset.from_dict(rec["rules"])
    assert d.rules.with_current_cap() == Ruleset()
    assert d.rules.with_options(session_deals=3).kontra_cap == d.rules.kontra_cap
    for value in (0, 2, MAX_KONTRA + 1, EARLIER_MAX_KONTRA):  # what earlier versions allowed
        assert Ruleset.from_dict({"max_kontra": value}, recorded=True).max_kontra == value
    for value in (1, -1, EARLIER_MAX_KONTRA + 1):
        with pytest.raises(RulesetError, match="V11/K2"):
            Ruleset.from_dict({"max_kontra": value}, recorded=True)
    high = Ruleset.from_dict({"preset": "casual", "max_kontra": 40}, recorded=True)
    assert high.with_current_cap().max_kontra == MAX_KONTRA


def _raise_to(d: Deal, kind: str, top: int) -> None:
    """After the first trick: each side raises ``kind`` in turn while it may, to ``top``."""
    while d.phase == Phase.KONTRA:
        raises = [a for a in d.legal_actions() if str(a).endswith(kind) and a.level <= top]
        d.apply(max(raises, key=lambda a: a.level) if raises else "pass")


def test_k3_the_second_defenders_stake_follows_the_first_on_a_trump_component() -> None:
    """Seat 2 doubles the Ulti once; seat 0 never doubles; the soloist and seat 2 raise it to
    the cap.  K3: a defender's double binds both defenders on a trump component, so seat 0's
    stake grows with every raise: correct, not a leak of seat 2's kontras."""
    d = start(make_deal(ULTI_HANDS), "ulti", "♦7 ♦8", trump="acorns")
    d.apply("play ♥9")
    d.apply("kontra ulti")  # seat 2, the first defender
    d.apply("play ♥10")  # seat 0 says nothing
    d.apply("play ♥8")
    _raise_to(d, "ulti", NAMED_KONTRA)
    assert d.kontra_levels(Kind.ULTI) == (NAMED_KONTRA, NAMED_KONTRA)
    said = [(s, str(a)) for s, a in d.history if a.kind.name == "KONTRA"]
    assert {s for s, _ in said} == {1, 2} and (0, "kontra ulti") not in said
    ulti = next(m for item, m in d.money() if item == int(Kind.ULTI))
    assert ulti.first == ulti.second == 4 << NAMED_KONTRA  # both defenders: x128


def test_k3_on_a_no_trump_component_only_the_doubler_is_raised() -> None:
    """Seat 2 doubles the Betli, seat 0 does not: every raise is between the soloist and
    seat 2 (K3: a no-trump component binds only the defender who doubled), seat 0 plays it
    undoubled."""
    d = start(make_deal(BETLI_HANDS), "betli", "♦A ♦K")
    d.apply("play ♥7")
    d.apply("kontra betli")  # seat 2
    d.apply("play ♥A")
    d.apply("play ♣A")  # seat 0 does not double
    _raise_to(d, "betli", NAMED_KONTRA)
    assert d.kontra_levels(Kind.BETLI) == (NAMED_KONTRA, 0)
    betli = next(m for item, m in d.money() if item == int(Kind.BETLI))
    assert (betli.first, betli.second) == (5 << NAMED_KONTRA, 5)
