"""Ratings per rules family with OpenSkill's Plackett-Luce model (docs/CLUB.md, "Ratings and
statistics"; ulti.server.ratings)."""

from __future__ import annotations

import random
import re

import pytest

from fixtures import ROOT
from ulti.i18n import text
from ulti.server.ratings import (
    MU,
    SIGMA,
    Rating,
    bot_key,
    bot_title,
    family,
    is_bot,
    ranks_of,
    update,
    user_key,
)

LOBBY = ROOT / "src" / "ulti" / "server" / "static" / "levels.js"


def test_a_new_rating_and_its_ordinal() -> None:
    r = Rating()
    assert (r.mu, r.sigma) == (MU, SIGMA) == (25.0, 25.0 / 3.0)
    assert r.ordinal == pytest.approx(0.0)  # mu - 3 sigma
    assert Rating(30.0, 2.0).ordinal == pytest.approx(24.0)


def test_s3_the_winner_of_three_gains_the_losers_drop_and_sigma_shrinks() -> None:
    """S3: a session's totals rank its three players."""
    a, b, c = update([Rating()] * 3, [12, -2, -10])
    assert a.mu > b.mu > c.mu and a.mu > MU > c.mu  # the second beat one, lost to one
    assert a.ordinal > b.ordinal > c.ordinal
    assert all(r.sigma < SIGMA for r in (a, b, c))


def test_z12_two_players() -> None:
    """Z12: a Snapszli match has two players: the winner gains what the loser loses."""
    w, lo = update([Rating(), Rating()], [7, 4])
    assert w.mu > MU > lo.mu
    assert w.mu - MU == pytest.approx(MU - lo.mu)
    assert w.sigma < SIGMA and lo.sigma < SIGMA
    assert update([Rating(), Rating()], [4, 7]) == [lo, w]


def test_equal_totals_tie() -> None:
    assert ranks_of([3, 7, 3]) == [2, 1, 2]
    assert ranks_of([5, 5, 5]) == [1, 1, 1]
    assert ranks_of([-1.5, 0.0]) == [2, 1]
    # equal players who tie stay level; sigma still shrinks (the session told something)
    x, y, z = update([Rating()] * 3, [0, 0, 0])
    assert x == y == z and x.mu == pytest.approx(MU) and x.sigma < SIGMA
    # a tie for first: the two share it, above the third
    a, b, c = update([Rating()] * 3, [5, 5, -10])
    assert a == b and a.mu > MU > c.mu
    # a weaker player who ties a stronger one gains on them
    weak, strong = update([Rating(20.0, 5.0), Rating(30.0, 5.0)], [1, 1])
    assert weak.mu > 20.0 and strong.mu < 30.0


def test_update_is_deterministic_and_follows_the_players_not_the_seats() -> None:
    ratings = [Rating(27.0, 6.0), Rating(22.0, 7.5), Rating(25.0, 3.0)]
    totals = [3.0, 10.0, -13.0]
    first = update(ratings, totals)
    assert update(list(ratings), list(totals)) == first
    order = [2, 0, 1]
    moved = update([ratings[i] for i in order], [totals[i] for i in order])
    for got, i in zip(moved, order, strict=True):
        assert got.mu == pytest.approx(first[i].mu)
        assert got.sigma == pytest.approx(first[i].sigma)


def test_update_refuses_what_is_no_session() -> None:
    with pytest.raises(ValueError):
        update([Rating()], [1])
    with pytest.raises(ValueError):
        update([Rating(), Rating()], [1, 2, 3])


def test_a_strong_bot_beating_weaker_persons_pulls_ahead() -> None:
    """Session after session the bot wins; the persons finish in either order between them.
    The bot's shown rating climbs above theirs and keeps climbing."""
    rng = random.Random(3)
    bot, anna, bela = Rating(), Rating(), Rating()
    shown = []
    for _ in range(30):
        x = rng.randint(-20, 0)
        bot, anna, bela = update([bot, anna, bela], [20, x, -20 - x])
        shown.append(bot.ordinal)
    assert bot.ordinal > max(anna.ordinal, bela.ordinal) + 10
    assert bot.mu > MU > max(anna.mu, bela.mu)
    assert shown[-1] > shown[9] > shown[0] > 0
    assert bot.sigma < 0.75 * SIGMA  # surer, though never sure (OpenSkill's tau)


