"""The research faces' tensors of one seat, computed from a :class:`~ulti.games.ulti.deal.Deal`.

The OpenSpiel game (:mod:`ulti.research.openspiel`) and the self-play data
(:mod:`ulti.arena.selfplay`) share this code: the observation tensor (``dealt``, then
:data:`ulti.games.ulti.observation.TENSOR_LAYOUT`) and the perfect-recall information-state tensor
(the observation, the seat's cards as dealt, then one row of :data:`MOVE_LAYOUT` per move of the
deal as the seat saw it).  The layouts are documented in :mod:`ulti.research.openspiel` and
docs/RESEARCH.md.  Only numpy is needed, not OpenSpiel.

A seat's information state needs two things a :class:`Deal` does not keep: the hands when the
deal was complete (``start``) and, per move, the cards each seat received privately by it
(``private``: the talon to the seat that picked it up; in V1, the rest of the cards, dealt when
round one ended).  :class:`Recall` keeps them while a deal is played
(:func:`apply_recording` per move).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ulti.core.cards import cards_of
from ulti.games.ulti import actions as A
from ulti.games.ulti.actions import Action, ActionKind
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.game import Game
from ulti.games.ulti.observation import (
    SPECTATOR,
    TENSOR_LAYOUT,
    observation_tensor,
    segment_offsets,
)
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.state import Phase

DECK_SIZE = 32
#: the highest kontra cap the action ids can express (kontra levels 1..16,
#: :mod:`ulti.games.ulti.actions`)
MAX_KONTRA_CAP = A.KONTRA_LEVELS_WITH_ID

_BID_BASE = min(a.id for a in A.BID.values())
_N_BIDS = len(A.BID)
_N_KINDS = len(ActionKind)
_N_COMPONENTS = len(Kind)

#: One row of the information state's ``moves`` segment: (field, size).
MOVE_LAYOUT: tuple[tuple[str, int], ...] = (
    ("seat", 3),
    ("kind", _N_KINDS),
    ("cards", DECK_SIZE),
    ("bid", _N_BIDS),
    ("suit", 4),
    ("component", _N_COMPONENTS),
    ("level", MAX_KONTRA_CAP),
)
MOVE_SIZE = sum(n for _, n in MOVE_LAYOUT)
_MOVE_AT = {name: at for name, (at, _n) in segment_offsets(MOVE_LAYOUT).items()}

#: The observation tensor: ``dealt`` then :data:`ulti.games.ulti.observation.TENSOR_LAYOUT`.
OBSERVATION_LAYOUT: tuple[tuple[str, int], ...] = (("dealt", 1), *TENSOR_LAYOUT)
OBSERVATION_SIZE = sum(n for _, n in OBSERVATION_LAYOUT)
_ULTI_AT = segment_offsets(OBSERVATION_LAYOUT)
_START_AT = OBSERVATION_SIZE
_MOVES_AT = OBSERVATION_SIZE + DECK_SIZE


def information_state_layout(max_moves: int) -> tuple[tuple[str, int], ...]:
    """The information-state tensor, segment by segment (``moves`` holds ``max_moves`` rows of
    :data:`MOVE_LAYOUT`)."""
    return (*OBSERVATION_LAYOUT, ("start_hand", DECK_SIZE), ("moves", max_moves * MOVE_SIZE))


def information_state_size(max_moves: int) -> int:
    """The length of the information-state tensor: ``671 + max_moves * 127``."""
    return _MOVES_AT + max_moves * MOVE_SIZE


def max_moves(rules: Ruleset) -> int:
    """The ``moves`` rows of the information state under ``rules``: the deal's longest length
    (:meth:`ulti.games.ulti.game.Game.max_game_length`), which needs capped kontras (V11)."""
    length = Game(rules).max_game_length()
    if length is None:
        raise ValueError("V11/K2: the information state needs capped kontras (max_kontra)")
    return length


def apply_recording(d: Deal, a: Action) -> tuple[int, int, int]:
    """Apply ``a`` to ``d`` and return the cards each seat received privately by it (a mask per
    seat): the talon to the seat that picked it up; in V1, the rest of the deck to every seat
    when the pass that ended round one was made."""
    p = d.current_player
    got = [0, 0, 0]
    talon = d.talon
    phase = d.phase
    before = (d.hands[0], d.hands[1], d.hands[2])
    d.apply(a)
    if a.kind == ActionKind.PICKUP:
        got[p] = talon
    elif phase == Phase.ROUND1 and d.phase != Phase.ROUND1:  # V1: the rest was dealt
        got = [d.hands[i] & ~before[i] for i in range(3)]
    return (got[0], got[1], got[2])


def start_of(start: Sequence[int], seat: int) -> int:
    """``seat``'s cards when the deal was complete (none for a spectator: a negative index
    must not read seat 2's)."""
    return start[seat] if seat != SPECTATOR else 0


def received(got: Sequence[int], seat: int) -> int:
    """The cards ``seat`` received privately by one move (``got``, per seat; none for a
    spectator)."""
    return got[seat] if seat != SPECTATOR else 0


