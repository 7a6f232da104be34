"""Snapszli on the web server (docs/SNAPSZLI.md): a two-seat table speaking the Ulti tables'
protocol — a person against a computer player, two people, the refusals, a restart, the old
databases, and the leak test of two-seat tables (Z13: no frame shows the other hand's cards
before they are played, the talon's hidden cards, or a seed)."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from english_words import english_words_in
from fixtures import ROOT
from server_util import Running, Seat, bot, person
from ulti import i18n
from ulti.core.cards import KING, OVER, name, symbol
from ulti.games.snapszli import Kind, SnapDeal, SnapMatch, parse_action
from ulti.server.catalogues import browser_words
from ulti.server.tables.snapszli import SnapszliTable

STATIC = ROOT / "src" / "ulti" / "server" / "static"


def sqlite(tmp_path: Path, file: str = "snap.sqlite3") -> str:
    return f"sqlite:///{tmp_path / file}"


def create(srv: Running, seats: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A Snapszli table (``game: snapszli``) -> its id, links and tokens."""
    r = httpx.post(f"{srv.base}/api/tables", json={"game": "snapszli", "seats": seats, **kw})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def snap_table(srv: Running, table_id: str) -> SnapszliTable:
    t = srv.app.state.tables.get(table_id)
    assert isinstance(t, SnapszliTable)
    return t


def choose(s: Seat, rng: random.Random) -> str:
    """A random legal action of the seat (a claim only when it is true: the view shows the
    seat's own points when the table set ``show_points``)."""
    legal = s.view["legal"]
    points = s.view.get("own_points")
    if points is not None and points >= 66 and any(a["kind"] == "claim" for a in legal):
        return "claim"
    return str(rng.choice([a for a in legal if a["kind"] != "claim"])["action"])


def play_until(
    seats: dict[int, Seat], done: Callable[[], object], rng: random.Random, limit: float = 120
) -> int:
    """The person seats play random legal actions until ``done()``; the number played."""
    deadline = time.monotonic() + limit
    n = 0
    while not done():
        assert time.monotonic() < deadline, "the table stalled"
        acted = False
        for s in seats.values():
            s.drain(0.01)
            if s.my_turn():
                s.act(choose(s, rng))
                s.recv()
                n += 1
                acted = True
        if not acted:
            for s in seats.values():
                s.drain(0.05)
    return n


