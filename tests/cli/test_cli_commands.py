"""The ``ulti`` command's group (:mod:`ulti.cli`): each command in its module, imported only when
it is run or asked for its own help; ``ulti --help`` lists them by their summaries, which say
what the commands' own help says."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from ulti.cli import COMMANDS, app

runner = CliRunner()

#: what a command's start-up must not load unless the command needs it
HEAVY = ("sqlalchemy", "fastapi", "uvicorn", "alembic", "matplotlib", "pyarrow", "ulti.server")


def loaded_by(*args: str) -> tuple[int, set[str]]:
    """``ulti ARGS`` run in a fresh interpreter: its exit code and the modules it imported."""
    code = (
        "import sys; from ulti.cli import main; sys.argv = ['ulti', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    code = exc.code or 0\n"
        "print(code, *sorted(sys.modules), file=sys.stderr)"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120
    )
    first, *modules = r.stderr.strip().splitlines()[-1].split()
    return int(first), set(modules)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_summary_is_the_first_paragraph_of_its_command_s_help(name: str) -> None:
    command = COMMANDS[name].load()
    assert command.name == name
    first = (command.help or "").split("\n\n")[0]
    assert " ".join(first.split()) == COMMANDS[name].summary


def test_the_help_lists_every_command_by_its_summary_in_order() -> None:
    r = runner.invoke(app, ["--help"], env={"COLUMNS": "2000"})
    assert r.exit_code == 0, r.output
    assert [e.summary for e in COMMANDS.values() if e.summary in r.output] == [
        e.summary for e in COMMANDS.values()
    ]
    order = [r.output.index(f"│ {name} ") for name in COMMANDS]  # each row starts so
    assert order == sorted(order)


def test_the_help_imports_no_command() -> None:
    code, modules = loaded_by("--help")
    assert code == 0
    assert sorted(m for m in modules if m.startswith("ulti.cli.")) == []
    assert not [m for m in HEAVY if m in modules]


@pytest.mark.parametrize("args", [["play", "--help"], ["rules"], ["replay", "--help"]])
def test_a_command_imports_its_own_module_and_no_server(args: list[str]) -> None:
    code, modules = loaded_by(*args)
    assert code == 0
    assert f"ulti.cli.{args[0]}" in modules
    assert "ulti.cli.serve" not in modules and "ulti.cli.user" not in modules
    assert not [m for m in HEAVY if m in modules]


def test_a_mistyped_command_is_matched_against_every_name() -> None:
    r = runner.invoke(app, ["pley"])
    assert r.exit_code == 2
    assert "No such command 'pley'" in r.output and "'play'" in r.output


def test_python_m_ulti_cli_is_the_command() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "ulti.cli", "user", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert r.returncode == 0, r.stderr
    assert "python -m ulti.cli user [OPTIONS] COMMAND" in r.stdout
    for sub in ("add", "reset", "disable", "enable", "list"):
        assert f" {sub} " in r.stdout
