"""The research faces (the ``research`` extra): the OpenSpiel game
(:mod:`~ulti.research.openspiel`), the PettingZoo environment (:mod:`~ulti.research.pettingzoo`)
and the Gymnasium one (:mod:`~ulti.research.gymnasium`).  Import one module to use it."""
