"""The benchmarks write their figures as JSON, and compare.py judges them against a baseline in
the right direction (small runs: the figures themselves are the benchmarks' business)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH / script), *args], capture_output=True, text=True, timeout=300
    )


def bench_json(tmp_path: Path, script: str, *args: str) -> dict[str, Any]:
    out = tmp_path / f"{script}.json"
    r = run(script, *args, "--json", str(out))
    assert r.returncode == 0, r.stderr
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert data["benchmark"] == script.removesuffix(".py")
    assert set(data["figures"]) == set(data["better"])
    for name, value in data["figures"].items():
        assert f"{name}: " in r.stdout  # every figure is printed too
        assert isinstance(value, float)
    assert data["meta"]["args"] and data["meta"]["python"]
    return data


def test_bench_engine_writes_deals_and_actions_per_second(tmp_path: Path) -> None:
    data = bench_json(tmp_path, "bench_engine.py", "--seconds", "0.3", "--rounds", "1")
    f, better = data["figures"], data["better"]
    assert better["random-deals-per-second"] == better["random-actions-per-second"] == "higher"
    # every deal has a discard, a bid and passes at least
    assert f["random-actions-per-second"] > 4 * f["random-deals-per-second"] > 0


def test_bench_solver_balances_made_and_failed_contracts(tmp_path: Path) -> None:
    data = bench_json(
        tmp_path,
        "bench_solver.py",
        "--deals",
        "3",
        "--balanced",
        "4",
        "--repeat",
        "1",
        "--playout-seconds",
        "0.05",
    )
    f, better = data["figures"], data["better"]
    for kind in ("simple", "ulti", "betli", "durchmars"):
        assert f[f"balanced-{kind}-made"] == f[f"balanced-{kind}-not-made"] == 2
        assert f[f"{kind}-made"] + f[f"{kind}-not-made"] == 3
        assert better[f"{kind}-made"] == "same"
        for stat in ("median", "p95", "max"):
            assert better[f"balanced-{kind}-winloss-{stat}-ms"] == "lower"
    assert better["playouts-per-second"] == "higher"


def write(path: Path, figures: dict[str, float], better: dict[str, str]) -> str:
    path.write_text(
        json.dumps({"benchmark": "b", "figures": figures, "better": better, "meta": {"args": {}}}),
        encoding="utf-8",
    )
    return str(path)


def test_compare_flags_regressions_by_direction(tmp_path: Path) -> None:
    better = {"rate": "higher", "ms": "lower", "made": "same", "deals": "none"}
    base = write(tmp_path / "base.json", {"rate": 100, "ms": 1.0, "made": 20, "deals": 50}, better)

    def compare(figures: dict[str, float], *extra: str) -> tuple[int, dict[str, str]]:
        r = run("compare.py", base, write(tmp_path / "new.json", figures, better), *extra)
        rows = {line.split()[0]: line for line in r.stdout.splitlines() if line.strip()}
        return r.returncode, rows

    rc, rows = compare({"rate": 95, "ms": 1.05, "made": 20, "deals": 10})
    assert rc == 0 and "REGRESSION" not in "".join(rows.values())
    assert "0.95" in rows["rate"] and rows["made"].endswith("same")
    rc, rows = compare({"rate": 80, "ms": 0.5, "made": 20, "deals": 50})
    assert rc == 1 and rows["rate"].endswith("REGRESSION") and rows["ms"].endswith("better")
    rc, rows = compare({"rate": 130, "ms": 1.3, "made": 20, "deals": 50})
    assert rc == 1 and rows["rate"].endswith("better") and rows["ms"].endswith("REGRESSION")
    rc, rows = compare({"rate": 100, "ms": 1.3, "made": 20, "deals": 50}, "--tolerance", "0.5")
    assert rc == 0
    rc, rows = compare({"rate": 100, "ms": 1.0, "made": 19, "deals": 50})
    assert rc == 1 and rows["made"].endswith("CHANGED")


def test_engine_against_plays_the_same_deals_on_both_engines(tmp_path: Path) -> None:
    """Against this very revision: both engines (each in its own worker) play the same deals
    action for action, the ratio is the rounds' median, and a name that is no revision is
    refused before any work."""
    data = bench_json(tmp_path, "engine_against.py", "HEAD", "--rounds", "3", "--deals", "30")
    f = data["figures"]
    assert f["rounds-ratio-p10"] <= f["deals-per-second-ratio"] <= f["rounds-ratio-p90"]
    per_deal = [
        f[f"{side}-random-actions-per-second"] / f[f"{side}-random-deals-per-second"]
        for side in ("before", "after")
    ]
    assert per_deal[0] == pytest.approx(per_deal[1], rel=1e-9) and per_deal[0] > 4
    assert data["better"]["deals-per-second-ratio"] == "higher"
    bad = run("engine_against.py", "no-such-revision")
    assert bad.returncode == 2 and "not a revision" in bad.stderr


def test_bench_analysis_times_complete_deals(tmp_path: Path) -> None:
    data = bench_json(tmp_path, "bench_analysis.py", "--deals", "1")
    f, better = data["figures"], data["better"]
    assert better["analysis-seconds-per-deal"] == "lower"
    assert f["analysis-seconds-per-deal"] > 0
    assert f["decisions-per-deal"] >= f["card-decisions-per-deal"] >= 0
    assert f["decisions-per-deal"] > 0
    assert data["meta"]["targets"]["analysis-seconds-per-deal"] == 5.0


def test_bench_gym_trains_and_judges_against_random(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    data = bench_json(tmp_path, "bench_gym.py", "--deals", "4", "--eval", "3")
    f, better = data["figures"], data["better"]
    assert f["evaluation-deals"] == 3 and f["training-deals"] == 4
    diff = f["trained-mean-units"] - f["random-mean-units"]
    assert f["difference-mean-units"] == pytest.approx(diff)
    assert f["difference-low95"] <= f["difference-mean-units"] <= f["difference-high95"]
    assert better["trained-mean-units"] == better["difference-low95"] == "higher"
    assert better["random-mean-units"] == "none"


def test_bench_rl_compares_the_compiled_state_with_python_and_skat(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    data = bench_json(
        tmp_path, "bench_rl.py", "--seconds", "0.4", "--rounds", "1", "--tensors", "5"
    )
    f, better = data["figures"], data["better"]
    for name in (
        "ulti-compiled-actions-per-second",
        "ulti-python-actions-per-second",
        "skat-actions-per-second",
        "tensor-us",
    ):
        assert f[name] > 0
    assert f["ratio-compiled-vs-skat"] == pytest.approx(
        f["ulti-compiled-actions-per-second"] / f["skat-actions-per-second"]
    )
    assert f["skat-moves-per-second"] > f["skat-actions-per-second"]  # chance moves too
    assert 0 < f["ulti-compiled-solver-share"] < 1
    assert better["ratio-compiled-vs-skat"] == "higher" and better["tensor-us"] == "lower"


def test_bench_bots_times_each_kind_of_decision(tmp_path: Path) -> None:
    data = bench_json(
        tmp_path, "bench_bots.py", "--deals", "2", "--players", "pimc:samples=2,pimc-1:samples=2"
    )
    f, better = data["figures"], data["better"]
    for name in ("pimc", "pimc-1"):
        assert f[f"{name}-decisions"] > 0
        assert 0 < f[f"{name}-decision-median-ms"] <= f[f"{name}-decision-p99-ms"]
        assert f[f"{name}-decision-p99-ms"] <= f[f"{name}-decision-max-ms"]
        assert better[f"{name}-decision-p99-ms"] == "lower"


def test_bench_inference_scores_both_samplers(tmp_path: Path) -> None:
    data = bench_json(tmp_path, "bench_inference.py", "--deals", "3", "--draws", "6")
    f, better = data["figures"], data["better"]
    assert f["decisions"] > 0
    for name in ("loglik-per-card-uniform", "loglik-per-card-inference"):
        assert f[name] < 0 and better[name] == "higher"
    for name in ("accuracy-uniform", "accuracy-inference"):
        assert 0 <= f[name] <= 1
    assert (
        abs(f["loglik-gain"] - (f["loglik-per-card-inference"] - f["loglik-per-card-uniform"]))
        < 1e-9
    )


def test_bench_card_inference_weighs_one_pool_three_ways(tmp_path: Path) -> None:
    data = bench_json(tmp_path, "bench_card_inference.py", "--deals", "4", "--pool", "8")
    f, better = data["figures"], data["better"]
    assert f["decisions"] > 0
    for kind in ("uniform", "auction", "cards"):
        assert f[f"loglik-per-card-{kind}"] < 0 and better[f"loglik-per-card-{kind}"] == "higher"
    gain = f["loglik-per-card-cards"] - f["loglik-per-card-auction"]
    assert abs(f["cards-gain"] - gain) < 1e-9


def test_suite_under_load_counts_every_run_and_fails_on_a_failure(tmp_path: Path) -> None:
    good = tmp_path / "test_good.py"
    good.write_text("def test_one() -> None:\n    assert True\n")
    bad = tmp_path / "test_bad.py"
    bad.write_text("def test_two() -> None:\n    assert False\n")
    common = ("--stress", "0", "--workers", "0", "--log-dir", str(tmp_path / "logs"), "--")
    r = run("suite_under_load.py", "--runs", "2", *common, str(good))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "slowest/fastest" in r.stdout
    assert (tmp_path / "logs" / "run1.xml").exists() and (tmp_path / "logs" / "run2.xml").exists()
    r = run("suite_under_load.py", "--runs", "1", *common, str(good), str(bad))
    assert r.returncode == 1
    assert "a run failed" in r.stdout


def test_bench_event_times_the_rounds_the_standings_and_the_schedule(tmp_path: Path) -> None:
    """A tiny event (7 players: three tables a round, two computer seats) on SQLite: every
    timed figure is there, positive, its p50 at most its max, lower is better."""
    data = bench_json(
        tmp_path,
        "bench_event.py",
        "--players",
        "7",
        "--rounds",
        "2",
        "--db",
        "sqlite",
        "--standings-calls",
        "3",
    )
    f, better = data["figures"], data["better"]
    for name in ("sqlite-next-round", "sqlite-standings", "sqlite-event-page", "schedule"):
        assert 0 < f[f"{name}-p50-ms"] <= f[f"{name}-max-ms"]
        assert better[f"{name}-p50-ms"] == better[f"{name}-max-ms"] == "lower"
    assert f["sqlite-finish-ms"] > 0 and f["sqlite-start-ms"] > 0
    assert len(data["meta"]["sqlite-next-round-ms"]) == 1  # two rounds: one wait between
    assert f["sqlite-actions"] > 2 * 3 * 3 * 4  # 2 rounds, 3 tables, 3 deals, 4+ actions each
    assert better["sqlite-actions"] == better["sqlite-play-seconds"] == "none"
    assert data["meta"]["target-ms"] == 1000 and data["meta"]["server-tracebacks"] == 0


def test_bench_puzzles_times_mining_and_the_board(tmp_path: Path) -> None:
    data = bench_json(tmp_path, "bench_puzzles.py", "--deals", "1", "--board-deals", "1")
    f, better = data["figures"], data["better"]
    assert better["board-card-ms"] == "lower" and better["puzzles-per-core-hour"] == "higher"
    assert f["mine-seconds-per-deal"] > 0 and f["puzzles-per-deal"] >= 0
    assert f["board-card-decisions"] > 0
    assert f["board-card-ms"] <= f["board-card-ms-p90"] <= f["board-card-ms-max"]
    assert data["meta"]["targets"]["board-card-ms"] == 1000.0
