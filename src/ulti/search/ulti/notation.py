"""The position notation of ``ulti solve``: a play-phase position as one line of text, read
and written.

>>> text = deal_position_text(deal)             # a deal in its play phase  # doctest: +SKIP
>>> pos, bid = read_position(text, deal.rules)                              # doctest: +SKIP
>>> write_position(pos, deal.rules)            # the canonical text         # doctest: +SKIP

The text is ``key=value`` fields separated by ``;``, in any order::

    bid=40-100 ulti; trump=acorns; soloist=1;          the contract (B5, B6) and its soloist
    hands=HK HO ... / AA AX ... / LA LX ...;           three hands, seat 0 / 1 / 2
    talon=B7 B8;                                        optional: the two cards in no hand
    leader=1; trick=AA;                                 optional: the trick in progress
    taken=/HA HX H7/;                                   optional: the cards each seat has won
    marriages=1:acorns; kontra=ulti:1,simple:2/0        optional (R5; K1, K2)
    multiplier=2                                        optional: the V1 double value

========== ===================================================================================
field      value
========== ===================================================================================
bid        the contract by name, English or Hungarian (B5) — required
trump      the trump suit of a trump bid that is not of Hearts (B6)
soloist    seat 0, 1 or 2 (default 0)
hands      the three hands, seat 0 / 1 / 2 — required
talon      the two cards in no hand (default: the cards given nowhere else)
leader     who leads the trick in progress (default: the soloist)
trick      the cards of the trick in progress, from its leader (default: none)
taken      the cards each seat has won, seat 0 / 1 / 2 (default: none, the first trick)
marriages  declared marriages, ``seat:suit`` comma separated (R5)
kontra     doubled components, ``component:level`` or ``component:level1/level2`` (the levels
           against the first and the second defender), comma separated (K1, K2, K3)
multiplier the V1 multiplier of every value: 2 when a first-round bid stood (default 1)
========== ===================================================================================

Names: cards in any notation of :mod:`ulti.core.cards` (``HA``, ``♥A``, ``piros ász``; comma
separated when they hold spaces); every suit (``trump``, ``marriages``) by any name
:func:`ulti.core.cards.parse_suit` reads (``acorns``, ``makk``, ``♣``, ``zöld``/``zold``, ...);
every component (``kontra``) by any name :func:`ulti.games.ulti.actions.parse_component` reads, as
kontra actions do (``four aces``, ``négy ász``, ``negyvenszáz``, ...).  Field names, suits and
components are compared folded (:func:`ulti.core.cards.fold`: case and accents do not matter).

:func:`write_position` writes the canonical text: the fields in the order above, English names
(``bid`` by its key, suits and components lower case), cards as record codes (``HA``) in display
order, trump suit first; it leaves out ``trump`` where the bid implies it, ``soloist`` 0, a
``leader`` that is the soloist, an empty ``trick``, ``taken`` before the first trick, no
``marriages``, no ``kontra`` and ``multiplier`` 1; the talon is always written.

Round trip: for every position :func:`read_position` produces (under the same rules),
``read_position(write_position(pos)) == pos``, and ``write_position`` of what it wrote reads and
writes back to the same text.  A :class:`~ulti.search.ulti.solver.Position` keeps less than the text
says, so the writer chooses what it cannot see:

* the taken cards: a Position keeps only each seat's tricks, Aces and the sides' card points,
  so the writer deals the taken cards out to match them (the Aces where they are, the Xs to
  the soloist as the points require, then the rest in card order); :func:`deal_position_text`
  writes a deal's own taken cards instead (the same position, another text);
* the marriages: a Position keeps only the sides' marriage points and whether the soloist has a
  40 and a 20; the writer picks marriages that give them, preferring ones whose King and Over
  lie in the declarer's hand or among the played cards.

A Position from a deal (:meth:`~ulti.search.ulti.solver.Position.from_deal`) holds two facts the
notation has no field for, and the reader works out in its own way: the trick in which the trump VII
fell (``seven_trick``; the reader takes any trick before this one, 0, when the VII is among the
taken cards, else -1) and whether the soloist held it (``had_seven``; the reader: the VII is in the
soloist's hand now).  The reader also keeps no card points in no-trump contracts (``sp``, ``dp``).
Everything else reads back equal, and the solver's answers with it, but for one case: in the last
trick, once the soloist has played the trump VII to it, the reader takes the Ulti (and Silent Ulti)
as lost (R6).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from ulti.core.cards import (
    ACES,
    FULL_DECK,
    SUIT_NAMES_EN,
    TENS,
    CardParseError,
    card_points,
    cards_of,
    code,
    fold,
    format_cards,
    mask_of,
    parse_cards,
    parse_suit,
)
from ulti.core.errors import UltiError
from ulti.games.ulti.actions import ActionParseError, parse_component
from ulti.games.ulti.bids import KIND_NAMES, Bid, Kind, find_bid
from ulti.games.ulti.rules import STANDARD, Ruleset
from ulti.games.ulti.scoring import Item, Money, marriage_points, money_for
from ulti.search.ulti.solver import Position, marriage_pair

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ulti.games.ulti.deal import Deal

#: The fields, in the order they are written.
FIELDS = (
    "bid",
    "trump",
    "soloist",
    "hands",
    "talon",
    "leader",
    "trick",
    "taken",
    "marriages",
    "kontra",
    "multiplier",
)


class NotationError(UltiError):
    """A position text that cannot be read (or a position that cannot be written)."""


# --------------------------------------------------------------------------------------------
# reading


def read_position(text: str, rules: Ruleset | None = None) -> tuple[Position, Bid]:
    """Read a position written in the notation (see the module documentation); the contract is
    a bid of ``rules``' ladder (default: the standard rules).  Raises :class:`NotationError`,
    whose message starts with the field at fault."""
    rules = rules or STANDARD
    fields = _fields(text)
    try:
        bid = find_bid(rules.ladder, fields["bid"])
    except ValueError as exc:
        raise NotationError(f"bid: {exc}") from None
    soloist = _seat(fields, "soloist", 0)
    leader = _seat(fields, "leader", soloist)
    hands, taken, trick_cards, talon = _cards_placed(fields, leader)
    trump = _trump(fields, bid, rules)
    # a VII already taken is counted as fallen early (its Ulti is lost); one in the trick in
    # progress is seen there
    seven = trump * 8 if trump >= 0 else -1
    seven_taken = seven >= 0 and bool((taken[0] | taken[1] | taken[2]) >> seven & 1)
    pos = Position.from_summary(
        contract=bid,
        rules=rules,
        trump=trump,
        soloist=soloist,
        hands=hands,
        talon=talon,
        trick=tuple(trick_cards),
        leader=leader,
        taken=taken,
        won=(taken[0].bit_count() // 3, taken[1].bit_count() // 3, taken[2].bit_count() // 3),
        last_winner=-1,
        seven_trick=0 if seven_taken else -1,
        soloist_played_seven=False,
        marriages=_read_marriages(fields),
        kontra=_read_kontra(fields, bid),
        multiplier=_multiplier(fields),
    )
    return pos, bid


#: The name ``ulti solve`` has always used.
parse_position = read_position

Three = tuple[int, int, int]


def _fields(text: str) -> dict[str, str]:
    """The ``key=value`` fields of the text, each once, every key known, the needed ones in."""
    fields: dict[str, str] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        if "=" not in part:
            raise NotationError(f"{part.strip()!r}: expected key=value")
        k, v = part.split("=", 1)
        k = fold(k)
        if k in fields:
            raise NotationError(f"{k!r} given twice")
        fields[k] = v.strip()
    for k in fields:
        if k not in FIELDS:
            raise NotationError(f"unknown field {k!r}; fields: {', '.join(sorted(FIELDS))}")
    for k in ("bid", "hands"):
        if k not in fields:
            raise NotationError(f"the field {k!r} is required")
    return fields


def _seat(fields: dict[str, str], key: str, default: int) -> int:
    try:
        v = int(fields.get(key, default))
    except ValueError:
        raise NotationError(f"{key}: a seat, 0, 1 or 2") from None
    if v not in (0, 1, 2):
        raise NotationError(f"{key}: a seat, 0, 1 or 2")
    return v


def _card_list(key: str, v: str) -> list[int]:
    try:
        cs = parse_cards(v)
    except CardParseError as exc:
        raise NotationError(f"{key}: {exc}") from None
    if len(set(cs)) != len(cs):
        raise NotationError(f"{key}: a card is given twice in {v.strip()!r}")
    return cs


def _three(fields: dict[str, str], key: str, default: str, what: str) -> Three:
    """Three card masks separated by ``/``, seat 0 / 1 / 2."""
    parts = fields.get(key, default).split("/")
    if len(parts) != 3:
        raise NotationError(f"{key}: three {what} separated by '/' (seat 0 / 1 / 2)")
    a, b, c = (mask_of(_card_list(key, p)) for p in parts)
    return a, b, c


def _cards_placed(fields: dict[str, str], leader: int) -> tuple[Three, Three, list[int], int]:
    """The hands, the cards taken, the trick in progress and the talon: every card once, the
    hands even, whole tricks taken."""
    hands = _three(fields, "hands", "", "hands")
    taken = _three(fields, "taken", "//", "card lists")
    trick_cards = _card_list("trick", fields.get("trick", ""))
    placed = [("hands", h) for h in hands] + [("taken", t) for t in taken]
    placed.append(("trick", mask_of(trick_cards)))
    union = 0
    where: dict[int, str] = {}
    for key, m in placed:
        for c in cards_of(m):
            if c in where:
                raise NotationError(f"{key}: {code(c)} is in two places ({where[c]} too)")
            where[c] = key
        union |= m
    if "talon" in fields:
        talon = mask_of(_card_list("talon", fields["talon"]))
    else:
        talon = FULL_DECK & ~union
    if union & talon:
        c = cards_of(union & talon)[0]
        raise NotationError(f"talon: {code(c)} is in two places ({where[c]} too)")
    if (union | talon) != FULL_DECK:
        missing = " ".join(code(c) for c in cards_of(FULL_DECK & ~(union | talon)))
        raise NotationError(
            "talon: the hands, talon, trick and taken cards must hold the 32 "
            f"cards once (missing: {missing})"
        )
    if talon.bit_count() != 2:
        raise NotationError("talon: the talon (or the cards aside) is two cards")
    n_left = [
        hands[p].bit_count() + sum(1 for i in range(len(trick_cards)) if (leader + i) % 3 == p)
        for p in range(3)
    ]
    if len(set(n_left)) != 1:
        raise NotationError("hands: every seat must hold as many cards (the trick's cards counted)")
    if (
        any(t.bit_count() % 3 for t in taken)
        or sum(t.bit_count() for t in taken) // 3 != 10 - n_left[0]
    ):
        raise NotationError("taken: whole tricks, as many as have been played")
    return hands, taken, trick_cards, talon


def _trump(fields: dict[str, str], bid: Bid, rules: Ruleset) -> int:
    """The trump suit (B6; -1: none)."""
    trump_name = fields.get("trump", "")
    if bid.trump and (bid.hearts or rules.hearts_always_trump):
        if trump_name and _suit("trump", trump_name) != 0:
            raise NotationError("trump: B6: a Hearts bid plays in Hearts")
        return 0
    if bid.trump:
        if not trump_name or _suit("trump", trump_name) == 0:
            raise NotationError("trump: B6: name the trump: acorns, leaves or bells")
        return _suit("trump", trump_name)
    return -1


def _read_marriages(fields: dict[str, str]) -> list[tuple[int, int]]:
    """The marriages declared (R5): seat:suit, each suit once."""
    marriages: list[tuple[int, int]] = []
    for item in _items(fields.get("marriages", "")):
        st, colon, su = item.partition(":")
        if not colon or st.strip() not in ("0", "1", "2"):
            raise NotationError(f"marriages: {item!r} is not seat:suit (seat 0, 1 or 2)")
        suit = _suit("marriages", su)
        if any(s2 == suit for _, s2 in marriages):
            raise NotationError(
                f"marriages: the {SUIT_NAMES_EN[suit].lower()} marriage is "
                "given twice (R5: each suit has one)"
            )
        marriages.append((int(st), suit))
    return marriages


def _read_kontra(fields: dict[str, str], bid: Bid) -> dict[Kind, tuple[int, int]]:
    """The kontra levels (K1-K3): component:level, or level1/level2 against each defender."""
    kontra: dict[Kind, tuple[int, int]] = {}
    for item in _items(fields.get("kontra", "")):
        comp, colon, lv = item.rpartition(":")
        if not colon:
            raise NotationError(f"kontra: {item!r} is not component:level")
        try:
            kind = parse_component(comp)
        except ActionParseError as exc:
            raise NotationError(f"kontra: {exc}") from None
        try:
            levels = tuple(int(x) for x in lv.split("/"))
        except ValueError:
            levels = ()
        if len(levels) not in (1, 2) or min(levels) < 0:
            raise NotationError(
                f"kontra: {item!r}: a level (0, 1 = kontra, 2 = rekontra, ...) "
                "or two, level1/level2, against each defender"
            )
        if kind in kontra:
            raise NotationError(f"kontra: {KIND_NAMES[kind]} given twice")
        if not bid.has(kind):
            raise NotationError(
                f"kontra: {KIND_NAMES[kind]} is not a component of {bid.key!r} (K1)"
            )
        kontra[kind] = (levels[0], levels[-1])
    return kontra


def _multiplier(fields: dict[str, str]) -> int:
    try:
        multiplier = int(fields.get("multiplier", "1"))
    except ValueError:
        multiplier = 0
    if multiplier < 1:
        raise NotationError(
            "multiplier: a positive whole number (V1: 2 when a first-round bid stood)"
        )
    return multiplier


def _items(value: str) -> list[str]:
    return [x.strip() for x in value.split(",") if x.strip()]


def _suit(key: str, name: str) -> int:
    try:
        return parse_suit(name)
    except CardParseError as exc:
        raise NotationError(f"{key}: {exc}") from None


# --------------------------------------------------------------------------------------------
# writing


def write_position(pos: Position, rules: Ruleset | None = None) -> str:
    """The canonical text of ``pos`` (see the module documentation), for reading back under
    ``rules`` (default: the standard rules).  Raises :class:`NotationError` when the position
    cannot be written: no contract, a contract not in ``rules``' ladder, money the rules do not
    give, or facts that contradict each other."""
    return _write(pos, rules, None, ())


def deal_position_text(deal: Deal) -> str:
    """The text of a deal in its play phase (:meth:`~ulti.search.ulti.solver.Position.from_deal`),
    with the deal's own taken cards and declared marriages, to read back under ``deal.rules``."""
    pos = Position.from_deal(deal)
    t = deal.taken
    return _write(pos, deal.rules, (t[0], t[1], t[2]), tuple(deal.marriages))