def test_family_names_a_game_and_its_preset() -> None:
    assert family("ulti", "standard") == "ulti/standard"
    assert family("snapszli", "short") == "snapszli/short"
    assert family("snapszli", "sixty-six") == "snapszli/sixty-six"
    with pytest.raises(ValueError, match="game"):
        family("tarokk", "standard")
    with pytest.raises(ValueError, match="preset"):
        family("snapszli", "no-talon")  # an Ulti preset, not Snapszli's


def test_player_keys() -> None:
    assert user_key(12) == "user:12"
    for bad in (-1, True):
        with pytest.raises(ValueError):
            user_key(bad)
    assert is_bot(bot_key("rules")) and not is_bot(user_key(3))


@pytest.mark.parametrize(
    ("spec", "key"),
    [
        ("pimc", "bot:pimc"),
        ("pimc:", "bot:pimc"),
        ("pimc:samples=64,ms=800", "bot:pimc:samples=64,ms=800"),
        ("pimc:ms=800,samples=64", "bot:pimc:samples=64,ms=800"),
        ("pimc:64, ms=800.0", "bot:pimc:samples=64,ms=800"),
        ("pimc:ms=12.5", "bot:pimc:ms=12.5"),
        ("pimc:samples=40", "bot:pimc:samples=40"),
        ("rules", "bot:rules"),
        ("rules:samples=40", "bot:rules"),  # the rules player reads no budget
        ("random:ms=5", "bot:random"),
    ],
)
def test_bot_keys_normalise_equal_strengths(spec: str, key: str) -> None:
    assert bot_key(spec) == key
    assert bot_key(key.removeprefix("bot:")) == key  # a key's spec is its own normal form


def test_bot_keys_refuse_what_no_player_reads() -> None:
    for bad in ("solver", "PIMC", "pimc:samples=0", "pimc:depth=3", "rules:ms=-1", ""):
        with pytest.raises(ValueError):
            bot_key(bad)
    with pytest.raises(ValueError):
        bot_title("user:3")


def lobby_bots() -> list[tuple[str, str]]:
    """The lobby's computer players: ``[spec, web word]`` pairs of levels.js's ``LEVELS`` (the
    level "random" is titled by the word ``randomBot``)."""
    src = LOBBY.read_text(encoding="utf-8")
    block = re.search(r"export const LEVELS = \[(.*?)\];", src, flags=re.S)
    assert block is not None
    pairs = re.findall(r'\["([^"]+)", "(\w+)"\]', block.group(1))
    return [(spec, "randomBot" if level == "random" else level) for spec, level in pairs]


def test_the_lobby_specs_are_titled_by_their_strength_in_both_languages() -> None:
    bots = lobby_bots()
    assert len(bots) == 5
    for spec, word in bots:
        key = bot_key(spec)
        en, hu = bot_title(key, "en"), bot_title(key, "hu")
        name = spec.split(":")[0]
        assert en.startswith(name) and hu.startswith(name)
        assert text(f"web.{word}", "hu") in hu
        assert en == name or en == f"{name} ({text(f'web.{word}', 'en')})"
    assert bot_title("bot:pimc:samples=64,ms=800") == "pimc (expert)"
    assert bot_title("bot:pimc:samples=64,ms=800", "hu") == "pimc (mester)"
    assert bot_title("bot:pimc:ms=800,samples=64", "hu") == "pimc (mester)"
    assert bot_key("expert") == "bot:pimc:samples=64,ms=800"  # a level is its spec
    assert bot_key("easy") == "bot:rules"
    assert bot_title("bot:pimc", "hu") == "pimc (normál)"
    assert bot_title("bot:pimc:samples=12,ms=80") == "pimc (club player)"
    assert bot_title("bot:rules", "hu") == "rules (kezdő)"
    assert bot_title("bot:random") == "random"
    assert bot_title("bot:random", "hu") == "random (véletlen)"


def test_other_budgets_are_titled_by_the_budget() -> None:
    assert bot_title("bot:pimc:samples=16,ms=1500") == "pimc (16 samples, 1500 ms)"
    assert bot_title("bot:pimc:samples=16,ms=1500", "hu") == "pimc (16 minta, 1500 ms)"
    assert bot_title("bot:pimc:samples=40") == "pimc (40 samples)"
    assert bot_title("bot:pimc:samples=40", "hu") == "pimc (40 minta)"
    assert bot_title("bot:pimc:ms=12.5") == "pimc (12.5 ms a move)"
    assert bot_title("bot:pimc:ms=12.5", "hu") == "pimc (lépésenként 12,5 ms)"
