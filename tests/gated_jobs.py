"""A job for the job workers that waits for the test (issue 27's fair queue), importable by
the worker processes, which unpickle it (apart from bad_players: importing the server here
makes a worker's first decision slower)."""

from __future__ import annotations

import os
from collections.abc import Sequence

from ulti.games.ulti.actions import Action
from ulti.games.ulti.observation import Observation
from ulti.server.tables.jobs import PoolJob


class Gated(PoolJob):
    """Waits, in its worker, for a byte from the named pipe ``gate`` (the test holds it open
    and writes a byte per job it lets go), then answers its ``tag``."""

    name = "gated"

    def __init__(self, gate: str, tag: str) -> None:
        super().__init__()
        self.gate = gate
        self.tag = tag

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        fd = os.open(self.gate, os.O_RDONLY)  # the test's end is open: this does not wait
        try:
            os.read(fd, 1)  # waits for the test
        finally:
            os.close(fd)
        self.result = {"tag": self.tag}
        return legal[0]