def _write(
    pos: Position,
    rules: Ruleset | None,
    taken: tuple[int, int, int] | None,
    known_marriages: Sequence[tuple[int, int]],
) -> str:
    rules = rules or STANDARD
    bid = pos.contract
    if bid is None:
        raise NotationError("bid: the position has no contract")
    if rules.ladder.by_key.get(bid.key) != bid:
        raise NotationError(f"bid: {bid.key!r} is not a bid of these rules' ladder")
    s = pos.soloist
    trump = pos.trump
    shown = trump if trump >= 0 else None

    def cards(m: int) -> str:
        return format_cards(m, "code", shown, pos.no_trump)

    out = [f"bid={bid.key}"]
    if not bid.trump:
        if trump != -1:
            raise NotationError("trump: a no-trump contract has no trump")
    elif bid.hearts or rules.hearts_always_trump:
        if trump != 0:
            raise NotationError("trump: B6: a Hearts bid plays in Hearts")
    elif trump in (1, 2, 3):
        out.append(f"trump={SUIT_NAMES_EN[trump].lower()}")
    else:
        raise NotationError("trump: B6: the trump of this bid is acorns, leaves or bells")
    if s:
        out.append(f"soloist={s}")
    out.append("hands=" + " / ".join(cards(h) for h in pos.hands))
    out.append(f"talon={cards(pos.talon)}")
    if pos.leader != s:
        out.append(f"leader={pos.leader}")
    if pos.trick:
        out.append("trick=" + " ".join(code(c) for c in pos.trick))
    if taken is None:
        taken = _deal_taken(pos)
    if any(taken):
        out.append("taken=" + " / ".join(cards(t) for t in taken))
    marriages = _marriages(pos, bid, known_marriages)
    if marriages:
        out.append(
            "marriages=" + ",".join(f"{st}:{SUIT_NAMES_EN[su].lower()}" for st, su in marriages)
        )
    kontra, multiplier = _kontra(pos, bid, rules)
    if kontra:
        out.append(
            "kontra="
            + ",".join(
                f"{KIND_NAMES[k]}:{a}" if a == b else f"{KIND_NAMES[k]}:{a}/{b}"
                for k, (a, b) in kontra.items()
            )
        )
    if multiplier != 1:
        out.append(f"multiplier={multiplier}")
    return "; ".join(" ".join(f.split()) for f in out)