def test_a_person_plays_a_whole_match_against_a_computer_player(tmp_path: Path) -> None:
    """Z12: the match is played deal after deal to its match points; each finished deal is
    explained (Z9-Z11, English and Hungarian, the players named) and scored; every legal
    action is named in both languages; the record and the replay of a finished deal."""
    with Running(sqlite(tmp_path)) as srv:
        t = create(srv, [person("Anna"), bot("rules", "Béla")], show_points=True, lang="hu")
        assert set(t["links"]) == {"0"} and "#seat=0&token=" in t["links"]["0"]
        page = httpx.get(f"{srv.base}/t/{t['id']}")
        assert page.status_code == 200 and "shell.js" in page.text
        info = srv.facts(t)
        assert info["game"] == "snapszli" and info["match_points"] == 7
        assert [p["name"] for p in info["players"]] == ["Anna", "Béla"]
        assert info["rules_title"] == {"en": "standard", "hu": "alap"}
        assert "seed" not in json.dumps(info) and "token" not in json.dumps(info)
        s = Seat(srv, t["id"], 0, t["tokens"]["0"])
        rng = random.Random(3)
        titles: list[dict[str, Any]] = []

        def over() -> bool:
            if s.my_turn():
                titles.extend(s.view["legal"])
            return bool(s.view.get("match_over"))

        n = play_until({0: s}, over, rng)
        live = snap_table(srv, t["id"])
        v = s.view
        assert n >= 5 and live.session.is_over()
        assert max(v["totals"]) >= 7 and v["totals"] == list(live.session.totals())
        assert v["match_winner"] == live.session.winner() in (0, 1)
        assert len(v["sheet"]) == len(live.session.deals) >= 2
        for row, d in zip(v["sheet"], live.session.deals, strict=True):
            assert d.outcome is not None and row["winner"] == d.outcome.winner
            assert row["game_points"] == d.outcome.game_points in (1, 2, 3)
            assert re.fullmatch(r"Z(9|10|11)", row["rule"]) and row["text_hu"] != row["text"]
            assert not re.search(r"\bZ\d+\b", row["text"] + row["text_hu"]), row  # plain words
            assert any(n in row["text"] and n in row["text_hu"] for n in ("Anna", "Béla"))
            assert english_words_in(row["text_hu"]) == [], row
        assert v["over"] and v["outcome"]["rule"] in ("Z9", "Z10", "Z11")
        assert v["outcome"]["rule"] not in v["outcome"]["text"]
        # every legal action was named in both languages, the Hungarian names in Hungarian
        assert titles and all(a["title"] and a["title_hu"] for a in titles)
        assert all(english_words_in(a["title_hu"]) == [] for a in titles)
        # the learner's option: the seat's own points, and never the opponent's (Z13)
        assert isinstance(v["own_points"], int) and "points" not in v
        # the actions are stored (a restart replays them) in their canonical text
        stored = srv.app.state.store.actions(t["id"])
        assert len(stored) == live.version and parse_action(stored[0].action)
        # the match is over: an action is refused as such
        s.act("claim")
        f = s.recv()
        assert f["type"] == "error" and f["code"] == "over"
        assert f["message"] == "the match is over" and f["message_hu"] == "a bummlinak vége"
        # a finished deal: its record and its replay (every card shown now), with the token
        auth = {"Authorization": f"Bearer {t['tokens']['0']}"}
        rec = httpx.get(f"{srv.base}/api/tables/{t['id']}/deals/1/record.json", headers=auth)
        assert rec.status_code == 200 and rec.json()["format"] == "ulti-snapszli-record"
        assert "snapszli-" in rec.headers["content-disposition"]
        steps = httpx.get(f"{srv.base}/api/tables/{t['id']}/deals/1/steps", headers=auth).json()
        first = live.session.deals[0]
        assert len(steps["steps"]) == len(first.history) + 1
        assert all(st["title"] and st["title_hu"] for st in steps["steps"][1:])
        assert "Snapszli" in steps["text"] and "leosztás" in steps["text_hu"]
        listed = httpx.get(f"{srv.base}/api/tables/{t['id']}/deals", headers=auth).json()
        assert [d["deal"] for d in listed] == list(range(1, len(live.session.deals) + 1))
        assert httpx.get(f"{srv.base}/api/tables/{t['id']}/deals").status_code == 403
        assert httpx.get(f"{srv.base}/replay/{t['id']}/1").status_code == 200
        assert not srv.log.tracebacks()
        s.close()


def test_two_people_play_a_deal_each_seeing_their_own_hand(tmp_path: Path) -> None:
    """Two invite links; each seat sees its own hand and the same public table (Z13); the
    opponent's hand only as a number of cards; the deal's end reaches both."""
    with Running(sqlite(tmp_path)) as srv:
        # match points 7: no deal ends the match (a deal is worth 3 at most, Z11); with the
        # "short" preset's 3 a failed closing could end it after the first deal
        t = create(srv, [person("Anna"), person("Béla")], match_points=7)
        assert set(t["links"]) == {"0", "1"}
        seats = {i: Seat(srv, t["id"], i, t["tokens"][str(i)]) for i in range(2)}
        a, b = seats[0].view, seats[1].view
        assert not set(a["hand"]) & set(b["hand"]) and len(a["hand"]) == len(b["hand"]) == 5
        assert a["hand_sizes"] == b["hand_sizes"] == [5, 5]
        assert a["turned"] == b["turned"] >= 0 and a["talon_size"] == b["talon_size"] == 10
        assert a["own_points"] is None and b["own_points"] is None  # the option is off
        rng = random.Random(11)
        play_until(seats, lambda: seats[0].view["deal_number"] > 1, rng)
        for s in seats.values():
            s.drain(0.2)
        a, b = seats[0].view, seats[1].view
        assert a["version"] == b["version"] and a["totals"] == b["totals"]
        assert a["previous"] == b["previous"] and a["previous"]["deal"] == 1
        assert a["previous"]["rule"] in ("Z9", "Z10", "Z11")
        assert a["previous"]["rule"] not in a["previous"]["text"]
        events = [f["event"] for f in seats[1].frames if f.get("event")]
        assert [e["v"] for e in events] == list(range(1, len(events) + 1))
        assert all(e["action"]["title"] and e["action"]["title_hu"] for e in events)
        # one seat's frames only: a person's seat never receives the other's token or hand
        dealt = SnapDeal(
            snap_table(srv, t["id"]).rules,
            snap_table(srv, t["id"]).session.deals[0].seed,
            snap_table(srv, t["id"]).session.deals[0].dealer,
        )
        first = seats[0].frames[0]["view"]["hand"]
        assert sorted(first) == sorted(c for c in range(32) if dealt.hands[0] >> c & 1)
        for s in seats.values():
            s.close()


