"""After the deal: analysis and teaching.  :mod:`~ulti.analysis.ulti` values every decision of a
finished Ulti deal (double dummy and from the seat), marks and explains the mistakes, summarises
seats and sessions, plots them, and warns a learner before a costly card (teaching mode).
Imports players, search and games.

Before the layer packages this package was one module: its names (``ulti.analysis.analyze``, …)
are still found here for one release, with a :class:`DeprecationWarning` naming
:mod:`ulti.analysis.ulti`.
"""

from __future__ import annotations

import importlib
import warnings


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(name)
    module = importlib.import_module("ulti.analysis.ulti")
    if not hasattr(module, name):
        raise AttributeError(f"module 'ulti.analysis' has no attribute {name!r}")
    warnings.warn(
        f"ulti.analysis.{name} has moved to ulti.analysis.ulti.{name}; the old path goes in the "
        "next release",
        DeprecationWarning,
        stacklevel=2,
    )
    value = getattr(module, name)
    globals()[name] = value  # one warning a name: `from ulti.analysis import x` looks twice
    return value
