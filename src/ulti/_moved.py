"""The module paths of releases before the layer packages, kept for one release.

``import ulti.deal`` (or ``ulti.solver``, ``ulti.players.pimc``, …) still works: it warns
(:class:`DeprecationWarning`, naming the new path) and gives the module at its new place — the
same module object, so names, private helpers and monkeypatches are shared.  :data:`MOVED` is
the table CHANGELOG.md prints; nothing in the package imports an old path.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from types import ModuleType

#: old module path -> the module's path now
MOVED: dict[str, str] = {
    "ulti._core": "ulti.search._core",
    "ulti._snap": "ulti.search._snap",
    "ulti.actions": "ulti.games.ulti.actions",
    "ulti.adjudicator": "ulti.games.ulti.adjudicator",
    "ulti.auction": "ulti.games.ulti.auction",
    "ulti.bids": "ulti.games.ulti.bids",
    "ulti.cards": "ulti.core.cards",
    "ulti.deal": "ulti.games.ulti.deal",
    "ulti.errors": "ulti.core.errors",
    "ulti.fast": "ulti.search.ulti.fast",
    "ulti.game": "ulti.games.ulti.game",
    "ulti.gymnasium": "ulti.research.gymnasium",
    "ulti.infostate": "ulti.games.ulti.infostate",
    "ulti.kontra": "ulti.games.ulti.kontra",
    "ulti.messages": "ulti.i18n",
    "ulti.legality": "ulti.games.ulti.legality",
    "ulti.notation": "ulti.search.ulti.notation",
    "ulti.observation": "ulti.games.ulti.observation",
    "ulti.openspiel": "ulti.research.openspiel",
    "ulti.pettingzoo": "ulti.research.pettingzoo",
    "ulti.play": "ulti.games.ulti.play",
    "ulti.players.evaluate": "ulti.players.ulti.evaluate",
    "ulti.players.inference": "ulti.players.ulti.inference",
    "ulti.players.knowledge": "ulti.players.ulti.knowledge",
    "ulti.players.learned": "ulti.players.ulti.learned",
    "ulti.players.pimc": "ulti.players.ulti.pimc",
    "ulti.players.pimc1": "ulti.players.ulti.pimc1",
    "ulti.players.random": "ulti.players.ulti.random",
    "ulti.players.rules": "ulti.players.ulti.rules",
    "ulti.players.snap": "ulti.players.snapszli",
    "ulti.record": "ulti.games.ulti.record",
    "ulti.rules": "ulti.games.ulti.rules",
    "ulti.scoring": "ulti.games.ulti.scoring",
    "ulti.selfplay": "ulti.arena.selfplay",
    "ulti.session": "ulti.games.ulti.session",
    "ulti.snap_tournament": "ulti.arena.snapszli",
    "ulti.snapszli": "ulti.games.snapszli",
    "ulti.snapszli_solver": "ulti.search.snapszli.solver",
    "ulti.solver": "ulti.search.ulti.solver",
    "ulti.state": "ulti.games.ulti.state",
    "ulti.svg": "ulti.render.svg",
    "ulti.tournament": "ulti.arena.ulti",
    "ulti.tui.app": "ulti.tui.ulti",
    "ulti.tui.snap": "ulti.tui.snapszli",
}

_IMPORTLIB = importlib.__file__


def _caller_level() -> int:
    """The ``stacklevel`` that names the line doing the import.  The warnings module skips the
    import system's own frames (``importlib._bootstrap``) and does not count them; this counts
    the rest between :meth:`_Finder.create_module` and the importing line
    (``importlib.import_module``, when that is how it was imported)."""
    level = 1
    frame = sys._getframe(2)  # the caller of create_module
    while frame is not None:
        name = frame.f_code.co_filename
        if not ("importlib" in name and "_bootstrap" in name):
            level += 1
            if name != _IMPORTLIB:
                break
        frame = frame.f_back  # type: ignore[assignment]
    return level


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path and loads it as the module at its new path."""

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = MOVED[spec.name]
        warnings.warn(
            f"{spec.name} has moved to {new}; the old path goes in the next release",
            DeprecationWarning,
            stacklevel=_caller_level(),
        )
        module = importlib.import_module(new)
        self._specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # the import system set the old path's spec on the module: it gets its own back
        for old, new in MOVED.items():
            if new == module.__name__ and old in self._specs:
                module.__spec__ = self._specs.pop(old)


def install() -> None:
    """Put the finder first on :data:`sys.meta_path` (once)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


__all__ = ["MOVED", "install"]
