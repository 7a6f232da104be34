"""What the tests share: positions dealt by hand, scripted deals, random play, the plain
reference rules the engine is checked against, and the check for a system package.

Plain functions and constants (no pytest fixtures): a test module imports what it needs from
here and never from another test module.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from ulti.core.cards import (
    KING,
    OVER,
    PLAIN_ORDER_STRENGTH,
    TRUMP_ORDER_STRENGTH,
    card,
    mask_of,
    parse_cards,
    rank_of,
    suit_of,
)
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.deal import Deal, IllegalAction, Phase, deck_for_hands
from ulti.games.ulti.rules import STANDARD, Ruleset

T = TypeVar("T")

# -- hands dealt by hand ----------------------------------------------------------------------

#: dealer 0: seat 1 is forehand and the Ulti soloist (trump acorns), lays ♦7 ♦8
ULTI_HANDS = {
    1: "♥A ♥9 ♠K ♠8 ♣A ♣10 ♣9 ♣7 ♦A ♦9 ♦7 ♦8",
    2: "♥K ♥10 ♥7 ♠A ♠Q ♣K ♣8 ♦K ♦Q ♦10",
    0: "♥Q ♥J ♥8 ♠10 ♠J ♠9 ♠7 ♣Q ♣J ♦J",
}

#: dealer 0: seat 1 is forehand and plays a Betli, laying ♦A ♦K
BETLI_HANDS = {
    1: "♥7 ♥8 ♥9 ♠7 ♠8 ♠9 ♣7 ♣8 ♣9 ♦7 ♦A ♦K",
    2: "♥A ♥K ♥Q ♥J ♥10 ♠A ♠K ♠Q ♠J ♠10",
    0: "♣A ♣K ♣Q ♣J ♣10 ♦Q ♦J ♦10 ♦9 ♦8",
}

#: dealer 0: seat 1 (forehand) is the soloist of a 40-100 Ulti Durchmars in acorns (laying
#: ♦7 ♦8) that FAIL_PLAY loses; seat 2 is the first defender, seat 0 the second
FAIL = {
    1: "♣A ♣10 ♣K ♣Q ♣J ♣9 ♣8 ♣7 ♥A ♠7 ♦7 ♦8",
    2: "♥10 ♥K ♥Q ♥J ♥9 ♠A ♠10 ♠K ♠Q ♠J",
    0: "♥8 ♥7 ♠9 ♠8 ♦A ♦10 ♦K ♦Q ♦J ♦9",
}
#: every card of FAIL's play, trick by trick, in play order
FAIL_PLAY = (
    "♣A ♥9 ♥7 | ♣10 ♥J ♥8 | ♣K ♥Q ♦9 | ♣Q ♥K ♦J | ♣J ♠J ♦Q | ♣9 ♠Q ♦K | "
    "♣8 ♠K ♠8 | ♥A ♥10 ♠9 | ♠7 ♠A ♦A | ♠10 ♦10 ♣7"
)

#: The checkout (the tests live at every depth of tests/, by layer)
ROOT = Path(__file__).resolve().parent.parent
#: Files the tests read: records written by earlier versions, golden replays, old stores
DATA = ROOT / "tests" / "data"


def hand(text: str) -> int:
    return mask_of(parse_cards(text))


def make_deal(
    hands: dict[int, str], dealer: int = 0, rules: Ruleset = STANDARD, aside: str = ""
) -> Deal:
    """A deal whose seats hold the given cards (the forehand 12, or 10 each with ``aside``)."""
    masks = [hand(hands[s]) for s in range(3)]
    return Deal(rules, 0, dealer, deck_for_hands(masks, dealer, hand(aside) if aside else 0))


def start(
    d: Deal,
    bid: str,
    lay: str,
    trump: str | None = None,
    soloist: int | None = None,
    forehand_lays: str | None = None,
) -> Deal:
    """Run the auction so that ``soloist`` (default: forehand) plays ``bid`` with talon ``lay``,
    the others passing; announce ``trump`` when the bid needs it."""
    fh = d.forehand
    soloist = fh if soloist is None else soloist
    if soloist == fh:
        d.apply(f"discard {lay}")
        d.apply(f"bid {bid}")
    else:
        d.apply(f"discard {forehand_lays}")
        d.apply("bid simple")
        while d.current_player != soloist:
            d.apply("pass")
        d.apply("pickup")
        d.apply(f"discard {lay}")
        d.apply(f"bid {bid}")
    while d.phase == Phase.AUCTION:
        d.apply("pass")
    if d.phase == Phase.TRUMP:
        assert trump is not None, "this bid needs a trump suit"
        d.apply(f"trump {trump}")
    return d


def play_script(d: Deal, script: str, before: Callable[[Deal, int], None] | None = None) -> None:
    """Play the cards of ``script``; ``before(d, i)`` runs before card ``i`` (for kontras)."""
    for i, c in enumerate(script.replace("|", " ").split()):
        if before:
            before(d, i)
        while d.phase == Phase.KONTRA:
            d.apply("pass")
        d.apply(f"play {c}")


def rich_deal() -> Deal:
    """A finished deal with much to tell: a 40-100 Ulti Durchmars in Acorns, a marriage, a
    Kontra on the Durchmars (the records' and the renderings' deal)."""
    d = start(make_deal(FAIL), "40-100 ulti durchmars", "♦7 ♦8", trump="acorns")
    d.apply("marriage acorns")

    def kontra(dd: Deal, i: int) -> None:
        if i == 1:
            dd.apply("kontra durchmars")

    play_script(d, FAIL_PLAY, kontra)
    return d


def assert_refused(d: Deal, action: str, rule: str) -> None:
    """The action raises IllegalAction naming ``rule`` and changes nothing."""
    before = d.key()
    with pytest.raises(IllegalAction) as info:
        d.apply(action)
    assert info.value.rule == rule, str(info.value)
    assert str(info.value).startswith(rule)
    assert d.key() == before


# -- random play --------------------------------------------------------------------------------


def play_random(
    d: Deal,
    rng: random.Random,
    *,
    pass_bias: float = 0.7,
    kontra_bias: float = 0.15,
    claims: bool = False,
) -> Deal:
    """Finish a deal with random legal actions, biased towards realistic auctions (passing more
    often) so that every kind of contract turns up."""
    while not d.is_over():
        d.apply(random_action(d, rng, pass_bias=pass_bias, kontra_bias=kontra_bias, claims=claims))
    return d


def random_action(
    d: Deal,
    rng: random.Random,
    *,
    pass_bias: float = 0.7,
    kontra_bias: float = 0.15,
    claims: bool = False,
) -> Action:
    legal = d.legal_actions()
    kinds = [a.kind for a in legal]
    if d.phase in (Phase.AUCTION, Phase.ROUND1) and rng.random() < pass_bias:
        return legal[kinds.index(ActionKind.PASS)]
    if d.phase == Phase.BID and rng.random() < 0.6:
        return legal[rng.randrange(min(6, len(legal)))]
    if ActionKind.KONTRA in kinds or d.phase == Phase.KONTRA:
        ks = [a for a in legal if a.kind == ActionKind.KONTRA]
        if ks and rng.random() < kontra_bias:
            return rng.choice(ks)
        legal = [a for a in legal if a.kind != ActionKind.KONTRA] or legal
    if not claims:
        legal = [a for a in legal if a.kind != ActionKind.CLAIM]
    return rng.choice(legal)


def play_positions(n: int, min_tricks: int, seed: int, preset: str = "standard") -> list[Deal]:
    """``n`` seeded deals in their play phase, at least ``min_tricks`` tricks in (random
    auctions; a Simple is not forfeited, so that every contract kind reaches play)."""
    rng = random.Random(seed)
    out: list[Deal] = []
    rules = Ruleset.from_preset(preset).with_options(simple_forfeit=False)
    while len(out) < n:
        d = Deal(rules, seed=rng.getrandbits(64), dealer=rng.randrange(3))
        while not d.is_over() and not (d.phase == Phase.PLAY and d.tricks_played >= min_tricks):
            d.apply(random_action(d, rng, pass_bias=0.85))
        if not d.is_over() and rng.random() < 0.5:
            d.apply(random_action(d, rng))
        if not d.is_over() and d.phase == Phase.PLAY:
            out.append(d)
    return out


def public_cards(d: Deal) -> int:
    """The cards every seat may see: played, in the trick, in exposed hands (R7), and the King
    and Over of each declared marriage (R5)."""
    m = 0
    for _, cards, _ in d.tricks:
        for c in cards:
            m |= 1 << c
    for c in d.trick:
        m |= 1 << c
    for p in range(3):
        if d.exposed >> p & 1:
            m |= d.hands[p]
    for _, suit in d.marriages:
        m |= (1 << card(suit, KING)) | (1 << card(suit, OVER))
    return m


# -- the rules of play written out plainly (the references the engine is checked against) ------


def ref_legal(hand: list[int], trick: list[int], trump: int, trump_contract: bool) -> set[int]:
    """Move generation written out plainly from R2-R3 (the reference for the engine)."""
    strength = TRUMP_ORDER_STRENGTH if trump_contract else PLAIN_ORDER_STRENGTH
    if not trick:
        return set(hand)
    led = suit_of(trick[0])
    follow = [c for c in hand if suit_of(c) == led]
    if follow:
        if trump >= 0 and led != trump and any(suit_of(c) == trump for c in trick):
            return set(follow)
        best = max((c for c in trick if suit_of(c) == led), key=lambda c: strength[rank_of(c)])
        higher = [c for c in follow if strength[rank_of(c)] > strength[rank_of(best)]]
        return set(higher or follow)
    if trump >= 0:
        trumps = [c for c in hand if suit_of(c) == trump]
        if trumps:
            played = [c for c in trick if suit_of(c) == trump]
            if played:
                best = max(played, key=lambda c: strength[rank_of(c)])
                higher = [c for c in trumps if strength[rank_of(c)] > strength[rank_of(best)]]
                return set(higher or trumps)
            return set(trumps)
    return set(hand)


def ref_winner(trick: list[int], trump: int, strength: tuple[int, ...]) -> int:
    """Index of the winning card of a full trick (R4), written out plainly."""
    led = suit_of(trick[0])

    def key(i: int) -> tuple[int, int]:
        x = trick[i]
        if trump >= 0 and suit_of(x) == trump:
            return (2, strength[rank_of(x)])
        return (1 if suit_of(x) == led else 0, strength[rank_of(x)])

    return max(range(3), key=key)


# -- system packages -----------------------------------------------------------------------------


def require_system(name: str, found: T | None, install_hint: str) -> T:
    """``found`` (a program's path, a server's address) when the system package ``name`` is
    there.  When it is missing, the test is skipped with ``install_hint`` as the reason, except
    under CI (``CI=true`` in the environment), where a missing package fails the test: CI
    installs it (``.ci/run`` does), so a skip there would hide a broken set-up."""
    if found is not None:
        return found
    message = f"{name} is needed: {install_hint} (.ci/run does)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


# -- a position and a record shared by the notation, record and command tests ----------------

#: a position in ``ulti solve``'s notation (the deal of ``FAIL`` after the discard and a marriage)
POS = (
    "bid=40-100 ulti durchmars; trump=acorns; soloist=1; marriages=1:acorns; "
    "hands=H8 H7 L9 L8 BA BX BK BQ BJ B9 / AA AX AK AO AU A9 A8 A7 HA L7 / "
    "HX HK HQ HJ H9 LA LX LK LQ LJ; talon=B7 B8"
)


def finished(seed: int = 5, rules: Ruleset | None = None) -> Deal:
    return play_random(Deal(rules or Ruleset(), seed=seed, dealer=seed % 3), random.Random(seed))
