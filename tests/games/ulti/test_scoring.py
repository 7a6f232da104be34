"""Settlement (S1, S2, K4, B3, B4, P1-P3) and the seeds' worked examples, played out."""

from __future__ import annotations

import random

from fixtures import FAIL, FAIL_PLAY, make_deal, play_random, play_script, start
from ulti.games.ulti import actions as A
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.scoring import SILENT_BASE, Status, settle

# dealer 0: seat 1 (forehand) is the soloist; seat 2 is the first defender, seat 0 the second
WIN = {
    1: "♣A ♣10 ♣K ♣Q ♣J ♣9 ♣8 ♣7 ♥A ♠A ♦7 ♦8",
    2: "♥10 ♥K ♥Q ♥J ♥9 ♠7 ♠10 ♠K ♠Q ♠J",
    0: "♥8 ♥7 ♠9 ♠8 ♦A ♦10 ♦K ♦Q ♦J ♦9",
}


def play_first_legal(d: Deal, soloist_order: list[str] | None = None) -> None:
    """Defenders play their first legal card; the soloist follows ``soloist_order`` when given."""
    order = list(soloist_order or [])
    while not d.is_over():
        if d.phase == Phase.KONTRA:
            d.apply("pass")
            continue
        if d.current_player == d.soloist and order:
            d.apply(f"play {order.pop(0)}")
        else:
            d.apply(A.play(d.legal_cards()[0]))


def line(d: Deal, name: str) -> tuple[str, tuple[int, int, int]]:
    assert d.settlement is not None
    for ln in d.settlement.lines:
        if ln.item == name or ln.item.startswith(name + " ("):
            return ln.outcome, ln.amounts
    raise AssertionError(f"no line {name}: {[ln.item for ln in d.settlement.lines]}")


