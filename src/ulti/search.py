"""Exact best play by search over a deal's remaining card play: the pure-Python reference.

The soloist maximises their settlement in units, the defenders (one side, K3) minimise it.  It is
used to settle claims in open contracts (R7), where every hand is known, and it is the reference
against which the compiled solver is tested.  It searches the real :class:`~ulti.deal.Deal` (clone
and apply), so it follows every rule by construction; it is exact, not fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ulti.actions import ActionKind
from ulti.scoring import Item, Settlement, Status

if TYPE_CHECKING:
    from ulti.deal import Deal

_INF = 1 << 40


@dataclass(frozen=True)
class Outcome:
    """The result of best play from a position: the soloist's units, and the settlement and item
    statuses at the end of one best line."""

    value: int
    settlement: Settlement
    statuses: dict[Item, Status]
    line: tuple[str, ...]


def _key(d: Deal) -> tuple[object, ...]:
    return (tuple(d.hands), tuple(d.trick), d.leader, tuple(d.taken), tuple(d.tricks_won),
            d.seven_trick)


def _cards(d: Deal) -> list[object]:
    return [a for a in d.legal_actions() if a.kind == ActionKind.PLAY]


def _value(d: Deal, alpha: int, beta: int, tt: dict[tuple[object, ...], tuple[int, int]]) -> int:
    if d.is_over():
        assert d.settlement is not None
        return d.settlement.totals[d.soloist]
    key = _key(d)
    lo, hi = tt.get(key, (-_INF, _INF))
    if lo >= beta:
        return lo
    if hi <= alpha:
        return hi
    if lo == hi:
        return lo
    a0, b0 = max(alpha, lo), min(beta, hi)
    alpha, beta = a0, b0
    maximise = d.player == d.soloist
    best = -_INF if maximise else _INF
    for act in _cards(d):
        child = d.clone()
        child.apply(act)  # type: ignore[arg-type]
        v = _value(child, alpha, beta, tt)
        if maximise:
            if v > best:
                best = v
            alpha = max(alpha, v)
        else:
            if v < best:
                best = v
            beta = min(beta, v)
        if alpha >= beta:
            break
    if best <= a0:
        tt[key] = (lo, min(hi, best))
    elif best >= b0:
        tt[key] = (max(lo, best), hi)
    else:
        tt[key] = (best, best)
    return best


def best_play(d: Deal) -> Outcome:
    """Best play from ``d`` (in the play phase, after the first trick) to the end of the deal."""
    tt: dict[tuple[object, ...], tuple[int, int]] = {}
    value = _value(d, -_INF, _INF, tt)
    cur = d.clone()
    line: list[str] = []
    while not cur.is_over():
        for act in _cards(cur):
            child = cur.clone()
            child.apply(act)  # type: ignore[arg-type]
            if _value(child, value - 1, value + 1, tt) == value:
                line.append(str(act))
                cur = child
                break
        else:  # pragma: no cover - the value is always reached by some card
            raise AssertionError("best line lost")
    assert cur.settlement is not None
    return Outcome(value, cur.settlement, dict(cur.statuses), tuple(line))
