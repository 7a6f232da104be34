"""The game as OpenSpiel sees one: static facts of a ruleset, and the states it starts.

A :class:`Game` is a ruleset with what is true of every deal under it (the number of distinct
actions, the players, the bounds of a deal's length and of its returns); its states are
:class:`~ulti.games.ulti.deal.Deal` objects (``new_initial_state``), written and read back as
records (``serialize`` / ``deserialize_state``).

Every ruleset caps kontras (V11 ``max_kontra``: by default at Wheeled Bicycle), which bounds
a deal's length and its returns.  Only a record of an earlier version may hold rules without a
cap (``max_kontra`` 0); under those :meth:`Game.max_game_length` and the utility bounds are
``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ulti.games.base import GameInfo
from ulti.games.ulti.actions import NUM_ACTIONS, Action, ActionKind, parse_action
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.record import RecordError, dumps, loads
from ulti.games.ulti.rules import PRESETS, STANDARD, Ruleset
from ulti.games.ulti.scoring import money_for

#: Caps at or above this are "no cap" (:attr:`Ruleset.kontra_cap` of an earlier version's
#: uncapped rules is 2**30).
_CAPPED = 1 << 20
#: The kontra cap of the OpenSpiel game when none is given, and of the compiled search's
#: research rules: Mordkontra (V11, level 4: a component's value times 16), which keeps a
#: deal's length short while the doubling chains that make Ulti keep their room.
RESEARCH_MAX_KONTRA = 4


@dataclass(frozen=True)
class Game:
    """Ulti under ``rules``."""

    rules: Ruleset = STANDARD

    num_players: int = 3
    #: every deal is zero-sum (S1)
    utility_sum: int = 0

    def num_distinct_actions(self) -> int:
        """Action ids are ``0 .. NUM_ACTIONS - 1`` (:mod:`ulti.games.ulti.actions`)."""
        return NUM_ACTIONS

    def capped(self) -> bool:
        """Whether kontras stop at a level (V11), which bounds length and returns."""
        return self.rules.kontra_cap < _CAPPED

    def max_game_length(self) -> int | None:
        """An upper bound on the number of actions of a deal (``None``: unbounded)."""
        if not self.capped():
            return None
        ladder = self.rules.ladder
        top = ladder.top_rank
        kinds = len(Kind)
        cap = self.rules.kontra_cap
        auction = 3 + top * 5  # each overcall: up to two passes, pick-up, discard, bid
        if self.rules.two_round_auction:
            auction += 3 + top * 3 + 2  # V1's first round (passes and bids) and its end
        first_trick = 4 * 3 + 2 * kinds  # marriages; every defender's first kontras
        raises = kinds * cap * 2  # every level of every component, against each defender
        answers = raises + 3 * (raises + 1)  # and up to three passes around each
        return auction + 1 + first_trick + answers + 30 + 1

    def max_utility(self) -> int | None:
        """The most a seat can win in one deal (``None``: unbounded)."""
        return self._bound()

    def min_utility(self) -> int | None:
        """The most a seat can lose in one deal, negated (``None``: unbounded)."""
        b = self._bound()
        return None if b is None else -b

    def _bound(self) -> int | None:
        if not self.capped():
            return None
        rules = self.rules
        cap = rules.kontra_cap
        mult = 2 if rules.two_round_auction else 1
        best = 2 * mult  # A5's forfeit
        for b in rules.ladder.by_key.values():
            kontra = {k: (cap, cap) for k in b.kinds}
            total = sum(
                max(m.won_total, -m.lost_total) for _, m in money_for(b, kontra, mult, rules)
            )
            best = max(best, total)
        return best

    def new_initial_state(self, seed: int = 0, dealer: int = 0) -> Deal:
        """A new deal (its deck from ``seed``, D2)."""
        return Deal(self.rules, seed, dealer)

    def serialize_state(self, deal: Deal) -> str:
        """A deal as text (its record, :mod:`ulti.games.ulti.record`), read back by
        :meth:`deserialize_state`."""
        return dumps(deal)

    def deserialize_state(self, text: str) -> Deal:
        deal = loads(text)
        if deal.rules != self.rules:
            raise RecordError("bad-other-rules")
        return deal


#: The kinds of decision a player takes (:func:`decision_kind`).
DECISION_KINDS = ("bid", "talon", "trump", "kontra", "card")


def decision_kind(obs: Observation, legal: Sequence[Action]) -> str:
    """What a decision is about, from the observation's phase and the legal actions: ``bid``
    (the auction: pass, pick up, a bid), ``talon`` (the two cards laid), ``trump``, ``kontra``
    (the answer window, and a defender's first card when a kontra is on offer) or ``card``."""
    phase = obs.phase
    if phase in ("AUCTION", "ROUND1", "BID"):
        return "bid"
    if phase == "DISCARD":
        return "talon"
    if phase == "TRUMP":
        return "trump"
    if phase == "KONTRA" or any(a.kind == ActionKind.KONTRA for a in legal):
        return "kontra"
    return "card"


def _deal(rules: Ruleset | None, seed: int, dealer: int, deck: Sequence[int] | None) -> Deal:
    return Deal(rules or STANDARD, seed, dealer, deck)


#: Ulti as the framework sees it (:mod:`ulti.games.base`): three seats.
ULTI: GameInfo[Deal, Action] = GameInfo(
    name="ulti",
    seats=3,
    deal=_deal,
    parse_action=parse_action,
    decision_kind=decision_kind,
    kinds=DECISION_KINDS,
    presets=PRESETS,
)

__all__ = ["DECISION_KINDS", "ULTI", "Game", "decision_kind"]
