"""Each rule once: a function that answers "legal" (``None``) or the reason (a :class:`Reason`).

The engine asks these functions both to list the legal actions and to refuse an illegal one, so
the list and the explanation cannot drift apart.  A reason is data — the RULES.md id, a code and
structured parameters (cards, suits and seats as ints, components as :class:`~ulti.bids.Kind`) —
that any front end renders in its language with :meth:`Reason.text`.

* :func:`play_rule` — which cards a seat may play (R2, R3, R6), and why a card is refused;
* :func:`marriage_rule` — whether a seat may declare a suit's marriage (R5, P4);
* :func:`kontra_rule` — whether a seat may double a component to a level (K1, K2, K3, V11);
* :func:`bid_rule` — whether a bid may be made now (B5, V1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ulti.bids import KIND_NAMES, KIND_NAMES_HU, Bid, Kind
from ulti.cards import (
    KING,
    OVER,
    SUIT_MASKS,
    SUIT_NAMES_EN,
    SUIT_NAMES_HU,
    card,
    name_hu,
    symbol,
)

if TYPE_CHECKING:
    from ulti.state import DealState


class Reason(NamedTuple):
    """Why an action is refused: ``rule`` (a RULES.md id), ``code`` (one of :data:`TEXTS`) and
    ``params`` (ints and strings; see each code's template)."""

    rule: str
    code: str
    params: Mapping[str, Any] = {}

    def text(self, lang: str = "en") -> str:
        """The reason in words (``lang``: ``en`` or ``hu``), without the rule id."""
        tpl = TEXTS[self.code]
        return tpl["hu" if lang == "hu" else "en"].format(**_render(self.params, lang))

    def __str__(self) -> str:
        return f"{self.rule}: {self.text()}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "code": self.code,
            "params": {k: int(v) if isinstance(v, int) else v for k, v in self.params.items()},
        }


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
            out[k] = KIND_NAMES_HU[Kind(v)] if hu else KIND_NAMES[Kind(v)]
        elif k == "doing":
            out[k] = DOING[v][1 if hu else 0]
        else:
            out[k] = str(v)
    return out


#: What a seat is expected to do in each phase (for the "wrong phase" reason).
DOING: dict[str, tuple[str, str]] = {
    "bid": ("bid", "licitálnia"),
    "discard": ("lay two cards as the talon", "két lapot letennie talonnak"),
    "pickup": ("pass or pick up the talon", "passzolnia vagy felvennie a talont"),
    "pass-or-bid": ("pass or bid", "passzolnia vagy licitálnia"),
    "round1": ("pass or bid (first round)", "passzolnia vagy licitálnia (első kör)"),
    "trump": ("announce the trump suit", "adut mondania"),
    "answer": ("answer the kontras (raise or pass)", "a kontrákra felelnie (emel vagy passz)"),
    "play": ("play a card", "lapot hívnia"),
}

