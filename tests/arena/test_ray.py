"""Tournaments on Ray (issue 15): the units of work as Ray tasks give the same results as
local workers for the same seed; a cluster that does not answer is refused at once."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray
from typer.testing import CliRunner

from ulti.arena.tournament import RayError, check_ray_address
from ulti.arena.ulti import tournament
from ulti.cli import app
from ulti.games.ulti.rules import Ruleset

pytestmark = pytest.mark.slow  # a Ray cluster takes seconds to start
runner = CliRunner()


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray cluster, started in the test (two CPUs, no dashboard)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_units_on_ray_give_the_results_of_local_workers(local_ray: None) -> None:
    rules = Ruleset()
    here, here_units = tournament(["rules", "random"], 3, 11, rules)
    there, there_units = tournament(["rules", "random"], 3, 11, rules, ray_address="auto")
    assert [(u.index, u.seating, u.returns) for u in here_units] == [
        (u.index, u.seating, u.returns) for u in there_units
    ]
    assert {k: v["mean"] for k, v in here["bots"].items()} == {
        k: v["mean"] for k, v in there["bots"].items()
    }
    assert ray.is_initialized()  # a cluster the caller started is left running


def test_ulti_tournament_ray_local_writes_the_same_json(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    args = ["tournament", "--bots", "rules,random", "--deals", "2", "--seed", "5"]
    r = runner.invoke(app, [*args, "--json", str(a)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, [*args, "--json", str(b), "--ray", "local"])
    assert r.exit_code == 0, r.output
    here, there = json.loads(a.read_text()), json.loads(b.read_text())
    assert here["units"] == there["units"]
    assert {k: v["mean"] for k, v in here["bots"].items()} == {
        k: v["mean"] for k, v in there["bots"].items()
    }


def test_a_cluster_that_does_not_answer_is_refused_at_once() -> None:
    with pytest.raises(RayError, match="cannot reach Ray"):
        check_ray_address("127.0.0.1:1")
    with pytest.raises(RayError, match="HOST:PORT"):
        check_ray_address("nonsense")
    r = runner.invoke(app, ["tournament", "--bots", "rules,random", "--ray", "127.0.0.1:1"])
    assert r.exit_code == 2 and "cannot reach Ray" in r.output and "Traceback" not in r.output
    r = runner.invoke(
        app, ["tournament", "--bots", "rules,random", "--ray", "local", "--workers", "2"]
    )
    assert r.exit_code == 2 and "--workers" in r.output