def test_b3_worked_example_all_components_won_is_14() -> None:
    d = start(make_deal(WIN), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    play_first_legal(d, ["♣A", "♣10", "♣K", "♣Q", "♣J", "♣9", "♣8", "♥A", "♠A", "♣7"])
    assert d.tricks_played == 10 and d.tricks_won[1] == 10
    assert d.returns() == [-14, 28, -14]  # 4 + 6 + 4 from each defender


def test_b3_worked_example_durchmars_fails_is_2() -> None:
    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    play_script(d, FAIL_PLAY)
    assert d.is_over() and d.tricks_played == 10
    assert line(d, "40-100")[0] == "won"
    assert line(d, "Ulti")[0] == "won"
    assert line(d, "Durchmars")[0] == "lost"
    assert d.returns() == [-2, 4, -2]  # 4 - 6 + 4 = 2 from each defender


def test_b3_k3_worked_example_doubled_durchmars_fails_is_minus_4() -> None:
    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")

    def kontra(dd: Deal, i: int) -> None:
        if i == 1:
            dd.apply("kontra durchmars")  # seat 2, at its first-trick turn

    play_script(d, FAIL_PLAY, kontra)
    assert d.kontra_levels(Kind.DURCHMARS) == (1, 1)  # K3: a trump component binds both
    assert line(d, "Durchmars")[1] == (12, -24, 12)
    assert d.returns() == [4, -8, 4]  # 4 - 12 + 4 = -4 for the soloist, per defender


def _lost_ulti(levels: int) -> Deal:
    """An Ulti whose soloist laid the trump VII away: lost from the start (B: Ulti), doubled to
    ``levels`` (1 Kontra, 2 Rekontra, 3 Subkontra)."""
    d = start(make_deal(WIN), "ulti", "♣7 ♦8", trump="acorns")

    def kontras(dd: Deal, i: int) -> None:
        if i == 1 and levels >= 1:
            dd.apply("kontra ulti")
        if i == 3 and levels >= 2:
            assert dd.phase == Phase.KONTRA and dd.current_player == 1
            dd.apply("rekontra ulti")
            if levels >= 3:
                assert dd.current_player == 2  # K2: the defenders answer, in turn order
                dd.apply("subkontra ulti")
                assert dd.current_player == 1
                dd.apply("pass")

    d.apply(A.play(d.legal_cards()[0]))
    for i in range(1, 30):
        if d.is_over():
            break
        kontras(d, i)
        while d.phase == Phase.KONTRA:
            d.apply("pass")
        if not d.is_over():
            d.apply(A.play(d.legal_cards()[0]))
    assert d.is_over()
    return d


def test_k4_doubled_lost_ulti_costs_8_plus_4_then_16_plus_4_then_32_plus_4() -> None:
    for levels, cost in ((0, 4), (1, 8), (2, 16), (3, 32)):
        d = _lost_ulti(levels)
        outcome, amounts = line(d, "Ulti")
        assert outcome == "lost"
        assert amounts == (cost, -2 * cost, cost), levels
        assert line(d, "Ulti penalty")[1] == (4, -8, 4)  # never multiplied


def test_b4_implicit_simple_is_won_or_lost_on_its_own() -> None:
    d = _lost_ulti(0)
    assert line(d, "Ulti")[0] == "lost"
    outcome, amounts = line(d, "implicit Simple")
    assert outcome == "won" and amounts == (-1, 2, -1)  # the Simple still pays
    # the same deal with the statuses flipped: each line follows its own item
    assert d.contract is not None
    flipped = dict(d.statuses)
    flipped[int(Kind.SIMPLE)] = Status.LOST
    s = settle(d, flipped)
    items = {ln.item: ln.amounts for ln in s.lines}
    assert items["implicit Simple"] == (1, -2, 1)
    assert items["Ulti"] == (4, -8, 4)
    assert sum(s.totals) == 0


def test_s2_silent_bonuses_won_in_a_played_out_simple() -> None:
    d = start(
        make_deal(WIN, rules=Ruleset(simple_forfeit=False)), "simple", "♦7 ♦8", trump="acorns"
    )
    d.apply("marriage acorns")
    play_first_legal(d, ["♣A", "♣10", "♣K", "♣Q", "♣J", "♣9", "♣8", "♥A", "♠A", "♣7"])
    got = (
        {ln.item: (ln.outcome, ln.amounts[2]) for ln in d.settlement.lines} if d.settlement else {}
    )
    assert got == {
        "Simple": ("won", -1),
        "Silent 100": ("won", -2),  # 90 + the 40 marriage
        "Silent Four Aces": ("won", -2),
        "Silent Ulti": ("won", -2),
        "Silent Durchmars": ("won", -3),
    }
    assert d.returns() == [-10, 20, -10]


def test_s2_silent_bonus_lost_costs_double_and_follows_the_carrier_kontra() -> None:
    d = start(
        make_deal(WIN, rules=Ruleset(simple_forfeit=False)), "simple", "♦7 ♦8", trump="acorns"
    )
    d.apply("play ♣A")
    d.apply("kontra simple")  # seat 2 doubles the Simple: the silent bonuses follow (S2)
    play_first_legal(d)
    assert d.contract is not None
    statuses = dict(d.statuses)
    statuses[SILENT_BASE + 3] = Status.LOST  # suppose one defender took every trick
    s = settle(d, statuses)
    amounts = {ln.item: ln.amounts for ln in s.lines}
    assert amounts["Silent Durchmars (Kontra ×2)"] == (12, -24, 12)  # 3 × 2 (lost) × 2 (kontra)


def test_s2_silent_durchmars_in_simple_reading() -> None:
    d = start(
        make_deal(WIN, rules=Ruleset(simple_forfeit=False, silent_durchmars_in_simple=4)),
        "simple",
        "♦7 ♦8",
        trump="acorns",
    )
    play_first_legal(d, ["♣A", "♣10", "♣K", "♣Q", "♣J", "♣9", "♣8", "♥A", "♠A", "♣7"])
    assert line(d, "Silent Durchmars") == ("won", (-4, 8, -4))


def test_s1_k3_no_trump_component_doubled_by_one_defender() -> None:
    d = start(
        make_deal(
            {
                1: "♥A ♥8 ♥9 ♠7 ♠8 ♠9 ♣7 ♣8 ♣9 ♦7 ♦A ♦K",
                2: "♥7 ♥K ♥Q ♥J ♥10 ♠A ♠K ♠Q ♠J ♠10",
                0: "♣A ♣K ♣Q ♣J ♣10 ♦Q ♦J ♦10 ♦9 ♦8",
            }
        ),
        "betli",
        "♦A ♦K",
    )
    d.apply("play ♥A")
    d.apply("kontra betli")  # seat 2 only
    d.apply(A.play(d.legal_cards()[0]))
    assert A.kontra(Kind.BETLI) in d.legal_actions()  # seat 0 may still double for itself
    d.apply(A.play(d.legal_cards()[0]))
    assert d.is_over()
    assert d.kontra_levels(Kind.BETLI) == (1, 0)
    assert d.returns() == [5, -15, 10]  # seat 2 gets 10, seat 0 gets 5 (K3)


def test_s1_every_deal_is_zero_sum_and_points_make_90() -> None:
    rng = random.Random(11)
    for _ in range(300):
        d = play_random(Deal(seed=rng.getrandbits(64), dealer=rng.randrange(3)), rng)
        assert sum(d.returns()) == 0
        assert d.settlement is not None
        for ln in d.settlement.lines:
            assert sum(ln.amounts) == 0


def test_p1_p3_points_add_up_in_the_settlement_summary() -> None:
    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    play_script(d, FAIL_PLAY)
    assert d.settlement is not None
    assert d.settlement.summary[0] == (
        "Points: soloist 70 in tricks + 40 marriages = 110; "
        "defenders 20 in tricks and talon + 0 marriages = 20."
    )
    text = d.settlement.explain()
    assert "40-100" in text and "needs 60" in text and "Total:" in text


def test_four_aces_talon_ace_default_and_reading() -> None:
    aces = {
        1: "♣A ♣10 ♣K ♣Q ♣J ♣9 ♣8 ♣7 ♥A ♦A ♠A ♠7",
        2: "♥10 ♥K ♥Q ♥J ♥9 ♠8 ♠10 ♠K ♠Q ♠J",
        0: "♥8 ♥7 ♠9 ♦7 ♦8 ♦10 ♦K ♦Q ♦J ♦9",
    }
    order = ["♣A", "♣10", "♣K", "♣Q", "♣J", "♣9", "♣8", "♥A", "♦A", "♣7"]
    # the soloist lays an Ace: Four Aces is lost at once by default
    d = start(make_deal(aces), "four aces", "♠A ♠7", trump="acorns")
    assert d.statuses[int(Kind.FOUR_ACES)] == Status.LOST
    play_first_legal(d, order)
    assert line(d, "Four Aces") == ("lost", (4, -8, 4))
    # the other reading: the talon's Ace is ignored, the soloist took every Ace in play
    d = start(
        make_deal(aces, rules=Ruleset(talon_ace_loses_four_aces=False)),
        "four aces",
        "♠A ♠7",
        trump="acorns",
    )
    assert int(Kind.FOUR_ACES) not in d.statuses
    play_first_legal(d, order)
    assert line(d, "Four Aces") == ("won", (-4, 8, -4))


def test_s1_settlement_lines_are_data_rendered_in_either_language() -> None:
    """S1/S2/K4 lines carry the item, the kontra levels and the reason as a code with
    parameters; English and Hungarian words come from one catalogue (ulti.i18n)."""
    from ulti.games.ulti.scoring import PENALTY, line_text
    from ulti.i18n import CATALOGUE

    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")
    play_script(d, FAIL_PLAY)
    assert d.settlement is not None
    for ln in d.settlement.lines:
        assert f"line.{ln.code}" in CATALOGUE
        assert ln.detail == line_text(ln.code, ln.params, "en")
        assert ln.item == ln.title("en")
        assert ln.why("hu") and ln.why("hu") != ln.why("en")
        if ln.item_id == PENALTY:
            assert ln.code == "penalty"
    hu = d.settlement.explain(("A", "B", "C"), "hu")
    assert "Összesen" in hu and "Total" not in hu
    for key, (en, hu_words) in CATALOGUE.items():
        if key.startswith("line."):
            assert en and hu_words and en != hu_words, key
