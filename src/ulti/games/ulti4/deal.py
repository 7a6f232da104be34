"""A four-handed deal (N1-N3, N5): four seats around a deal of three.

Seats are numbered in play order, 0 to 3 (N1).  The dealer ``D`` deals to the other three
exactly as D1, forehand being the seat after the dealer, and takes no part: the three who play
are ``D+1``, ``D+2`` and ``D+3`` (mod 4), and they play a three-handed
:class:`~ulti.games.ulti.deal.Deal` in that order (N2): its seat 0 is forehand, and its own
dealer, the seat before forehand among the three, is its seat 2 (:data:`INNER_DEALER`), so
its cards fall exactly as the four-handed dealer deals them.  Every rule, preset and option
of the three-handed game holds among the three unchanged.

The deal is settled among the three; the dealer's result is 0 (N3).  The dealer sees what a
spectator sees (N5): no hand, no talon, nobody's discards while the deal runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ulti.games.ulti.actions import Action
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import SPECTATOR, Observation
from ulti.games.ulti.rules import STANDARD, Ruleset

#: Seats at a table of four.
SEATS = 4
#: The dealer of the three-handed deal the three play: the seat before its forehand.
INNER_DEALER = 2


@dataclass(frozen=True)
class Observation4:
    """What one seat of four may know of a deal: its seat, the dealer, the three who play (in
    the three-handed deal's order: ``players[i]`` is its seat ``i``) and ``deal``, the
    three-handed deal's observation -- the seat's own among the three, or the public one for
    the dealer sitting out and for a spectator (N5)."""

    seat: int
    dealer: int
    players: tuple[int, int, int]
    deal: Observation

    @property
    def sitting_out(self) -> bool:
        """Whether this seat deals and sits out this deal."""
        return self.seat == self.dealer

    @property
    def current_player(self) -> int:
        """The seat to act, as a seat of four (-1 once the deal is over)."""
        return _of_four(self.players, self.deal.current_player)

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions now (none for the dealer: it has no turn, N1)."""
        return self.deal.legal_actions

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "players": list(self.players),
            "sitting_out": self.sitting_out,
            "deal": self.deal.to_dict(),
        }


class Deal4:
    """One deal at a table of four (a :class:`~ulti.games.base.State`): seats 0-3, the
    ``dealer`` sitting out, the other three playing :attr:`inner`, a three-handed deal."""

    def __init__(
        self,
        rules: Ruleset = STANDARD,
        seed: int = 0,
        dealer: int = 0,
        deck: Sequence[int] | None = None,
    ) -> None:
        _check_seat(dealer, "N1: the dealer is seat 0, 1, 2 or 3")
        self.dealer = dealer
        self.inner = Deal(rules, seed, INNER_DEALER, deck)
        self.seed = self.inner.seed

    @classmethod
    def around(cls, inner: Deal, dealer: int) -> Deal4:
        """The four-handed deal whose three play ``inner`` (dealt with :data:`INNER_DEALER`)
        while ``dealer`` sits out."""
        _check_seat(dealer, "N1: the dealer is seat 0, 1, 2 or 3")
        if inner.dealer != INNER_DEALER:
            raise ValueError("N1: the three who play are dealt as forehand and the two after")
        d = cls.__new__(cls)
        d.dealer = dealer
        d.inner = inner
        d.seed = inner.seed
        return d

    # -- seats ------------------------------------------------------------------------------

    @property
    def rules(self) -> Ruleset:
        return self.inner.rules

    @property
    def players(self) -> tuple[int, int, int]:
        """The three who play, forehand first (N2): the three-handed deal's seats 0, 1, 2."""
        d = self.dealer
        return ((d + 1) % SEATS, (d + 2) % SEATS, (d + 3) % SEATS)

    def inner_seat(self, seat: int) -> int:
        """``seat``'s place in the three-handed deal (``-1``: the dealer, sitting out)."""
        _check_seat(seat, "N1: a seat is 0, 1, 2 or 3")
        return -1 if seat == self.dealer else (seat - self.dealer - 1) % SEATS

    def seat_of(self, inner: int) -> int:
        """The seat of four that plays ``inner`` (0-2) of the three-handed deal."""
        return self.players[inner]

    # -- the framework's state ----------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return _of_four(self.players, self.inner.current_player)

    @property
    def contract(self) -> Any:
        return self.inner.contract

    @property
    def deck(self) -> tuple[int, ...]:
        """The deck as dealt (the three-handed deal's)."""
        return tuple(self.inner.deck)

    @property
    def custom_deck(self) -> bool:
        """Whether the deck was given rather than shuffled from the seed."""
        return self.inner.custom_deck

    @property
    def trump(self) -> int:
        """The trump suit (-1: none yet, or none in the contract)."""
        return self.inner.trump

    def is_over(self) -> bool:
        return self.inner.is_over()

    def legal_actions(self) -> list[Action]:
        return self.inner.legal_actions()

    def apply(self, action: Action) -> None:
        """The seat to act plays ``action`` (refused as in the three-handed deal, changing
        nothing)."""
        self.inner.apply(action)

    def pop(self) -> Action:
        """Take back the last action."""
        return self.inner.pop()

    def observation(self, seat: int) -> Observation4:
        """What ``seat`` may see now: a player's own observation among the three, the public
        one for the dealer sitting out (N5) and for :data:`SPECTATOR`."""
        if seat != SPECTATOR:
            _check_seat(seat, "N1: a seat is 0, 1, 2 or 3 (or -1, a spectator)")
        inner = SPECTATOR if seat == SPECTATOR else self.inner_seat(seat)
        return Observation4(seat, self.dealer, self.players, self.inner.observation(inner))

    def returns(self) -> list[int]:
        """Each seat's result: the three's settlement, 0 for the dealer (N3)."""
        out = [0] * SEATS
        for inner, v in enumerate(self.inner.returns()):
            out[self.players[inner]] = v
        return out

    def clone(self) -> Deal4:
        return Deal4.around(self.inner.clone(), self.dealer)

    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every action so far with the seat of four that made it."""
        return [(self.players[who], a) for who, a in self.inner.history]

    def __repr__(self) -> str:
        return f"Deal4(seed={self.seed}, dealer={self.dealer}, inner={self.inner!r})"


def _of_four(players: tuple[int, int, int], inner: int) -> int:
    """The seat of four of the three-handed deal's seat ``inner`` (-1 stays -1: nobody)."""
    return players[inner] if inner >= 0 else -1


def _check_seat(seat: int, why: str) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise ValueError(why)
