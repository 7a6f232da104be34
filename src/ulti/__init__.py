"""Ulti, Hungary's three-player trick-taking card game: the rules, exact, as a state API.

>>> import ulti
>>> d = ulti.Deal(seed=7)                  # a deal of the standard rules (D2: seeded)
>>> d.current_player, len(d.legal_actions())
(1, 66)
>>> d.push(d.legal_actions()[0]); d.pop()  # one undo stack (python-chess's push/pop)
Action('discard ♥J ♣9')

The engine (cards, bids, actions, the deal, scoring, observations, records) imports no solver;
:mod:`ulti.search.ulti.solver` and the players (:mod:`ulti.players`) are imported on their own.
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version

from ulti import _moved
from ulti.core.cards import Card, CardParseError, Mask, Seat, parse_card, parse_cards
from ulti.core.errors import UltiError
from ulti.core.seeds import derive_seed, shuffled_deck
from ulti.games.ulti import adjudicator
from ulti.games.ulti.actions import NUM_ACTIONS, Action, ActionKind, ActionParseError, parse_action
from ulti.games.ulti.bids import Bid, BidParseError, Kind, Silent
from ulti.games.ulti.deal import Deal, Event, IllegalAction, Phase
from ulti.games.ulti.game import Game
from ulti.games.ulti.legality import Reason
from ulti.games.ulti.observation import Move, Observation
from ulti.games.ulti.record import RecordError
from ulti.games.ulti.rules import PRESETS, STANDARD, Ruleset, RulesetError
from ulti.games.ulti.scoring import Outcome, Settlement, Status, Termination
from ulti.games.ulti.session import Session

_moved.install()


def _solver_adjudicator() -> adjudicator.Adjudicator:
    """The compiled solver's adjudicator: R7's answers by best play.  Loaded the first time a
    deal needs one (an open contract), so that ``import ulti`` loads no compiled search."""
    solver = importlib.import_module("ulti.search.ulti.solver")
    made: adjudicator.Adjudicator = solver.SolverAdjudicator()
    return made


adjudicator.set_default(_solver_adjudicator)  # the composition root: the engine knows no search

try:
    __version__ = version("ulti")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

__all__ = [
    "NUM_ACTIONS",
    "PRESETS",
    "STANDARD",
    "Action",
    "ActionKind",
    "ActionParseError",
    "Bid",
    "BidParseError",
    "Card",
    "CardParseError",
    "Deal",
    "Event",
    "Game",
    "IllegalAction",
    "Kind",
    "Mask",
    "Move",
    "Observation",
    "Outcome",
    "Phase",
    "Reason",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "Seat",
    "Session",
    "Settlement",
    "Silent",
    "Status",
    "Termination",
    "UltiError",
    "__version__",
    "derive_seed",
    "parse_action",
    "parse_card",
    "parse_cards",
    "shuffled_deck",
]
