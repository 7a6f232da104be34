"""Four at the table on the web (N1-N5): four seats, each deal's dealer sitting out and seeing
what a spectator sees (N5), the sheet in four columns (N4), the records and the analysis of
a deal of four, a rated session that updates four ratings."""

from __future__ import annotations

import random
from pathlib import Path

import httpx

from server_util import (
    Running,
    Seat,
    Watcher,
    answer,
    bot,
    client,
    person,
    play_out,
    play_rated,
    register,
)
from ulti.games.ulti4.record import from_record


def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'four.sqlite3'}"


def test_the_dealer_sits_out_and_sees_what_a_spectator_sees(tmp_path: Path) -> None:
    """N1, N5: two people at a table of four; the first deal is dealt by seat 0, whose view
    names the three who play (seats 1-3), gives it no hand, no talon, no legal action, and
    shows no card a spectator does not see, while seat 1 (forehand) waits to bid."""
    with Running(db(tmp_path)) as srv:
        t = srv.create(
            [person("Anna"), person("Béla"), bot("rules", "Cili"), bot("rules", "Dani")],
            deals=4,
            game="ulti4",
            public=True,
        )
        anna = Seat(srv, t["id"], 0, t["tokens"]["0"])
        bela = Seat(srv, t["id"], 1, t["tokens"]["1"])
        watcher = Watcher(srv, t["id"])
        live = srv.app.state.tables.get(t["id"])
        assert live.deal.dealer == 0 and live.deal.current_player == 1  # N1: forehand bids
        v = anna.view
        assert v["four"] == {"players": [1, 2, 3], "dealer": 0, "seat": -1}
        assert v["hand"] == [] and v["legal"] == [] and v["talon"] is None
        public = live.deal.observation(-1).deal
        assert v["hand_sizes"] == list(public.hand_sizes)
        # nothing but what the public view holds (N5): compared with the spectator's frame
        # (but the table's facts of the viewer: its seat, whether it made the table, who is
        # connected and watching, which changed as the others came)
        presence = ("four", "players", "watchers", "seat", "creator")
        seen = {k: x for k, x in v.items() if k not in presence}
        theirs = {k: x for k, x in watcher.view.items() if k not in presence}
        assert seen == theirs
        assert bela.view["four"]["seat"] == 0 and len(bela.view["hand"]) == 12
        assert bela.my_turn() and not anna.my_turn()
        # an action from the dealer is refused, and changes nothing
        anna.act("pass")
        refusal = answer(anna)
        assert refusal["type"] == "error", refusal
        assert live.deal.current_player == 1
        for s in (anna, bela, watcher):
            s.close()


def test_a_session_of_four_plays_out_with_a_sheet_of_four_columns_and_records(
    tmp_path: Path,
) -> None:
    """N3, N4: a session of four deals, each seat dealing once; the dealer's result is 0 in
    every deal, the sheet has four columns, the totals sum to the three's; every finished
    deal's record is a deal of four that replays, and its account says who sat out."""
    with Running(db(tmp_path)) as srv:
        t = srv.create(
            [person("Anna"), bot("rules", "Béla"), bot("rules", "Cili"), bot("rules", "Dani")],
            deals=4,
            game="ulti4",
            lang="hu",
        )
        anna = Seat(srv, t["id"], 0, t["tokens"]["0"])
        play_out([anna], lambda: bool(anna.view.get("session_over")), random.Random(4))
        v = anna.view
        assert len(v["sheet"]) == 4
        assert [r["dealer"] for r in v["sheet"]] == [0, 1, 2, 3]
        for r in v["sheet"]:
            assert len(r["result"]) == 4 and r["result"][r["dealer"]] == 0  # N3
        assert v["sheet"][-1]["running"] == v["totals"] and len(v["totals"]) == 4
        headers = {"Authorization": f"Bearer {t['tokens']['0']}"}
        for n in range(1, 5):
            url = f"{srv.base}/api/tables/{t['id']}/deals/{n}"
            rec = httpx.get(f"{url}/record.json", headers=headers)
            assert rec.status_code == 200, rec.text
            d = from_record(rec.json())
            assert d.dealer == n - 1 and d.is_over()
            steps = httpx.get(f"{url}/steps", headers=headers)  # the replay page's
            assert steps.status_code == 200, steps.text
            sat_out = ["Anna", "Béla", "Cili", "Dani"][n - 1]
            assert f"{sat_out} ezt a leosztást kihagyja" in steps.json()["text_hu"]
        anna.close()
        assert not srv.log.tracebacks()


def test_a_rated_session_of_four_updates_four_ratings(tmp_path: Path) -> None:
    """Two accounts and two computer players play a rated session of four to its end: the
    family ``ulti4/standard`` has four players, each rated once."""
    with Running(db(tmp_path)) as srv, client(srv) as a, client(srv) as b:
        register(a, "Sára")
        register(b, "Tamás")
        seats = [{"kind": "person", "me": True}, {"kind": "open"}, bot("rules", "Gép")]
        table = {"game": "ulti4", "deals": 4, "seats": [*seats, bot("random", "Masina")]}
        _, (sara, tamas), board = play_rated(srv, a, b, table, "ulti4/standard", 4, 2)
        assert board["family"] == "ulti4/standard"
        rows = board["rows"]
        assert len(rows) == 4 and all(r["games"] == 1 for r in rows)
        assert {r["name"] for r in rows if not r["bot"]} == {"Sára", "Tamás"}
        sara.close()
        tamas.close()
        assert not srv.log.tracebacks()
