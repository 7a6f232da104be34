"""Self-play data (issue 15, ``ulti selfplay``): one Parquet row per decision, whose sparse
tensor is the OpenSpiel game's information-state tensor of the acting seat, whose legal
actions, action and return are the engine's; deterministic for a seed wherever it runs;
resumable after an interruption; bad input refused in one line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pyspiel
import pytest
from typer.testing import CliRunner, Result

import ulti.research.openspiel  # noqa: F401  (registers "python_ulti")
from fixtures import ROOT
from ulti.arena import selfplay as SP
from ulti.cli import app
from ulti.core.seeds import derive_seed, shuffled_deck
from ulti.games.ulti.actions import NUM_ACTIONS, from_id
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.rules import Ruleset
from ulti.players.base import MAX_MS

runner = CliRunner()


def _deals(table: pa.Table) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for row in table.to_pylist():
        out.setdefault(int(row["deal"]), []).append(row)
    return out


def _files(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir())


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> tuple[SP.Plan, Path, pa.Table]:
    """Seven deals by rules and random players, three to a shard."""
    out = tmp_path_factory.mktemp("small")
    plan = SP.plan("rules,random,rules", 7, seed=3, shard_deals=3)
    summary = SP.run(plan, out)
    assert (summary.deals, summary.shards, summary.files, summary.skipped) == (7, 3, 3, 0)
    table = SP.read(out)
    assert summary.rows == table.num_rows
    return plan, out, table


def test_the_files_and_the_schema(small: tuple[SP.Plan, Path, pa.Table]) -> None:
    _, out, table = small
    assert _files(out) == [
        "manifest.json",
        "part-00000.parquet",
        "part-00001.parquet",
        "part-00002.parquet",
    ]
    assert table.schema.remove_metadata() == SP.SCHEMA
    assert table.column_names == [
        "deal",
        "deal_seed",
        "dealer",
        "seat",
        "bot",
        "move",
        "phase",
        "info_state_indices",
        "info_state_values",
        "info_state_size",
        "legal_actions",
        "action",
        "final_return",
    ]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["format"] == "ulti-selfplay" and manifest["schema_version"] == 1
    assert manifest["bots"] == ["rules", "random", "rules"]
    assert (manifest["seed"], manifest["deals"], manifest["shard_deals"]) == (3, 7, 3)
    assert manifest["preset"] == "standard" and manifest["max_kontra"] == 4
    assert manifest["info_state_size"] == 63917 and manifest["num_actions"] == NUM_ACTIONS
    assert manifest["rules"] == Ruleset().with_options(max_kontra=4).to_dict()
    for k, name in enumerate(_files(out)[1:]):
        meta = json.loads(pq.read_schema(out / name).metadata[SP.METADATA_KEY])
        assert meta["shard"] == k and meta["schema_version"] == 1
        assert (meta["first_deal"], meta["last_deal"]) == (3 * k, min(3 * k + 2, 6))
        assert meta["info_state_size"] == 63917 and meta["preset"] == "standard"
    # the deals in order, three per shard
    first = [pq.read_table(out / n).column("deal").to_pylist() for n in _files(out)[1:]]
    assert [sorted(set(x)) for x in first] == [[0, 1, 2], [3, 4, 5], [6]]
    assert table.column("deal").to_pylist() == sorted(table.column("deal").to_pylist())


def test_one_row_per_decision_and_the_engine_agrees(small: tuple[SP.Plan, Path, pa.Table]) -> None:
    """Replaying each deal's rows: every decision is there in order, the acting seat and its
    player, the phase, the legal actions (which hold the action), and the final return is the
    engine's settlement."""
    plan, _, table = small
    rules = plan.rules
    deals = _deals(table)
    assert sorted(deals) == list(range(7))
    for i, rows in deals.items():
        seed = derive_seed(3, i)
        d = Deal(rules, seed, i % 3)
        seating = plan.seating(i)
        for move, row in enumerate(rows):
            assert not d.is_over()
            assert row["move"] == move == len(d.history)
            assert row["deal_seed"] == seed and row["dealer"] == i % 3
            assert row["seat"] == d.current_player
            assert row["bot"] == plan.bots[seating[d.current_player]]
            assert row["phase"] == d.phase.name
            assert row["legal_actions"] == sorted(a.id for a in d.legal_actions())
            assert row["action"] in row["legal_actions"]
            assert row["info_state_size"] == 63917
            d.apply(from_id(int(row["action"])))
        assert d.is_over()  # no decision is missing
        assert [r["final_return"] for r in rows] == [d.returns()[int(r["seat"])] for r in rows]


