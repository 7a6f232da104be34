"""Snapszli's computer players (docs/SNAPSZLI.md; ulti.players.snapszli) and its duplicate
tournaments (ulti.arena.snapszli): legal actions only, never a false claim (Z9), points counted
from the observation alone (Z7, Z9, ZV4, Z13), determinism, what a seat infers in strict play
(Z5) and from marriages (Z7) and the exchange (Z6), deals sampled consistently with an
observation, the players' strength in small duplicate tournaments, both seatings of each deal."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from ulti import i18n
from ulti.arena.snapszli import (
    run_unit,
    seatings,
    summarize,
    tournament,
    units,
    winner_first,
    write_json,
)
from ulti.core.cards import mask_of, parse_card
from ulti.games.snapszli import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    TARGET,
    Kind,
    SnapAction,
    SnapDeal,
    SnapObservation,
    SnapRules,
    pack,
    play,
)
from ulti.players.base import Budget
from ulti.players.snapszli import (
    SnapPimcPlayer,
    SnapPlayer,
    SnapRandomPlayer,
    SnapRulesPlayer,
    build_deal,
    knowledge,
    make_snap_player,
    play_snap_deal,
    points_of,
    sample_deal,
)

#: every preset and ZV1 alone
RULESETS = [
    SnapRules.from_preset("standard"),
    SnapRules.from_preset("sixty-six"),
    SnapRules.from_preset("short"),
    SnapRules(twenty_four=True),
]
RULE_IDS = ["standard", "sixty-six", "short", "zv1"]
FALSE_CLAIMS = {"false-claim", "closer-false-claim"}


def c(text: str) -> int:
    return parse_card(text)


def deal_of(forehand: str, dealer: str, turned: str, talon: str = "") -> SnapDeal:
    """A deal with these hands (dealer seat 0, forehand seat 1), the turned card and the
    talon's other cards top first; the rest of the pack goes under them."""
    fh, dl, top = ([c(x) for x in s.split()] for s in (forehand, dealer, talon))
    used = {*fh, *dl, c(turned), *top}
    rest = [x for x in pack() if x not in used]
    return SnapDeal(dealer=0, deck=fh[:3] + dl[:3] + [c(turned)] + fh[3:] + dl[3:] + top + rest)


def observed_deals(
    rules: SnapRules, n: int, specs: tuple[str, str] = ("random", "rules")
) -> Iterator[SnapDeal]:
    """Deals played by two players, yielded at every position (the same object, moving on)."""
    for seed in range(n):
        d = SnapDeal(rules, seed, seed % 2)
        players = [make_snap_player(specs[(seed + i) % 2], seed) for i in (0, 1)]
        for seat, p in enumerate(players):
            p.start(seat, rules, seed)
        while not d.is_over():
            yield d
            who = d.current_player
            d.apply(players[who].act(d.observation(who), d.legal_actions()))
        yield d


# -- points from the observation (Z7, Z9, ZV4, Z13) -------------------------------------------


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
def test_points_counted_from_the_observation_match_the_deal(rules: SnapRules) -> None:
    """Z9/Z7/ZV4: won cards plus marriages credited once a trick is won (plus the last trick's
    ten in ZV4) — derivable from what the seat sees (Z13), for either seat."""
    for d in observed_deals(rules, 60):
        for seat in (0, 1):
            obs = d.observation(seat)
            assert points_of(obs, seat, rules) == d.points(seat)
            assert points_of(obs, 1 - seat, rules) == d.points(1 - seat)


def test_a_marriage_counts_once_a_trick_is_won() -> None:
    """Z7: announced before the first trick won, it is credited with that trick."""
    d = deal_of("HK HO LA AU AO", "HA LK LU LO AK", "BX", "BA BK BO BU AA HX LX HU AX")
    d.apply("marriage hearts")
    d.apply("play HO")
    d.apply("play HA")  # seat 0 wins; seat 1 has announced 20 but no trick yet
    obs = d.observation(1)
    assert points_of(obs) == d.points(1) == 0
    d.apply("play LK")
    d.apply("play LA")  # seat 1 wins a trick: 11 + 4 and the 20
    assert points_of(d.observation(1)) == d.points(1) == 35


# -- legal actions, no false claims, determinism ----------------------------------------------


