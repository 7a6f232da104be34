"""People's events as pure logic: who sits where, and who beat whom (issue 30).

- :mod:`~ulti.arena.events.schedule`: a *duplicate* (barometer) event's seating, every round
  at once: all tables of a round play the same deals, so the players who held the same seat of
  a deal can be compared; the schedule moves players so that each sits every seat about equally
  often and meets as many different opponents as possible, and says how balanced it is.
- :mod:`~ulti.arena.events.matchpoints`: each result compared with everyone who held the same
  seat of the same deal (1 matchpoint for each one outscored, ½ for each tie) and the event's
  standings by percentage.
- :mod:`~ulti.arena.events.swiss`: Swiss rounds (tables formed by standing, without repeat
  meetings where possible, with stated tie-breaks) and arena pairing (whoever is waiting seated
  with the nearest-ranked), points by place.

A table has ``size`` seats: three for Ulti, four for four at the table, two for Snapszli.  A
player is an ``int`` (the event's registration order); a seat that no person fills is a
computer player's (:data:`~ulti.arena.events.schedule.FILLER`), marked and never ranked.  The
server stores and serves these; nothing here reads a clock, a database or a table.
"""
