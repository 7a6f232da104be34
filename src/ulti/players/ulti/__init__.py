"""Ulti's computer players: ``random``, ``rules`` (hand-written judgement), ``pimc`` (sampling
and the solver; ``pimc1`` its frozen baseline), and what they share: what a seat can infer
(:mod:`~ulti.players.ulti.knowledge`, :mod:`~ulti.players.ulti.inference`), hand evaluation
(:mod:`~ulti.players.ulti.evaluate`) and the learned evaluator
(:mod:`~ulti.players.ulti.learned`)."""