@pytest.mark.parametrize(
    ("preset", "bots"),
    [("standard", "rules,random,random"), ("two-round", "pimc:samples=2,rules,random")],
)
def test_the_stored_tensor_is_the_openspiel_information_state_tensor(
    tmp_path: Path, preset: str, bots: str
) -> None:
    """Densified, each row is exactly ``python_ulti``'s ``information_state_tensor`` of the
    acting seat in that state (the same deck dealt by chance, the same actions)."""
    plan = SP.plan(bots, 3, seed=11, rules=Ruleset.from_preset(preset), shard_deals=2)
    SP.run(plan, tmp_path)
    table = SP.read(tmp_path)
    size = plan.info_state_size
    for i, rows in _deals(table).items():
        game = pyspiel.load_game("python_ulti", {"preset": preset, "dealer": i % 3})
        assert game.information_state_tensor_size() == size
        state = game.new_initial_state()
        for c in shuffled_deck(derive_seed(11, i)):
            state.apply_action(c)
        for row in rows:
            seat = int(row["seat"])
            assert state.current_player() == seat
            dense = SP.densify(row["info_state_indices"], row["info_state_values"], size)
            assert np.array_equal(dense, np.asarray(state.information_state_tensor(seat)))
            assert row["legal_actions"] == state.legal_actions()
            state.apply_action(int(row["action"]))
        assert state.is_terminal()
        assert [float(r["final_return"]) for r in rows] == [
            state.returns()[int(r["seat"])] for r in rows
        ]


def test_the_densify_snippets_of_the_docs(small: tuple[SP.Plan, Path, pa.Table]) -> None:
    """The snippets in docs/RESEARCH.md turn rows into dense tensors and masks."""
    _, out, _ = small
    doc = (ROOT / "docs" / "RESEARCH.md").read_text()
    section = doc[doc.index("## Self-play data") :]
    section = section[: section.index("\n## ")]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 2
    scope: dict[str, Any] = {}
    shard = str(out / "part-00000.parquet")
    exec(blocks[0].replace("DIR/part-00000.parquet", shard), scope)
    t, row, x = scope["t"], scope["row"], scope["x"]
    assert np.array_equal(x, SP.densify(row["info_state_indices"], row["info_state_values"], 63917))
    assert x[0] == 32.0 and x.sum() > 10
    exec(blocks[1], scope)
    X, mask = scope["X"], scope["mask"]
    assert X.shape == (t.num_rows, 63917) and np.array_equal(X[0], x)
    for i, r in enumerate(t.to_pylist()):
        assert np.array_equal(
            X[i], SP.densify(r["info_state_indices"], r["info_state_values"], 63917)
        )
        assert np.flatnonzero(mask[i]).tolist() == r["legal_actions"]


def test_the_seats_rotate_evenly() -> None:
    plan = SP.plan("pimc,rules,random", 18)
    at_seat = Counter((s, plan.seating(i)[s]) for i in range(18) for s in range(3))
    assert set(at_seat.values()) == {6} and len(at_seat) == 9
    from_dealer = Counter(((s - i) % 3, plan.seating(i)[s]) for i in range(18) for s in range(3))
    assert set(from_dealer.values()) == {6} and len(from_dealer) == 9
    assert {plan.seating(i) for i in range(18)} == set(SP.ORDERS)


