"""The engine's words without their rule ids, for player screens (ulti.i18n.plain): one
mechanism for the terminal and the server's pages."""

from __future__ import annotations

import re

import pytest

from ulti import i18n
from ulti.i18n.plain import RULE_ID, cited, plain, said


@pytest.mark.parametrize(
    ("words", "lang", "want"),
    [
        ("R8: ten tricks played", "en", "Ten tricks played"),
        ("follow suit (R2)", "en", "follow suit"),
        ("the soloist pays it doubled (A5).", "en", "the soloist pays it doubled."),
        ("a szabály (R2 és R3) szerint", "hu", "a szabály szerint"),
        ("Aside (V4): 7, 8", "en", "Aside: 7, 8"),
        ("Match over (Z12), winner: Anna", "en", "Match over, winner: Anna"),
        ("the rules (Z1-Z13)", "en", "the rules"),
        ("R (unclear seed)", "en", "R"),
        ("Anna -4, Béla +2", "hu", "Anna −4, Béla +2"),
        ("Anna -4, Béla +2", "en", "Anna -4, Béla +2"),
        ("the VII (♥7) of R2-D2 fame", "en", "the VII (♥7) of R2-D2 fame"),
    ],
)
def test_plain_drops_the_cited_ids_and_keeps_the_words(words: str, lang: str, want: str) -> None:
    assert plain(words, lang) == want


def test_cited_lists_each_id_once_in_order() -> None:
    assert cited("R8: after trick 1", "pays (A5) and (R8, S2)") == ["R8", "A5", "S2"]
    assert cited("no rule here, 10 points") == []


def test_said_holds_every_language_plain_and_the_rules() -> None:
    out = said({"en": "K4: the penalty is never multiplied", "hu": i18n.text("line.penalty", "hu")})
    assert out == {
        "en": "The penalty is never multiplied",
        "hu": "A büntetés nem duplázódik",
        "rules": ["K4"],
    }
    assert said({"en": "follow", "hu": "színt kell adni"}, ["R2"])["rules"] == ["R2"]


def test_every_catalogue_text_reads_plain_without_an_id() -> None:
    """Whatever the catalogue cites, plain() leaves no rule id standing in the words."""
    standing = re.compile(rf"(?:^|[\s(]){RULE_ID}(?:[:),]|$)")
    for key in list(i18n.keys()):
        for lang, words in zip(i18n.LANGS, i18n.pair(key), strict=True):
            assert not standing.search(plain(words, lang)), (key, lang, words)


#: The catalogue's sections only player screens show (the terminal tables, the web pages):
#: their words cite no rule id at all (the rule book, the records and the command line may).
PLAYER_SCREENS = ("ui.", "snap.tui-", "snap.web-", "web.", "club.", "analysis.", "table.")


def test_the_words_of_player_screens_cite_no_rule_id() -> None:
    citing = [
        (key, cited(*i18n.pair(key))) for key in list(i18n.keys()) if key.startswith(PLAYER_SCREENS)
    ]
    assert [(key, ids) for key, ids in citing if ids] == []
    assert len(citing) > 300  # the sections are there to be read
