"""The one base of every error the package raises for bad input.

Each error a user can cause (an illegal action, a text that is no card, bid, action, position or
record, a ruleset that does not hold together) is an :class:`UltiError`, and also a
``ValueError`` as it always was, so ``except ValueError`` keeps working.
"""

from __future__ import annotations


class UltiError(ValueError):
    """Bad input to the engine: a clear message, and nothing changed."""


__all__ = ["UltiError"]