def test_the_person_to_move_gets_a_hint_in_both_languages(tmp_path: Path) -> None:
    """The web table's hint, as the terminal's: what a careful player would do now — always
    one of the seat's legal actions (Z4-Z9) — and why, in English and Hungarian; only the seat
    to move has one, and it is worked out from that seat's observation (the leak test above
    checks every frame, Z13).  Without the learner's option a claim's hint names no points."""
    with Running(sqlite(tmp_path)) as srv:
        t = create(srv, [person("Anna"), person("Béla")], match_points=7)
        seats = {i: Seat(srv, t["id"], i, t["tokens"][str(i)]) for i in range(2)}
        rng = random.Random(21)
        hints = 0
        while seats[0].view["deal_number"] == 1:
            mover = next((x for x in seats.values() if x.my_turn()), None)
            if mover is None:
                for x in seats.values():
                    x.drain(0.01)
                continue
            other = seats[1 - mover.seat]
            h = mover.view["hint"]
            assert other.view["hint"] is None
            assert h["action"] in [a["action"] for a in mover.view["legal"]]
            assert h["en"] and h["hu"] and english_words_in(h["hu"]) == [], h
            if h["action"] == "claim":
                assert h["en"].endswith("you have 66: claim it")
            hints += 1
            mover.act(choose(mover, rng))
            for x in seats.values():
                x.recv()
        assert hints >= 5
        for x in seats.values():
            x.close()


