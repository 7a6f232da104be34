"""Doubling (K1-K4, V11): kontras in the first trick, and the answers after it.

Each component of the contract has a level against each defender (``d.kontra[kind] == [a, b]``,
in seat order after the soloist).  Up to their card of the first trick the defenders may double
any component (level 1, K1); a defender's double binds both defenders except on a no-trump
component (K3).  After the first trick the side with a double to answer may raise it, in turn,
until neither side raises (K1, K2); :func:`legality.kontra_rule` is the rule, this module the
turn order.
"""

from __future__ import annotations

from ulti.games.ulti import actions as A
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.legality import Reason, kontra_rule
from ulti.games.ulti.state import DealState, Extra, IllegalAction, Phase, key_of

#: ``KONTRA_T[kind][level]``: the interned kontra actions of the first 16 levels.
KONTRA_T = [[A.kontra(Kind(k), lv) if lv else None for lv in range(17)] for k in range(len(Kind))]


def kontra_action(kind: int, level: int) -> Action:
    if level <= 16:
        return KONTRA_T[kind][level]  # type: ignore[return-value]
    return A.kontra(Kind(kind), level)


#: Which kontras a seat may make depends only on the components' levels, the seat's role
#: (soloist, first or second defender), the phase and the cap: the lists :func:`kontra_rule`
#: allows, remembered by those (the rule stays the only place that decides).
_MEMO: dict[tuple[object, ...], list[Action]] = {}
_MEMO_MAX = 200_000


def raises(d: DealState, seat: int, answering: bool) -> list[Action]:
    """The kontras ``seat`` may make now: each component's next level on either side, where
    :func:`kontra_rule` allows it (a shared list: callers copy it, never change it)."""
    kontra = d.kontra
    if not kontra:
        return []
    key = (  # role (0: soloist), the window, the cap, the levels
        (seat - d.soloist) % 3,
        answering,
        d.rules.kontra_until_second_trick,
        d.kontra_cap,
        d.kontra_key,
    )
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) >= _MEMO_MAX:
            _MEMO.clear()
        got = _MEMO[key] = _allowed_raises(d, seat, answering)
    return got


def _allowed_raises(d: DealState, seat: int, answering: bool) -> list[Action]:
    out: list[Action] = []
    cap = d.kontra_cap
    for kind, (a, b) in d.kontra.items():
        # the candidates: the next level on either side (only these can be allowed)
        for level in (a + 1,) if a == b else (a + 1, b + 1):
            if level <= cap and kontra_rule(d, seat, kind, level, answering) is None:
                out.append(kontra_action(kind, level))
    return out


def refuse_raise(d: DealState, seat: int, action: Action, answering: bool) -> Reason | None:
    """Why the rules do not allow this kontra now (K1-K3, V11), or ``None``."""
    if action in raises(d, seat, answering):  # (the rule's remembered verdicts)
        return None
    why = kontra_rule(d, seat, action.component, action.level, answering)
    assert why is not None, action  # what the rule allows is among the raises
    return why


def apply_raise(d: DealState, seat: int, action: Action) -> None:
    """Record an allowed kontra (K2, K3)."""
    c = d.contract
    assert c is not None
    d._money = None
    comp = action.component
    lv = d.kontra[comp]
    s = d.soloist
    if seat == s:
        for i in (0, 1):
            if lv[i] == action.level - 1:
                lv[i] = action.level
    else:
        di = 0 if seat == (s + 1) % 3 else 1
        if c.no_trump_component(comp):
            lv[di] = action.level  # K3: binds only this defender
        else:
            lv[0] = lv[1] = action.level  # K3: binds both defenders
    d.kontra_key = key_of(d.kontra)


def refuse_first_trick(d: DealState, action: Action) -> Reason | None:
    """A kontra made with a first-trick card (K1; W13 until the second trick)."""
    if d.tricks_played != 0:
        if d.rules.kontra_until_second_trick:
            return Reason("W13", "kontra-closed-second")
        return Reason("K1", "kontra-closed")
    return refuse_raise(d, d.player, action, answering=False)


def apply_first_trick(d: DealState, action: Action) -> None:
    """An allowed kontra with a first-trick card (K1)."""
    d._stack.append(Extra(d))
    d._log(action)
    apply_raise(d, d.player, action)


def open_answers(d: DealState) -> None:
    """K1: after the first trick, the side with a double to answer may raise, in turn."""
    s = d.soloist
    queue = [s] if raises(d, s, answering=True) else []
    if d.rules.kontra_until_second_trick:  # W13: the defenders may still double, first
        queue = [x for x in d.defenders if raises(d, x, answering=True)] + queue
    if queue:
        d.kontra_queue = queue
        d.kontra_raised = False
        d.phase = Phase.KONTRA
        d.player = queue[0]


def legal(d: DealState) -> list[Action]:
    return [A.PASS, *raises(d, d.player, answering=True)]


def refuse(d: DealState, action: Action) -> Reason | None:
    """An answer after the first trick: a pass, or a raise the rules allow (K1, K2)."""
    if action.kind == ActionKind.PASS:
        return None
    if action.kind != ActionKind.KONTRA:
        return d._wrong_phase(action, "answer", "K1")
    return refuse_raise(d, d.player, action, answering=True)


def apply(d: DealState, action: Action) -> None:
    """An answer after the first trick: a raise, or a pass."""
    p = d.player
    if action.kind == ActionKind.PASS:
        d._stack.append(Extra(d))
        d._log(action)
        _next_turn(d)
        return
    why = refuse(d, action)
    if why is not None:
        raise IllegalAction(why)
    d._stack.append(Extra(d))
    d._log(action)
    apply_raise(d, p, action)
    d.kontra_raised = True
    if not raises(d, p, answering=True):
        _next_turn(d)


def _next_turn(d: DealState) -> None:
    queue = d.kontra_queue
    queue.pop(0)
    s = d.soloist
    while True:
        if queue:
            d.player = queue[0]
            if raises(d, d.player, answering=True):
                return
            queue.pop(0)
            continue
        if not d.kontra_raised:
            break
        # the side that just raised is answered by the other side
        d.kontra_raised = False
        if d.player == s:
            queue.extend(x for x in d.defenders if raises(d, x, answering=True))
        elif raises(d, s, answering=True):
            queue.append(s)
        if not queue:
            break
    d.kontra_queue = []
    d.phase = Phase.PLAY
    d.player = d.leader


__all__ = [
    "KONTRA_T",
    "apply",
    "apply_first_trick",
    "apply_raise",
    "kontra_action",
    "legal",
    "open_answers",
    "raises",
    "refuse",
    "refuse_first_trick",
    "refuse_raise",
]
