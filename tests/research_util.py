"""What the research faces' tests of three and of four at the table share."""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Callable
from typing import Any

from pettingzoo.test import api_test

#: A card's code as the engine's notation writes it (a hand named in a text).
CARD_CODE = re.compile(r"\b[HALB][789XUOKA]\b")


def quiet_api_test(e: Any, num_cycles: int) -> None:
    """PettingZoo's ``api_test``, without its warning about every Dict observation space
    ("probably should be Box")."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(e, num_cycles=num_cycles)


def played_alike(s1: Any, s2: Any, seen: Callable[[Any], object], rng: random.Random) -> int:
    """Two OpenSpiel states of deals that differ only in what one seat may not know, played on
    by the same random actions legal in both, until either ends or hands are laid open (R7:
    then they are public): at every step that seat sees the same (``seen``).  The steps
    played."""
    steps = 0
    while not (s1.is_terminal() or s2.is_terminal() or s1.deal.exposed):
        assert seen(s1) == seen(s2)
        both = sorted(set(s1.legal_actions()) & set(s2.legal_actions()))
        if not both:
            break
        act = rng.choice(both)
        s1.apply_action(act)
        s2.apply_action(act)
        steps += 1
    return steps
