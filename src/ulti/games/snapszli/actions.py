"""Snapszli's actions: what a player may do, its one canonical text, its integer id, and the
texts read back in either language.

========================  ==================================================  ========
canonical text            meaning                                             id
========================  ==================================================  ========
``play ♥A``               play a card (Z4, Z5)                                0-31
``marriage hearts``       announce the King-Over marriage of a suit (Z7)      32-35
``exchange``              the trump Alsó (IX in ZV1) for the turned card (Z6) 36
``close``                 close the talon (Z8)                                37
``claim``                 claim 66 (Z9)                                       38
========================  ==================================================  ========

Hungarian words are read too: ``húsz piros``/``negyven makk``/``bemondás zöld``, ``csere``,
``betakarás``, ``elég``; a card alone (``♥A``, ``piros ász``) is a play.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple

from ulti.core.cards import (
    SUIT_NAMES_EN,
    CardParseError,
    fold,
    name,
    parse_card,
    parse_suit,
    suit_words,
    symbol,
)
from ulti.core.errors import UltiError
from ulti.i18n import text


class Kind(IntEnum):
    PLAY = 0
    MARRIAGE = 1
    EXCHANGE = 2
    CLOSE = 3
    CLAIM = 4


class SnapAction(NamedTuple):
    """One action.  ``id``: plays 0-31 (the card), marriages 32-35, exchange 36, close 37,
    claim 38 (:data:`NUM_ACTIONS` in all)."""

    kind: Kind
    card: int = -1
    suit: int = -1

    def __str__(self) -> str:
        k = self.kind
        if k == Kind.PLAY:
            return f"play {symbol(self.card)}"
        if k == Kind.MARRIAGE:
            return f"marriage {SUIT_NAMES_EN[self.suit].lower()}"
        return k.name.lower()

    @property
    def id(self) -> int:
        k = self.kind
        if k == Kind.PLAY:
            return self.card
        if k == Kind.MARRIAGE:
            return 32 + self.suit
        return 36 + int(k) - int(Kind.EXCHANGE)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": str(self), "kind": self.kind.name.lower(), "id": self.id}
        if self.kind == Kind.PLAY:
            out["card"] = self.card
        elif self.kind == Kind.MARRIAGE:
            out["suit"] = self.suit
        return out


NUM_ACTIONS = 39


class SnapParseError(UltiError):
    """A text that is no Snapszli action."""


def play(card: int) -> SnapAction:
    return SnapAction(Kind.PLAY, card=card)


def marriage(suit: int) -> SnapAction:
    return SnapAction(Kind.MARRIAGE, suit=suit)


EXCHANGE = SnapAction(Kind.EXCHANGE)
CLOSE = SnapAction(Kind.CLOSE)
CLAIM = SnapAction(Kind.CLAIM)

#: The words of the actions without a card or suit (folded: no accents, lower case).
_WORDS = {
    "exchange": EXCHANGE,
    "csere": EXCHANGE,
    "close": CLOSE,
    "betakar": CLOSE,
    "betakaras": CLOSE,
    "takar": CLOSE,
    "claim": CLAIM,
    "eleg": CLAIM,
    "66": CLAIM,
}
#: The words a marriage's suit follows.
_MARRIAGE_WORDS = ("marriage", "husz", "negyven", "bemondas", "bemond")


def parse_action(raw: str) -> SnapAction:
    """An action from its text: the canonical form and the other notations (module doc)."""
    if not isinstance(raw, str):
        raise SnapParseError(f"an action is a text, not {type(raw).__name__}")
    t = fold(raw).strip()
    if t in _WORDS:
        return _WORDS[t]
    word, _, rest = t.partition(" ")
    rest = rest.strip()
    try:
        if word in ("play", "hiv", "lap") and rest:
            return play(parse_card(rest))
        if word in _MARRIAGE_WORDS and rest:
            return marriage(parse_suit(rest))
        if word not in ("play",) and not rest:
            return play(parse_card(t))
    except (CardParseError, UltiError):
        pass
    raise SnapParseError(
        f"{raw!r} is not a Snapszli action (play ♥A, marriage hearts, exchange, close, claim)"
    )


def action_from_id(ident: int) -> SnapAction:
    """The action of an id (:attr:`SnapAction.id`)."""
    if not isinstance(ident, int) or not 0 <= ident < NUM_ACTIONS:
        raise SnapParseError(f"no action has id {ident!r} (0-{NUM_ACTIONS - 1})")
    if ident < 32:
        return play(ident)
    if ident < 36:
        return marriage(ident - 32)
    return (EXCHANGE, CLOSE, CLAIM)[ident - 36]


def describe(a: SnapAction, lang: str = "en", trump: int = -1) -> str:
    """An action in a player's words (buttons and logs); ``trump`` tells a marriage's points."""
    if a.kind == Kind.PLAY:
        return name(a.card, "hu" if lang == "hu" else "en")
    if a.kind == Kind.MARRIAGE:
        points = 40 if a.suit == trump else 20
        return text("snap.act-marriage", lang, points=points, suit=suit_words(a.suit, lang))
    return text(f"snap.act-{a.kind.name.lower()}", lang)


__all__ = [
    "CLAIM",
    "CLOSE",
    "EXCHANGE",
    "NUM_ACTIONS",
    "Kind",
    "SnapAction",
    "SnapParseError",
    "action_from_id",
    "describe",
    "marriage",
    "parse_action",
    "play",
]
