"""Each rule once: a function that answers "legal" (``None``) or the reason (a :class:`Reason`).

The engine asks these functions both to list the legal actions and to refuse an illegal one, so the
list and the explanation cannot drift apart.  A reason is data — the RULES.md id, a code and
structured parameters (cards, suits and seats as ints, components as
:class:`~ulti.games.ulti.bids.Kind`) — that any front end renders in its language with
:meth:`Reason.text`.

* :func:`play_rule` — which cards a seat may play (R2, R3, R6), and why a card is refused;
* :func:`marriage_rule` — whether a seat may declare a suit's marriage (R5, P4);
* :func:`kontra_rule` — whether a seat may double a component to a level (K1, K2, K3, V11);
* :func:`bid_rule` — whether a bid may be made now (B5, V1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ulti.core.cards import (
    KING,
    OVER,
    SUIT_MASKS,
    SUIT_NAMES_EN,
    SUIT_NAMES_HU,
    card,
    name_hu,
    symbol,
)
from ulti.games.ulti.actions import ActionParseError, describe, kontra_word, parse_action
from ulti.games.ulti.bids import KIND_NAMES, KIND_TITLES, KIND_TITLES_HU, Bid, Kind
from ulti.i18n import text

if TYPE_CHECKING:
    from ulti.games.ulti.state import DealState


class Reason(NamedTuple):
    """Why an action is refused: ``rule`` (a RULES.md id), ``code`` (its words are
    ``reason.CODE`` in :mod:`ulti.i18n`) and
    ``params`` (ints and strings; see each code's template)."""

    rule: str
    code: str
    params: Mapping[str, Any] = {}

    def text(self, lang: str = "en") -> str:
        """The reason in words (``lang``: ``en`` or ``hu``), without the rule id."""
        return text(f"reason.{self.code}", lang, **_render(self.params, lang))

    def __str__(self) -> str:
        return f"{self.rule}: {self.text()}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "code": self.code,
            "params": {k: int(v) if isinstance(v, int) else v for k, v in self.params.items()},
        }


def _action_words(action: str, lang: str) -> str:
    """An action's canonical text in a player's words (``rekontra ulti`` → ``ulti: rekontra``)."""
    try:
        return describe(parse_action(action), lang)
    except ActionParseError:
        return action


