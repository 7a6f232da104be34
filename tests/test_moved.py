"""Users' imports keep working for one release: every module path from before the layer
packages gives the module at its new place, with a DeprecationWarning that names it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from ulti._moved import MOVED

# run in a fresh interpreter: an old path warns on its first import only, as any import caches
_CHECK = r"""
import importlib, json, sys, warnings
from ulti._moved import MOVED
out = {}
for old, new in MOVED.items():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(old)
    out[old] = {
        "same": module is importlib.import_module(new),
        "name": module.__name__,
        "spec": module.__spec__.name,
        "warnings": [
            (w.category.__name__, str(w.message), w.filename) for w in caught
        ],
    }
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from ulti.analysis import analyze, DealAnalysis
import ulti.analysis.ulti as AN
out["ulti.analysis.*"] = {
    "same": analyze is AN.analyze and DealAnalysis is AN.DealAnalysis,
    "warnings": [(w.category.__name__, str(w.message), w.filename) for w in caught],
}
print(json.dumps(out))
"""


def test_every_old_module_path_is_the_new_module_with_a_warning() -> None:
    run = subprocess.run([sys.executable, "-c", _CHECK], capture_output=True, text=True, check=True)
    result = json.loads(run.stdout)
    assert len(MOVED) >= 40
    for old, new in MOVED.items():
        got = result[old]
        assert got["same"], old
        # the module keeps its own name and spec (pickles, reloads and tracebacks say the new one)
        assert got["name"] == got["spec"] == new, old
        moved = [w for w in got["warnings"] if w[0] == "DeprecationWarning" and old in w[1]]
        assert len(moved) == 1, (old, got["warnings"])
        assert new in moved[0][1]
        # the warning names the line that imported the old path, not the import machinery
        assert moved[0][2] == "<string>", moved[0]
    names = result["ulti.analysis.*"]
    assert names["same"]
    assert [w[0] for w in names["warnings"]] == ["DeprecationWarning"] * 2
    assert all("ulti.analysis.ulti" in w[1] for w in names["warnings"])


def test_nothing_in_the_package_imports_an_old_path() -> None:
    """The package itself imports only the new paths: importing every module warns of none."""
    code = (
        "import warnings, pkgutil, importlib, ulti\n"
        "warnings.simplefilter('error', DeprecationWarning)\n"
        "skip = ('ulti.research', 'ulti.arena.selfplay')\n"
        "for m in pkgutil.walk_packages(ulti.__path__, 'ulti.'):\n"
        "    runs = m.name.endswith('__main__') or 'migrations' in m.name\n"
        "    if not m.name.startswith(skip) and not runs:\n"
        "        importlib.import_module(m.name)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_changelog_lists_every_move() -> None:
    """CHANGELOG.md's table is the finder's: every old path with its new one, nothing else."""
    text = (Path(__file__).resolve().parent.parent / "CHANGELOG.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(ulti[\w.]*)` \| `(ulti[\w.]*)` \|$", text, re.M))
    assert rows == MOVED
