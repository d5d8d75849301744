"""The terminal: tables that fit its width, the pager, the import's progress, --watch lines,
--version, findings by severity; hostile names never reach it as escapes or markup."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import subprocess
import sys
import time
from importlib.metadata import version

import pandas as pd
import pytest
from rich.cells import cell_len
from rich.pager import Pager
from typer.testing import CliRunner

from pipeline.cli import terminal
from pipeline.cli.app import app
from pipeline.cli.importing import render_summary
from pipeline.cli.terminal import Grid, PlainProgress, RichProgress, progress_line, show
from pipeline.ingest.run import import_paths
from pipeline.ingest.summary import ImportSummary
from pipeline.ingest.writer import Progress
from tests.support.paths import REPO, SAMPLES

runner = CliRunner()
HOSTILE = ["\x1b[31mred\x1b[0m\x1b]0;title\x07", "[bold red]rich[/bold red]", "\u202eevil",
           ":smile: [link=http://x]y[/link]"]


def _frame(rows: int = 3) -> pd.DataFrame:
    names = (HOSTILE * (rows // len(HOSTILE) + 1))[:rows]
    return pd.DataFrame({"player": names, "site": ["pokerstars"] * rows,
                         "hands": list(range(rows)), "net_won": ["$1.00"] * rows,
                         "a_rather_long_column_name": ["x" * 30] * rows})


def _terminal(width: int = 60, height: int = 25) -> tuple[io.StringIO, object]:
    buffer = io.StringIO()
    return buffer, terminal.console(buffer, force_terminal=True, color_system=None,
                                    width=width, height=height)


def test_a_table_fits_the_width_and_escapes_names():
    columns = ["player", "site", "hands", "net_won", "a_rather_long_column_name"]
    buffer, con = _terminal(width=60)
    show(Grid(_frame(4), columns), out=con)
    narrow = buffer.getvalue()
    assert narrow.count("\n") > 4 and all(cell_len(line) <= 60 for line in narrow.splitlines())
    buffer, con = _terminal(width=160)
    show(Grid(_frame(4), columns), out=con)
    text = buffer.getvalue()
    for shown in (narrow, text):
        assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown
    assert "\\x1b[31mred" in text and "[bold red]rich[/bold red]" in text
    assert ":smile: [link=http://x]y[/link]" in text  # no emoji, no markup


def test_off_a_terminal_the_table_is_the_plain_one():
    buffer = io.StringIO()
    grid = Grid(_frame(), ["player", "hands"], head="3 hands")
    plain = terminal.console(buffer)
    assert not plain.is_terminal
    show(grid, out=plain)  # typer.echo writes stdout, not the console's file
    assert grid.plain().startswith("3 hands\nplayer")
    assert "\\x1b[31mred" in grid.plain() and "\x1b" not in grid.plain()


class _Catch(Pager):
    def __init__(self) -> None:
        self.shown: list[str] = []

    def show(self, content: str) -> None:
        self.shown.append(content)


def test_long_output_goes_through_the_pager_unless_told(monkeypatch):
    catch = _Catch()
    monkeypatch.setattr(terminal, "PAGER", catch)
    buffer, con = _terminal(height=10)
    show(Grid(_frame(40), ["player", "hands"]), out=con)
    assert len(catch.shown) == 1 and catch.shown[0].count("\n") >= 40
    assert buffer.getvalue() == ""
    show(Grid(_frame(40), ["player", "hands"]), out=con, no_pager=True)
    assert len(catch.shown) == 1 and buffer.getvalue().count("\n") >= 40
    short = io.StringIO()
    _, con = _terminal(height=10)
    show("one line", out=terminal.console(short, force_terminal=True, height=10))
    assert len(catch.shown) == 1 and short.getvalue() == "one line\n"


def _progress(path: str, done: int = 50) -> Progress:
    return Progress(path=path, files_done=1, files_total=4, bytes_done=done, bytes_total=100,
                    hands_seen=1200)


def test_the_progress_bar_shows_rate_eta_and_file():
    buffer, con = _terminal(width=140)
    bar = RichProgress(con)
    bar(_progress("/hands/" + HOSTILE[1] + ".txt"))
    bar.progress.refresh()
    bar.close()
    text = buffer.getvalue()
    assert "50.0%" in text and "files 1/4" in text and "1,200 hands" in text and "ETA" in text
    assert "[bold red]rich[/bold red].txt" in text and "\x1b]" not in text


def test_plain_progress_lines_only_every_few_seconds():
    quiet = io.StringIO()
    rare = PlainProgress(quiet, every=3600)
    rare(_progress("a.txt"))
    assert quiet.getvalue() == ""
    loud = io.StringIO()
    each = PlainProgress(loud, every=0)
    each(_progress("\x1b[2Jb.txt"))
    line = loud.getvalue()
    assert line.count("\n") == 1 and "50.0%" in line and "\\x1b[2Jb.txt" in line
    assert "\x1b" not in line
    assert "ETA 0:00:10" in progress_line(_progress("c.txt"), 10.0)  # half done in 10 s


def test_watch_lines_carry_time_and_file():
    line = terminal.watch_line(time.time(), ["/x/a.txt", "/x/b.txt"], 3, 1, 0)
    assert re.match(r"\d\d:\d\d:\d\d  \+3 hands \(1 duplicates, 0 rejected\)  /x/a.txt, "
                    r"/x/b.txt$", line)


def test_the_summary_gives_findings_by_severity(tmp_path):
    summary = import_paths([SAMPLES], tmp_path / "s.duckdb")
    assert sum(summary.findings_by_severity.values()) == sum(summary.findings_by_code.values())
    levels = list(summary.findings_by_severity)
    assert levels == sorted(levels, key=["error", "warning", "info"].index)
    made = ImportSummary(files=1, hands_seen=2, hands_imported=2, duplicates=0, rejected=0,
                         rejected_by_reason={}, findings_by_code={"a": 3, "b": 1},
                         findings_by_severity={"error": 1, "warning": 3}, seconds=1.0)
    assert "findings         1 error, 3 warning" in render_summary(made)


def test_version_names_the_installed_core(monkeypatch):
    from pipeline import core_choice

    expected = "native core" if core_choice.native_available() else "python core"
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip().startswith(f"sidepot {version('sidepot')} ({expected}")
    monkeypatch.setattr(core_choice, "native_available", lambda: False)
    result = runner.invoke(app, ["--version"])
    assert result.stdout.strip() == (f"sidepot {version('sidepot')} "
                                     "(python core: the native core is not installed)")


def _run_in_pty(args: list[str], columns: int, env_extra: dict[str, str] | None = None,
                stderr_tty: bool = False) -> tuple[str, str]:
    """Run the CLI with stdout (or stderr) on a pseudo-terminal ``columns`` wide."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": str(columns), "LINES": "200", "TERM": "dumb",
           **(env_extra or {})}
    out = follower if not stderr_tty else subprocess.PIPE
    err = follower if stderr_tty else subprocess.PIPE
    proc = subprocess.Popen([sys.executable, "-m", "pipeline.cli", *args], stdout=out,
                            stderr=err, stdin=subprocess.DEVNULL, env=env, cwd=REPO)
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:
            break
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    other = (proc.stderr if not stderr_tty else proc.stdout)
    rest = other.read().decode() if other is not None else ""
    proc.wait(timeout=120)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace"), rest


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> str:
    db = str(tmp_path_factory.mktemp("term") / "t.duckdb")
    import_paths([SAMPLES], db)
    return db


def test_on_a_pseudo_terminal_stats_fit_its_width(store):
    shown, _ = _run_in_pty(["stats", "--db", store, "--no-pager"], columns=72)
    lines = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line) for line in shown.splitlines()]
    assert any("player" in line for line in lines)
    assert all(cell_len(line.rstrip("\r")) <= 72 for line in lines)


def test_on_a_pseudo_terminal_the_import_shows_progress(tmp_path):
    shown, summary = _run_in_pty(["import", str(SAMPLES), "--db", str(tmp_path / "q.duckdb")],
                                 columns=120, env_extra={"TERM": "xterm"}, stderr_tty=True)
    assert "hands imported" in summary
    assert "%" in shown and "files " in shown and "ETA" in shown
