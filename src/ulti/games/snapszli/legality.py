"""What the rules allow now, and why not: Snapszli's legality, each rule once.

Functions over a deal's :class:`~ulti.games.snapszli.state.SnapState` and its
:class:`~ulti.games.snapszli.rules.SnapRules`: the cards the player to move may play (Z4, Z5's
strict play, Z7's marriage card), the actions they may take (Z6 exchange, Z8 closing, Z7
marriages, Z9 claim), and for any other action the refusal that names its rule
(:class:`SnapIllegal`).  :class:`~ulti.games.snapszli.deal.SnapDeal` asks here before it changes
anything.
"""

from __future__ import annotations

from typing import Any

from ulti.core.cards import KING, NINE, OVER, SUIT_MASKS, UNDER, cards_of, name, suit_name, symbol
from ulti.core.errors import UltiError
from ulti.games.snapszli.actions import CLAIM, CLOSE, EXCHANGE, Kind, SnapAction, marriage, play
from ulti.games.snapszli.cards import STRENGTH
from ulti.games.snapszli.rules import SnapRules
from ulti.games.snapszli.state import SnapState
from ulti.i18n import text


class SnapIllegal(UltiError):
    """An action the rules do not allow now: ``rule`` (a SNAPSZLI.md id), ``code`` and
    ``params``; :meth:`text` says why in English or Hungarian.  The state is unchanged."""

    def __init__(self, rule: str, code: str, **params: Any) -> None:
        self.rule = rule
        self.code = code
        self.params = params
        super().__init__(f"{rule}: {self.text('en')}")

    def text(self, lang: str = "en") -> str:
        words: dict[str, Any] = {}
        for k, v in self.params.items():
            if k in ("card", "best"):
                words[k] = name(v, "hu") if lang == "hu" else symbol(v)
            elif k == "suit":
                words[k] = suit_name(v, lang)
            else:
                words[k] = v
        return text(f"snap.no-{self.code}", lang, **words)


# -- the talon's actions (Z6, Z8) --------------------------------------------------------------


def strict(s: SnapState) -> bool:
    """Whether Z5's strict play applies: the talon is empty or closed."""
    return not s.talon or s.closed_by >= 0


def exchange_card(s: SnapState, rules: SnapRules) -> int:
    """The trump card that exchanges for the turned card (Z6; the IX in ZV1)."""
    return s.trump * 8 + (NINE if rules.twenty_four else UNDER)


def talon_open_enough(s: SnapState, rules: SnapRules) -> bool:
    """Whether the talon allows an exchange or a closing: open, and holding at least
    ``min_talon`` cards (Z6, Z8, ZV3)."""
    return s.closed_by < 0 and len(s.talon) >= rules.min_talon


def holds_marriage(hand: int, suit: int) -> bool:
    """Whether ``hand`` holds the King and the Over of ``suit`` (Z7)."""
    return bool(hand >> (suit * 8 + KING) & 1 and hand >> (suit * 8 + OVER) & 1)


# -- cards (Z4, Z5, Z7) ------------------------------------------------------------------------


def strict_mask(hand: int, led: int, trump: int) -> int:
    """Z5: follow and win if you can; void, trump if you can; else anything."""
    same = hand & SUIT_MASKS[led >> 3]
    if same:
        higher = sum(1 << c for c in cards_of(same) if STRENGTH[c & 7] > STRENGTH[led & 7])
        return higher or same
    return hand & SUIT_MASKS[trump] or hand


def legal_cards(s: SnapState) -> list[int]:
    """The cards the player to move may play now (Z4, Z5, Z7)."""
    if s.end is not None:
        return []
    hand = s.hands[s.current_player]
    if not s.trick:
        if s.pending >= 0:  # Z7: lead one of the marriage's two cards
            return [c for c in (s.pending * 8 + KING, s.pending * 8 + OVER) if hand >> c & 1]
        return cards_of(hand)
    if not strict(s):
        return cards_of(hand)
    return cards_of(strict_mask(hand, s.trick[0], s.trump))


def legal_actions(s: SnapState, rules: SnapRules) -> list[SnapAction]:
    """Every action the player to move may take, the claim last (Z6-Z9)."""
    if s.end is not None:
        return []
    hand = s.hands[s.current_player]
    out: list[SnapAction] = []
    if not s.trick and s.pending < 0:
        if talon_open_enough(s, rules):
            if hand >> exchange_card(s, rules) & 1:
                out.append(EXCHANGE)
            out.append(CLOSE)
        out.extend(marriage(suit) for suit in range(4) if holds_marriage(hand, suit))
    out.extend(play(c) for c in legal_cards(s))
    out.append(CLAIM)
    return out


# -- refusals ----------------------------------------------------------------------------------

#: The rule of each action taken before a lead.
_LEAD_RULES = {Kind.EXCHANGE: "Z6", Kind.CLOSE: "Z8", Kind.MARRIAGE: "Z7"}


def why_illegal(s: SnapState, rules: SnapRules, a: SnapAction) -> SnapIllegal | None:
    """Why ``a`` may not be taken now (None: it may)."""
    if s.end is not None:
        return SnapIllegal("Z9", "over")
    if a.kind == Kind.CLAIM:
        return None
    if a.kind in _LEAD_RULES:
        return _why_not_before_lead(s, rules, a)
    return _why_not_card(s, a.card)


def _why_not_before_lead(s: SnapState, rules: SnapRules, a: SnapAction) -> SnapIllegal | None:
    """An exchange, a closing or a marriage: on lead, before its card (Z6, Z7, Z8, ZV3)."""
    rule = _LEAD_RULES[a.kind]
    hand = s.hands[s.current_player]
    if s.trick:
        return SnapIllegal(rule, "on-lead")
    if s.pending >= 0:
        return SnapIllegal("Z7", "one-marriage")
    if a.kind == Kind.MARRIAGE:
        if not holds_marriage(hand, a.suit):
            return SnapIllegal("Z7", "no-marriage", suit=a.suit)
        return None
    if s.closed_by >= 0:
        return SnapIllegal(rule, "closed")
    if len(s.talon) < rules.min_talon:
        return SnapIllegal(
            "ZV3" if rules.min_talon != 3 else rule,
            "talon-small",
            size=len(s.talon),
            need=rules.min_talon,
        )
    if a.kind == Kind.EXCHANGE:
        want = exchange_card(s, rules)
        if not hand >> want & 1:
            return SnapIllegal("Z6", "no-exchange-card", card=want)
    return None


def _why_not_card(s: SnapState, c: int) -> SnapIllegal | None:
    """A card: held (Z4), the marriage's when one is announced (Z7), by strict play (Z5)."""
    hand = s.hands[s.current_player]
    if not 0 <= c < 32:
        return SnapIllegal("Z1", "not-a-card")
    if not hand >> c & 1:
        return SnapIllegal("Z4", "not-held", card=c)
    if c in legal_cards(s):
        return None
    if s.pending >= 0:
        return SnapIllegal("Z7", "marriage-card", suit=s.pending)
    led = s.trick[0]
    if hand & SUIT_MASKS[led >> 3]:
        if c >> 3 != led >> 3:
            return SnapIllegal("Z5", "follow", suit=led >> 3)
        return SnapIllegal("Z5", "overtake", best=led)
    return SnapIllegal("Z5", "trump", suit=s.trump)


__all__ = [
    "SnapIllegal",
    "exchange_card",
    "holds_marriage",
    "legal_actions",
    "legal_cards",
    "strict",
    "strict_mask",
    "talon_open_enough",
    "why_illegal",
]