def test_budgets_are_samples_only() -> None:
    assert SP.plan("pimc", 1, samples=4).bots == ("pimc:samples=4",) * 3
    assert SP.plan("pimc:samples=9,rules,pimc", 1, samples=4).bots == (
        "pimc:samples=9",
        "rules",
        "pimc:samples=4",
    )
    assert SP.plan("pimc", 1).bots == ("pimc",) * 3
    p = SP.make_player("pimc:samples=9", 1)
    assert (p.budget.samples, p.budget.ms) == (9, MAX_MS)
    assert SP.make_player("pimc", 1).budget.ms == MAX_MS
    with pytest.raises(SP.SelfplayError, match="samples only"):
        SP.plan("pimc:ms=100", 1)
    with pytest.raises(SP.SelfplayError, match="unknown player"):
        SP.plan("rules,nobody,random", 1)
    with pytest.raises(SP.SelfplayError, match="three"):
        SP.plan("rules,random", 1)


def test_the_kontra_cap() -> None:
    assert SP.plan("rules", 1).rules.max_kontra == 4
    casual = SP.plan("rules", 1, rules=Ruleset.from_preset("casual"))
    assert casual.rules.max_kontra == 2 and casual.rules.preset == "casual"
    assert casual.info_state_size < 63917
    assert SP.plan("rules", 1, max_kontra=6).rules.max_kontra == 6
    with pytest.raises(SP.SelfplayError, match="max-kontra"):
        SP.plan("rules", 1, max_kontra=17)


def test_same_seed_same_rows_in_any_number_of_processes(tmp_path: Path) -> None:
    bots = "pimc:samples=2,rules,random"
    a = SP.plan(bots, 3, seed=5, shard_deals=2)
    SP.run(a, tmp_path / "a")
    SP.run(a, tmp_path / "b", workers=2)
    here, there = SP.read(tmp_path / "a"), SP.read(tmp_path / "b")
    assert here.equals(there, check_metadata=True)
    for name in ("part-00000.parquet", "part-00001.parquet"):
        assert pq.read_table(tmp_path / "a" / name).equals(
            pq.read_table(tmp_path / "b" / name), check_metadata=True
        )
    SP.run(SP.plan(bots, 3, seed=6, shard_deals=2), tmp_path / "c")
    other = SP.read(tmp_path / "c")
    assert other.column("deal_seed") != here.column("deal_seed")
    assert other.column("action") != here.column("action")


