"""Snapszli as the framework sees a game (:mod:`ulti.games.base`): two seats, how a deal is
dealt, how an action is read, and the kind of each decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from ulti.games.base import GameInfo
from ulti.games.snapszli.actions import Kind, SnapAction, parse_action
from ulti.games.snapszli.deal import SnapDeal
from ulti.games.snapszli.observation import SnapObservation
from ulti.games.snapszli.rules import PRESETS

#: The kinds of decision a player takes (:func:`decision_kind`).
DECISION_KINDS = ("card", "call")


def decision_kind(obs: SnapObservation, legal: Sequence[SnapAction]) -> str:
    """``call`` when more than a card may be chosen (a marriage, the exchange, closing, a
    claim), else ``card``."""
    return "card" if all(a.kind == Kind.PLAY for a in legal) else "call"


#: Snapszli as the framework sees it (:mod:`ulti.games.base`): two seats.
SNAPSZLI: GameInfo[SnapDeal, SnapAction] = GameInfo(
    name="snapszli",
    seats=2,
    deal=SnapDeal,
    parse_action=parse_action,
    decision_kind=decision_kind,
    kinds=DECISION_KINDS,
    presets=PRESETS,
)


__all__ = ["DECISION_KINDS", "SNAPSZLI", "decision_kind"]
