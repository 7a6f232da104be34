"""A duplicate tournament of four players at a table of four (N1-N3): every deal under all 24
seatings, each player sitting out as the dealer in six of them; the results are the same
however they are played, and a checkpoint's lines read back."""

from __future__ import annotations

import dataclasses

from ulti.arena.ulti4 import _room, run_unit, tournament
from ulti.games.ulti.rules import Ruleset

SPECS = ["rules", "random", "rules:samples=1", "random:samples=2"]


def test_a_tournament_of_four_seats_every_player_at_every_seat() -> None:
    summary, results = tournament(SPECS, deals=2, seed=4, rules=Ruleset())
    assert summary["config"]["seatings"] == 24 and summary["config"]["game"] == "ulti4"
    assert len(results) == 2 * 24
    for r in results:
        dealer = r.index % 4  # the deal passes round the four seats
        assert len(r.seating) == len(r.returns) == 4 and sorted(r.seating) == [0, 1, 2, 3]
        assert r.returns[dealer] == 0 and sum(r.returns) == 0  # N3
        assert r.soloist != dealer and r.times[dealer] == []  # the dealer takes no part (N1)
    for player in range(4):
        out = [r for r in results if r.seating[r.index % 4] == player]
        assert len(out) == 2 * 6  # each sits out six seatings of each deal
    bots = summary["bots"]
    assert len(bots) == 4 and all(b["deals"] == 2 for b in bots.values())
    # the same tournament in two worker processes gives the same results
    again, results2 = tournament(SPECS, deals=2, seed=4, rules=Ruleset(), workers=2)
    assert {k: v["mean"] for k, v in again["bots"].items()} == {
        k: v["mean"] for k, v in bots.items()
    }
    strip = [dataclasses.replace(r, times=[], card_times=[]) for r in results]
    assert [dataclasses.replace(r, times=[], card_times=[]) for r in results2] == strip
    # a checkpoint's line reads back as the result it was
    read = _room().read
    assert read(dataclasses.asdict(results[0])) == results[0]
    assert run_unit.__module__ == "ulti.arena.ulti4"
