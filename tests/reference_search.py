"""Exact best play by search over a deal's remaining card play: the pure-Python reference.

The soloist maximises their settlement in units; the defenders, one side (K3), minimise it.  It is
the reference the compiled solver is tested against, and, as :class:`ReferenceAdjudicator`, it
answers R7's questions for an engine that is given no solver.  It plays on the real
:class:`~ulti.games.ulti.deal.Deal` (every rule in one place) through its push/pop stack, and uses
three exact reductions:

* **R8 cut-off** — a line ends as soon as every item is decided;
* **a transposition table** keyed on the cards still out, the trick in progress, and the past
  compressed to what can still change an item: points taken per side, Aces taken per seat,
  which seats have won a trick;
* **equivalent cards** — of cards adjacent in rank among the cards still in play, in one hand,
  of equal card points, neither an Ace nor the trump VII, only one is tried.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ulti.core.cards import ACES, card_points, cards_of
from ulti.games.ulti.actions import PLAY
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.scoring import Item, Settlement, Status

if TYPE_CHECKING:
    from ulti.games.ulti.state import DealState

_INF = 1 << 40
_PLAY = Phase.PLAY


@dataclass(frozen=True)
class Outcome:
    """The result of best play from a position: the soloist's units, and the settlement and item
    statuses at the end of one best line (``line``: its cards)."""

    value: int
    settlement: Settlement
    statuses: dict[Item, Status]
    line: tuple[str, ...]


class _Search:
    def __init__(self, d: Deal) -> None:
        if d.phase != _PLAY or not d.tricks_played:
            raise ValueError("R7: best play is searched in the play phase, after the first trick")
        self.d = d = d.clone()
        d.adjudicator = NO_PROOF  # the search plays every card: no R7 shortcut
        self.s = d.soloist
        self.tt: dict[tuple[object, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.order = d.beats  # the contract's rank order (C2): to find equivalent cards
        c = d.contract
        self.duck = c is not None and c.has(Kind.BETLI)

    def key(self) -> tuple[object, ...]:
        d = self.d
        s = self.s
        t = d.taken
        sol = t[s]
        dfn = t[(s + 1) % 3] | t[(s + 2) % 3]
        won = d.tricks_won
        return (
            d.hands[0],
            d.hands[1],
            d.hands[2],
            tuple(d.trick),
            d.leader,
            d.player,
            card_points(sol),
            card_points(dfn),
            t[0] & ACES,
            t[1] & ACES,
            t[2] & ACES,
            won[0] > 0,
            won[1] > 0,
            won[2] > 0,
        )

    def moves(self) -> list[int]:
        """The legal cards, one of each run of equivalent cards."""
        d = self.d
        p = d.player
        legal = d.legal_mask()
        in_play = d.hands[0] | d.hands[1] | d.hands[2] | d.trick_mask
        special = ACES | (1 << d.ulti_card if d.ulti_card >= 0 else 0)
        beats = self.order
        out = []
        for c in cards_of(legal):
            # c is redundant if the next higher card in play is ours, legal, and alike
            above = beats[c] & in_play
            if above and not (1 << c) & special:
                # the lowest card in play above c: the one with the most cards above it
                nxt = max(_bits(above), key=lambda x: _count(beats[x] & in_play))
                if (
                    legal >> nxt & 1
                    and not (1 << nxt) & special
                    and card_points(1 << nxt) == card_points(1 << c)
                ):
                    continue
            out.append(c)
        # move ordering: strongest first (the cards most likely to decide a trick), except the
        # Betli soloist, who tries to duck
        out.sort(key=lambda x: _count(beats[x] & in_play), reverse=not self.duck or p != self.s)
        return out

    def value(self, alpha: int, beta: int) -> int:
        d = self.d
        self.nodes += 1
        if d.phase != _PLAY:
            if d.settlement is not None:
                return d.settlement.totals[self.s]
            # after the first trick only claims search; a kontra answer round cannot occur here
            raise AssertionError(d.phase)  # pragma: no cover
        key = self.key()
        lo, hi = self.tt.get(key, (-_INF, _INF))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a0, b0 = max(alpha, lo), min(beta, hi)
        alpha, beta = a0, b0
        maximise = d.player == self.s
        best = -_INF if maximise else _INF
        for c in self.moves():
            d.push(PLAY[c])
            v = self.value(alpha, beta)
            d.pop()
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if best <= a0:
            self.tt[key] = (lo, min(hi, best))
        elif best >= b0:
            self.tt[key] = (max(lo, best), hi)
        else:
            self.tt[key] = (best, best)
        return best


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _count(mask: int) -> int:
    return mask.bit_count()


def best_play(d: Deal) -> Outcome:
    """Best play from ``d`` (in the play phase, after the first trick) to the end of the deal.
    ``d`` is left as it was."""
    srch = _Search(d)
    value = srch.value(-_INF, _INF)
    d = srch.d
    line: list[str] = []
    while d.phase == _PLAY:
        for c in srch.moves():
            d.push(PLAY[c])
            if srch.value(value - 1, value + 1) == value:
                line.append(str(PLAY[c]))
                break
            d.pop()
        else:  # pragma: no cover - some card always reaches the value
            raise AssertionError("best line lost")
    assert d.settlement is not None
    return Outcome(value, d.settlement, dict(d.statuses), tuple(line))


class _NoProof:
    """An adjudicator that never proves anything early (its deals play every card)."""

    def fixed(self, d: DealState, budget: int) -> dict[Item, Status] | None:
        return None

    def open_component_made(self, d: DealState) -> bool:
        raise AssertionError("the reference search makes no claims")

    def best_card(self, d: DealState) -> int:
        raise AssertionError("the reference search makes no claims")


NO_PROOF = _NoProof()


class ReferenceAdjudicator:
    """R7 by exhaustive search, without the solver: for the engine's own tests (the engine
    stands on its own).  ``fixed`` tries only the last ``depth`` tricks (it plays every line)."""

    def __init__(self, depth: int = 3) -> None:
        self.depth = depth

    def _deal(self, d: DealState) -> Deal:
        assert isinstance(d, Deal)
        c = d.clone()
        c.adjudicator = NO_PROOF
        return c

    def fixed(self, d: DealState, budget: int) -> dict[Item, Status] | None:
        if 10 - d.tricks_played > self.depth:
            return None
        c = self._deal(d)
        seen: set[tuple[tuple[Item, Status], ...]] = set()

        def walk() -> None:
            if c.is_over():
                seen.add(tuple(sorted(c.statuses.items())))
                return
            for card in cards_of(c.legal_mask()):
                c.push(PLAY[card])
                walk()
                c.pop()

        walk()
        if len(seen) != 1:
            return None
        return dict(seen.pop())

    def open_component_made(self, d: DealState) -> bool:
        c = self._deal(d)
        s = c.soloist
        contract = c.contract
        assert contract is not None
        item = next(int(k) for k in (Kind.BETLI, Kind.DURCHMARS, Kind.ULTI) if contract.has(k))

        def made() -> bool:  # the soloist's side wins the item against any defence
            st = c.statuses.get(item)
            if st is not None or c.is_over():
                return st == Status.WON
            mine = c.player == s
            for card in cards_of(c.legal_mask()):
                c.push(PLAY[card])
                got = made()
                c.pop()
                if got == mine:
                    return mine
            return not mine

        return made()

    def best_card(self, d: DealState) -> int:
        assert isinstance(d, Deal)
        return PLAY_BY_TEXT[best_play(d).line[0]]


PLAY_BY_TEXT = {str(PLAY[c]): c for c in range(32)}