def test_a_resumed_run_redoes_only_the_missing_shards(tmp_path: Path) -> None:
    plan = SP.plan("rules,random,random", 5, seed=8, shard_deals=2)
    whole = tmp_path / "whole"
    SP.run(plan, whole)
    expected = SP.read(whole)

    # a shard lost: only it is played again
    (whole / "part-00001.parquet").unlink()
    kept = (whole / "part-00000.parquet").stat().st_mtime_ns
    s = SP.run(plan, whole)
    assert (s.deals, s.shards, s.skipped, s.files) == (2, 1, 2, 3)
    assert (whole / "part-00000.parquet").stat().st_mtime_ns == kept
    assert SP.read(whole).equals(expected, check_metadata=True)

    # an interrupted run: the finished shard is there, the unfinished one nowhere
    cut = tmp_path / "cut"

    def interrupt(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        SP.run(plan, cut, progress=interrupt)
    assert _files(cut) == ["manifest.json", "part-00000.parquet"]
    (cut / ".part-00001.parquet.tmp").write_bytes(b"half a shard")  # as if killed mid-write
    s = SP.run(plan, cut)
    assert (s.deals, s.shards, s.skipped) == (3, 2, 1)
    assert _files(cut) == _files(whole)
    assert SP.read(cut).equals(expected, check_metadata=True)
    s = SP.run(plan, cut)  # nothing left to do
    assert (s.deals, s.shards, s.skipped, s.rows) == (0, 0, 3, 0)


def test_ulti_selfplay_writes_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "data"
    args = ["selfplay", "--deals", "4", "--bots", "rules,random,random", "--out", str(out)]
    args += ["--shard-deals", "2", "--seed", "9"]
    r = runner.invoke(app, args, terminal_width=200)
    assert r.exit_code == 0, r.output
    rows = SP.read(out).num_rows
    assert f"{rows} rows from 4 deals; files: 2 new, 0 there already, 2 in" in r.output
    assert "rows/s" in r.output
    (out / "part-00001.parquet").unlink()
    r = runner.invoke(app, args, terminal_width=200)
    assert r.exit_code == 0, r.output
    assert "1 of 2 files are written already" in r.output
    assert "files: 1 new, 1 there already" in r.output
    assert SP.read(out).num_rows == rows
    r = runner.invoke(app, [*args, "--lang", "hu"], terminal_width=200)
    assert r.exit_code == 0 and "Mind a 2 fájl elkészült már" in r.output


def _refused(r: Result, *words: str) -> None:
    out = r.output
    assert r.exit_code == 2, out
    assert "Traceback" not in out
    lines = [ln for ln in out.splitlines() if ln.strip()]
    assert len(lines) == 1, out
    for w in words:
        assert w in lines[0], out


def test_a_folder_of_other_parameters_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "data"
    args = ["selfplay", "--deals", "2", "--bots", "rules", "--out", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    _refused(
        runner.invoke(app, [*args, "--seed", "2"]), "other parameters", "seed: 1 there, 2 here"
    )
    _refused(runner.invoke(app, [*args[:-2], "--out", str(out), "--max-kontra", "3"]), "rules")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    (out / "manifest.json").write_text("{nonsense")
    _refused(runner.invoke(app, args), "not a self-play manifest")


def test_bad_input_is_refused_in_one_line_before_any_work(tmp_path: Path) -> None:
    f = tmp_path / "a-file"
    f.write_text("x")
    out = tmp_path / "new"
    base = ["selfplay", "--bots", "rules"]
    _refused(runner.invoke(app, [*base, "--deals", "0", "--out", str(out)]), "--deals", "not 0")
    _refused(runner.invoke(app, [*base, "--out", str(f)]), "--out", "is a file")
    _refused(runner.invoke(app, [*base, "--out", str(f / "sub")]), "--out", "cannot write")
    _refused(runner.invoke(app, [*base, "--out", str(out), "--shard-deals", "0"]), "--shard-deals")
    _refused(runner.invoke(app, [*base, "--out", str(out), "--workers", "0"]), "--workers")
    _refused(runner.invoke(app, [*base, "--out", str(out), "--samples", "0"]), "--samples")
    _refused(runner.invoke(app, ["selfplay", "--bots", "pimc:ms=50", "--out", str(out)]), "ms=")
    _refused(runner.invoke(app, ["selfplay", "--bots", "a,b", "--out", str(out)]), "--bots")
    _refused(
        runner.invoke(app, [*base, "--out", str(out), "--ray", "local", "--workers", "2"]),
        "--workers",
    )
    _refused(runner.invoke(app, [*base, "--out", str(out), "--ray", "127.0.0.1:1"]), "Ray")
    _refused(
        runner.invoke(app, [*base, "--out", str(out), "--deals", "0", "--lang", "hu"]),
        "hiba:",
        "--deals",
    )
    assert not out.exists()  # nothing was written


def test_without_pyarrow_one_line_names_the_research_extra() -> None:
    code = "import sys; sys.modules['pyarrow'] = None; import ulti.arena.selfplay"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    last = r.stderr.strip().splitlines()[-1]
    assert last == "ImportError: ulti.arena.selfplay needs PyArrow: pip install 'ulti[research]'", (
        last
    )
    code = (
        "import sys; sys.modules['pyarrow'] = None; from ulti.cli import main; "
        "sys.argv = ['ulti', 'selfplay', '--out', 'x']; main()"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stdout + r.stderr
    assert "needs PyArrow: pip install 'ulti[research]'" in r.stdout


@pytest.mark.slow
def test_ray_tasks_give_the_rows_of_local_play(tmp_path: Path) -> None:
    import ray

    plan = SP.plan("pimc:samples=2,rules,random", 3, seed=4, shard_deals=2)
    SP.run(plan, tmp_path / "here")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        SP.run(plan, tmp_path / "there", ray_address="auto")
    finally:
        ray.shutdown()
    assert SP.read(tmp_path / "there").equals(SP.read(tmp_path / "here"), check_metadata=True)
    args = ["selfplay", "--deals", "3", "--bots", "pimc:samples=2,rules,random", "--seed", "4"]
    args += ["--shard-deals", "2", "--out", str(tmp_path / "cli"), "--ray", "local"]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert SP.read(tmp_path / "cli").equals(SP.read(tmp_path / "here"), check_metadata=True)
