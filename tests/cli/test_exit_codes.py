"""Exit codes and their one line: usage 2, user error 1, bug 1 (said so), Ctrl-C 130, pipe 141.

Everything a command raises is translated in one place (``pipeline.cli.app``); these tests
go through typer's CliRunner, which calls the same group ``main`` as the installed script.
"""

from __future__ import annotations

import importlib

import duckdb
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.errors import ImportInterrupted, SidepotError
from pipeline.ingest import run
from pipeline.ingest.summary import ImportSummary
from reports import stats as report_stats
from tests.support.paths import SAMPLES

runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("codes") / "s.duckdb")
    assert runner.invoke(app, ["import", str(SAMPLES), "--db", path]).exit_code == 0
    return path


def _one_line(result, code: int, starts: str = "sidepot: ") -> str:
    assert result.exit_code == code, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    err = result.stderr
    assert err.count("\n") == 1 and err.startswith(starts), err
    return err


USAGE = [
    (["import", str(SAMPLES), "--dask", "local"], "--dask needs --parquet"),
    (["import", str(SAMPLES), "--parquet", "out"], "--parquet is the output folder of --dask"),
    (["import", str(SAMPLES), "--watch", "--dask", "local", "--parquet", "o"], "give one"),
    (["import", str(SAMPLES), "--dask", "local", "--parquet", "o", "--db", "x"], "--db"),
    (["import", str(SAMPLES), "--dask", "local", "--parquet", "o", "--force"], "--force"),
    (["import", str(SAMPLES), "--watch", "--jobs", "2"], "--jobs"),
    (["import", str(SAMPLES), "--watch", "--force"], "--force"),
    (["import"], "Missing argument"),
    (["import", str(SAMPLES), "--jobs", "0"], "--jobs"),
    (["import", str(SAMPLES), "--tz", "pkr"], "--tz SITE=ZONE (an IANA zone name"),
    (["import", str(SAMPLES), "--tz", "pkr=Europe/Londres"], "unknown time zone"),
    (["import", str(SAMPLES), "--config", "no-such.toml"], "cannot read the config file"),
    (["stats", "--cash", "--tournament"], "--cash and --tournament"),
    (["stats", "--format", "parquet"], "--format parquet writes a file"),
    (["stats", "--json", "--format", "csv"], "two formats"),
    (["stats", "--stakes", "x/y"], "stakes"),
    (["stats", "--from", "2024-13-01"], "date"),
    (["stats", "--nope"], "No such option"),
    (["audit", "--format", "parquet"], "--format parquet writes a file"),
    (["audit", "--json", "--format", "csv"], "give one"),
    (["audit", "--severity", "loud"], "--severity"),
    (["graph"], "--player NAME or --hero"),
    (["graph", "--player", "x", "-o", "g.jpg"], ".png or .svg"),
    (["graph", "--player", "x", "--positions", "p.gif"], ".png or .svg"),
    (["report", "--cash", "--tournament"], "--cash and --tournament"),
    (["simulate", "--players", "11"], "--players must lie within 2..10"),
    (["simulate", "--players", "1..3"], "--players must lie within 2..10"),
    (["simulate", "--players", "5..3"], "--players must lie within 2..10"),
    (["simulate", "--players", "six"], "--players wants N or LOW..HIGH"),
    (["simulate", "--straddle", "--limit", "FL"], "--straddle"),
    (["export"], "give exactly one of"),
    (["export", "--csv", "a", "--ohh", "b"], "give exactly one of"),
    (["export", "--csv", "out", "--site", "pokerstars"], "--site and --hand"),
    (["rejects", "--text"], "--text prints the rejects of one reason"),
    (["bogus"], "No such command"),
]


@pytest.mark.parametrize(("args", "says"), USAGE, ids=[" ".join(a) for a, _ in USAGE])
def test_usage_errors_exit_2_with_one_line(db, tmp_path, monkeypatch, args, says):
    monkeypatch.chdir(tmp_path)  # relative outputs, if any were written, land here
    takes_db = args and args[0] in ("import", "stats", "audit", "graph", "report", "export",
                                    "rejects") and "--dask" not in args
    result = runner.invoke(app, [*args, "--db", db] if takes_db else args)
    err = _one_line(result, 2)
    assert says in err
    assert result.stdout == ""
    assert list(tmp_path.iterdir()) == []  # a usage error writes nothing


def test_no_command_prints_the_help_and_exits_2():
    result = runner.invoke(app, [])
    assert result.exit_code == 2
    assert "Usage" in result.output and "import" in result.output


