"""Issue 27's attacks, each once at a small scale (``tests/attacks.py``; the benchmark
``fuzz_server.py --attacks`` runs them at the issue's): every one is held."""

from __future__ import annotations

from pathlib import Path

import pytest

from attacks import ATTACKS


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_the_issues_attack_is_held(tmp_path: Path, name: str) -> None:
    outcome = ATTACKS[name](f"sqlite:///{tmp_path / 'attack.sqlite3'}", 0.05)
    assert outcome.tries > outcome.allowed, outcome  # an attack that could fall
    assert outcome.held, outcome
