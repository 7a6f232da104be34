"""``ulti analyze``: a deal's or a session's record analysed in the terminal, in English and
Hungarian, with JSON and a chart; bad input refused before any work, nothing overwritten
without --force."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from english_words import english_words_in
from ulti.cli import app

runner = CliRunner()
FAST = ["--budget", "samples=4,ms=1000000"]


def _demo(tmp_path: Path, deals: int = 1, seed: int = 3) -> Path:
    rec = tmp_path / f"demo-{deals}-{seed}.json"
    r = runner.invoke(app, ["demo", "--seed", str(seed), "--deals", str(deals), "--save", str(rec)])
    assert r.exit_code == 0, r.output
    return rec


def test_analyze_a_deal_in_both_languages(tmp_path: Path) -> None:
    rec = _demo(tmp_path)
    out = tmp_path / "a.json"
    r = runner.invoke(app, ["analyze", str(rec), *FAST, "--json", str(out)], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "Summary" in r.output and "accuracy" in r.output
    data = json.loads(out.read_text(encoding="utf-8"))
    (deal,) = data["deals"]
    assert deal["decisions"] and len(deal["summary"]) == 3
    mistakes = [x for x in deal["decisions"] if x["mistake"]]
    for x in mistakes:
        assert x["why"]["en"] and x["why"]["hu"]
        assert x["why"]["en"][:30] in " ".join(r.output.split())
    r = runner.invoke(app, ["analyze", str(rec), *FAST, "--lang", "hu"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "Összegzés" in r.output and "pontosság" in r.output
    names = {"Seat"}  # the demo's players are named in English
    words = [w for w in english_words_in(r.output) if w not in names]
    assert words == []


def test_analyze_a_session_deal_by_deal_and_one_deal(tmp_path: Path) -> None:
    rec = _demo(tmp_path, deals=3, seed=5)
    r = runner.invoke(app, ["analyze", str(rec), *FAST, "--all"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "Deal 1" in r.output and "Deal 3" in r.output
    assert r.output.count("Summary") == 5  # each deal's table, the session's heading and table
    r = runner.invoke(app, ["analyze", str(rec), *FAST, "--deal", "2"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "Deal 2" in r.output and "Deal 1" not in r.output
    r = runner.invoke(app, ["analyze", str(rec), *FAST, "--deal", "7"])
    assert r.exit_code == 2
    assert "no deal 7" in r.output and "Traceback" not in r.output


def test_analyze_writes_a_chart_and_never_overwrites_without_force(tmp_path: Path) -> None:
    rec = _demo(tmp_path)
    png = tmp_path / "chart.png"
    r = runner.invoke(app, ["analyze", str(rec), *FAST, "--plot", str(png)])
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    png.write_bytes(b"mine")
    r = runner.invoke(app, ["analyze", str(rec), *FAST, "--plot", str(png)])
    assert r.exit_code == 2 and "--force" in r.output
    assert png.read_bytes() == b"mine"
    r = runner.invoke(app, ["analyze", str(rec), *FAST, "--plot", str(png), "--force"])
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_analyze_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    rec = _demo(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    cases = [
        ([str(tmp_path / "missing.json")], "missing.json"),
        ([str(bad)], "not valid JSON"),
        ([str(rec), "--budget", "samples=0"], "samples"),
        ([str(rec), "--threshold", "0"], "threshold"),
        ([str(rec), "--lang", "de"], "en or hu"),
        ([str(rec), "--json", str(tmp_path / "no" / "such" / "dir.json")], "no folder"),
    ]
    for args, words in cases:
        r = runner.invoke(app, ["analyze", *args])
        assert r.exit_code == 2, (args, r.output)
        # one message, wrapped where the tmp path's length puts it (rich keeps the spaces)
        assert words in r.output.replace("\n", ""), (args, r.output)
        assert "Traceback" not in r.output
    snap = tmp_path / "snap.json"
    r = runner.invoke(app, ["demo", "--help"])
    snap.write_text(json.dumps({"format": "ulti-snapszli-deal"}), encoding="utf-8")
    r = runner.invoke(app, ["analyze", str(snap)])
    assert r.exit_code == 2 and "Snapszli" in r.output


def test_play_teach_is_refused_for_snapszli() -> None:
    r = runner.invoke(app, ["play", "--game", "snapszli", "--teach"])
    assert r.exit_code == 2
    assert "--teach" in r.output and "Traceback" not in r.output


def test_ulti_serve_takes_the_analysis_settings() -> None:
    r = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    for option in (
        "--analysis-samples",
        "--analysis-ms",
        "--max-analyses",
        "--teach-samples",
        "--teach-ms",
        "--job-workers",
        "--jobs-per-client",
        "--analyses-per-minute",
    ):
        assert option in r.output
    r = runner.invoke(app, ["serve", "--teach-samples", "0"], env={"COLUMNS": "200"})
    assert r.exit_code == 2 and "teach-samples: between 1 and 1000" in r.output
    r = runner.invoke(app, ["serve", "--job-workers", "0"], env={"COLUMNS": "200"})
    assert r.exit_code == 2 and "job-workers: between 1 and 64" in r.output
    assert "Traceback" not in r.output