def test_refusals_change_nothing_and_say_why_in_both_languages(tmp_path: Path) -> None:
    """Stale versions, another seat's turn, an action text that is none, an action the rules
    refuse (the Z id in both languages), a seat a two-seat table does not have; the reasons a
    card of the hand may not be played (Z5 in strict play) in both languages."""
    with Running(sqlite(tmp_path)) as srv:
        # 7 match points: the match outlasts the search for a refused card below (with 3 it
        # could end first, and the search waited for a turn that never came)
        t = create(srv, [person("Anna"), person("Béla")], match_points=7)
        seats = {i: Seat(srv, t["id"], i, t["tokens"][str(i)]) for i in range(2)}
        live = snap_table(srv, t["id"])
        fh = live.deal.current_player
        s, other = seats[fh], seats[1 - fh]
        before = live.version

        def refused(seat: Seat, frame: dict[str, Any]) -> dict[str, Any]:
            seat.send(frame)
            f = seat.recv()
            assert f["type"] == "error" and f["message"] and f["message_hu"], f
            assert live.version == before
            return f

        f = refused(s, {"type": "action", "action": "close", "version": before + 5})
        assert f["code"] == "stale"
        f = refused(other, {"type": "action", "action": "close", "version": before})
        assert f["code"] == "not-your-turn" and live.names[fh] in f["message"]
        f = refused(s, {"type": "action", "action": "shuffle the deck", "version": before})
        assert f["code"] == "bad-action"
        f = refused(s, {"type": "action", "action": 7, "version": before})
        assert f["code"] == "malformed"
        # a marriage the seat does not hold (Z7), or an exchange without the trump Alsó (Z6)
        hand = set(s.view["hand"])
        suit = next(x for x in range(4) if not {x * 8 + KING, x * 8 + OVER} <= hand)
        word = ["hearts", "acorns", "leaves", "bells"][suit]
        f = refused(s, {"type": "action", "action": f"marriage {word}", "version": before})
        # in plain words, the rule for the curious beside them (ulti.i18n.plain)
        assert f["code"] == "illegal" and f["rules"] == ["Z7"] and "Z7" not in f["message"]
        assert f["message"].startswith("you do not hold") and "Z7" not in f["message_hu"]
        assert f["message_hu"] and f["message_hu"] != f["message"]
        # a card of the other hand
        theirs = other.view["hand"][0]
        f = refused(s, {"type": "action", "action": f"play {symbol(theirs)}", "version": before})
        assert f["code"] == "illegal" and f["rules"] == ["Z4"]
        assert f["message"].startswith("you do not hold")
        # the seat that is not there, and the token of the other seat
        bad = srv.ws(t["id"])
        bad.send(json.dumps({"type": "hello", "seat": 2, "token": t["tokens"]["0"]}))
        f = json.loads(bad.recv(timeout=10))
        assert f["code"] == "bad-seat" and f["message"] == "seat: 0 or 1"
        assert f["message_hu"] == "hely: 0 vagy 1"
        bad.close()
        bad = srv.ws(t["id"])
        bad.send(json.dumps({"type": "hello", "seat": 1, "token": t["tokens"]["0"]}))
        assert json.loads(bad.recv(timeout=10))["code"] == "bad-token"
        bad.close()

        # strict play (Z5): the leader closes the talon (Z8) at once; in the tricks that
        # follow, the answering seat's cards that may not be played are explained
        rng = random.Random(2)
        reasons: list[dict[str, str]] = []
        tried = False
        deadline = time.monotonic() + 60
        while not reasons or not tried:
            assert time.monotonic() < deadline, "no refused card in strict play"
            for x in seats.values():
                x.drain(0.01)
            mover = next((x for x in seats.values() if x.my_turn()), None)
            if mover is None:
                continue
            v = mover.view
            if v["trick"] and v["closed_by"] >= 0 and v["reasons"]:
                card, why = next(iter(v["reasons"].items()))
                reasons.append(why)
                assert set(why) == {"en", "hu", "rules"} and why["en"] != why["hu"]
                assert why["rules"] == ["Z5"] and "Z5" not in why["en"] + why["hu"]
                if not tried:  # the card itself is refused with the rule's words
                    tried = True
                    mover.act(f"play {symbol(int(card))}")
                    f = mover.recv()
                    assert f["code"] == "illegal" and f["rules"] == ["Z5"]
                    assert f["message"] == why["en"] and f["message_hu"] == why["hu"]
                    continue
            closing = [a for a in v["legal"] if a["kind"] == "close"]
            mover.act("close" if closing else choose(mover, rng))
            for x in seats.values():
                x.recv()
        assert not srv.log.tracebacks()
        for x in seats.values():
            x.close()


@pytest.mark.parametrize(
    "body",
    [
        {"game": "snapszli", "seats": [person(), person(), person()]},
        {"game": "snapszli", "seats": [person()]},
        {"game": "snapszli", "seats": [person(), bot("wizard")]},
        {"game": "snapszli", "seats": [person(), {"kind": "bot", "name": "B"}]},
        {"game": "snapszli", "seats": [person(), bot("pimc:samples=100000")]},
        {"game": "snapszli", "seats": [person(), person()], "preset": "casual"},
        {"game": "snapszli", "seats": [person(), person()], "options": {"four_aces": True}},
        {"game": "snapszli", "seats": [person(), person()], "options": {"min_talon": 0}},
        {"game": "snapszli", "seats": [person(), person()], "match_points": 0},
        {"game": "snapszli", "seats": [person(), person()], "deals": 6},
        {"game": "chess", "seats": [person(), person()]},
    ],
)
def test_bad_snapszli_tables_are_refused(tmp_path: Path, body: dict[str, Any]) -> None:
    with Running(sqlite(tmp_path)) as srv:
        r = httpx.post(f"{srv.base}/api/tables", json=body)
        assert r.status_code == 422, r.text
        assert r.json()["detail"] and r.json()["detail_hu"]
        assert not srv.app.state.tables.live


