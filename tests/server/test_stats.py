"""The facts of a finished deal per seat, and a profile's summary (docs/CLUB.md, "Ratings and
statistics"; ulti.server.stats)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from fixtures import BETLI_HANDS, FAIL, FAIL_PLAY, ULTI_HANDS, make_deal, play_random, play_script
from fixtures import start as start_deal
from ulti.core.cards import parse_card
from ulti.games.snapszli import CLAIM, SnapDeal, SnapRules, pack
from ulti.games.snapszli import Kind as SnapKind
from ulti.games.ulti import actions as A
from ulti.games.ulti.bids import ALL_BIDS, BID_BY_KEY, Kind
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.scoring import Status
from ulti.server.stats import (
    KIND_KEYS,
    DealFacts,
    kind_of,
    kind_title,
    snap_deal_facts,
    summary,
    ulti_deal_facts,
)

# dealer 0: seat 1 (forehand) is the soloist; seat 2 is the first defender, seat 0 the second.
# A 40-100 Ulti Durchmars in acorns that the soloist makes whatever the defenders play.
WIN = {
    1: "♣A ♣10 ♣K ♣Q ♣J ♣9 ♣8 ♣7 ♥A ♠A ♦7 ♦8",
    2: "♥10 ♥K ♥Q ♥J ♥9 ♠7 ♠10 ♠K ♠Q ♠J",
    0: "♥8 ♥7 ♠9 ♠8 ♦A ♦10 ♦K ♦Q ♦J ♦9",
}
WIN_ORDER = ["♣A", "♣10", "♣K", "♣Q", "♣J", "♣9", "♣8", "♥A", "♠A", "♣7"]


def play_out(d: Deal, soloist_order: list[str], kontras: dict[int, list[str]]) -> None:
    """Play to the end: the soloist's cards in ``soloist_order``, the defenders their first
    legal card; ``kontras[seat]`` are said by that seat at its first-trick turn (K1); every
    answer after the first trick is a pass."""
    order = list(soloist_order)
    while not d.is_over():
        if d.phase == Phase.KONTRA:
            d.apply("pass")
            continue
        p = d.current_player
        if d.tricks_played == 0:
            for k in kontras.pop(p, []):
                d.apply(k)
        if p == d.soloist and order:
            d.apply(f"play {order.pop(0)}")
        else:
            d.apply(A.play(d.legal_cards()[0]))


def facts_by_seat(d: Deal) -> dict[int, DealFacts]:
    return dict(enumerate(ulti_deal_facts(d)))


# -- Ulti deals -------------------------------------------------------------------------------


def test_b3_k2_a_failed_combination_kontras_won_and_lost() -> None:
    """B3: the Durchmars of a 40-100 Ulti Durchmars fails, so the contract is not made though
    40-100 and Ulti are won.  Seat 2 doubled the Durchmars (won: the soloist lost it) and the
    Ulti (lost); the soloist redoubled the Ulti after the first trick (K1, K2: won)."""
    d = start_deal(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")

    def kontras(dd: Deal, i: int) -> None:
        if i == 1:  # seat 2, at its first-trick turn
            dd.apply("kontra durchmars")
            dd.apply("kontra ulti")
        if i == 3:  # the first trick is complete: the soloist answers
            assert dd.phase == Phase.KONTRA and dd.current_player == 1
            dd.apply("rekontra ulti")

    play_script(d, FAIL_PLAY, kontras)
    assert d.kontra_levels(Kind.ULTI) == (2, 2) and d.kontra_levels(Kind.DURCHMARS) == (1, 1)
    f = facts_by_seat(d)
    # 40-100: +4 each; Ulti x4: +16 each; Durchmars x2 lost: -12 each (S1)
    assert d.returns() == [-8, 16, -8]
    assert [f[s].units for s in range(3)] == [-8, 16, -8]
    assert f[1] == DealFacts(
        units=16,
        role="soloist",
        contract="40-100 Ulti Durchmars",
        contract_hu="negyvenszáz ulti durchmars",
        kind="40-100+ulti+durchmars",
        made=False,
        kontras_given=1,
        kontras_won=1,
        kontras_lost=0,
    )
    assert f[2].role == "defender" and f[2].kind is None and f[2].made is None
    assert f[2].contract == "40-100 Ulti Durchmars"
    assert (f[2].kontras_given, f[2].kontras_won, f[2].kontras_lost) == (2, 1, 1)
    assert (f[0].kontras_given, f[0].kontras_won, f[0].kontras_lost) == (0, 0, 0)


def test_b3_every_component_won_is_made_and_defenders_kontras_are_lost() -> None:
    """B3: every component won: made.  Each defender doubled one component at its own
    first-trick turn (K1; a trump component's double binds both, K3) and lost it."""
    d = start_deal(make_deal(WIN), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    play_out(d, WIN_ORDER, {2: ["kontra ulti"], 0: ["kontra durchmars"]})
    assert d.tricks_won[1] == 10
    f = facts_by_seat(d)
    assert f[1].made is True and f[1].kind == "40-100+ulti+durchmars"
    # 4 + 4x2 + 6x2 from each defender
    assert [f[s].units for s in range(3)] == d.returns() == [-24, 48, -24]
    assert (f[2].kontras_given, f[2].kontras_won, f[2].kontras_lost) == (1, 0, 1)
    assert (f[0].kontras_given, f[0].kontras_won, f[0].kontras_lost) == (1, 0, 1)
    assert (f[1].kontras_given, f[1].kontras_won, f[1].kontras_lost) == (0, 0, 0)


def test_k3_a_betli_doubled_by_one_defender_and_redoubled() -> None:
    """K3: on a no-trump component a double binds only its defender.  Seat 2 doubles the
    Betli, the soloist redoubles against seat 2 only; the soloist takes no trick (B: Betli)."""
    d = start_deal(make_deal(BETLI_HANDS), "betli", "♦A ♦K")
    d.apply("play ♥7")
    d.apply("kontra betli")
    d.apply("play ♥A")
    d.apply("play ♣A")
    assert d.phase == Phase.KONTRA and d.current_player == 1
    d.apply("rekontra betli")
    play_out(d, [], {})
    assert d.kontra_levels(Kind.BETLI) == (2, 0)
    assert d.tricks_won[1] == 0
    f = facts_by_seat(d)
    assert [x.units for x in f.values()] == [-5, 25, -20]  # seat 2 pays 5x4, seat 0 pays 5
    assert f[1].made is True and f[1].kind == "betli" and f[1].contract_hu == "betli"
    assert (f[1].kontras_given, f[1].kontras_won, f[1].kontras_lost) == (1, 1, 0)
    assert (f[2].kontras_given, f[2].kontras_won, f[2].kontras_lost) == (1, 0, 1)
    assert (f[0].kontras_given, f[0].kontras_won, f[0].kontras_lost) == (0, 0, 0)


def test_b4_the_implicit_simple_counts_for_made() -> None:
    """B4: a lone Ulti carries an implicit Simple, a component of its own: the Ulti is won
    but the Simple lost, so the contract is not made; its kind is ``ulti``."""
    rng = random.Random(5)
    for _ in range(4000):
        d = Deal(Ruleset(), rng.getrandbits(64), rng.randrange(3))
        play_random(d, rng, kontra_bias=0.0)
        if d.contract is None or d.contract.key != "ulti":
            continue
        st = d.statuses
        if st.get(int(Kind.ULTI)) == Status.WON and st.get(int(Kind.SIMPLE)) == Status.LOST:
            break
    else:  # pragma: no cover
        raise AssertionError("no Ulti won with its Simple lost")
    soloist = ulti_deal_facts(d)[d.soloist]
    assert soloist.kind == "ulti" and soloist.contract == "Ulti"
    assert soloist.made is False


def test_a5_a_final_simple_not_played_is_not_made() -> None:
    """A5: a final Simple is not played; the soloist pays it doubled, and did not make it.
    A1: the forehand must bid, so an Ulti deal always has a soloist (no deal is passed out)."""
    d = make_deal(ULTI_HANDS)
    d.apply("discard ♦7 ♦8")
    d.apply("bid simple")
    for _ in range(3):
        d.apply("pass")
    assert d.is_over() and d.tricks_played == 0
    f = ulti_deal_facts(d)
    assert [x.role for x in f] == ["defender", "soloist", "defender"]
    assert [x.units for x in f] == [2, -4, 2]
    assert f[1].kind == "simple" and f[1].made is False and f[1].contract == "Simple"
    assert f[1].contract_hu == "passz"
    assert all(x.kontras_given == 0 for x in f)


def test_an_unfinished_deal_has_no_facts() -> None:
    d = make_deal(ULTI_HANDS)
    with pytest.raises(ValueError, match="not over"):
        ulti_deal_facts(d)
    s = SnapDeal(seed=3)
    with pytest.raises(ValueError, match="not over"):
        snap_deal_facts(s)


@pytest.mark.parametrize("claims", [False, True])
def test_s1_k1_random_deals_agree_with_the_settlement_and_the_history(claims: bool) -> None:
    """For random deals (kontras often, claims in open contracts, R7): the units are the
    settlement's (S1, zero-sum), one soloist, ``made`` is every component WON in the deal's
    final statuses, and the kontra counts follow the history (K1, K2)."""
    rng = random.Random(11 if claims else 12)
    seen_made = set()
    kontra_deals = 0
    for _ in range(300):
        d = Deal(Ruleset(simple_forfeit=rng.random() < 0.5), rng.getrandbits(64), rng.randrange(3))
        play_random(d, rng, kontra_bias=0.4, claims=claims)
        f = ulti_deal_facts(d)
        assert [x.units for x in f] == d.returns() and sum(x.units for x in f) == 0
        assert [x.role for x in f].count("soloist") == 1
        bid = d.contract
        assert bid is not None
        s = d.soloist
        made = all(d.statuses.get(int(c.kind)) == Status.WON for c in bid.components)
        assert f[s].made is made and f[s].kind == kind_of(bid)
        seen_made.add(made)
        for seat in range(3):
            mine = [a for p, a in d.history if p == seat and a.kind == A.ActionKind.KONTRA]
            assert f[seat].kontras_given == len(mine)
            comps = {a.component for a in mine}
            won = sum((d.statuses[int(k)] == Status.WON) == (seat == s) for k in comps)
            assert (f[seat].kontras_won, f[seat].kontras_lost) == (won, len(comps) - won)
            kontra_deals += bool(mine)
            if seat != s:
                assert f[seat].kind is None and f[seat].made is None
    assert seen_made == {True, False} and kontra_deals > 20


# -- kinds --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "kind"),
    [
        ("simple", "simple"),
        ("simple of hearts", "simple"),
        ("ulti", "ulti"),
        ("ulti of hearts", "ulti"),
        ("open ulti", "ulti"),
        ("four aces", "four-aces"),
        ("betli", "betli"),
        ("rebetli", "betli"),
        ("open betli", "betli"),
        ("trump durchmars", "durchmars"),
        ("plain redurchmars", "durchmars"),
        ("40-100", "40-100"),
        ("20-100 of hearts", "20-100"),
        ("40-100 ulti", "40-100+ulti"),
        ("ulti four aces", "ulti+four-aces"),
        ("40-100 ulti four aces", "40-100+ulti+four-aces"),
        ("20-100 ulti open durchmars of hearts", "20-100+ulti+durchmars"),
    ],
)
def test_b1_b2_b4_a_kind_names_the_components_not_the_form(bid: str, kind: str) -> None:
    """B1 (Hearts), B2 (open) and B4 (the implicit Simple) leave the kind alone."""
    assert kind_of(BID_BY_KEY[bid]) == kind


def test_b5_every_bid_has_a_kind_with_words_in_both_languages() -> None:
    kinds = {kind_of(b) for b in ALL_BIDS}
    assert len(kinds) == 19  # the ladder's distinct sets of announced components
    for k in kinds:
        assert k.split("+")[0] in KIND_KEYS.values()
        en, hu = kind_title(k, "en"), kind_title(k, "hu")
        assert en and hu and en.count(" + ") == hu.count(" + ") == k.count("+")


def test_kind_titles_come_from_the_components_names() -> None:
    assert kind_title("40-100+ulti", "en") == "40-100 + Ulti"
    assert kind_title("40-100+ulti", "hu") == "negyvenszáz + ulti"
    assert kind_title("simple", "hu") == "parti"
    assert kind_title("four-aces", "en") == "Four Aces"
    assert kind_title("20-100+four-aces", "hu") == "húszszáz + négy ász"
    for bad in ("", "ulti+", "parti", "Ulti", "ulti++betli"):
        with pytest.raises(ValueError):
            kind_title(bad)


# -- Snapszli -----------------------------------------------------------------------------------


def snap_deal(forehand: str, dealer: str, turned: str, talon: str) -> SnapDeal:
    """Dealer seat 0, forehand seat 1; the talon's other cards top first, then the rest."""
    cs = [[parse_card(t) for t in part.split()] for part in (forehand, dealer, talon)]
    fh, dl, top = cs
    t = parse_card(turned)
    rest = [x for x in pack() if x not in {*fh, *dl, t, *top}]
    return SnapDeal(
        SnapRules(), dealer=0, deck=fh[:3] + dl[:3] + [t] + fh[3:] + dl[3:] + top + rest
    )


def test_z9_a_false_claim_in_snapszli_facts() -> None:
    """Z9: a claim below 66 gives the opponent 3 game points (no trick): the units are the
    game points, won and lost; no contract, no role, no kontras."""
    d = snap_deal("HA HX LA AU AO", "HK HO LU LO AK", "BX", "BA BK BO BU AA HU LX LK AX")
    d.apply("play HA")
    d.apply("play HK")
    d.apply("claim")
    f = snap_deal_facts(d)
    assert f == [DealFacts(units, "none", None, None, None, None, 0, 0, 0) for units in (3, -3)]


def test_z10_random_snapszli_deals_facts_are_their_returns() -> None:
    """Z9-Z11: every deal ends with one winner scoring 1-3 game points."""
    rng = random.Random(4)
    for _ in range(50):
        d = SnapDeal(seed=rng.getrandbits(64), dealer=rng.randrange(2))
        while not d.is_over():
            acts = [a for a in d.legal_actions() if a.kind != SnapKind.CLAIM]
            d.apply(CLAIM if d.points(d.current_player) >= 66 else rng.choice(acts))
        f = snap_deal_facts(d)
        assert tuple(x.units for x in f) == d.returns()
        assert f[0].units == -f[1].units and 1 <= abs(f[0].units) <= 3
        assert {x.role for x in f} == {"none"}


# -- summary ------------------------------------------------------------------------------------


def row(
    units: int,
    role: str,
    kind: str | None = None,
    made: bool | None = None,
    k: tuple[int, int, int] = (0, 0, 0),
) -> SimpleNamespace:
    """A row as the store keeps one (any object with these attributes)."""
    return SimpleNamespace(
        units=units,
        role=role,
        kind=kind,
        made=made,
        kontras_given=k[0],
        kontras_won=k[1],
        kontras_lost=k[2],
    )


def test_summary_of_hand_made_rows() -> None:
    rows = [
        row(8, "soloist", "40-100+ulti", True),
        row(-12, "soloist", "40-100+ulti", False),
        row(5, "soloist", "betli", True, (1, 1, 0)),
        row(-2, "defender", k=(2, 1, 1)),
        row(3, "defender", k=(1, 0, 1)),
        row(-4, "soloist", "simple", False),
        row(2, "soloist", "betli", True),
        row(-1, "none"),  # a Snapszli deal
    ]
    assert summary(rows) == {
        "deals": 8,
        "units": -1,
        "units_per_deal": -0.12,
        "contracts": [
            {"kind": "40-100+ulti", "title": "40-100 + Ulti", "title_hu": "negyvenszáz + ulti",
             "bid": 2, "made": 1},
            {"kind": "betli", "title": "Betli", "title_hu": "betli", "bid": 2, "made": 2},
            {"kind": "simple", "title": "Simple", "title_hu": "parti", "bid": 1, "made": 0},
        ],
        "kontras": {"given": 4, "won": 2, "lost": 2},
        "soloist": 5,
        "defender": 2,
    }  # fmt: skip


def test_summary_of_nothing_and_of_an_unknown_kind() -> None:
    assert summary([]) == {
        "deals": 0,
        "units": 0,
        "units_per_deal": 0.0,
        "contracts": [],
        "kontras": {"given": 0, "won": 0, "lost": 0},
        "soloist": 0,
        "defender": 0,
    }
    got = summary(iter([row(1, "soloist", "hexmars", True)]))
    assert got["contracts"] == [
        {"kind": "hexmars", "title": "hexmars", "title_hu": "hexmars", "bid": 1, "made": 1}
    ]


def test_summary_of_the_facts_themselves() -> None:
    """A profile over real deals: the facts are rows too."""
    d = start_deal(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    play_script(d, FAIL_PLAY)
    w = start_deal(make_deal(WIN), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    w.apply("marriage acorns")
    play_out(w, WIN_ORDER, {})
    seat1 = [ulti_deal_facts(d)[1], ulti_deal_facts(w)[1], ulti_deal_facts(w)[2]]
    got = summary(seat1)
    assert got["deals"] == 3 and got["soloist"] == 2 and got["defender"] == 1
    assert got["units"] == 4 + 28 - 14
    assert got["contracts"] == [
        {
            "kind": "40-100+ulti+durchmars",
            "title": "40-100 + Ulti + Durchmars",
            "title_hu": "negyvenszáz + ulti + durchmars",
            "bid": 2,
            "made": 1,
        }
    ]
