"""``pimc``: Perfect Information Monte Carlo, the strongest player (the default everywhere).

It decides as :mod:`ulti.players.pimc1` (``pimc-1``, the frozen baseline) does — sample deals
consistent with what the seat knows, solve each double dummy, take the best mean — and improves
on it where the baseline is known to go wrong (issue 17):

* sound bids only: no contract whose condition the cards kept cannot meet (a 40-100 without
  the trump marriage, a 20-100 without a marriage, an Ulti without the trump VII, Four Aces
  with an Ace laid or fewer than three held) and none no expert makes (a lone Simple without
  trump length, a Betli with unguarded high cards, a Durchmars with losers):
  :func:`~ulti.players.evaluate.unsound`;
"""

from __future__ import annotations

from ulti.players.pimc1 import MIN_SAMPLES, Pimc1Player, _explain

__all__ = ["MIN_SAMPLES", "PimcPlayer", "_explain"]


class PimcPlayer(Pimc1Player):
    name = "pimc"
    sound = True