def test_the_lobby_s_catalogue_and_a_table_s_options(tmp_path: Path) -> None:
    """ZV1-ZV4 and the presets for the lobby's form; a table keeps the chosen ones, the
    match's length (ZV2) and the learner's option."""
    with Running(sqlite(tmp_path)) as srv:
        cat = httpx.get(f"{srv.base}/api/snapszli/rules").json()
        assert [o["rule"] for o in cat["options"]] == ["ZV1", "ZV2", "ZV3", "ZV4"]
        assert {p["name"] for p in cat["presets"]} == {"standard", "sixty-six", "short"}
        assert cat["own_fields"] == ["match_points"]
        t = create(
            srv,
            [person("Anna"), bot("random", "Béla")],
            preset="sixty-six",
            options={"min_talon": 5},
            match_points=4,
            show_points=True,
        )
        live = snap_table(srv, t["id"])
        assert live.rules.twenty_four and live.rules.last_trick_ten
        assert live.rules.min_talon == 5 and live.rules.match_points == 4 and live.show_points
        info = srv.facts(t)
        assert info["options"] == {"min_talon": 5, "match_points": 4}
        assert info["rules_title"]["hu"] == (
            "hatvanhat + bummli hossza: 4 + talon cseréhez, takaráshoz: 5"
        )
        assert info["hand_size"] == 6
        s = Seat(srv, t["id"], 0, t["tokens"]["0"])
        assert len(s.view["hand"]) == 6 and s.view["own_points"] == 0
        s.close()


def _restart(db: str) -> None:
    rng = random.Random(8)
    with Running(db) as srv:
        t = create(srv, [person("Anna"), bot("rules", "Béla")])
        s = Seat(srv, t["id"], 0, t["tokens"]["0"])
        play_until({0: s}, lambda: s.version >= 6, rng)
        s.drain(0.3)
        before, version = s.view, s.version
        key = snap_table(srv, t["id"]).deal.key()
        s.close()
    with Running(db) as srv2:  # a new server on the same database
        live = snap_table(srv2, t["id"])
        assert live.deal.key() == key and live.version == version
        s = Seat(srv2, t["id"], 0, t["tokens"]["0"], since=version)
        first = s.frames[0]
        assert first["type"] == "replay" and first["events"] == []
        assert s.view == before
        s.close()
        s = Seat(srv2, t["id"], 0, t["tokens"]["0"], since=version - 2)
        assert [e["v"] for e in s.frames[0]["events"]] == [version - 1, version]
        play_until({0: s}, lambda: s.view["deal_number"] > 1, rng)
        assert httpx.get(f"{srv2.base}/t/{t['id']}").text.count("shell.js") == 1
        s.close()


def test_a_snapszli_table_survives_a_restart(tmp_path: Path) -> None:
    _restart(sqlite(tmp_path))


@pytest.mark.slow
def test_postgresql_keeps_the_game_of_a_table() -> None:
    from server_util import postgres

    with postgres() as url:
        _restart(url)


def test_the_pages_words_come_from_the_catalogue() -> None:
    """Every word snapszli.js and the lobby take from ``W.snap`` is a ``snap.web-*`` key, in both
    languages with the same fields, the Hungarian ones free of English."""
    served = browser_words()
    en, hu = served["en"]["snap"], served["hu"]["snap"]
    assert set(en) == set(hu)
    src = (STATIC / "snapszli.js").read_text() + (STATIC / "lobby.js").read_text()
    used = set(re.findall(r"\bS\.(\w+)", src)) | set(re.findall(r"\bS\[\"([\w-]+)\"\]", src))
    used |= set(re.findall(r"\bW\.snap\.(\w+)", src))
    used |= set(re.findall(r"\bW\.snap\[\"([\w-]+)\"\]", src))
    assert len(used) > 20
    assert sorted(used - set(en)) == []
    for key in en:
        assert i18n.fields_of(en[key]) == i18n.fields_of(hu[key]), key
        assert english_words_in(hu[key]) == [], key
    page = set(re.findall(r"\bW\.(\w+)", (STATIC / "snapszli.js").read_text()))
    assert sorted(page - set(served["en"])) == []