#: Every reason's words, English and Hungarian (``{name}`` fields from the params).
TEXTS: dict[str, dict[str, str]] = {
    "grammar": {"en": "{message}", "hu": "{message}"},
    "deal-over": {"en": "the deal is over", "hu": "a leosztásnak vége"},
    "wrong-phase": {
        "en": "seat {seat} must {doing} now, not {action}",
        "hu": "a(z) {seat}. helynek most {doing} kell, nem ezt: {action}",
    },
    "nothing-to-undo": {"en": "nothing to undo", "hu": "nincs mit visszavonni"},
    # play (R1-R6)
    "no-card-now": {"en": "no card is played now", "hu": "most nem lapot hívnak"},
    "not-held": {
        "en": "seat {seat} does not hold {card}",
        "hu": "a(z) {seat}. helynél nincs {card}",
    },
    "follow": {"en": "must follow suit ({suit})", "hu": "színt kell adni ({suit})"},
    "overtake": {"en": "must overtake {best}", "hu": "felül kell ütni: {best}"},
    "trump": {"en": "must trump", "hu": "adut kell adni"},
    "overtrump": {"en": "must overtrump {best}", "hu": "felül kell ütni adubal: {best}"},
    "hold-seven": {
        "en": "the trump VII is held back for the Ulti until the last trick",
        "hu": "az adu hetest az utolsó ütésig vissza kell tartani az ultihoz",
    },
    # marriages (R5, P4)
    "marriage-first-trick": {
        "en": "marriages are declared only with the first trick's card",
        "hu": "bemondani csak az első ütés lapjával lehet",
    },
    "marriage-no-trump": {
        "en": "no marriages in a no-trump contract",
        "hu": "adu nélküli játékban nincs bemondás",
    },
    "marriage-soloist-only": {
        "en": "in 40-100 and 20-100 only the soloist's marriage of the bid counts",
        "hu": "negyvenszázban és húszszázban csak a felvevő bemondása számít",
    },
    "marriage-forty-trump": {
        "en": "in 40-100 the soloist declares only the trump marriage",
        "hu": "negyvenszázban a felvevő csak az adu negyvenet mondhatja",
    },
    "marriage-twenty-side": {
        "en": "in 20-100 the marriage is a non-trump one",
        "hu": "húszszázban a bemondás nem adu húsz",
    },
    "marriage-declared": {
        "en": "the {suit} marriage is already declared",
        "hu": "a(z) {suit} bemondás már megvolt",
    },
    "marriage-twenty-once": {
        "en": "in 20-100 only one marriage, the one of the bid, is declared",
        "hu": "húszszázban csak egy bemondás van, a licitben vállalt",
    },
    "marriage-not-held": {
        "en": "seat {seat} does not hold the King and Over of {suit}",
        "hu": "a(z) {seat}. helynél nincs {suit} király és felső",
    },
    # kontra (K1-K3, V11)
    "kontra-closed": {
        "en": "doubling closed with the first trick",
        "hu": "a kontrázás az első ütéssel lezárult",
    },
    "kontra-no-component": {
        "en": "{component} is not a component of {contract!r}",
        "hu": "a(z) {component} nem része ennek: {contract!r}",
    },
    "kontra-cap": {
        "en": "kontra is capped at level {cap} in these rules",
        "hu": "ezekben a szabályokban a kontra legfeljebb {cap}. szintű",
    },
    "kontra-soloist-starts": {
        "en": "only the defenders may start doubling; the soloist answers a defenders' double",
        "hu": "kontrát csak az ellenvonók kezdhetnek; a felvevő visszakontrázik",
    },
    "kontra-no-answer": {
        "en": "{action} does not answer the open double of {component}",
        "hu": "ez ({action}) nem felel a(z) {component} nyitott kontrájára",
    },
    "kontra-defenders-last": {
        "en": "{component} was doubled by the defenders last; only the soloist may double it again",
        "hu": "a(z) {component} kontráját az ellenvonók adták utoljára; "
        "most csak a felvevő emelhet",
    },
    "kontra-answers-only": {
        "en": "new doubles are made only up to the first trick's card; now "
        "only open doubles may be answered",
        "hu": "új kontra csak az első ütés lapjáig adható; most csak a "
        "nyitott kontrákra lehet felelni",
    },
    "kontra-next": {
        "en": "{component} stands at level {level}; the next double is {word}",
        "hu": "a(z) {component} {level}. szinten áll; a következő: {word}",
    },
    # auction (A1, A2, B5, B6, V1, V4)
    "no-talon": {
        "en": "there is no talon in these rules",
        "hu": "ezekben a szabályokban nincs talon",
    },
    "pickup-top": {
        "en": "no bid ranks above the current one, so the talon cannot be picked up",
        "hu": "nincs a mostaninál magasabb licit, a talont nem lehet felvenni",
    },
    "discard-not-held": {
        "en": "seat {seat} does not hold {cards}",
        "hu": "a(z) {seat}. helynél nincs: {cards}",
    },
    "unknown-bid": {
        "en": "{bid!r} is not a bid in these rules",
        "hu": "{bid!r} nem licit ezekben a szabályokban",
    },
    "same-trump-kind": {
        "en": "the first round's bid {bid!r} may be raised only with the same trump suit",
        "hu": "az első kör licitje ({bid!r}) csak azonos aduval emelhető",
    },
    "no-overcall": {
        "en": "{bid!r} (rank {rank}) does not overcall {current!r} (rank {current_rank})",
        "hu": "{bid!r} ({rank}. fok) nem magasabb ennél: {current!r} ({current_rank}. fok)",
    },
    "hearts-bid": {
        "en": "Hearts must be bid as a Hearts bid; announce Acorns, Leaves or Bells",
        "hu": "a piros adut piros licittel kell vállalni; makk, zöld vagy tök mondható",
    },
    # claims (R7)
    "claim-not-open": {
        "en": "claims are made only in open contracts",
        "hu": "terítéket csak terített játékban lehet kérni",
    },
    "claim-too-early": {
        "en": "the hands are laid open after the first trick; claim after it",
        "hu": "a lapok az első ütés után kerülnek fel; utána lehet kérni",
    },
    "claim-refused": {
        "en": "claim refused: {side} can still prevent it",
        "hu": "a kérés elutasítva: {side} még megakadályozhatja",
    },
}


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
        return Reason("K1", "kontra-answers-only")
    if level != x + 1 or (x > 0) != answering:
        return Reason("K2", "kontra-next", {"component": kind, "level": x, "word": _word(x + 1)})
    return None


def _word(level: int) -> str:
    from ulti.actions import kontra_word

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


__all__ = [
    "DOING",
    "TEXTS",
    "Reason",
    "bid_rule",
    "kontra_rule",
    "marriage_options",
    "marriage_rule",
    "play_rule",
    "same_trump_kind",
]