def test_user_error_is_one_line_exit_1(db):
    err = _one_line(runner.invoke(app, ["show", "pokerstars:1", "--db", db]), 1)
    assert "no hand pokerstars:1" in err


def test_a_bug_says_internal_error_and_shows_the_traceback_only_with_debug(db, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("boom")

    monkeypatch.setattr(report_stats, "player_stats", broken)
    err = _one_line(runner.invoke(app, ["stats", "--db", db]), 1)
    assert err.startswith("sidepot: internal error: ValueError: boom")
    debug = runner.invoke(app, ["--debug", "stats", "--db", db])
    assert debug.exit_code == 1
    assert "Traceback" in debug.stderr and "internal error: ValueError: boom" in debug.stderr


def test_a_command_own_debug_flag_shows_the_traceback(tmp_path, monkeypatch):
    def locked(*args, **kwargs):
        raise SidepotError("database is in use")

    monkeypatch.setattr(run, "import_paths", locked)
    quiet = runner.invoke(app, ["import", str(SAMPLES), "--db", str(tmp_path / "d")])
    assert _one_line(quiet, 1) == "sidepot: database is in use\n"
    loud = runner.invoke(app, ["import", str(SAMPLES), "--db", str(tmp_path / "d"), "--debug"])
    assert loud.exit_code == 1 and "Traceback" in loud.stderr
    # --debug belongs to that one invocation: the next one is quiet again
    assert "Traceback" not in runner.invoke(app, ["import", str(SAMPLES), "--db",
                                                  str(tmp_path / "d")]).stderr


@pytest.mark.parametrize("raised", [KeyboardInterrupt(), RuntimeError("Query interrupted")],
                         ids=["KeyboardInterrupt", "duckdb-interrupt"])
def test_ctrl_c_anywhere_exits_130_with_one_line(db, monkeypatch, raised):
    def interrupted(*args, **kwargs):
        raise raised

    monkeypatch.setattr(report_stats, "player_stats", interrupted)
    err = _one_line(runner.invoke(app, ["stats", "--db", db]), 130)
    assert err.startswith("sidepot: interrupted")


def test_ctrl_c_in_an_import_exits_130(tmp_path, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(run, "import_paths", interrupted)
    result = runner.invoke(app, ["import", str(SAMPLES), "--db", str(tmp_path / "i.duckdb")])
    assert _one_line(result, 130).startswith("sidepot: interrupted")


def _summary(db: str, hands: int) -> ImportSummary:
    return ImportSummary(files=1, hands_seen=hands, hands_imported=hands, duplicates=0,
                         rejected=0, rejected_by_reason={}, findings_by_code={}, seconds=1.0,
                         db=db)


def test_an_interrupted_import_says_what_is_stored_and_how_to_resume(tmp_path, monkeypatch):
    db = str(tmp_path / "i.duckdb")

    def interrupted(*args, **kwargs):
        raise ImportInterrupted("interrupted", _summary(db, 1234))

    monkeypatch.setattr(run, "import_paths", interrupted)
    result = runner.invoke(app, ["import", str(SAMPLES), "--db", db])
    assert _one_line(result, 130) == (f"sidepot: interrupted: 1,234 hands stored in {db}; "
                                      "run the same command again to resume\n")


def test_ctrl_c_ends_a_watch_normally(tmp_path, monkeypatch):
    db = str(tmp_path / "w.duckdb")

    def interrupted_pass(paths, db_path, *, on_pass, poll, zones):
        raise ImportInterrupted("interrupted", _summary(db_path, 3))

    monkeypatch.setattr(importlib.import_module("pipeline.ingest.watch"), "watch",
                        interrupted_pass)
    result = runner.invoke(app, ["import", "--watch", str(SAMPLES), "--db", db])
    assert _one_line(result, 0) == "sidepot: stopped watching\n"


def test_a_closed_pipe_is_quiet_and_exits_141(db, monkeypatch):
    def closed(*args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(report_stats, "player_stats", closed)
    result = runner.invoke(app, ["stats", "--db", db])
    assert result.exit_code == 141
    assert result.stderr == ""


def test_database_errors_are_user_errors(db, monkeypatch):
    def corrupt(*args, **kwargs):
        raise duckdb.IOException("IO Error: could not read block")

    monkeypatch.setattr(report_stats, "player_stats", corrupt)
    assert "could not read block" in _one_line(runner.invoke(app, ["stats", "--db", db]), 1)
