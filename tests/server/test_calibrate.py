"""``ulti ratings calibrate`` and ``ulti ratings show`` (ulti.server.calibrate): duplicate deals
among computer players, each deal one rated session of the family, saved in the club's store;
deterministic for a seed; every input checked before the work, refused in one line in the
chosen language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fixtures import ROOT
from ulti import i18n
from ulti.cli import app
from ulti.server import calibrate as cal
from ulti.server.ratings import Rating, user_key
from ulti.server.store import RatingRow, Store

runner = CliRunner()
SRC = ROOT / "src" / "ulti"
#: A pimc player bounded by its samples, not the clock: the same play on any machine.
PIMC = "pimc:samples=1,ms=60000"
ULTI_BOTS = f"random,rules,{PIMC}"
ULTI_KEYS = {"bot:random", "bot:rules", "bot:pimc:samples=1,ms=60000"}


def url(tmp_path: Path, name: str = "club.sqlite3") -> str:
    return f"sqlite:///{tmp_path / name}"


def board(store: Store, family: str) -> dict[str, RatingRow]:
    return {r.player: r for r in store.leaderboard(family)}


@pytest.fixture(scope="module")
def ulti_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Store, list[cal.DealRating]]:
    """Two Ulti deals of random, rules and a sample-bound pimc, seed 11."""
    store = Store(url(tmp_path_factory.mktemp("ulti")))
    rated = cal.calibrate(store, cal.check("ulti", "standard", ULTI_BOTS, deals=2, seed=11))
    return store, rated


# -- the module -------------------------------------------------------------------------------


def test_ulti_deals_are_rated_sessions_of_the_three_bots(
    ulti_run: tuple[Store, list[cal.DealRating]],
) -> None:
    store, rated = ulti_run
    assert [r.table_id for r in rated] == ["cal-11-1", "cal-11-2"]
    for r in rated:
        assert len(r.totals) == 3 and sum(r.totals) == 0  # zero-sum over the six seatings
    rows = board(store, "ulti/standard")
    assert set(rows) == ULTI_KEYS
    assert {r.games for r in rows.values()} == {2}
    assert store.families() == ["ulti/standard"]
    # the ratings kept are the last deal's, and each deal left a line of history
    order = ["bot:random", "bot:rules", "bot:pimc:samples=1,ms=60000"]
    last = dict(zip(order, rated[-1].ratings, strict=True))
    for key, row in rows.items():
        assert (row.mu, row.sigma) == (last[key].mu, last[key].sigma)
        assert [h[4] for h in store.rating_history(key)] == ["cal-11-1", "cal-11-2"]
        assert row.sigma < Rating().sigma


def test_the_same_seed_gives_the_same_ratings(
    ulti_run: tuple[Store, list[cal.DealRating]], tmp_path: Path
) -> None:
    store, _ = ulti_run
    other = Store(url(tmp_path))
    cal.calibrate(other, cal.check("ulti", "standard", ULTI_BOTS, deals=2, seed=11))
    assert board(other, "ulti/standard") == board(store, "ulti/standard")
    # and another seed, other cards: other ratings
    third = Store(url(tmp_path, "third.sqlite3"))
    cal.calibrate(third, cal.check("ulti", "standard", ULTI_BOTS, deals=2, seed=12))
    assert board(third, "ulti/standard") != board(store, "ulti/standard")


def test_ratings_go_on_from_the_stored_ones_and_seeds_are_not_played_twice(
    tmp_path: Path,
) -> None:
    store = Store(url(tmp_path))
    plan = cal.check("snapszli", "standard", "random,rules", deals=3)
    first = cal.calibrate(store, plan)  # no seed: the first unused, 1
    assert [r.table_id for r in first] == ["cal-1-1", "cal-1-2", "cal-1-3"]
    second = cal.calibrate(store, plan)  # then 2, from the ratings the first left
    assert [r.table_id for r in second] == ["cal-2-1", "cal-2-2", "cal-2-3"]
    assert {r.games for r in board(store, "snapszli/standard").values()} == {6}
    assert cal.used_seeds(store, "snapszli/standard") == {1, 2}
    assert cal.used_seeds(store, "snapszli/short") == set()
    with pytest.raises(cal.CalibrationError) as refused:
        cal.calibrate(store, cal.check("snapszli", "standard", "random,rules", deals=3, seed=2))
    assert refused.value.key == "ratings-seed-used"
    assert "cal-" not in refused.value.text("hu") and "2" in refused.value.text("hu")
    # another family starts from new ratings
    cal.calibrate(store, cal.check("snapszli", "short", "random,rules", deals=1, seed=2))
    assert {r.games for r in board(store, "snapszli/short").values()} == {1}


def test_snapszli_pairs_play_both_seatings_and_rules_beats_random(tmp_path: Path) -> None:
    store = Store(url(tmp_path))
    plan = cal.check("snapszli", "standard", "random,rules", deals=30, seed=3)
    assert plan.seatings == 2
    calls: list[tuple[int, int]] = []
    rated = cal.calibrate(store, plan, lambda done, total: calls.append((done, total)))
    assert calls[-1] == (60, 60) and len(calls) == 60
    assert len(rated) == 30
    rows = board(store, "snapszli/standard")
    assert set(rows) == {"bot:random", "bot:rules"}
    assert {r.games for r in rows.values()} == {30}
    ordinal = {k: Rating(r.mu, r.sigma).ordinal for k, r in rows.items()}
    assert ordinal["bot:rules"] > ordinal["bot:random"] + 10
    assert [s.player for s in cal.standings(store, "snapszli/standard")] == [
        "bot:rules",
        "bot:random",
    ]


def test_snapszli_with_three_bots_each_pair_both_ways(tmp_path: Path) -> None:
    store = Store(url(tmp_path))
    plan = cal.check("snapszli", "short", f"random,rules,{PIMC}", deals=2, seed=4)
    assert plan.seatings == 6 and plan.family == "snapszli/short"
    rated = cal.calibrate(store, plan)
    assert all(len(r.totals) == 3 and sum(r.totals) == 0 for r in rated)
    assert set(board(store, "snapszli/short")) == ULTI_KEYS
    again = Store(url(tmp_path, "again.sqlite3"))
    cal.calibrate(again, plan)
    assert board(again, "snapszli/short") == board(store, "snapszli/short")


def test_workers_change_nothing(tmp_path: Path) -> None:
    one, two = Store(url(tmp_path, "1.sqlite3")), Store(url(tmp_path, "2.sqlite3"))
    cal.calibrate(one, cal.check("snapszli", "standard", "random,rules", deals=4, seed=9))
    cal.calibrate(
        two, cal.check("snapszli", "standard", "random,rules", deals=4, seed=9, workers=2)
    )
    assert board(one, "snapszli/standard") == board(two, "snapszli/standard")


@pytest.mark.slow
def test_ulti_rules_ends_above_random_after_thirty_deals(tmp_path: Path) -> None:
    """About half a minute: 30 deals under six seatings, one player a (small) pimc."""
    store = Store(url(tmp_path))
    cal.calibrate(store, cal.check("ulti", "standard", ULTI_BOTS, deals=30, seed=1))
    rows = board(store, "ulti/standard")
    ordinal = {k: Rating(r.mu, r.sigma).ordinal for k, r in rows.items()}
    assert {r.games for r in rows.values()} == {30}
    assert ordinal["bot:rules"] > ordinal["bot:random"] + 10


def test_specs_take_budgets_with_commas() -> None:
    assert cal.specs_of("random, rules,pimc:samples=64,ms=800") == [
        "random",
        "rules",
        "pimc:samples=64,ms=800",
    ]
    assert cal.specs_of(["rules", " random "]) == ["rules", "random"]
    plan = cal.check("ulti", "standard", "pimc:ms=800,samples=64,rules,random", seed=0)
    assert plan.keys == ("bot:pimc:samples=64,ms=800", "bot:rules", "bot:random")
    assert plan.seatings == 6 and plan.deals == 20 and plan.seed == 0


@pytest.mark.parametrize(
    ("kwargs", "key"),
    [
        ({"game": "chess"}, "ratings-game"),
        ({"preset": "sixty-six"}, "ratings-preset"),
        ({"bots": "random,rules,alphazero"}, "ratings-bot-unknown"),
        ({"bots": "random,rules,pimc:samples=0"}, "ratings-bot-budget"),
        ({"bots": "random,rules,rules:40"}, "ratings-bot-twice"),
        ({"bots": "random,rules"}, "ratings-bots-ulti"),
        ({"bots": "random,rules,pimc,pimc:64"}, "ratings-bots-ulti"),
        ({"game": "snapszli", "bots": "rules"}, "ratings-bots-snapszli"),
        ({"deals": 0}, "ratings-deals"),
        ({"deals": cal.MAX_DEALS + 1}, "ratings-deals"),
        ({"seed": -1}, "ratings-seed"),
        ({"seed": 2**64}, "ratings-seed"),
        ({"workers": 0}, "ratings-workers"),
    ],
)
def test_check_refuses_in_both_languages(kwargs: dict[str, object], key: str) -> None:
    with pytest.raises(cal.CalibrationError) as refused:
        cal.check(**kwargs)  # type: ignore[arg-type]
    assert refused.value.key == key
    en, hu = refused.value.text("en"), refused.value.text("hu")
    assert en != hu and str(refused.value) == en


def test_table_ids_fit_the_column() -> None:
    assert cal.table_id(cal.MAX_SEED, cal.MAX_DEALS) == f"cal-{2**64 - 1}-99999"
    assert len(cal.table_id(cal.MAX_SEED, cal.MAX_DEALS)) <= 32


def test_family_names_are_checked() -> None:
    assert cal.check_family("snapszli/short") == "snapszli/short"
    for bad in ("ulti", "ulti/nope", "chess/standard", ""):
        with pytest.raises(cal.CalibrationError):
            cal.check_family(bad)


# -- the command ------------------------------------------------------------------------------


def ok(args: list[str]) -> str:
    r = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert r.exit_code == 0, (args, r.output, r.exception)
    return r.output


def test_calibrate_and_show_in_english(tmp_path: Path) -> None:
    db = url(tmp_path)
    args = ["ratings", "calibrate", "--db", db, "--game", "snapszli", "--bots", "random,rules"]
    out = ok([*args, "--deals", "6", "--seed", "7"])
    assert "Calibrating snapszli/standard: random, rules; 6 deals x 2 seatings, seed 7" in out
    assert "6 deals rated in snapszli/standard" in out and "cal-7-1 to cal-7-6" in out
    assert "Leaderboard: snapszli/standard" in out
    assert "rules (easy)" in out and "computer" in out and "sessions" in out
    table = out[out.index("Leaderboard") :]
    assert table.index("rules (easy)") < table.index("random")
    # a person rated at a table shows by name
    store = Store(db)
    user = store.add_user("Béla", "x")
    store.save_ratings("t1", "snapszli/standard", [(user_key(user.id), 20.0, 3.0)])
    store.save_ratings("t2", "ulti/standard", [(user_key(user.id), 25.0, 8.0)])
    store.dispose()
    shown = ok(["ratings", "show", "--db", db, "--family", "snapszli/standard"])
    assert "Béla" in shown and "person" in shown and "11.00" in shown and "20.00 ± 3.00" in shown
    assert "Leaderboard: ulti/standard" not in shown
    every = ok(["ratings", "show", "--db", db])
    assert "Leaderboard: snapszli/standard" in every and "Leaderboard: ulti/standard" in every
    empty = ok(["ratings", "show", "--db", db, "--family", "ulti/two-round"])
    assert "no one is rated in ulti/two-round yet" in empty


def test_calibrate_and_show_in_hungarian(tmp_path: Path) -> None:
    db = url(tmp_path)
    out = ok(
        ["ratings", "calibrate", "--db", db, "--bots", ULTI_BOTS, "--deals", "1", "--lang", "hu"]
    )
    assert "Kalibrálás (ulti/standard)" in out and "mag: 1" in out
    assert "Ranglista: ulti/standard" in out and "értékszám" in out
    assert "rules (kezdő)" in out and "random (véletlen)" in out and "pimc (1 minta" in out
    assert "gép" in out and re.search(r"\d,\d\d ± \d,\d\d", out)
    assert "Leaderboard" not in out and "computer" not in out
    shown = ok(["ratings", "show", "--db", db, "--lang", "hu"])
    assert "Ranglista: ulti/standard" in shown and "partik" in shown
    fresh = ok(["ratings", "show", "--db", url(tmp_path, "new.sqlite3"), "--lang", "hu"])
    assert "még senkinek sincs értékszáma" in fresh


def refused(args: list[str], lang: str, *words: str) -> str:
    r = runner.invoke(app, [*args, "--lang", lang], env={"COLUMNS": "80"})
    assert r.exit_code == 1, (args, r.exit_code, r.output)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1, r.output
    assert lines[0].startswith("hiba: " if lang == "hu" else "error: "), r.output
    for w in words:
        assert w in r.output, (args, r.output)
    assert "Calibrating" not in r.output and "Kalibrálás" not in r.output
    return r.output


@pytest.mark.parametrize(
    ("args", "en", "hu"),
    [
        (["--bots", "random,rules,alphazero"], "alphazero is no computer player", "nincs ilyen"),
        (["--bots", "random,rules"], "exactly three computer players", "pontosan három"),
        (["--bots", "random,rules,pimc,pimc:64"], "not 4", "nem 4"),
        (["--bots", "random,rules,rules:40"], "share a rating", "egy értékszámuk"),
        (["--bots", "random,rules,pimc:samples=x"], "a budget is", "gondolkodási keret"),
        (["--game", "snapszli", "--bots", "rules"], "2 to 8 computer players", "2–8 gépi"),
        (["--game", "chess"], "unknown game chess", "ismeretlen játék"),
        (["--preset", "nope"], "ulti has no preset nope", "nincs nope nevű"),
        (["--game", "snapszli", "--preset", "two-round"], "snapszli has no preset", "nincs"),
        (["--deals", "0"], "--deals is a whole number", "a --deals"),
        (["--seed", "-1"], "--seed is a whole number", "a --seed"),
        (["--workers", "0"], "--workers is a whole number", "a --workers"),
    ],
)
def test_calibrate_refuses_bad_input_before_any_work(
    tmp_path: Path, args: list[str], en: str, hu: str
) -> None:
    db = tmp_path / "untouched.sqlite3"
    base = ["ratings", "calibrate", "--db", f"sqlite:///{db}"]
    refused([*base, *args], "en", en)
    refused([*base, *args], "hu", hu)
    assert not db.exists()  # checked before the database was even opened


@pytest.mark.parametrize(
    "db", ["nonsense://x", "sqlite:////no/such/folder/ulti.sqlite3", "postgresql://u@127.0.0.1:1/d"]
)
def test_a_database_that_cannot_be_opened(db: str) -> None:
    for command in (["calibrate", "--bots", ULTI_BOTS], ["show"]):
        refused(["ratings", *command, "--db", db], "en", "cannot open the database")
        refused(["ratings", *command, "--db", db], "hu", "nem nyitható meg az adatbázis")


def test_a_seed_played_already_and_a_family_that_is_none(tmp_path: Path) -> None:
    db = url(tmp_path)
    args = ["ratings", "calibrate", "--db", db, "--game", "snapszli", "--bots", "random,rules"]
    ok([*args, "--deals", "2", "--seed", "3"])
    refused([*args, "--deals", "2", "--seed", "3"], "en", "seed 3 have rated snapszli/standard")
    refused([*args, "--deals", "2", "--seed", "3"], "hu", "a 3 mag leosztásai")
    assert "seed 1" in ok([*args, "--deals", "1"])  # none given: the next unused
    refused(["ratings", "show", "--db", db, "--family", "ulti"], "en", "ulti is no rules family")
    refused(["ratings", "show", "--db", db, "--family", "x/y"], "hu", "nincs ilyen szabálycsalád")


def test_every_ratings_word_is_in_the_catalogue() -> None:
    """The keys the command and the module ask for (literal, and the columns' and kinds')."""
    src = "".join(p.read_text(encoding="utf-8") for p in sorted((SRC / "cli").glob("*.py")))
    src += (SRC / "server" / "calibrate.py").read_text(encoding="utf-8")
    used = set(re.findall(r"\"(ratings-[a-z-]+)\"", src))
    used |= {f"ratings-col-{k}" for k in ("rank", "player", "kind", "rating", "skill", "games")}
    assert len(used) > 20
    assert sorted(f"club.{k}" for k in used if f"club.{k}" not in i18n.CATALOGUE) == []
    mine = {k for k in i18n.read_surface("club")["club"] if k.startswith("ratings-")}
    assert mine <= used, sorted(mine - used)