def _deal_taken(pos: Position) -> tuple[int, int, int]:
    """Taken cards for each seat that give the position's tricks, Aces and card points."""
    s = pos.soloist
    order = (s, (s + 1) % 3, (s + 2) % 3)
    played = FULL_DECK & ~(
        pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.talon | mask_of(pos.trick)
    )
    need = [3 * w for w in pos.won]
    if (
        sum(need) != played.bit_count()
        or (pos.aces[0] | pos.aces[1] | pos.aces[2]) != played & ACES
        or any(a & ~played for a in pos.aces)
    ):
        raise NotationError("taken: the position's tricks and Aces do not match its cards")
    taken = list(pos.aces)
    rest = played & ~ACES
    if not pos.no_trump:  # the Xs: as many to the soloist as the points say (P1)
        tens = cards_of(rest & TENS)
        n_solo = pos.sp // 10 - pos.aces[s].bit_count()
        if pos.sp % 10 or not 0 <= n_solo <= len(tens) or pos.sp + pos.dp != card_points(played):
            raise NotationError("taken: the position's card points do not match its cards")
        for i, c in enumerate(tens):
            seat = (
                s
                if i < n_solo
                else next((p for p in order[1:] if taken[p].bit_count() < need[p]), -1)
            )
            if seat < 0:
                raise NotationError("taken: the position's tricks do not match its cards")
            taken[seat] |= 1 << c
        rest &= ~TENS
    for c in cards_of(rest):
        seat = next((p for p in order if taken[p].bit_count() < need[p]), -1)
        if seat < 0:
            raise NotationError("taken: the position's tricks do not match its cards")
        taken[seat] |= 1 << c
    if any(taken[p].bit_count() != need[p] for p in range(3)):
        raise NotationError("taken: the position's tricks do not match its cards")
    return taken[0], taken[1], taken[2]


