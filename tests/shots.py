"""Screenshots of every phase of both games, in both languages, on a desktop (1280×800), a
phone (390×844) and a small phone (360×740), with one command:

    python tests/shots.py OUT/

It runs the browser tests that play whole deals (they check every screen as they go: layout,
words, accessibility) with their screenshots written under ``OUT/`` instead of
``test-artifacts/``, then lists what it wrote.  Needs what the browser tests need: Debian's
Chromium (``apt-get install chromium``) and ``npm ci``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]

#: The tests that walk the phases: the Ulti table, four at the table, the Snapszli table, the
#: replay and its analysis, teaching mode, a club's session (lobby, profile, leaderboard).
WALKS = [
    "tests/e2e/test_browser.py::test_a_deal_at_the_table_fits_the_screen_and_speaks_its_language",
    "tests/e2e/test_four_browser.py",
    "tests/e2e/test_snap_browser.py::test_a_person_plays_a_deal_of_snapszli_by_clicking",
    "tests/e2e/test_analysis_browser.py",
    "tests/e2e/test_club_browser.py",
]


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0].startswith("-"):
        print(__doc__)
        return 2
    out = Path(argv[0]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "ULTI_SHOTS": str(out)}
    # pytest's own progress line shows how far it is
    code = subprocess.call(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *WALKS],
        cwd=ROOT,
        env=env,
    )
    shots = sorted(out.rglob("*.png"))
    table = Table(title=f"{len(shots)} screenshots in {out}")
    table.add_column("folder")
    table.add_column("phases")
    for folder in sorted({p.parent for p in shots}):
        names = [p.stem for p in shots if p.parent == folder]
        table.add_row(str(folder.relative_to(out)), ", ".join(names))
    Console().print(table)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
