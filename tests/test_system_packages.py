"""A system package a test needs (Chromium, PostgreSQL): when it is missing the test is skipped
with the command that installs it, except under CI, where it fails."""

from __future__ import annotations

import glob
import shutil

import pytest

from fixtures import require_system
from server_util import chromium_path, postgres

SKIPPED = pytest.skip.Exception
FAILED = pytest.fail.Exception


def test_a_package_that_is_there_is_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    for ci in ("true", ""):
        monkeypatch.setenv("CI", ci)
        assert (
            require_system("Chromium", "/usr/bin/chromium", "apt-get install -y chromium")
            == "/usr/bin/chromium"
        )


@pytest.mark.parametrize("ci", [None, "", "false", "1"])
def test_a_missing_package_skips_with_the_install_command(
    monkeypatch: pytest.MonkeyPatch, ci: str | None
) -> None:
    if ci is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci)
    with pytest.raises(SKIPPED, match=r"Chromium is needed: apt-get install -y chromium"):
        require_system("Chromium", None, "apt-get install -y chromium")


@pytest.mark.parametrize("ci", ["true", "True"])
def test_a_missing_package_fails_under_ci(monkeypatch: pytest.MonkeyPatch, ci: str) -> None:
    monkeypatch.setenv("CI", ci)
    with pytest.raises(FAILED, match=r"PostgreSQL is needed: apt-get install -y postgresql"):
        require_system("PostgreSQL", None, "apt-get install -y postgresql")


def _nothing_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda *a, **k: None)
    monkeypatch.setattr(glob, "glob", lambda *a, **k: [])
    monkeypatch.delenv("ULTI_TEST_PG", raising=False)


@pytest.mark.parametrize(("ci", "outcome"), [("", SKIPPED), ("true", FAILED)])
def test_the_browser_and_postgresql_tests_use_it(
    monkeypatch: pytest.MonkeyPatch, ci: str, outcome: type[BaseException]
) -> None:
    _nothing_installed(monkeypatch)
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match=r"apt-get install -y chromium"):
        chromium_path()
    with pytest.raises(outcome, match=r"apt-get install -y postgresql"), postgres():
        pass