def _render(params: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Parameters as words: ``card``/``best`` are cards, ``suit`` a suit, ``component`` a
    :class:`Kind`, ``cards`` a tuple of cards; the rest as they are."""
    hu = lang == "hu"
    out: dict[str, str] = {}
    for k, v in params.items():
        if k in ("card", "best"):
            out[k] = name_hu(v) if hu else symbol(v)
        elif k == "cards":
            out[k] = (", " if hu else " ").join(name_hu(c) if hu else symbol(c) for c in v)
        elif k == "suit":
            out[k] = SUIT_NAMES_HU[v] if hu else SUIT_NAMES_EN[v]
        elif k == "component":
            out[k] = (KIND_TITLES_HU if hu else KIND_TITLES)[Kind(v)]
        elif k == "doing":
            out[k] = text(f"doing.{v}", lang)
        elif k == "action" and isinstance(v, str):
            out[k] = _action_words(v, lang)
        else:
            out[k] = str(v)
    return out


# --------------------------------------------------------------------------------------------
# R2, R3, R6: the cards a seat may play


def play_rule(d: DealState, seat: int, c: int = -1) -> tuple[int, Reason | None]:
    """The cards ``seat`` may play now (a mask), and, when a card ``c`` is given, why it may
    not be played (``None`` when it may).  R2: follow suit and overtake when able (not when a
    trick of another suit is trumped); R3: without the suit, trump (and overtrump a trump)
    when able; R6: the soloist of an Ulti keeps the trump VII for the last trick.

    The rule narrows the hand step by step; a refused card's reason is the first step that
    excluded it (read from the same steps, so the list and the reason cannot disagree)."""
    hand = d.hands[seat]
    legal = hand
    follow = over = trumps = overtrumps = 0  # each step's cards, 0 where it did not apply
    if d.trick:
        led = d.led_suit
        follow = hand & SUIT_MASKS[led]
        if follow:
            legal = follow  # R2: follow suit
            if not (d.trumped and led != d.trump):  # a trumped trick: any card of the suit
                over = follow & d.beats[d.best_card]
                if over:
                    legal = over  # R2: overtake
        else:
            t = d.trump
            trumps = hand & SUIT_MASKS[t] if t >= 0 else 0
            if trumps:
                legal = trumps  # R3: trump
                if d.trumped:
                    overtrumps = trumps & d.beats[d.best_card]
                    if overtrumps:
                        legal = overtrumps  # R3: overtrump
    ub = d.ulti_bit
    if ub and legal & ub and legal != ub and seat == d.soloist:
        legal ^= ub  # R6: the trump VII is held back
    if c < 0 or legal >> c & 1:
        return legal, None
    bit = 1 << c
    if not hand & bit:
        return legal, Reason("R2", "not-held", {"seat": seat, "card": c})
    if follow and not follow & bit:
        return legal, Reason("R2", "follow", {"suit": d.led_suit})
    if over and not over & bit:
        return legal, Reason("R2", "overtake", {"best": d.best_card})
    if trumps and not trumps & bit:
        return legal, Reason("R3", "trump")
    if overtrumps and not overtrumps & bit:
        return legal, Reason("R3", "overtrump", {"best": d.best_card})
    return legal, Reason("R6", "hold-seven")


# --------------------------------------------------------------------------------------------
# R5, P4: marriages

KINGS_OVERS = tuple((1 << card(s, KING)) | (1 << card(s, OVER)) for s in range(4))
KINGS = sum(1 << card(s, KING) for s in range(4))


def marriage_rule(
    contract: Bid,
    trump: int,
    soloist: int,
    seat: int,
    hand: int,
    declared: Sequence[int],
    suit: int,
) -> Reason | None:
    """Whether ``seat`` (holding ``hand``, having declared the suits ``declared``) may declare
    the marriage of ``suit`` (R5, P4): a King and Over held, in a trump contract; in 40-100
    only the soloist's trump marriage, in 20-100 one non-trump marriage of the soloist, and no
    other marriage for anyone."""
    if not contract.trump:
        return Reason("P4", "marriage-no-trump")
    hundred = contract.hundred
    if hundred is not None and seat != soloist:
        return Reason("R5", "marriage-soloist-only")
    if hundred == Kind.FORTY_HUNDRED and suit != trump:
        return Reason("R5", "marriage-forty-trump")
    if hundred == Kind.TWENTY_HUNDRED and suit == trump:
        return Reason("R5", "marriage-twenty-side")
    if suit in declared:
        return Reason("R5", "marriage-declared", {"suit": suit})
    if hundred == Kind.TWENTY_HUNDRED and declared:
        return Reason("R5", "marriage-twenty-once")
    if hand & KINGS_OVERS[suit] != KINGS_OVERS[suit]:
        return Reason("R5", "marriage-not-held", {"seat": seat, "suit": suit})
    return None


def marriage_options(
    contract: Bid, trump: int, soloist: int, seat: int, hand: int, declared: Sequence[int]
) -> list[int]:
    """The suits whose marriage ``seat`` may still declare: those :func:`marriage_rule`
    allows."""
    pairs = hand & (hand << 1) & KINGS  # the Kings whose Over is held too
    if not contract.trump or not pairs:
        return []
    return [
        s
        for s in range(4)
        if pairs >> (s * 8 + KING) & 1
        and marriage_rule(contract, trump, soloist, seat, hand, declared, s) is None
    ]


# --------------------------------------------------------------------------------------------
# K1, K2, K3, V11: kontra


def kontra_rule(d: DealState, seat: int, kind: Kind, level: int, answering: bool) -> Reason | None:
    """Whether ``seat`` may double ``kind`` to ``level`` now.  ``answering``: the answers after
    the first trick (K1), where only open doubles may be raised.  K2: the defenders make the
    odd levels, the soloist the even ones, each answering the other side's last double; K3:
    a defender's double binds both defenders except on a no-trump component; V11: a cap."""
    lv = d.kontra.get(kind)
    if lv is None:
        c = d.contract
        assert c is not None
        return Reason("K1", "kontra-no-component", {"component": kind, "contract": c.key})
    cap = d.kontra_cap
    if level > cap:
        return Reason("V11", "kontra-cap", {"cap": cap})
    s = d.soloist
    if seat == s:
        if not (lv[0] & 1 or lv[1] & 1):
            return Reason("K2", "kontra-soloist-starts")
        if level % 2 or not (lv[0] == level - 1 or lv[1] == level - 1):
            return Reason(
                "K2",
                "kontra-no-answer",
                {"action": f"{_word(level)} {KIND_NAMES[kind]}", "component": kind},
            )
        return None
    x = lv[0 if seat == (s + 1) % 3 else 1]
    if x & 1:
        return Reason("K2", "kontra-defenders-last", {"component": kind})
    if answering and x == 0:
        if d.rules.kontra_until_second_trick and level == 1:
            return None  # W13: a new Kontra until the second trick is led
        return Reason("K1", "kontra-answers-only")
    if level != x + 1 or (x > 0) != answering:
        return Reason("K2", "kontra-next", {"component": kind, "level": x, "word": _word(x + 1)})
    return None


def _word(level: int) -> str:
    return kontra_word(level)


# --------------------------------------------------------------------------------------------
# B5, V1: bids


def same_trump_kind(a: Bid, b: Bid) -> bool:
    """V1: a raise of the first round's bid keeps its trump kind."""
    return a.trump == b.trump and (a.hearts == b.hearts or not a.trump)


def bid_rule(d: DealState, seat: int, b: Bid) -> Reason | None:
    """Whether ``seat`` may bid ``b`` now: it must overcall the bid standing (B5); in V1 the
    first round's winner may repeat the first round's bid, or raise it keeping its trump."""
    r1 = d.round1_bid
    if r1 is not None and d.passes == -1 and seat == d.bidder:
        if b.key == r1.key:
            return None
        if not same_trump_kind(b, r1):
            return Reason("V1", "same-trump-kind", {"bid": r1.key})
    if b.rank <= d.bid_rank:
        cur = d.bid
        assert cur is not None
        return Reason(
            "B5",
            "no-overcall",
            {"bid": b.key, "rank": b.rank, "current": cur.key, "current_rank": cur.rank},
        )
    return None


def played_by(d: DealState, seat: int) -> int:
    """The cards ``seat`` has played so far (finished tricks and the trick in progress)."""
    m = 0
    for leader, cards, _ in d.tricks:
        m |= 1 << cards[(seat - leader) % 3]
    for c, who in zip(d.trick, d.trick_seats, strict=True):
        if who == seat:
            m |= 1 << c
    return m


def can_declare(d: DealState, seat: int, suit: int) -> bool:
    """W9: ``seat`` may still declare the marriage of ``suit``: not declared yet, and the King
    and Over each held or played by this seat, one of them still in hand."""
    pair = KINGS_OVERS[suit]
    hand = d.hands[seat]
    if not hand & pair or (seat, suit) in d.marriages:
        return False
    return (hand | played_by(d, seat)) & pair == pair


__all__ = [
    "Reason",
    "bid_rule",
    "can_declare",
    "kontra_rule",
    "marriage_options",
    "marriage_rule",
    "play_rule",
    "played_by",
    "same_trump_kind",
]
