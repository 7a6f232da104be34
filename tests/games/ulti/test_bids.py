"""The bids and the 42-rank ladder (B1-B6), read against the table in docs/RULES.md."""

from __future__ import annotations

import itertools
import re

import pytest

from fixtures import ROOT
from ulti.games.ulti.bids import (
    STANDARD_BIDS,
    BidParseError,
    Kind,
    Silent,
    build_ladder,
    find_bid,
)
from ulti.games.ulti.rules import Ruleset

RULES_MD = ROOT / "docs" / "RULES.md"


def _table() -> list[tuple[int, str, str, int, int, int, int]]:
    rows = []
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        m = re.match(
            r"^\| (\d+) \| ([^|]+) \| ([\d+]+) \| (\d+) \| ([\d-]+) \| ([\d-]+) \| "
            r"([\d-]+) \|$",
            line,
        )
        if m:
            r, name, parts, value, s100, sulti, sdurch = m.groups()
            rows.append(
                (
                    int(r),
                    name.strip(),
                    parts,
                    int(value),
                    0 if s100 == "-" else int(s100),
                    0 if sulti == "-" else int(sulti),
                    0 if sdurch == "-" else int(sdurch),
                )
            )
    return rows


TABLE = _table()
LADDER = Ruleset().ladder


def test_b5_table_has_54_bids_in_42_ranks() -> None:
    assert len(TABLE) == 54
    assert len({r for r, *_ in TABLE}) == 42
    assert len(LADDER) == 54
    assert LADDER.top_rank == 42


@pytest.mark.parametrize("row", TABLE, ids=[r[1] for r in TABLE])
def test_b5_every_bid_rank_parts_value_and_silent_columns(
    row: tuple[int, str, str, int, int, int, int],
) -> None:
    rank, name, parts, value, s100, sulti, sdurch = row
    b = LADDER[name.lower()]
    assert b.title == name
    assert b.rank == rank
    assert b.parts == parts
    assert b.value == value
    assert sum(c.value for c in b.components) == value
    assert b.silent_value(Silent.HUNDRED) == s100
    assert b.silent_value(Silent.ULTI) == sulti
    assert b.silent_value(Silent.DURCHMARS) == sdurch


def test_b5_overcall_relation_between_every_pair() -> None:
    """A bid overcalls exactly the bids of lower rank; bids of one rank cannot overcall."""
    ranks = {name.lower(): rank for rank, name, *_ in TABLE}
    pairs = 0
    for a, b in itertools.permutations(LADDER.bids, 2):
        assert LADDER.overcalls(a, b) == (ranks[a.key] > ranks[b.key]), (a.key, b.key)
        pairs += 1
    assert pairs == 54 * 53


def test_b5_general_rule_and_its_exception() -> None:
    L = LADDER
    # higher value wins: Ulti (4+1) over 40-100 (4); Betli (5) over Ulti (5, more parts)
    assert L.overcalls(L["ulti"], L["40-100"])
    assert L.overcalls(L["betli"], L["ulti"])
    # equal value and count: Ulti above Four Aces
    assert L.overcalls(L["ulti"], L["four aces"])
    assert L.overcalls(L["20-100 ulti"], L["20-100 four aces"])
    assert L.overcalls(L["20-100 four aces"], L["40-100 ulti four aces"])
    # equal value, same rank: cannot overcall each other
    assert not L.overcalls(L["trump durchmars"], L["plain durchmars"])
    assert not L.overcalls(L["plain durchmars"], L["trump durchmars"])
    # the exception: 40-100 Durchmars and Ulti Durchmars over Ulti / Four Aces of Hearts
    for low in ("ulti of hearts", "four aces of hearts"):
        for high in ("40-100 durchmars", "ulti durchmars"):
            assert L.overcalls(L[high], L[low])


def test_b1_hearts_form_doubles_every_trump_component() -> None:
    for b in STANDARD_BIDS:
        if not b.hearts or not b.trump:
            continue
        plain_key = b.key.removesuffix(" of hearts")
        if plain_key == "durchmars":
            plain_key = "trump durchmars"
        if plain_key == "open durchmars":
            plain_key = "open durchmars"
        base = LADDER[plain_key]
        assert sorted(c.value * 2 for c in base.components) == sorted(
            c.value for c in b.components
        ), b.key
    # the no-trump second stages have the same doubled value
    assert LADDER["rebetli"].value == 10
    assert LADDER["plain redurchmars"].value == 12


def test_b2_open_forms() -> None:
    """B2: Open Betli = 4 x Betli, Open plain Durchmars = 4 x 6, Open trump Durchmars = 2 x 6."""
    assert LADDER["open betli"].value == 4 * LADDER["betli"].value == 20
    assert LADDER["plain open durchmars"].value == 4 * 6 == 24
    assert LADDER["open durchmars"].value == 2 * 6 == 12
    assert LADDER["open durchmars of hearts"].value == 24
    assert all(b.open == ("open" in b.key) for b in LADDER.bids)


def test_b3_combined_bids_sum_their_components() -> None:
    b = LADDER["40-100 ulti durchmars"]
    assert [(c.kind, c.value) for c in b.components] == [
        (Kind.FORTY_HUNDRED, 4),
        (Kind.ULTI, 4),
        (Kind.DURCHMARS, 6),
    ]
    assert b.value == 14