# -- Z13: the leak test of two-seat tables --------------------------------------------------


def known_cards(live: SnapszliTable, seat: int, deal_index: int, version: int) -> set[int]:
    """What ``seat`` may know of deal ``deal_index`` at ``version`` (Z13), recomputed from
    the server's authoritative game: every card it has held, the turned card whenever it lay
    face up, every card played, both cards of each announced marriage (one played, the other
    shown) — never more, not even once the deal is over."""
    d0 = live.session.deals[deal_index]
    d = SnapDeal(d0.rules, d0.seed, d0.dealer, d0.deck if d0.custom_deck else None)

    def seen() -> set[int]:
        out = {c for c in range(32) if d.hands[seat] >> c & 1}
        if d.turned >= 0:
            out.add(d.turned)
        return out

    known = seen()
    for v, di, _who, a in live.events:
        if di != deal_index or v > version:
            continue
        if a.kind == Kind.MARRIAGE:
            known |= {a.suit * 8 + KING, a.suit * 8 + OVER}
        if a.kind == Kind.PLAY:
            known.add(a.card)
        d.apply(a)
        known |= seen()
    return known


def cards_named(x: Any, key: str = "") -> set[int]:
    """Every card a frame names by number: hands, tricks, shown cards, turned cards, the
    cards of actions, the reasons' keys."""
    found: set[int] = set()
    if isinstance(x, dict):
        for k, v in x.items():
            if k == "reasons" and isinstance(v, dict):
                found |= {int(c) for c in v}
            found |= cards_named(v, k)
    elif isinstance(x, list):
        if key in ("hand", "trick", "shown") and all(isinstance(c, int) for c in x):
            found |= set(x)
        else:
            for v in x:
                found |= cards_named(v, key)
    elif key in ("card", "turned") and isinstance(x, int) and not isinstance(x, bool) and x >= 0:
        found.add(x)
    return found


def strings_of(x: Any) -> list[str]:
    if isinstance(x, dict):
        return [s for v in x.values() for s in strings_of(v)]
    if isinstance(x, list):
        return [s for v in x for s in strings_of(v)]
    return [x] if isinstance(x, str) else []


def check_frame(live: SnapszliTable, seat: int, f: dict[str, Any], secrets: list[str]) -> int:
    """Whether one frame keeps Z13 for ``seat``: the number of parts checked."""
    text = json.dumps(f, ensure_ascii=False)
    for secret in secrets:  # the match's seed and each deal's
        assert secret not in text, (seat, f["type"], "a seed")
    assert '"seed"' not in text and '"deck"' not in text and '"talon"' not in text
    parts = 0
    items: list[tuple[Any, int, int]] = []
    if "view" in f:
        items.append((f["view"], f["view"]["deal_number"] - 1, f["version"]))
        v = f["view"]
        assert "points" not in v and set(v) >= {"hand", "hand_sizes", "talon_size"}
        if not live.show_points:
            assert v["own_points"] is None
    if f.get("event"):
        items.append((f["event"], f["event"]["deal"], f["event"]["v"]))
    for ev in f.get("events", []):
        items.append((ev, ev["deal"], ev["v"]))
    for part, deal_index, version in items:
        may = known_cards(live, seat, deal_index, version)
        leaked = cards_named(part) - may
        assert not leaked, (seat, f["type"], sorted(leaked))
        # nor by name: a hidden card's name or sign in any text of the part
        hidden = set(range(32)) - may
        words = "\n".join(strings_of(part))
        for c in hidden:
            for shown in (symbol(c), name(c, "en"), name(c, "hu")):
                assert shown not in words, (seat, f["type"], shown)
        parts += 1
    return parts


