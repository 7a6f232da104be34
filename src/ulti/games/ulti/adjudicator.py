"""What the engine asks when a rule needs best play to be known (R7).

In an open contract every hand is known: the deal ends as soon as no play can change any item's
outcome, and a claim is upheld only if the claiming side wins against any play.  Those answers need
a search, which is not the engine's business: a :class:`Deal` is given an adjudicator
(:func:`default` unless told otherwise: the compiled double-dummy solver,
:class:`ulti.search.ulti.solver.SolverAdjudicator`).  Any object with these three methods will do —
the tests give the engine one built on the pure-Python reference search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ulti.games.ulti.scoring import Item, Status
    from ulti.games.ulti.state import DealState


class Adjudicator(Protocol):
    """Answers about a deal in its play phase with every hand known.  It must not change the
    deal it is given."""

    def fixed(self, d: DealState, budget: int) -> dict[Item, Status] | None:
        """At a trick's start: each item's status if no play from here can change any of
        them, else ``None`` (also when proving it would take more than ``budget`` nodes)."""
        ...

    def open_component_made(self, d: DealState) -> bool:
        """Whether the soloist makes the open component (Betli, Durchmars, Open Ulti) against
        any defence from here."""
        ...

    def best_card(self, d: DealState) -> int:
        """A card for the player to move that keeps the value of best play (the soloist
        maximising the settlement, the defenders minimising it)."""
        ...


_factory: Callable[[], Adjudicator] | None = None


def set_default(factory: Callable[[], Adjudicator]) -> None:
    """What :func:`default` makes.  The package's root (``ulti/__init__.py``) sets the compiled
    solver's adjudicator; the engine itself knows no search."""
    global _factory
    _factory = factory


def default() -> Adjudicator:
    """A new default adjudicator (one per deal and thread: a search belongs to one thread)."""
    if _factory is None:
        raise RuntimeError(
            "no default adjudicator is set (ulti.games.ulti.adjudicator.set_default)"
        )
    return _factory()


__all__ = ["Adjudicator", "default", "set_default"]
