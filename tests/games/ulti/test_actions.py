"""Actions: one canonical text per action that round-trips, integer ids, the parser."""

from __future__ import annotations

import pickle

import pytest

from ulti.core.cards import parse_card
from ulti.games.ulti import actions as A
from ulti.games.ulti.bids import ALL_BIDS, Kind


def all_actions() -> list[A.Action]:
    out: list[A.Action] = [
        *A.PLAY,
        *A.DISCARD.values(),
        *A.BID.values(),
        A.PASS,
        A.PICKUP,
        A.CLAIM,
        *A.TRUMP,
        *A.MARRIAGE,
    ]
    out += [A.kontra(k, lv) for k in Kind for lv in range(1, 20)]
    return out


def test_every_action_text_round_trips() -> None:
    acts = all_actions()
    texts = [str(a) for a in acts]
    assert len(set(texts)) == len(acts)  # one text per action
    for a in acts:
        b = A.parse_action(str(a))
        assert b == a and b is a  # interned: the same object
        assert pickle.loads(pickle.dumps(a)) is a


def test_action_ids_are_distinct_and_invert() -> None:
    acts = [a for a in all_actions() if a.id >= 0]
    ids = [a.id for a in acts]
    assert len(set(ids)) == len(ids)
    assert max(ids) < A.NUM_ACTIONS
    assert sorted(ids) == list(range(A.NUM_ACTIONS))  # dense: no hole in the action space
    for a in acts:
        assert A.from_id(a.id) is a
    with pytest.raises(ValueError):
        A.from_id(A.NUM_ACTIONS)


def test_canonical_forms() -> None:
    assert str(A.play(parse_card("piros ász"))) == "play ♥A"
    assert str(A.discard(parse_card("♠7"), parse_card("♥A"))) == "discard ♥A ♠7"
    assert str(A.bid("40-100 ulti")) == "bid 40-100 ulti"
    assert str(A.TRUMP[1]) == "trump acorns"
    assert str(A.kontra(Kind.ULTI)) == "kontra ulti"
    assert str(A.kontra(Kind.FORTY_HUNDRED, 2)) == "rekontra 40-100"
    assert str(A.kontra(Kind.SIMPLE, 7)) == "bicycle simple"
    assert str(A.kontra(Kind.SIMPLE, 8)) == "kontra-256 simple"
    assert str(A.MARRIAGE[0]) == "marriage hearts"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("play piros ász", "play ♥A"),
        ("play Hearts Ace", "play ♥A"),
        ("play HA", "play ♥A"),
        ("  PLAY   ♥a ", "play ♥A"),
        ("discard ♥A ♠7", "discard ♥A ♠7"),
        ("discard zöld hetes, piros ász", "discard ♥A ♠7"),
        ("discard HA L7", "discard ♥A ♠7"),
        ("bid ulti 40-100", "bid 40-100 ulti"),
        ("bid piros passz", "bid simple of hearts"),
        ("bid negyvenszáz ulti", "bid 40-100 ulti"),
        ("passz", "pass"),
        ("pick up", "pickup"),
        ("trump makk", "trump acorns"),
        ("trump ♦", "trump bells"),
        ("kontra negyvenszáz", "kontra 40-100"),
        ("rekontra four aces", "rekontra four aces"),
        ("fedák sári ulti", "fedaksari ulti"),
        ("wheeled bicycle betli", "bicycle betli"),
        ("kontra-512 durchmars", "kontra-512 durchmars"),
        ("marriage piros", "marriage hearts"),
        ("40 hearts", "marriage hearts"),
        ("20 makk", "marriage acorns"),
        ("claim", "claim"),
    ],
)
def test_parser_accepts_variants(text: str, canonical: str) -> None:
    assert str(A.parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "play",
        "play ♥Z",
        "discard ♥A",
        "discard ♥A ♥A",
        "discard ♥A ♠7 ♠8",
        "bid",
        "bid nonsense",
        "bid durchmars",
        "trump",
        "trump purple",
        "kontra",
        "kontra nothing",
        "kontra-3 ulti",
        "pass now",
        "marriage",
        "claim everything",
    ],
)
def test_parser_refuses_nonsense(text: str) -> None:
    with pytest.raises(A.ActionParseError):
        A.parse_action(text)


def test_every_known_bid_has_an_action() -> None:
    assert {a.bid for a in A.BID.values()} == {b.key for b in ALL_BIDS}
