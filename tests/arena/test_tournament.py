"""Duplicate tournaments: seatings, units of work, statistics, outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ulti.arena.tournament import ci95, t95
from ulti.arena.ulti import run_unit, seatings, summarize, tournament, units
from ulti.cli import app
from ulti.games.ulti.rules import Ruleset


def test_every_seating_of_three_players() -> None:
    assert sorted(seatings(3)) == sorted(
        [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    )
    two = seatings(2)
    assert len(two) == 6 and all(set(s) == {0, 1} for s in two)
    assert seatings(1) == [(0, 0, 0)]


def test_units_cover_every_deal_under_every_seating() -> None:
    us = list(units(["rules", "random", "pimc"], 4, seed=9, rules=Ruleset()))
    assert len(us) == 4 * 6
    for i in range(4):
        mine = [u for u in us if u.index == i]
        assert len({u.seed for u in mine}) == 1  # the same deal
        assert sorted(u.seating for u in mine) == sorted(seatings(3))
    # a unit is self-contained: it replays identically wherever it runs
    a, b = run_unit(us[0]), run_unit(us[0])
    assert (a.returns, a.contract, a.soloist) == (b.returns, b.contract, b.soloist)


def test_statistics() -> None:
    ci = ci95([1.0, 2.0, 3.0, 4.0, 5.0])
    assert ci is not None and ci95([3.0]) is None  # one value says nothing of the spread
    lo, hi = ci
    assert lo == pytest.approx(3 - 2.776 * (2.5**0.5) / 5**0.5)
    assert hi == pytest.approx(3 + 2.776 * (2.5**0.5) / 5**0.5)
    assert t95(1000) == 1.96 and t95(3) == 3.182
    assert 2.0 < t95(50) < 2.021


@pytest.mark.slow
def test_rules_beats_random_in_a_small_duplicate_tournament(tmp_path: Path) -> None:
    summary, results = tournament(["rules", "random"], 12, seed=4)
    assert len(results) == 12 * 6
    r, q = summary["bots"]["rules"], summary["bots"]["random"]
    assert r["deals"] == q["deals"] == 12
    assert r["ci95"][0] <= r["mean"] <= r["ci95"][1]
    pair = summary["pairs"]["rules - random"]
    assert pair["ci95"][0] > 0  # rules is better, the interval excludes zero
    assert summary["pairs"]["random - rules"]["mean"] == pytest.approx(-pair["mean"])
    # zero-sum: per unit the seats' returns add to zero
    assert all(sum(u.returns) == 0 for u in results)


@pytest.mark.slow
def test_workers_give_the_same_results() -> None:
    one, r1 = tournament(["rules", "random"], 3, seed=4, workers=1)
    two, r2 = tournament(["rules", "random"], 3, seed=4, workers=2)
    assert [x.returns for x in r1] == [x.returns for x in r2]
    for name in one["bots"]:
        assert one["bots"][name]["mean"] == two["bots"][name]["mean"]
        assert one["bots"][name]["contracts"] == two["bots"][name]["contracts"]


@pytest.mark.slow
def test_tournament_command_writes_json_and_plot(tmp_path: Path) -> None:
    j = tmp_path / "t.json"
    p = tmp_path / "t.png"
    r = CliRunner().invoke(
        app,
        [
            "tournament",
            "--bots",
            "rules,random",
            "--deals",
            "3",
            "--seed",
            "2",
            "--json",
            str(j),
            "--plot",
            str(p),
        ],
        env={"COLUMNS": "160"},
    )
    assert r.exit_code == 0, r.output
    assert "rules" in r.output and "95% interval" in r.output
    data = json.loads(j.read_text())
    assert set(data["bots"]) == {"rules", "random"}
    for b in data["bots"].values():
        assert {"mean", "ci95", "deals"} <= set(b)
        assert len(b["ci95"]) == 2
    assert len(data["units"]) == 18
    assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # two players for three seats: said how they share them; each pair once, ahead first
    assert "2 players for three seats" in r.output
    pair = data["pairs"]["rules - random"]
    line = next(x for x in r.output.splitlines() if " - " in x and "[" in x)
    ahead = "rules - random" if pair["mean"] > 0 else "random - rules"
    assert ahead in line
    bad = CliRunner().invoke(app, ["tournament", "--bots", "rules,wizard", "--deals", "1"])
    assert bad.exit_code == 2 and "unknown player" in bad.output
    alone = CliRunner().invoke(app, ["tournament", "--bots", "rules", "--deals", "1"])
    assert alone.exit_code == 2 and "at least two players" in alone.output


def test_one_deal_gives_no_interval(tmp_path: Path) -> None:
    j = tmp_path / "t.json"
    r = CliRunner().invoke(
        app,
        ["tournament", "--bots", "random,random", "--deals", "1", "--json", str(j)],
        env={"COLUMNS": "160"},
    )
    assert r.exit_code == 0, r.output
    assert "One deal gives no interval" in r.output and "no interval" in r.output
    data = json.loads(j.read_text())
    assert all(b["ci95"] is None for b in data["bots"].values())
    assert all(p["ci95"] is None for p in data["pairs"].values())


def test_summary_counts_contracts() -> None:
    _, results = tournament(["rules", "random"], 4, seed=8)
    s = summarize(["rules", "random"], results)
    total = sum(c["bid"] for b in s["bots"].values() for c in b["contracts"].values())
    assert total == sum(1 for r in results if r.soloist >= 0)


def test_a_forfeited_simple_is_not_counted_as_made() -> None:
    """A5: a Simple left standing is paid, not played: no component was made; nor is a
    thrown-in deal (W2), which has no contract."""
    from ulti.arena.ulti import contract_made
    from ulti.games.ulti.deal import Deal
    from ulti.games.ulti.rules import Ruleset

    d = Deal(seed=3)
    d.apply(d.legal_actions()[0])  # forehand lays two cards
    d.apply("bid simple")
    while not d.is_over():
        d.apply("pass")
    assert d.settlement is not None and d.contract is not None
    assert d.outcome is not None and d.outcome.rule == "A5"
    assert not contract_made(d)
    w = Deal(Ruleset.from_preset("howto"), seed=3)
    for _ in range(3):
        w.apply("pass")
    assert w.is_over() and not contract_made(w)
