"""Puzzles on the club server (issue 31): a puzzle is shown as its seat saw it (no card it
could not know, no answer, no value), an answer is judged with every choice's value and why
in both languages; an account's first try is rated with Glicko-2 (the account and the puzzle
both move, as the reference computation says), a second try is not; guests solve unrated;
rushes end after three wrong answers, refuse a stale or late answer, keep an account's best;
the history and rating on /api/me/puzzles; bad input refused in both languages, nothing
changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from server_util import Running, client, post, register
from ulti.analysis import glicko
from ulti.analysis.puzzles import Puzzle


def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'puzzles.sqlite3'}"


def get(c: httpx.Client, url: str) -> Any:
    r = c.get(url)
    assert r.status_code == 200, r.text
    return r.json()


def stored(srv: Running, puzzle_id: str) -> Puzzle:
    sp = srv.app.state.services.puzzles.puzzle(puzzle_id)
    assert isinstance(sp.puzzle, Puzzle)
    return sp.puzzle


def user_id(srv: Running, name: str) -> int:
    u = srv.app.state.store.user_by_name(name)
    assert u is not None
    return int(u.id)


def known_cards(p: Puzzle) -> set[int]:
    """Every card the puzzle's seat could know at its step: its hand, the talon it laid, the
    cards played."""
    obs = p.observation()
    cards = set(obs.hand) | set(obs.trick)
    if obs.talon is not None:
        cards |= set(obs.talon)
    for _leader, played, _winner in obs.tricks:
        cards |= set(played)
    for _seat, open_hand in obs.exposed:
        cards |= set(open_hand)
    return cards


def shown_cards(view: Any) -> set[int]:
    out = set(view["hand"]) | set(view["talon"] or [])
    for t in view["tricks"]:
        out |= {x["card"] for x in t["cards"]}
    out |= {x["card"] for x in view["trick"]}
    for ch in view["choices"]:
        out |= set(ch["cards"])
    return out


def test_a_puzzle_shows_only_what_its_seat_knew_and_no_answer(tmp_path: Path) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as c:
        seen: set[str] = set()
        for _ in range(12):
            v = get(c, "/api/puzzles/next?skip=" + ",".join(seen))
            seen.add(v["id"])
            p = stored(srv, v["id"])
            assert shown_cards(v) <= known_cards(p), v["id"]
            assert set(v["hand"]) == set(p.observation().hand)
            text = repr(v)
            for secret in ("seed", "answers", "info", "dd", "why", "record", "deck"):
                assert f"'{secret}'" not in text, secret
            assert v["ask"]["hu"] and v["ask"]["en"] and v["choices"]
            assert all(ch["hu"] and ch["en"] for ch in v["choices"])
        assert len(seen) == 12  # a guest is not shown the ones it skipped


def test_a_guest_is_judged_with_every_value_and_why_unrated(tmp_path: Path) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as c:
        v = get(c, "/api/puzzles/next")
        p = stored(srv, v["id"])
        wrong = next(i for i in range(len(p.choices)) if i not in p.answers)
        r = post(c, f"/api/puzzles/{v['id']}/answer", {"choice": wrong})
        assert r.status_code == 200, r.text
        j = r.json()
        assert j["right"] is False and j["answers"] == list(p.answers)
        assert [ch["info"] for ch in j["choices"]] == [round(ch.info, 2) for ch in p.choices]
        assert j["why"]["hu"] and j["why"]["en"] and j["rated"] is None
        r = post(c, f"/api/puzzles/{v['id']}/answer", {"choice": p.answers[0]})
        assert r.json()["right"] is True
        # nothing about the puzzle moved: a guest rates nobody
        assert srv.app.state.services.puzzles.puzzle(v["id"]).plays == 0


def test_an_accounts_first_try_is_rated_as_the_reference_says_and_a_second_is_not(
    tmp_path: Path,
) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as c:
        register(c, "Rejtvényfejtő")
        me = user_id(srv, "Rejtvényfejtő")
        puzzles = srv.app.state.services.puzzles
        v = get(c, "/api/puzzles/next")
        before_puzzle = puzzles.puzzle(v["id"]).rating
        before_me = puzzles.db.solver(me).rating
        p = stored(srv, v["id"])
        r = post(c, f"/api/puzzles/{v['id']}/answer", {"choice": p.answers[0]})
        j = r.json()
        mine, theirs = glicko.attempt(before_me, before_puzzle, True)
        assert j["rated"]["after"] == round(mine.rating) > j["rated"]["before"] == 1500
        assert puzzles.db.solver(me).rating == mine
        assert puzzles.puzzle(v["id"]).rating == theirs
        assert puzzles.puzzle(v["id"]).plays == 1
        again = post(c, f"/api/puzzles/{v['id']}/answer", {"choice": p.answers[0]}).json()
        assert again["rated"] is None and again["seen"] is True
        assert puzzles.db.solver(me).rating == mine
        assert puzzles.puzzle(v["id"]).plays == 1
        # the next puzzle is another one: a tried puzzle is not offered again
        assert get(c, "/api/puzzles/next")["id"] != v["id"]
        history = get(c, "/api/me/puzzles")
        assert history["rating"] == round(mine.rating)
        assert [h["puzzle"] for h in history["history"]] == [v["id"], v["id"]]
        assert history["history"][0]["after"] is None  # the second try: unrated
        assert history["history"][1]["kind_words"]["hu"]


def test_themes_are_named_and_filter_the_next_puzzle(tmp_path: Path) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as c:
        themes = get(c, "/api/puzzles/themes")["themes"]
        tags = {t["tag"]: t for t in themes}
        assert {"card", "talon", "kontra"} <= set(tags)
        assert all(t["hu"] and t["en"] and t["count"] > 0 for t in themes)
        for tag in ("talon", "defence"):
            v = get(c, f"/api/puzzles/next?theme={tag}")
            assert tag in {t["tag"] for t in v["themes"]}
        r = c.get("/api/puzzles/next?theme=nonsense")
        assert r.status_code == 400 and "nonsense" in r.json()["detail_hu"]


def test_the_daily_puzzle_is_the_same_all_day(tmp_path: Path) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as a, client(srv) as b:
        da, db_ = get(a, "/api/puzzles/daily"), get(b, "/api/puzzles/daily")
        assert da["id"] == db_["id"] and da["day"] == db_["day"]


def test_a_rush_ends_after_three_strikes_and_keeps_the_best(tmp_path: Path) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as c, client(srv) as other:
        register(c, "Rohamozó")
        me = user_id(srv, "Rohamozó")
        r = post(c, "/api/puzzles/rush", {"mode": "talon"})
        assert r.status_code == 200, r.text
        rush = r.json()
        assert rush["seconds_left"] > 170 and rush["puzzle"]["kind"] == "talon"
        # someone else cannot answer it
        p0 = rush["puzzle"]["id"]
        stolen = post(other, f"/api/puzzles/rush/{rush['id']}/answer", {"puzzle": p0, "choice": 0})
        assert stolen.status_code == 404
        solved = 0
        state = rush
        for k in range(2):  # two right answers
            p = stored(srv, state["puzzle"]["id"])
            state = post(
                c,
                f"/api/puzzles/rush/{rush['id']}/answer",
                {"puzzle": p.id, "choice": p.answers[0]},
            ).json()
            assert state["judgement"]["right"] and state["score"] == k + 1
            solved += 1
        # an answer to the puzzle already answered is refused, nothing changes
        stale = post(c, f"/api/puzzles/rush/{rush['id']}/answer", {"puzzle": p.id, "choice": 0})
        assert stale.status_code == 409 and stale.json()["detail_hu"]
        for k in range(3):  # three wrong ones end it
            p = stored(srv, state["puzzle"]["id"])
            wrong = next(i for i in range(len(p.choices)) if i not in p.answers)
            state = post(
                c, f"/api/puzzles/rush/{rush['id']}/answer", {"puzzle": p.id, "choice": wrong}
            ).json()
            assert state["mistakes"] == k + 1
        assert state["over"] is True and state["puzzle"] is None and state["score"] == solved
        late = post(c, f"/api/puzzles/rush/{rush['id']}/answer", {"puzzle": p.id, "choice": 0})
        assert late.status_code == 409
        assert get(c, "/api/me/puzzles")["rush"]["talon"] == solved
        assert srv.app.state.services.puzzles.db.solver(me).rush["mixed"] == 0


def test_bad_input_is_refused_in_both_languages_and_changes_nothing(tmp_path: Path) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as c:
        register(c, "Hibás")
        v = get(c, "/api/puzzles/next")
        n = len(v["choices"])
        for body in ({"choice": n}, {"choice": -1}, {"choice": "a"}, {}):
            r = post(c, f"/api/puzzles/{v['id']}/answer", body)
            assert r.status_code in (400, 422), (body, r.text)
        r = post(c, f"/api/puzzles/{v['id']}/answer", {"choice": n})
        assert str(n) in r.json()["detail_hu"] and r.json()["detail"] != r.json()["detail_hu"]
        assert get(c, "/api/me/puzzles")["attempts"] == 0
        for url in ("/api/puzzles/zzzz", "/api/puzzles/" + "x" * 40):
            r = c.get(url)
            assert r.status_code == 404 and r.json()["detail_hu"] == "nincs ilyen feladvány"
        r = post(c, "/api/puzzles/rush", {"mode": "blitz"})
        assert r.status_code == 400 and r.json()["detail_hu"]
        assert c.get("/api/puzzles/rush/nope").status_code == 404
        guest = client(srv)
        assert guest.get("/api/me/puzzles").status_code == 401
        guest.close()


def test_starting_rushes_is_capped_per_address(tmp_path: Path) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as c:
        codes = [post(c, "/api/puzzles/rush", {"mode": "mixed"}).status_code for _ in range(8)]
        assert codes[:6] == [200] * 6 and codes[6:] == [429, 429]
        r = post(c, "/api/puzzles/rush", {"mode": "mixed"})
        assert r.headers["Retry-After"] and r.json()["detail_hu"]
