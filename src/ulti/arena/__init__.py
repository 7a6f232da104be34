"""Where players meet players: duplicate tournaments with checkpoints, worker processes or Ray
(:mod:`~ulti.arena.tournament`, Snapszli's :mod:`~ulti.arena.snapszli`) and self-play training
data (:mod:`~ulti.arena.selfplay`).  Imports players and games, never a front end."""
