"""Private tables are shown only to their players (issue 27 item 11; docs/CLUB.md, "Private
tables"): a profile lists a private table's session only to a viewer who played there, and
a private table's facts and records are its players' alone (a seat's token, or the account
that sits there); to anyone else the table's facts are a 404, as if it did not exist."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from server_util import Running, bot, client, live, person, post, register, wait_until

ME = {"kind": "person", "me": True}


def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'private.sqlite3'}"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def played_out(srv: Running, c: httpx.Client, public: bool) -> str:
    """A table of ``c``'s account played to its end (its seat handed to a computer player
    at once): its id."""
    seats = [ME, bot("random", "Egy"), bot("random", "Kettő")]
    made = post(c, "/api/tables", {"deals": 3, "public": public, "seats": seats})
    assert made.status_code == 201, made.text
    table_id: str = made.json()["id"]
    assert post(c, f"/api/tables/{table_id}/seats/0/bot", {"spec": "random"}).status_code == 200
    t = live(srv, table_id)
    wait_until(
        lambda: t.session.is_over() and t.results.recorded == len(t.session.deals),
        "the session's results kept",
        timeout=120,
    )
    return table_id


def recent(c: httpx.Client, name: str) -> list[Any]:
    r = c.get(f"/api/users/{name}")
    assert r.status_code == 200, r.text
    return [s["table"] for s in r.json()["recent"]]


def test_a_profile_lists_a_private_table_only_to_its_players(tmp_path: Path) -> None:
    """Issue 27 item 11: ``/u/NAME`` listed a private table's id, total and rank to
    anyone."""
    with Running(db(tmp_path)) as srv, client(srv) as anna, client(srv) as bela:
        register(anna, "Anna")
        register(bela, "Béla")
        private = played_out(srv, anna, public=False)
        public = played_out(srv, anna, public=True)
        with client(srv) as guest:
            assert recent(guest, "Anna") == [public]
        assert recent(bela, "Anna") == [public]
        assert recent(anna, "Anna") == [public, private]  # her own: every table


def test_a_private_tables_facts_and_records_are_its_players_alone(tmp_path: Path) -> None:
    """Issue 27 item 11: ``GET /api/tables/{id}`` showed a private table's players to
    anyone.  Now an outsider gets what an unknown table gets (404); a seat's token or the
    seated account gets the facts; the records refuse outsiders (403: a seat's token is
    needed) and serve its players, the seated account too."""
    with Running(db(tmp_path)) as srv, client(srv) as anna, client(srv) as bela:
        register(anna, "Anna")
        register(bela, "Béla")
        made = post(
            anna, "/api/tables", {"deals": 3, "seats": [ME, person("Cili"), bot("rules", "Gép")]}
        )
        assert made.status_code == 201, made.text
        t = made.json()
        url = f"/api/tables/{t['id']}"
        unknown = httpx.get(f"{srv.base}/api/tables/nope")
        for outsider in (
            httpx.get(srv.base + url),
            httpx.get(srv.base + url, headers=bearer("x")),
            bela.get(url),
        ):
            assert outsider.status_code == 404 and outsider.json() == unknown.json()
            assert "Cili" not in outsider.text
        by_token = httpx.get(srv.base + url, headers=bearer(t["tokens"]["1"]))
        assert by_token.status_code == 200 and by_token.json()["players"][1]["name"] == "Cili"
        assert anna.get(url).status_code == 200  # the account at seat 0
        deals = f"{url}/deals"
        assert httpx.get(srv.base + deals).status_code == 403
        assert bela.get(deals).status_code == 403
        assert anna.get(deals).status_code == 200
        assert httpx.get(srv.base + deals, headers=bearer(t["tokens"]["1"])).status_code == 200
        # a public table's facts are anyone's
        open_table = srv.create([person("Dóra"), bot(), bot()], public=True)
        assert httpx.get(f"{srv.base}/api/tables/{open_table['id']}").status_code == 200