def _marriages(pos: Position, bid: Bid, known: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Marriages that read back to the position's marriage facts: of the sets that do, the one
    with the fewest marriages whose King and Over are in another hand or the talon, then the
    most of ``known``, then the fewest, then the first in a fixed order."""
    s, trump = pos.soloist, pos.trump
    goal = (pos.sm, pos.dm, pos.forty_declared, pos.twenty_declared)
    if goal == (0, 0, False, False):
        return []
    best: tuple[tuple[int, int, int], list[tuple[int, int]]] | None = None
    for choice in product((-1, s, (s + 1) % 3, (s + 2) % 3), repeat=4):
        ms = [(seat, suit) for suit, seat in enumerate(choice) if seat >= 0]
        sm, dm, _, _ = marriage_points(ms, trump, s) if bid.trump else (0, 0, False, False)
        got = (
            sm,
            dm,
            any(st == s and su == trump for st, su in ms),
            any(st == s and su != trump for st, su in ms),
        )
        if got != goal:
            continue
        unlikely = sum(
            1
            for st, su in ms
            if marriage_pair(su) & (pos.talon | pos.hands[(st + 1) % 3] | pos.hands[(st + 2) % 3])
        )
        score = (unlikely, -sum(1 for m in ms if m in known), len(ms))
        if best is None or score < best[0]:
            best = (score, ms)
    if best is None:
        raise NotationError("marriages: no marriages give the position's marriage points")
    return sorted(best[1])


def _kontra(pos: Position, bid: Bid, rules: Ruleset) -> tuple[dict[Kind, tuple[int, int]], int]:
    """The kontra levels and the multiplier that give the position's money under ``rules``."""
    money: dict[Item, Money] = dict(pos.items)
    want = list(pos.items)
    first = bid.components[0]
    got = money.get(int(first.kind))
    if got is not None:
        for lv in range(64):
            unit = first.value << lv
            if got.first < unit:
                break
            if got.first % unit:
                continue
            m = got.first // unit
            kontra: dict[Kind, tuple[int, int]] = {}
            for comp in bid.components:
                mon = money.get(int(comp.kind))
                levels = (
                    (_level(mon.first, comp.value * m), _level(mon.second, comp.value * m))
                    if mon is not None
                    else None
                )
                if levels is None or levels[0] is None or levels[1] is None:
                    break
                if levels != (0, 0):
                    kontra[comp.kind] = (levels[0], levels[1])
            else:
                if money_for(bid, kontra, m, rules) == want:
                    return kontra, m
    raise NotationError(
        "kontra: the position's money is not that of its contract under these "
        "rules with any kontra and multiplier"
    )


def _level(amount: int, value: int) -> int | None:
    """The kontra level ``lv`` with ``value << lv == amount``, if any."""
    if value <= 0 or amount % value:
        return None
    q = amount // value
    if q & (q - 1):
        return None
    return q.bit_length() - 1
