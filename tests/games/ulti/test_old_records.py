"""Records written before the core was reshaped (version 1, stored in tests/data/records by
the engine as it was) still replay to the same settlement and end (S1, R7, R8, S3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fixtures import DATA
from ulti.games.ulti import record
from ulti.games.ulti.session import Session

STORED = DATA / "records"
DEALS = sorted(p for p in STORED.glob("v1-*.json") if p.name != "v1-session.json")


def test_the_stored_records_cover_claims_kontras_and_every_preset() -> None:
    texts = [p.read_text(encoding="utf-8") for p in DEALS]
    assert len(DEALS) >= 20
    assert any('"claim"' in t for t in texts) and any('"kontra ' in t for t in texts)
    presets = {json.loads(t)["rules"]["preset"] for t in texts}
    assert len(presets) >= 9


@pytest.mark.parametrize("path", DEALS, ids=lambda p: p.stem)
def test_a_version_1_deal_record_replays(path: Path) -> None:
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["version"] == 1
    d = record.from_record(rec)  # checks the totals and the end reason recorded
    assert d.is_over() and d.settlement is not None
    assert list(d.settlement.totals) == rec["result"]["totals"]
    assert d.end_reason == rec["result"]["end_reason"]
    again = record.to_record(d, rec["players"])  # written today: version 2, same actions
    assert again["version"] == record.VERSION == 2
    assert again["actions"] == rec["actions"]
    assert record.from_record(json.loads(json.dumps(again))).key() == d.key()


def test_a_version_1_session_record_replays() -> None:
    rec = json.loads((STORED / "v1-session.json").read_text(encoding="utf-8"))
    assert rec["version"] == 1
    s = Session.from_record(rec)
    assert s.is_over()
    assert [list(d.settlement.totals) for d in s.deals if d.settlement] == [
        d["result"]["totals"] for d in rec["deals"]
    ]


def test_a_version_2_record_checks_its_outcome() -> None:
    d = record.from_record(json.loads(DEALS[0].read_text(encoding="utf-8")))
    rec = record.to_record(d)
    rec["result"]["outcome"]["tricks"] += 1
    with pytest.raises(record.RecordError, match="outcome"):
        record.from_record(rec)
    rec = record.to_record(d)
    rec["version"] = 3
    with pytest.raises(record.RecordError, match="version 3"):
        record.from_record(rec)
