"""The compiled full-game state, for learning loops: :class:`FastDeal`.

A :class:`FastDeal` is one deal of Ulti in compiled code (Cython, ``ulti.search._core``), the
twin of :class:`ulti.games.ulti.deal.Deal` driven by :mod:`ulti.games.ulti.actions` ids,
OpenSpiel style::

    from ulti.search.ulti.fast import FastDeal, research_rules

    d = FastDeal(research_rules(), seed=7, dealer=0)
    while not d.is_terminal():
        d.apply_action(policy(d.legal_actions()))
    d.returns()                # units won by each seat, zero-sum (S1)

It covers the whole deal: dealing (D1, D2; V1's two rounds, V4 without a talon), the auction
and the talon (A1-A5, B5, B6), trump, kontras to the cap (K1-K4, V11), marriages (R5), card
play (R1-R6), the end of play (R8), open contracts (R7: hands laid open, the deal settled as
soon as the solver proves nothing can change, claims checked and settled by best play) and the
settlement (S1, S2), under every option of :class:`ulti.games.ulti.rules.Ruleset`.

The Python engine stays the reference: ``tests/test_fast.py`` plays both on more than 10,000 random
deals over every preset and the options no preset sets, and demands the same current player, phase
and legal actions (ids, in the engine's order) at every step and the same returns and ending.  A
refused action raises the engine's own :class:`~ulti.games.ulti.state.IllegalAction` (with its
reason: the deal is replayed in the engine to find it) and changes nothing.

What it has:

==============================  ===========================================================
``legal_actions()``             ids, in :meth:`Deal.legal_actions` order
``apply_action(id)``            also ``apply(id or Action)``
``current_player``              the seat to act, -1 once the deal is over
``phase``                       an int (:class:`ulti.games.ulti.state.Phase`)
``is_terminal()``/``is_over()``
``returns()``                   the settlement's totals (zeros while it runs)
``termination``                 how it ended: ``ten-tricks``, ``decided``, ``proved``,
                                ``claim``, ``simple-not-played`` (None while it runs)
``clone()``                     a copy (also ``copy.copy``, ``deepcopy``; pickles)
``history``                     ``[(seat, id), ...]``
``to_deal()``                   the same deal as a :class:`ulti.games.ulti.deal.Deal`
                                (replayed): for observations, tensors, records, events,
                                the settlement explained line by line
``play_random(seed)``           random legal actions to the end, in compiled code
``observation_tensor(seat)``    the research faces' tensors (the layouts of
``information_state_tensor``    :mod:`ulti.games.ulti.infostate`, float32, into ``out=`` when
                                given), computed in compiled code
``hands``, ``talon``, ``deck``, ``soloist``, ``trump``, ``contract_order``,
``bid_multiplier``, ``kontra_levels(kind)``, ``marriages``, ``tricks_played``
==============================  ===========================================================

There is no undo (``clone`` first), no event log and no observation object: those stay with the
engine (``to_deal``).  Kontra levels need action ids, so the rules must cap kontras at 2 to 16
levels (``max_kontra``, V11); :func:`research_rules` is the standard rules capped at Mordkontra, as
the OpenSpiel, PettingZoo and Gymnasium faces use.  Open contracts ask the calling thread's solver
(:func:`ulti.search.ulti.solver._solver`): a deal belongs to one thread at a time, as the solver
does.

``benchmarks/bench_rl.py`` measures it against the Python engine and OpenSpiel's Skat.
"""

from __future__ import annotations

from ulti.games.ulti.game import RESEARCH_MAX_KONTRA
from ulti.games.ulti.rules import STANDARD, Ruleset
from ulti.search._core import FAST_TERMINATIONS, FastDeal, FastRules

_RESEARCH = STANDARD.with_options(max_kontra=RESEARCH_MAX_KONTRA)


def research_rules(preset: str = "standard") -> Ruleset:
    """A preset's rules with the research kontra cap (Mordkontra) unless it caps lower."""
    if preset == "standard":
        return _RESEARCH
    rules = Ruleset.from_preset(preset)
    if not rules.max_kontra or rules.max_kontra > RESEARCH_MAX_KONTRA:
        rules = rules.with_options(max_kontra=RESEARCH_MAX_KONTRA)
    return rules


__all__ = ["FAST_TERMINATIONS", "FastDeal", "FastRules", "research_rules"]
