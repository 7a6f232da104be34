"""Duplicate tournaments at a table of four (N1-N5): every deal under every seating of the
players at the four seats (for four players the 24 orders: each sits out six of them, as each
deal's dealer).  A unit is one deal of four (:mod:`ulti.players.ulti4`); its result and the
statistics are Ulti's (:mod:`ulti.arena.ulti`), the dealer's result being 0.
"""

from __future__ import annotations

from functools import partial

from ulti.arena import tournament as duplicate
from ulti.arena.tournament import Arena, Unit
from ulti.arena.ulti import UnitResult, contract_made, summarize
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti4 import ULTI4
from ulti.players import base
from ulti.players.ulti4 import LEVELS, play_deal, registry


def run_unit(u: Unit) -> UnitResult:
    rules = Ruleset.from_dict(u.rules)
    players = [base.build(registry(), LEVELS, u.specs[b], u.player_seeds[b]) for b in u.seating]
    run = play_deal(rules, u.seed, u.dealer, players, game=u.index)
    d = run.deal
    soloist = d.inner.soloist
    return UnitResult(
        u.index,
        u.seating,
        tuple(d.returns()),
        d.seat_of(soloist) if soloist >= 0 else -1,
        d.contract.key if d.contract else None,
        contract_made(d.inner),
        [list(x) for x in run.times],
        [list(x) for x in run.card_times],
    )


def _room() -> Arena[UnitResult]:
    return Arena(ULTI4, run_unit, partial(UnitResult.from_dict, seats=ULTI4.seats), summarize)


#: Play the tournament of four (:class:`~ulti.arena.tournament.Tournament`).
tournament = duplicate.Tournament(_room, Ruleset)

__all__ = ["run_unit", "tournament"]
