"""Computer players that misbehave, for the tests of isolation: each fails in one way when
asked to decide (importable by the worker processes, which unpickle them)."""

from __future__ import annotations

import ctypes
import os
import signal
import time
from collections.abc import Sequence

from ulti.games.ulti.actions import Action
from ulti.games.ulti.observation import Observation
from ulti.players.base import Player


class Crashing(Player):
    """Dies as a native crash would: a segmentation fault of its process."""

    name = "crashing"

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        os.kill(os.getpid(), signal.SIGSEGV)
        time.sleep(5)
        raise AssertionError("unreachable")


class NullPointer(Player):
    """Reads memory at address 0 (a real native fault, not a signal sent by hand)."""

    name = "null-pointer"

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        ctypes.string_at(0)
        raise AssertionError("unreachable")


class Raising(Player):
    name = "raising"

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        raise RuntimeError("this player always fails")


class Sleeping(Player):
    """Thinks forever (a runaway decision)."""

    name = "sleeping"

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        time.sleep(3600)
        raise AssertionError("unreachable")


class Illegal(Player):
    """Answers an action that is not among the legal ones."""

    name = "illegal"

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        from ulti.games.ulti.actions import parse_action

        return next(
            a
            for a in (parse_action("claim"), parse_action("pass"), parse_action("pickup"))
            if a not in legal
        )


class Counting(Player):
    """Takes the first legal action and counts its decisions (state kept across them)."""

    name = "counting"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.decisions = 0

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        self.decisions += 1
        return legal[0]