def _check_players(specs: tuple[str, str], rules: SnapRules, deals: int) -> None:
    """Play ``deals`` deals; every action goes through the deal, which refuses an illegal one
    (SnapIllegal naming the rule), and every claim is checked true (Z9)."""
    for seed in range(deals):
        players = [make_snap_player(specs[(seed + i) % 2], seed * 7 + i) for i in (0, 1)]
        claims: list[int] = []

        def watch(d: SnapDeal, seat: int, a: SnapAction, claims: list[int] = claims) -> None:
            if a == CLAIM:
                claims.append(d.points(seat))

        run = play_snap_deal(rules, seed, seed % 2, players, game=seed, on_action=watch)
        end = run.deal.outcome
        assert end is not None and end.code not in FALSE_CLAIMS, (seed, end)  # Z9
        assert all(p >= TARGET for p in claims)


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
def test_random_and_rules_play_legally_and_never_claim_falsely(rules: SnapRules) -> None:
    """Every action is legal (the deal applies it, refusing an illegal one: Z4-Z9) over 200
    deals of each preset and of ZV1, and no claim is false (Z9)."""
    _check_players(("random", "rules"), rules, 100)
    _check_players(("rules", "rules"), rules, 50)
    _check_players(("random", "random"), rules, 50)


class Recorder(SnapPlayer):
    """Wraps a player and records that each action it returns is in ``legal``."""

    def __init__(self, inner: SnapPlayer) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.actions: list[str] = []

    def start(self, seat: int, rules: SnapRules, game: int = 0) -> None:
        super().start(seat, rules, game)
        self.inner.start(seat, rules, game)

    def choose(self, obs: SnapObservation, legal: Sequence[SnapAction]) -> SnapAction:
        a = self.inner.act(obs, legal)
        assert a in legal
        if a == CLAIM:
            assert points_of(obs, None, self.rules) >= TARGET  # Z9: never a false claim
        self.actions.append(str(a))
        return a


@pytest.mark.parametrize("spec", ["random", "rules"])
def test_players_are_deterministic_per_seed(spec: str) -> None:
    rules = SnapRules()

    def moves(seed: int) -> list[str]:
        rec = [Recorder(make_snap_player(spec, seed)), Recorder(make_snap_player("rules", 1))]
        for game in range(5):
            play_snap_deal(rules, 100 + game, game % 2, rec, game=game)
        return rec[0].actions

    assert moves(3) == moves(3)
    if spec == "random":
        assert moves(3) != moves(4)


def test_the_random_player_claims_only_when_true() -> None:
    """Z9: among the legal actions, CLAIM is offered always; the random player takes it only
    when its points reach 66."""
    rules = SnapRules()
    rec = Recorder(SnapRandomPlayer(5))
    taken = Counter[str]()
    for game in range(200):
        play_snap_deal(rules, game, game % 2, [rec, Recorder(SnapRandomPlayer(6))], game=game)
    taken.update(rec.actions)
    assert taken["claim"] > 0


def test_make_snap_player_specs() -> None:
    assert isinstance(make_snap_player("random"), SnapRandomPlayer)
    assert isinstance(make_snap_player("rules", 3), SnapRulesPlayer)
    p = make_snap_player("pimc:samples=8,ms=50", 2)
    assert isinstance(p, SnapPimcPlayer) and p.budget == Budget(8, 50.0) and p.seed == 2
    with pytest.raises(ValueError, match="unknown player"):
        make_snap_player("oracle")
    with pytest.raises(ValueError, match="budget"):
        make_snap_player("pimc:samples=x")


# -- the rules player's habits ------------------------------------------------------------------


def test_rules_player_claims_exchanges_and_announces() -> None:
    """Z9: claims at 66; Z6: exchanges the trump Alsó; Z7: announces the trump marriage (40)
    first and leads its Felső."""
    d = deal_of("BU BK BO HK HO", "HA LK LU LO AK", "BX", "BA AU AO LA AA HX LX HU AX")
    p = SnapRulesPlayer(1)
    p.start(1, d.rules)
    assert p.act(d.observation(1), d.legal_actions()) == EXCHANGE
    d.apply(EXCHANGE)
    a = p.act(d.observation(1), d.legal_actions())
    assert a.kind == Kind.MARRIAGE and a.suit == d.trump
    d.apply(a)
    assert p.act(d.observation(1), d.legal_actions()) == play(c("BO"))  # the Felső
    why_en = p.advise(d.observation(1), d.legal_actions(), "en")[1]
    why_hu = p.advise(d.observation(1), d.legal_actions(), "hu")[1]
    assert why_en and why_hu and why_en != why_hu


