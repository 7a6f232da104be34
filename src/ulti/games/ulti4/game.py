"""Four-handed Ulti as the framework sees it (:mod:`ulti.games.base`): four seats, the same
actions as the three-handed game, each decision named by the three-handed deal's phase."""

from __future__ import annotations

from collections.abc import Sequence

from ulti.games.base import GameInfo
from ulti.games.ulti.actions import Action, parse_action
from ulti.games.ulti.game import DECISION_KINDS, decision_kind
from ulti.games.ulti.rules import PRESETS, STANDARD, Ruleset
from ulti.games.ulti4.deal import SEATS, Deal4, Observation4


def _deal(rules: Ruleset | None, seed: int, dealer: int, deck: Sequence[int] | None) -> Deal4:
    return Deal4(rules or STANDARD, seed, dealer, deck)


def _kind(obs: Observation4, legal: Sequence[Action]) -> str:
    return decision_kind(obs.deal, legal)


#: Ulti for four (N1-N5).
ULTI4: GameInfo[Deal4, Action] = GameInfo(
    name="ulti4",
    seats=SEATS,
    deal=_deal,
    parse_action=parse_action,
    decision_kind=_kind,
    kinds=DECISION_KINDS,
    presets=PRESETS,  # every preset of the three-handed game (N2)
)

__all__ = ["ULTI4"]
