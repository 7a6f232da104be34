"""Every rule id of docs/RULES.md is cited, as a word, in at least one test."""

from __future__ import annotations

import re

from fixtures import ROOT

ROOT = ROOT


#: Rule ids with no implementation yet, each with the reason; a test keeps this list honest.
NOT_YET: dict[str, str] = {}


def rule_ids() -> list[str]:
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    ids = re.findall(r"(?:^- |\. )([A-Z]\d{1,2})\. ", text, flags=re.M)
    return sorted(set(ids), key=lambda x: ("CDPBAKRSV".index(x[0]), int(x[1:])))


def test_rules_md_ids_are_found() -> None:
    ids = rule_ids()
    for expected in ("C1", "D2", "P4", "B6", "A6", "K4", "R8", "S3", "V12"):
        assert expected in ids
    assert len(ids) >= 40


def test_every_rule_id_is_cited_in_a_test() -> None:
    corpus = ""
    for f in sorted((ROOT / "tests").rglob("test_*.py")):
        if f.name != "test_rule_ids.py":
            corpus += f.read_text(encoding="utf-8")
    missing = [
        rid for rid in rule_ids() if rid not in NOT_YET and not re.search(rf"\b{rid}\b", corpus)
    ]
    assert missing == [], f"rule ids without a test: {missing}"


def test_not_yet_implemented_rules_are_really_absent() -> None:
    """Nothing is listed as not yet; V2 is the preset ``howto`` (an unknown preset name is
    still a clear error, not a silent standard game)."""
    from ulti.games.ulti.rules import PRESETS, Ruleset, RulesetError

    assert NOT_YET == {} and "howto" in PRESETS
    try:
        Ruleset.from_preset("how-to-play")
    except RulesetError as exc:
        assert "unknown preset" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("'how-to-play' is no preset name")


def howto_ids() -> list[str]:
    text = (ROOT / "docs" / "RULES-001.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"\*\*(W\d{1,2})\b", text)), key=lambda x: int(x[1:]))


def test_every_how_to_play_rule_id_is_cited_in_a_test() -> None:
    """docs/RULES-001.md's W1-W14 (the preset ``howto``), each cited as a word in a test."""
    ids = howto_ids()
    assert ids == [f"W{i}" for i in range(1, 15)]
    corpus = "".join(
        f.read_text(encoding="utf-8")
        for f in sorted((ROOT / "tests").rglob("test_*.py"))
        if f.name != "test_rule_ids.py"
    )
    missing = [rid for rid in ids if not re.search(rf"\b{rid}\b", corpus)]
    assert missing == [], f"W ids without a test: {missing}"


def snapszli_ids() -> list[str]:
    text = (ROOT / "docs" / "SNAPSZLI.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"\*\*(Z\d{1,2}|ZV\d)\b", text)))


def test_every_snapszli_rule_id_is_cited_in_a_test() -> None:
    """docs/SNAPSZLI.md: Z1-Z13 and ZV1-ZV4, each cited in a test."""
    ids = snapszli_ids()
    assert {"Z1", "Z13", "ZV1", "ZV4"} <= set(ids) and len(ids) == 17
    corpus = "".join(
        f.read_text(encoding="utf-8")
        for f in sorted((ROOT / "tests").rglob("test_*.py"))
        if f.name != "test_rule_ids.py"
    )
    missing = [rid for rid in ids if not re.search(rf"\b{rid}\b", corpus)]
    assert missing == [], f"Snapszli rule ids without a test: {missing}"
