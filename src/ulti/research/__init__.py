"""The research faces (the ``research`` extra): the OpenSpiel games
(:mod:`~ulti.research.openspiel`: ``python_ulti``, and ``python_ulti4``, four at the table), the
PettingZoo environments (:mod:`~ulti.research.pettingzoo`: ``env()``, and ``env(players=4)``)
and the Gymnasium one (:mod:`~ulti.research.gymnasium`, one seat of three).  Import one module to
use it."""
