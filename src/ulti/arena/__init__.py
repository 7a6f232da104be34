"""Where players meet players: duplicate tournaments of any game (:mod:`~ulti.arena.tournament`:
units of work, seatings, worker processes or Ray, statistics; :mod:`~ulti.arena.checkpoint`, the
file a stopped tournament goes on from; :mod:`~ulti.arena.plot`, its chart), each game's part in
its room (:mod:`~ulti.arena.ulti`, :mod:`~ulti.arena.snapszli`), and self-play training data
(:mod:`~ulti.arena.selfplay`).  Imports players and games, never a front end."""