def test_rules_player_takes_a_ten_cheaply_and_ducks_low_cards() -> None:
    """Open play (Z4): a side Ten led is taken with the lowest trump; a low side card is not
    trumped."""
    d = deal_of("HX LK LO AU AO", "HU BU BA LU AK", "BX", "BK BO HA AA HO LX HK LA AX")
    p = SnapRulesPlayer(1)
    p.start(0, d.rules)
    d.apply("play HX")
    assert str(p.act(d.observation(0), d.legal_actions())) == "play ♦J"  # the trump Alsó
    d2 = deal_of("AU LK LO HX AO", "HU BU BA LU AK", "BX", "BK BO HA AA HO LX HK LA AX")
    p.start(0, d2.rules)
    d2.apply("play AU")
    a = p.act(d2.observation(0), d2.legal_actions())
    assert a.card >> 3 != d2.trump  # the Alsó led is not worth a trump
    assert str(a) == "play ♣K"  # the higher card of the suit takes it


def test_rules_player_closes_with_enough_sure_points() -> None:
    """Z8: the trump Ace, King and Felső (the Ten lies turned, out of the opponent's reach once
    closed), two side Aces and 40 to announce: 80 sure points, the talon is closed at once;
    without the side Aces (58) it is not."""
    d = deal_of("AA AK AO HA LA", "HX LK LO HO AU", "AX")
    p = SnapRulesPlayer(1)
    p.start(1, d.rules)
    assert p.act(d.observation(1), d.legal_actions()) == CLOSE
    assert p.explanation == ("hint-close", {"points": 80})
    d2 = deal_of("AA AK AO HU LU", "HX LK LO HO AU", "AX")
    assert p.act(d2.observation(1), d2.legal_actions()) != CLOSE


# -- what a seat knows (Z5, Z6, Z7, Z13) ---------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
def test_inferences_are_sound(rules: SnapRules) -> None:
    """Z5: a player who did not follow had no card of the suit, who did not trump had no
    trump, who followed without winning had nothing higher; Z7: the shown marriage card is
    held; Z6: the exchanged card is held.  Over many deals none of it ever excludes the real
    hand, and the inferences do fire."""
    fired = Counter[str]()
    rng = random.Random(1)
    for d in observed_deals(rules, 120):
        if d.is_over():
            continue
        turned = d.deck[6]
        for seat in (0, 1):
            obs = d.observation(seat)
            k = knowledge(obs, rules, turned if rng.random() < 0.5 else -1)
            real = d.hands[1 - seat]
            assert k.opp_cannot & real == 0  # never excludes a card the opponent holds
            assert k.opp_held & ~real == 0  # never claims one it does not
            assert k.opp_size == real.bit_count()
            assert k.unknown & ~(real | mask_of(d.talon)) == 0
            fired["cannot"] += bool(k.opp_cannot & k.unknown)
            fired["held"] += bool(k.opp_held)
    assert fired["cannot"] > 50 and fired["held"] > 50


def test_a_void_in_strict_play_is_inferred() -> None:
    """Z5: after closing, the opponent discards a side card on a trump lead: no trump left."""
    d = deal_of("BA BX HU LU AU", "HA LK HK LO AK", "BK", "AO BU BO LA AA HX LX HO AX")
    d.apply(CLOSE)  # seat 1 closes (it holds the top trumps)
    d.apply("play BA")
    d.apply("play HA")  # seat 0 has no trump: Z5 lets it play anything
    k = knowledge(d.observation(1), d.rules)
    trumps = sum(1 << (d.trump * 8 + r) for r in range(8))
    assert k.opp_cannot & trumps == trumps
    assert k.opp_cannot >> c("HU") & 1 == 0  # hearts were not led: nothing said of them