def test_b4_implicit_simple_only_without_hundred_or_durchmars() -> None:
    for b in LADDER.bids:
        implicit = [c for c in b.components if c.implicit]
        lone = (b.has(Kind.ULTI) or b.has(Kind.FOUR_ACES)) and not (
            b.has(Kind.FORTY_HUNDRED) or b.has(Kind.TWENTY_HUNDRED) or b.has(Kind.DURCHMARS)
        )
        assert bool(implicit) == lone, b.key
        if implicit:
            assert implicit[0].kind == Kind.SIMPLE
            assert implicit[0].value == (2 if b.hearts else 1)


def test_b6_trump_and_no_trump_bids() -> None:
    for b in LADDER.bids:
        no_trump = b.has(Kind.BETLI) or (b.key.startswith("plain") or "plain" in b.key)
        assert b.trump == (not no_trump), b.key


def test_s2_silent_four_aces_is_carried_where_the_rules_say() -> None:
    carriers = {b.key for b in LADDER.bids if b.silent_value(Silent.FOUR_ACES)}
    assert carriers == {
        "simple",
        "simple of hearts",
        "40-100",
        "ulti",
        "40-100 ulti",
        "40-100 of hearts",
        "20-100",
        "ulti of hearts",
        "20-100 ulti",
        "40-100 ulti of hearts",
        "20-100 of hearts",
        "20-100 ulti of hearts",
    }
    for b in LADDER.bids:
        if b.silent_value(Silent.FOUR_ACES):
            assert b.silent_value(Silent.FOUR_ACES) == (4 if b.hearts else 2)


def test_c1_hungarian_names_are_unique_and_shown() -> None:
    names = [b.title_hu for b in LADDER.bids]
    assert len(set(names)) == 54
    assert LADDER["40-100 ulti of hearts"].title_hu == "piros negyvenszáz ulti"
    assert LADDER["simple"].title_hu == "passz"
    assert LADDER["open betli"].title_hu == "terített betli"
    assert LADDER["plain durchmars"].title_hu == "színtelen durchmars"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("40-100 ulti", "40-100 ulti"),
        ("ulti 40-100", "40-100 ulti"),
        ("piros negyvenszáz ulti", "40-100 ulti of hearts"),
        ("negyvenszaz ulti piros", "40-100 ulti of hearts"),
        ("rebetli", "rebetli"),
        ("plain durchmars", "plain durchmars"),
        ("színtelen durchmars", "plain durchmars"),
        ("trump durchmars", "trump durchmars"),
        ("redurchmars", "plain redurchmars"),
        ("terített betli", "open betli"),
        ("four aces", "four aces"),
        ("négy ász", "four aces"),
        ("passz", "simple"),
        ("Ulti Four Aces of Hearts", "ulti four aces of hearts"),
        ("40-100 durchmars", "40-100 durchmars"),
    ],
)
def test_b5_bid_names_parse(text: str, key: str) -> None:
    assert find_bid(LADDER, text).key == key


@pytest.mark.parametrize("text", ["durchmars", "ulti betli", "nonsense", "", "40-100 20-100"])
def test_b5_bad_or_ambiguous_bid_names(text: str) -> None:
    with pytest.raises(BidParseError, match="B5"):
        find_bid(LADDER, text)


# -- variant ladders ------------------------------------------------------------------------


def test_v3_hearts_always_trump_ladder() -> None:
    lad = build_ladder(Ruleset(hearts_always_trump=True))
    assert not any(b.trump and b.hearts for b in lad.bids)
    assert "rebetli" in lad and "plain redurchmars" in lad
    assert len(lad) == 54 - 24


def test_v5_combined_bids_only() -> None:
    lad = Ruleset(combined_bids_only=True).ladder
    assert all(len(b.components) >= 2 for b in lad.bids)
    assert "simple" not in lad and "betli" not in lad
    assert "ulti" in lad  # 4+1: the implicit Simple is a part
    assert lad.lowest[0].key == "four aces"


def test_v6_equal_value_never_overcalls() -> None:
    lad = Ruleset(equal_value_overcalls=False).ladder
    for a, b in itertools.permutations(lad.bids, 2):
        assert lad.overcalls(a, b) == (a.value > b.value)
    assert not lad.overcalls(lad["betli"], lad["ulti"])


def test_v7_four_aces_off() -> None:
    lad = Ruleset(four_aces=False).ladder
    assert not any(b.has(Kind.FOUR_ACES) for b in lad.bids)
    assert len(lad) == 54 - 12
    # the relative order of what is left is unchanged
    for a, b in itertools.permutations(lad.bids, 2):
        assert lad.overcalls(a, b) == LADDER.overcalls(LADDER[a.key], LADDER[b.key])


def test_v9_open_forms_pay_double_and_open_ulti() -> None:
    lad = Ruleset(open_pays_double=True).ladder
    assert lad["open betli"].value == 10
    assert lad["open betli"].rank == lad["rebetli"].rank
    assert lad["plain open durchmars"].value == 12
    assert lad["plain open durchmars"].rank == lad["plain redurchmars"].rank
    assert lad["open durchmars"].value == 12  # already double
    ou = lad["open ulti"]
    assert ou.value == 9 and ou.open and ou.parts == "8+1"
    assert lad.overcalls(ou, lad["ulti four aces"])
    assert lad.overcalls(lad["four aces of hearts"], ou)
    assert lad["open ulti of hearts"].value == 18
    assert "open ulti" not in LADDER  # not in the standard rules