def _seed_texts(live: SnapszliTable) -> list[str]:
    seeds = [live.stored.seed, *(d.seed for d in live.session.deals)]
    return [str(s) for s in seeds if s > 10**6]


@pytest.mark.slow
def test_no_frame_shows_the_other_hand_the_talon_or_a_seed(tmp_path: Path) -> None:
    """Z13 over many deals of two-person tables (the standard game, the 24-card one, the
    learner's option): every frame each seat receives — events, views, replays and resyncs
    of reconnecting seats — names only cards that seat may know at that frame's version: its
    own, the turned card while it lay face up, the cards played, the announced marriages'
    cards.  Never the other hand's other cards, never the talon's, never a seed."""
    rng = random.Random(13)
    parts = deals = 0
    with Running(sqlite(tmp_path)) as srv:
        two = [person("Anna"), person("Béla")]
        tables: list[dict[str, Any]] = [
            {"seats": two},
            {"seats": two, "preset": "sixty-six", "show_points": True},
            {"seats": two, "options": {"min_talon": 2}},
            {"seats": two, "preset": "short", "show_points": True},
            {"seats": [bot("rules", "Béla"), person("Anna")], "preset": "sixty-six"},
            {"seats": [person("Anna"), bot("random", "Béla")], "show_points": True},
        ]
        for i, kw in enumerate(tables):
            t = create(srv, **kw)
            seats = {int(j): Seat(srv, t["id"], int(j), tok) for j, tok in t["tokens"].items()}
            live = snap_table(srv, t["id"])
            every = list(seats.values())

            def over(seats: dict[int, Seat] = seats) -> bool:
                return all(s.view.get("match_over") for s in seats.values())

            deadline = time.monotonic() + 120
            steps = 0
            while not over():
                assert time.monotonic() < deadline, "stalled"
                for s in seats.values():
                    s.drain(0.002)
                mover = next((s for s in seats.values() if s.my_turn()), None)
                if mover is None:
                    continue
                mover.act(choose(mover, rng))
                for s in seats.values():
                    s.recv()
                steps += 1
                if steps % 17 == i:  # a tab reconnects: a resync, or a replay of what it missed
                    j = rng.choice(list(seats))
                    since = rng.choice([None, max(0, seats[j].version - 3)])
                    seats[j].close()
                    seats[j] = Seat(srv, t["id"], j, t["tokens"][str(j)], since=since)
                    every.append(seats[j])
            for s in seats.values():
                s.drain(0.1)
            secrets = _seed_texts(live)
            for s in every:
                for f in s.frames:
                    parts += check_frame(live, s.seat, f, secrets)
            for s in seats.values():
                s.close()
            deals += len(live.session.deals)
            assert isinstance(live.session, SnapMatch) and live.session.is_over()
    # (each match needs 3 deals at least, a short one 1: 16 in all; some 25 are usual)
    assert deals >= 16 and parts > 800, (deals, parts)


def test_the_leak_check_can_fail(tmp_path: Path) -> None:
    """The check above finds a card of the other hand, by number or by name, and a seed."""
    with Running(sqlite(tmp_path)) as srv:
        t = create(srv, [person("Anna"), person("Béla")])
        live = snap_table(srv, t["id"])
        s = Seat(srv, t["id"], 0, t["tokens"]["0"])
        f = s.frames[0]
        secrets = _seed_texts(live)
        assert check_frame(live, 0, f, secrets) == 1
        other = next(c for c in range(32) if live.deal.hands[1] >> c & 1)
        for bad in (
            {**f, "view": {**f["view"], "hand": [*f["view"]["hand"], other]}},
            {**f, "view": {**f["view"], "note": f"held: {name(other, 'hu')}"}},
            {**f, "view": {**f["view"], "x": secrets[0]}},
        ):
            with pytest.raises(AssertionError):
                check_frame(live, 0, bad, secrets)
        s.close()