def test_knowledge_of_a_marriage_and_an_exchange() -> None:
    """Z7: the announcer holds the card shown; Z6: the exchanger holds the turned card."""
    d = deal_of("BU HK HO LA AU", "HA LK LU LO AK", "BX", "BA BK BO AO AA HX LX HU AX")
    d.apply(EXCHANGE)
    d.apply("marriage hearts")
    d.apply("play HO")
    k = knowledge(d.observation(0), d.rules, turned=c("BX"))
    assert k.opp_held == mask_of([c("HK"), c("BX")])
    assert k.bottom == c("BU")


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
def test_sampled_deals_reproduce_the_observation(rules: SnapRules) -> None:
    """A sampled deal is a real deal (a deck and the history replayed) in which the seat sees
    exactly what it sees in the real one; the real deal itself is one of those the sampler can
    build, whether the seat remembers the turned card or not (Z13)."""
    rng = random.Random(3)
    n = 0
    for d in observed_deals(rules, 40):
        if d.is_over() or rng.random() < 0.6:
            continue
        seat = d.current_player
        obs = d.observation(seat)
        k = knowledge(obs, rules, d.deck[6] if rng.random() < 0.5 else -1)
        assert build_deal(rules, obs, k.walk, d.hands, d.talon, d.deck[6]) is not None
        s = sample_deal(k, obs, rng)
        assert s is not None
        assert s.observation(seat) == obs
        assert s.hands[1 - seat] & k.opp_cannot == 0
        assert s.hands[1 - seat] & k.opp_held == k.opp_held
        n += 1
    assert n > 50


def test_the_sampler_is_uniform_at_the_first_lead() -> None:
    """Before any play the opponent's five cards are any five of the fourteen unseen (the
    turned card lies face up): each unseen card is the opponent's about 5/14 of the time."""
    d = SnapDeal(seed=8, dealer=0)
    obs = d.observation(1)
    k = knowledge(obs, d.rules)
    rng = random.Random(2)
    counts = Counter[int]()
    n = 2800
    for _ in range(n):
        s = sample_deal(k, obs, rng)
        assert s is not None
        counts.update(x for x in range(32) if s.hands[0] >> x & 1)
    unseen = [x for x in pack() if not k.hand >> x & 1 and x != d.turned]
    assert len(unseen) == 14 and set(counts) == set(unseen)
    for x in unseen:
        assert abs(counts[x] / n - 5 / 14) < 0.05


# -- advice ---------------------------------------------------------------------------------------


def test_hints_in_both_languages_from_the_catalogue() -> None:
    hints = [k for k in i18n.CATALOGUE if k.startswith("snap.hint-")]
    assert len(hints) >= 10 and i18n.check() == []
    d = SnapDeal(seed=4)
    for spec in ("random", "rules"):
        p = make_snap_player(spec, 1)
        obs = d.observation(d.current_player)
        p.start(d.current_player, d.rules)
        a, en = p.advise(obs, d.legal_actions(), "en")
        p.start(d.current_player, d.rules)  # the same seed, the same advice
        b, hu = p.advise(obs, d.legal_actions(), "hu")
        assert a == b and a in d.legal_actions() and en and hu


# -- the tournament: both seatings ---------------------------------------------------------------


def test_every_deal_is_played_in_both_seatings() -> None:
    assert seatings(2) == [(0, 1), (1, 0)]
    assert sorted(seatings(3)) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    us = list(units(["rules", "random"], 5, seed=9, rules=SnapRules()))
    assert len(us) == 10
    for i in range(5):
        mine = [u for u in us if u.index == i]
        assert len({(u.seed, u.dealer) for u in mine}) == 1  # the same cards, the same dealer
        assert sorted(u.seating for u in mine) == [(0, 1), (1, 0)]
    a, b = run_unit(us[0]), run_unit(us[0])  # a unit replays identically wherever it runs
    assert (a.returns, a.code, a.actions) == (b.returns, b.code, b.actions)


def test_rules_beats_random_in_a_duplicate_tournament(tmp_path: Path) -> None:
    summary, results = tournament(["rules", "random"], 40, seed=4)
    assert len(results) == 80
    assert all(sum(r.returns) == 0 for r in results)  # zero-sum
    pair = summary["pairs"]["rules - random"]
    assert pair["deals"] == 40 and pair["games"] == 80 and pair["both_seatings"] == 40
    assert pair["ci95"][0] > 0.5 and pair["win_rate"] > 0.7
    assert summary["pairs"]["random - rules"]["mean"] == pytest.approx(-pair["mean"])
    assert pair["points_for"] - pair["points_against"] == pytest.approx(pair["mean"])
    assert [(a, b) for a, b, _ in winner_first(summary)] == [("rules", "random")]
    # a player's figures are its seat's in each seating: swap the seatings, the same figures
    swapped = [
        replace(r, seating=r.seating[::-1], returns=r.returns[::-1], times=r.times[::-1])
        for r in results
    ]
    again = summarize(["rules", "random"], swapped)
    assert again["pairs"]["rules - random"]["mean"] == pytest.approx(pair["mean"])
    j = tmp_path / "t.json"
    write_json(summary, results, j)
    data = json.loads(j.read_text())
    assert data["config"]["game"] == "snapszli" and len(data["units"]) == 80


