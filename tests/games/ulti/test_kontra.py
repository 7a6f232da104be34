"""Doubling per component (K1-K4, V11)."""

from __future__ import annotations

from fixtures import BETLI_HANDS, ULTI_HANDS, assert_refused, make_deal, start
from ulti.games.ulti import actions as A
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.rules import MAX_KONTRA, Ruleset


def texts(d: Deal, kind: A.ActionKind = A.ActionKind.KONTRA) -> list[str]:
    return [str(a) for a in d.legal_actions() if a.kind == kind]


def ulti_deal(rules: Ruleset | None = None) -> Deal:
    return start(make_deal(ULTI_HANDS, rules=rules or Ruleset()), "ulti", "♦7 ♦8", trump="acorns")


def test_k1_no_doubling_during_the_auction() -> None:
    d = make_deal(ULTI_HANDS)
    d.apply("discard ♦7 ♦8")
    d.apply("bid ulti")
    assert_refused(d, "kontra ulti", "A2")


def test_k1_k2_defenders_start_at_their_first_trick_turn() -> None:
    d = ulti_deal()
    assert texts(d) == []  # the soloist leads: only the defenders may start (K2)
    assert_refused(d, "kontra ulti", "K2")
    d.apply("play ♥9")
    assert texts(d) == ["kontra ulti", "kontra simple"]  # in the order of the bid
    d.apply("kontra ulti")
    assert d.kontra_levels(Kind.ULTI) == (1, 1)  # K3: binds both defenders
    assert d.current_player == 2  # still seat 2's turn: it may double more, then play
    assert texts(d) == ["kontra simple"]
    assert_refused(d, "kontra ulti", "K2")  # the same side cannot double it again
    assert_refused(d, "rekontra ulti", "K2")
    d.apply("play ♥10")
    assert texts(d) == ["kontra simple"]  # seat 0 may double what is not doubled yet
    d.apply("kontra simple")
    d.apply("play ♥8")
    # the first trick is complete: the soloist answers (K1)
    assert d.phase == Phase.KONTRA and d.current_player == 1
    assert [str(a) for a in d.legal_actions()] == ["pass", "rekontra ulti", "rekontra simple"]


def test_k2_levels_and_their_names_to_the_highest_cap() -> None:
    d = ulti_deal(Ruleset(max_kontra=MAX_KONTRA))
    d.apply("play ♥9")
    d.apply("kontra ulti")
    d.apply("play ♥10")
    d.apply("play ♥8")
    d.apply("rekontra ulti")  # x4, the soloist; no other open double: the turn passes
    assert d.current_player == 2
    assert texts(d) == ["subkontra ulti"]
    d.apply("subkontra ulti")  # x8, defenders (binds both)
    assert d.current_player == 1  # seat 0 has nothing to answer; the soloist does
    d.apply("mordkontra ulti")  # x16
    d.apply("pass")  # seat 2 declines ...
    assert d.current_player == 0
    d.apply("hirschkontra ulti")  # ... seat 0 raises: x32
    d.apply("fedaksari ulti")  # x64
    d.apply("bicycle ulti")  # x128 (seat 2)
    d.apply("kontra-256 ulti")  # beyond the named levels
    d.apply("pass")
    d.apply("pass")
    assert d.phase == Phase.PLAY and d.current_player == 2  # the trick's winner leads
    assert d.kontra_levels(Kind.ULTI) == (8, 8)
    # K1: doubling is closed now
    assert_refused(d, "kontra simple", "K1")
    assert texts(d) == []


def test_k1_declining_ends_the_answers() -> None:
    d = ulti_deal()
    d.apply("play ♥9")
    d.apply("kontra ulti")
    d.apply("play ♥10")
    d.apply("play ♥8")
    d.apply("pass")  # the soloist declines: nothing to answer for the defenders
    assert d.phase == Phase.PLAY and d.current_player == 2
    assert d.kontra_levels(Kind.ULTI) == (1, 1)


def test_k3_no_trump_components_bind_only_the_doubling_defender() -> None:
    d = start(make_deal(BETLI_HANDS), "betli", "♦A ♦K")
    d.apply("play ♥7")
    d.apply("kontra betli")  # seat 2 doubles for itself
    assert d.kontra_levels(Kind.BETLI) == (1, 0)
    d.apply("play ♥A")
    assert texts(d) == ["kontra betli"]  # seat 0 has not doubled
    d.apply("play ♣A")
    assert d.phase == Phase.KONTRA and d.current_player == 1
    d.apply("rekontra betli")  # answers seat 2 only
    assert d.kontra_levels(Kind.BETLI) == (2, 0)
    assert d.current_player == 2 and texts(d) == ["subkontra betli"]
    d.apply("pass")
    assert d.phase == Phase.PLAY  # seat 0 cannot start a double after the first trick
    assert_refused(d, "kontra betli", "K1")


def test_k3_the_soloist_answers_different_levels_separately() -> None:
    d = start(make_deal(BETLI_HANDS), "betli", "♦A ♦K")
    d.apply("play ♥7")
    d.apply("kontra betli")
    d.apply("play ♥A")
    d.apply("kontra betli")
    d.apply("play ♣A")
    d.apply("rekontra betli")
    assert d.kontra_levels(Kind.BETLI) == (2, 2)
    d.apply("subkontra betli")  # seat 2 raises its own relation only
    assert d.kontra_levels(Kind.BETLI) == (3, 2)
    d.apply("pass")  # seat 0
    d.apply("mordkontra betli")
    assert d.kontra_levels(Kind.BETLI) == (4, 2)


def test_v11_kontra_capped_at_rekontra() -> None:
    d = ulti_deal(Ruleset(max_kontra=2))
    d.apply("play ♥9")
    d.apply("kontra ulti")
    d.apply("play ♥10")
    d.apply("play ♥8")
    d.apply("rekontra ulti")
    assert d.phase == Phase.PLAY  # nothing more may be raised
    d = ulti_deal(Ruleset(max_kontra=2))
    d.apply("play ♥9")
    d.apply("kontra ulti")
    d.apply("play ♥10")
    d.apply("play ♥8")
    assert_refused(d, "mordkontra ulti", "V11")


def test_kontra_of_a_component_not_in_the_bid() -> None:
    d = ulti_deal()
    d.apply("play ♥9")
    assert_refused(d, "kontra betli", "K1")
    assert_refused(d, "kontra 40-100", "K1")