def move_cards(a: Action, p: int, seat: int, got: int, over: bool) -> list[int]:
    """The cards of one move row for ``seat`` (another seat's discard: none until the end)."""
    if a.kind == ActionKind.PLAY:
        return [a.card]
    if a.kind == ActionKind.DISCARD:
        return list(a.cards) if p == seat or over else []
    return cards_of(got)


def dealing_tensor(tensor: np.ndarray[Any, Any], seat: int, dealer: int) -> None:
    """The observation while the deck is being dealt: the seat (none for a spectator,
    :data:`~ulti.games.ulti.observation.SPECTATOR`), the dealer and the "none" slots (nobody
    bid, no talon, no contract, no trump)."""

    def one_hot(name: str, index: int) -> None:
        at, size = _ULTI_AT[name]
        tensor[at + (index if index >= 0 else size - 1)] = 1.0

    if seat != SPECTATOR:  # a spectator is no seat: the seat segment stays all zero
        one_hot("seat", seat)
    one_hot("dealer", dealer)
    for name in ("talon_owner", "bid", "bidder", "contract", "soloist", "trump", "trick_leader"):
        one_hot(name, -1)


def fill_tensor(
    tensor: np.ndarray[Any, Any],
    deal: Deal | None,
    seat: int,
    dealer: int,
    dealt: int,
    start: Sequence[int],
    private: Sequence[Sequence[int]],
    perfect_recall: bool = True,
) -> None:
    """Write ``seat``'s observation (``perfect_recall`` false) or information state into
    ``tensor`` (float32, zeroed here): ``dealt`` cards are out, ``deal`` is ``None`` while the
    deck is being dealt; ``start`` holds the hands when the deal was complete and
    ``private[i]`` the cards each seat received by move ``i`` (:func:`apply_recording`).
    ``seat`` :data:`~ulti.games.ulti.observation.SPECTATOR` is a spectator's view: no seat,
    no cards as dealt, no cards received (the public course of the deal only)."""
    tensor.fill(0.0)
    tensor[0] = float(dealt)
    if deal is None:
        dealing_tensor(tensor, seat, dealer)
        return
    tensor[1:OBSERVATION_SIZE] = observation_tensor(deal.observation(seat))
    if not perfect_recall:
        return
    for c in cards_of(start_of(start, seat)):
        tensor[_START_AT + c] = 1.0
    over = deal.is_over()
    for i, (p, a) in enumerate(deal.history):
        at = _MOVES_AT + i * MOVE_SIZE
        tensor[at + _MOVE_AT["seat"] + p] = 1.0
        tensor[at + _MOVE_AT["kind"] + int(a.kind)] = 1.0
        for c in move_cards(a, p, seat, received(private[i], seat), over):
            tensor[at + _MOVE_AT["cards"] + c] = 1.0
        k = a.kind
        if k == ActionKind.BID:
            tensor[at + _MOVE_AT["bid"] + a.id - _BID_BASE] = 1.0
        elif k in (ActionKind.TRUMP, ActionKind.MARRIAGE):
            tensor[at + _MOVE_AT["suit"] + a.suit] = 1.0
        elif k == ActionKind.KONTRA:
            tensor[at + _MOVE_AT["component"] + int(a.component)] = 1.0
            tensor[at + _MOVE_AT["level"] + a.level - 1] = 1.0


class Recall:
    """A deal with what its seats saw: the hands when it was complete and the cards each seat
    received privately by each move, so that any seat's information-state tensor can be
    computed at any point (the same tensor as ``python_ulti``'s
    ``information_state_tensor(seat)`` in the same state).  Apply moves through
    :meth:`apply`, not to ``deal`` directly."""

    __slots__ = ("deal", "max_moves", "private", "start")

    def __init__(self, deal: Deal, moves: int | None = None) -> None:
        if deal.history:
            raise ValueError("Recall starts with a deal before its first move")
        self.deal = deal
        self.max_moves = max_moves(deal.rules) if moves is None else moves
        self.start = (deal.hands[0], deal.hands[1], deal.hands[2])
        self.private: list[tuple[int, int, int]] = []

    def apply(self, a: Action) -> None:
        self.private.append(apply_recording(self.deal, a))

    @property
    def size(self) -> int:
        return information_state_size(self.max_moves)

    def information_state_tensor(
        self, seat: int, out: np.ndarray[Any, Any] | None = None
    ) -> np.ndarray[Any, Any]:
        """``seat``'s information-state tensor now (float32; written into ``out`` if given;
        :data:`~ulti.games.ulti.observation.SPECTATOR`: a spectator's, see :func:`fill_tensor`)."""
        tensor = np.zeros(self.size, np.float32) if out is None else out
        d = self.deal
        fill_tensor(tensor, d, seat, d.dealer, DECK_SIZE, self.start, self.private)
        return tensor


__all__ = [
    "DECK_SIZE",
    "MAX_KONTRA_CAP",
    "MOVE_LAYOUT",
    "MOVE_SIZE",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "Recall",
    "apply_recording",
    "dealing_tensor",
    "fill_tensor",
    "information_state_layout",
    "information_state_size",
    "max_moves",
    "move_cards",
    "received",
    "start_of",
]