@pytest.mark.slow
def test_workers_give_the_same_results_and_a_plot(tmp_path: Path) -> None:
    from ulti.arena.snapszli import plot

    one, r1 = tournament(["rules", "random"], 4, seed=2, workers=1)
    two, r2 = tournament(["rules", "random"], 4, seed=2, workers=2)
    assert [x.returns for x in r1] == [x.returns for x in r2]
    assert one["pairs"] == two["pairs"]
    p = tmp_path / "t.png"
    plot(one, p)
    assert p.read_bytes()[:4] == b"\x89PNG"


# -- pimc (the exact solver on sampled deals) ----------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rules", "deals"),
    [(RULESETS[0], 200), (RULESETS[1], 25), (RULESETS[2], 200), (RULESETS[3], 25)],
    ids=RULE_IDS,
)
def test_pimc_plays_legally_and_never_claims_falsely(rules: SnapRules, deals: int) -> None:
    """Z4-Z9 and no false claim (Z9), against random; the 24-card deals (ZV1), whose open
    positions cost the solver most, fewer."""
    _check_players(("pimc:samples=1", "random"), rules, deals)


def test_pimc_is_deterministic_per_seed() -> None:
    rules = SnapRules()

    def moves(seed: int) -> list[str]:
        rec = [Recorder(make_snap_player("pimc:samples=3", seed)), Recorder(SnapRandomPlayer(1))]
        for game in range(3):
            play_snap_deal(rules, 50 + game, game % 2, rec, game=game)
        return rec[0].actions

    assert moves(2) == moves(2)


def test_pimc_solves_exactly_once_the_talon_is_empty() -> None:
    """Z5 with the talon drawn: both hands are known, one exact solve decides, and its values
    are the solver's on the real deal."""
    from ulti.search.snapszli.solver import SnapSolver

    rules = SnapRules()
    found = 0
    for d in observed_deals(rules, 30, ("rules", "rules")):
        if d.is_over() or d.talon or d.closed_by >= 0:
            continue
        options = [a for a in d.legal_actions() if a.kind != Kind.CLAIM]
        seat = d.current_player
        if len(options) < 2 or d.points(seat) >= TARGET:
            continue
        p = SnapPimcPlayer(1, Budget(samples=5))
        p.start(seat, rules)
        obs = d.observation(seat)
        values, n, exact = p.values(obs, options)
        assert exact and n == 1
        truth = SnapSolver(false_claims=False).move_values(d)
        assert values == {a: truth[a] for a in options}
        a, _why = p.advise(obs, d.legal_actions(), "hu")
        assert values[a] == max(values.values()) and p.explanation[0] == "hint-exact"
        found += 1
    assert found > 10


def test_pimc_claims_when_true_and_explains() -> None:
    """Z9: at 66 the claim is taken at once (no search); the reason names the points."""
    claimed = 0
    for d in observed_deals(SnapRules(), 40, ("random", "random")):
        seat = d.current_player
        if d.is_over() or d.trick or d.points(seat) < TARGET:
            continue
        p = SnapPimcPlayer(1)
        p.start(seat, d.rules)
        a, why = p.advise(d.observation(seat), d.legal_actions(), "en")
        assert a == CLAIM and str(d.points(seat)) in why
        claimed += 1
    assert claimed > 3


def test_pimc_with_a_time_limit_still_plays_legally() -> None:
    """``ms``: a limit per decision; at least a few samples are always taken."""
    _check_players(("pimc:samples=64,ms=1", "rules"), SnapRules(), 3)


@pytest.mark.slow
def test_pimc_beats_random_in_a_duplicate_tournament() -> None:
    summary, _ = tournament(["pimc:samples=4", "random"], 16, seed=5)
    pair = summary["pairs"]["pimc:samples=4 - random"]
    assert pair["both_seatings"] == 16
    assert pair["ci95"][0] > 0.5 and pair["win_rate"] > 0.7
