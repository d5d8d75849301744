"""The CLI through typer's CliRunner: help text, JSON, show, stats, exit codes, safe output."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.cli.render import safe
from tests.support.paths import SAMPLES

COMMANDS = ["import", "audit", "stats", "show", "formats", "rejects", "export"]
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("cli") / "s.duckdb")
    result = runner.invoke(app, ["import", str(SAMPLES), "--db", path])
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "Usage" in result.output
    doc = app.registered_commands[[c.name or c.callback.__name__ for c in
                                   app.registered_commands].index(command)].callback.__doc__
    assert doc and doc.strip().splitlines()[0] in " ".join(result.output.split())


def test_import_json_keys(tmp_path):
    result = runner.invoke(app, ["import", str(SAMPLES), "--db", str(tmp_path / "j.duckdb"),
                                 "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {"files", "hands_seen", "hands_imported", "duplicates", "rejected",
            "rejected_by_reason", "findings_by_code", "seconds"} <= set(data)
    assert data["hands_imported"] == data["hands_seen"] > 0


def test_show_hand(db):
    result = runner.invoke(app, ["show", "pokerstars:247300000405", "--db", db])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in ("PREFLOP", "side pot 2: 8600", "winners: Olek", "RIVER [4h]", "pot 16190",
                 "Findings:"):
        assert text in out


def test_show_unknown_hand_is_one_line_exit_1(db):
    result = runner.invoke(app, ["show", "pokerstars:1", "--db", db])
    assert result.exit_code == 1
    assert result.stderr.strip().count("\n") == 0
    assert "no hand" in result.stderr


def test_stats_and_audit(db):
    result = runner.invoke(app, ["stats", "--db", db, "--player", "sidepot_hero", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert {r["currency"] for r in rows} == {"USD", "CHIPS"}
    assert runner.invoke(app, ["stats", "--db", db]).exit_code == 0
    audit = runner.invoke(app, ["audit", "--db", db, "--json"])
    assert audit.exit_code == 0 and json.loads(audit.stdout)["totals"]["hands_with_errors"] == 0
    assert runner.invoke(app, ["rejects", "--db", db]).exit_code == 0
    assert runner.invoke(app, ["formats"]).exit_code == 0


def test_missing_path_one_line_no_traceback(tmp_path):
    result = runner.invoke(app, ["import", str(tmp_path / "nope"), "--db",
                                 str(tmp_path / "x.duckdb")])
    assert result.exit_code == 1
    assert result.stderr.strip() == f"sidepot: no such file or directory: {tmp_path / 'nope'}"
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_missing_db_and_usage_errors(tmp_path):
    result = runner.invoke(app, ["stats", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 1 and "no database" in result.stderr
    assert runner.invoke(app, ["bogus"]).exit_code == 2
    assert runner.invoke(app, ["audit", "--severity", "loud", "--db", "x"]).exit_code == 2


def test_default_db_from_env(tmp_path, monkeypatch):
    monkeypatch.setenv("SIDEPOT_DB", str(tmp_path / "env.duckdb"))
    assert runner.invoke(app, ["import", str(SAMPLES)]).exit_code == 0
    assert (tmp_path / "env.duckdb").exists()


def test_untrusted_names_are_escaped():
    assert safe("evil\x1b[2J\rname\x07") == "evil\\x1b[2J\\x0dname\\x07"
    assert safe("Grünfeld") == "Grünfeld"
    assert "\u202e" not in safe("a\u202eb")


def test_import_force_reads_every_file_again(tmp_path):
    path = str(tmp_path / "f.duckdb")
    first = json.loads(runner.invoke(app, ["import", str(SAMPLES), "--db", path,
                                           "--json"]).stdout)
    again = json.loads(runner.invoke(app, ["import", str(SAMPLES), "--db", path,
                                           "--json"]).stdout)
    assert again["hands_seen"] == 0 and again["unchanged_files"] == first["files"]
    forced = runner.invoke(app, ["import", str(SAMPLES), "--db", path, "--json", "--force"])
    assert forced.exit_code == 0, forced.output
    data = json.loads(forced.stdout)
    assert data["hands_seen"] == data["duplicates"] == first["hands_imported"] > 0
    assert data["hands_imported"] == 0
