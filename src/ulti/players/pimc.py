"""``pimc``: Perfect Information Monte Carlo, the strongest player (the default everywhere).

It decides as :mod:`ulti.players.pimc1` (``pimc-1``, the frozen baseline) does — sample deals
consistent with what the seat knows, solve each double dummy, take the best mean — and improves
on it where the baseline is known to go wrong (issue 17):
"""

from __future__ import annotations

from ulti.players.pimc1 import MIN_SAMPLES, Pimc1Player, _explain

__all__ = ["MIN_SAMPLES", "PimcPlayer", "_explain"]


class PimcPlayer(Pimc1Player):
    name = "pimc"
