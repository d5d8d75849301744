"""Every command, option and argument says what it is for; both entry points start the CLI."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer.main
from typer.testing import CliRunner

from pipeline.cli.app import app
from tests.support.paths import REPO

GROUP = typer.main.get_command(app)
PARAMS = [(name, param) for name, command in GROUP.commands.items() for param in command.params]


def test_every_command_is_listed_with_its_help():
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    assert set(GROUP.commands) == {"import", "attach", "formats", "rejects", "simulate",
                                   "export", "stats", "audit", "show", "graph", "report", "hands"}
    for name, command in GROUP.commands.items():
        assert command.help and len(command.help.strip()) > 20, name
        assert name in result.output


@pytest.mark.parametrize(("command", "param"), PARAMS,
                         ids=[f"{c}:{p.name}" for c, p in PARAMS])
def test_every_option_and_argument_has_help(command, param):
    text = getattr(param, "help", None)
    assert text and len(text.strip()) > 5, f"{command} {param.name} has no help"


def test_the_root_options_have_help():
    assert all(getattr(p, "help", None) for p in GROUP.params)


@pytest.mark.parametrize("entry", [
    [sys.executable, "-m", "pipeline.cli"],
    [sys.executable, "-c", "import sys; from pipeline.cli import main; sys.argv[0] = 'sidepot';"
                           " main()"],
], ids=["python -m pipeline.cli", "pipeline.cli:main"])
def test_both_entry_points_run(entry):
    done = subprocess.run([*entry, "formats"], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "pokerstars" in done.stdout and done.stderr == ""
    usage = subprocess.run([*entry, "simulate", "--players", "11"], cwd=REPO,
                           capture_output=True, text=True, timeout=120)
    assert usage.returncode == 2
    assert usage.stderr == "sidepot: --players must lie within 2..10 (LOW <= HIGH), got '11'\n"
