"""The import summary says in words what its counts alone would hide (issue 13): a last hand
left for the next import, hands stored again whole, files skipped and why, hands with no
time zone; and ``--json`` carries every field."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pipeline import config
from pipeline.cli.app import app
from pipeline.cli.importing import render_summary
from pipeline.ingest.parse import CUT_REASONS
from pipeline.ingest.summary import ImportSummary
from tests.support.hhgen import join, many_hands
from tests.support.paths import SAMPLES

runner = CliRunner()


def _summary(**fields) -> ImportSummary:
    base = dict(files=1, hands_seen=0, hands_imported=0, duplicates=0, rejected=0,
                rejected_by_reason={}, findings_by_code={}, seconds=1.0)
    return ImportSummary(**{**base, **fields})


def test_each_field_is_said_in_words_only_when_not_zero():
    quiet = render_summary(_summary())
    assert "note:" not in quiet
    text = render_summary(_summary(
        incomplete_tail=1, incomplete_files=["live.txt"], replaced=2,
        rejected=1, rejected_by_reason={"oversized_line": 1},
        skipped_files=1, skipped_by_reason={"too_large": 1}, skipped_paths={
            "too_large": ["huge.txt"]},
        no_time_zone_by_site={"wpn": 54}, rezoned=3))
    notes = [line for line in text.splitlines() if line.startswith("note: ")]
    assert notes == [
        "note: the last hand of live.txt is not finished and its file may still grow "
        "(changed within the settle window, or followed live): pending, read again on the "
        "next import, rejected with its reason once the file is older (`sidepot rejects` "
        "lists it)",
        "note: 2 hands stored before from a shorter reading of a file were stored again whole",
        "note: 1 rejected as oversized_line: a line too long to be a hand history's: kept cut "
        "short, not read (`sidepot rejects --reason oversized_line`)",
        "note: skipped huge.txt: too large to read in one piece",
        "note: 3 hands stored before got a new UTC time from the time zone settings (their "
        "logs print none)",
        "note: 54 wpn hands print no time zone and wpn has no default one: no UTC time (set "
        "one: --tz wpn=ZONE)",
    ]


def test_many_files_are_named_a_few_then_counted():
    text = render_summary(_summary(incomplete_tail=7,
                                   incomplete_files=[f"f{i}.txt" for i in range(7)]))
    assert "f0.txt, f1.txt, f2.txt, f3.txt, f4.txt and 2 more" in text


def test_a_real_import_says_it_and_its_json_carries_every_field(tmp_path, monkeypatch):
    monkeypatch.setattr(config, "MAX_FILE_BYTES", 50_000)
    import pipeline.ingest.writer as writer

    monkeypatch.setattr(writer, "MAX_FILE_BYTES", 50_000)
    folder = tmp_path / "in"
    folder.mkdir()
    hands = many_hands(3)
    (folder / "live.txt").write_text(join(hands[:2]) + hands[2][:200], encoding="utf-8")
    (folder / "huge.txt").write_text(join(many_hands(200)), encoding="utf-8")
    db = tmp_path / "s.duckdb"
    result = runner.invoke(app, ["import", str(folder), "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert (f"note: the last hand of {folder / 'live.txt'} is not finished" in result.stdout)
    assert f"note: skipped {folder / 'huge.txt'}: too large to read" in result.stdout
    again = runner.invoke(app, ["import", str(folder), "--db", str(tmp_path / "t.duckdb"),
                                "--json"])
    got = json.loads(again.stdout)
    for key in ("incomplete_tail", "incomplete_files", "pending", "replaced",
                "skipped_by_reason",
                "skipped_paths", "no_time_zone_by_site", "rezoned"):
        assert key in got, key
    assert got["incomplete_files"] == [str(folder / "live.txt")]
    (pending,) = got["pending"]
    assert pending["file"] == str(folder / "live.txt") and pending["reason"] in CUT_REASONS
    assert pending["bytes"] == len(hands[2][:200]) and pending["line"] > 1
    assert got["skipped_paths"] == {"too_large": [str(folder / "huge.txt")]}


def test_the_samples_say_nothing_more(tmp_path):
    result = runner.invoke(app, ["import", str(SAMPLES), "--db", str(tmp_path / "s.duckdb")])
    assert result.exit_code == 0 and "note:" not in result.stdout


def test_the_time_covers_the_stat_facts_and_the_all_in_counts(tmp_path):
    """The import is done when its stat facts (and, asked for, its all-in results) are:
    ``seconds`` and the rate count them, and the summary says how much of it they took."""
    db = str(tmp_path / "s.duckdb")
    result = runner.invoke(app, ["import", str(SAMPLES), "--db", db, "--allin", "--json"])
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    assert got["stats_seconds"] > 0 and got["allin_seconds"] > 0
    assert got["seconds"] >= got["stats_seconds"] + got["allin_seconds"]
    plain = runner.invoke(app, ["import", str(SAMPLES), "--db", str(tmp_path / "t.duckdb"),
                                "--no-allin", "--json"])
    assert json.loads(plain.stdout)["allin_seconds"] == 0
    text = render_summary(_summary(seconds=3.0, stats_seconds=0.5, allin_seconds=1.25))
    assert "  of which        stat facts 0.50, all-in equity 1.25" in text.splitlines()
    assert "of which" not in render_summary(_summary())


def test_the_summary_says_how_many_processes_parsed(tmp_path):
    """``--json`` carries ``jobs``; the text names the worker processes when there are some."""
    for jobs in (1, 2):
        db = tmp_path / f"jobs{jobs}.duckdb"
        out = runner.invoke(app, ["import", str(SAMPLES), "--db", str(db), "--json",
                                  "--jobs", str(jobs), "--no-allin"])
        assert out.exit_code == 0, out.output
        summary = json.loads(out.stdout)
        assert summary["jobs"] == jobs and summary["hands_imported"] > 0
    assert "2 worker processes" in render_summary(_summary(jobs=2))
    assert "worker" not in render_summary(_summary(jobs=1))


def test_a_python_core_import_says_once_when_the_native_core_is_missing(monkeypatch):
    """Installed where no Rust toolchain was, sidepot runs on its Python core and the import
    says why, once; with the native core installed (or no hand read) it says nothing."""
    from pipeline import core_choice

    monkeypatch.setattr(core_choice, "native_available", lambda: False)
    text = render_summary(_summary(hands_seen=3, core="python"))
    notes = [line for line in text.splitlines() if "native core is not installed" in line]
    assert len(notes) == 1 and notes[0].startswith("note: read by the Python core")
    assert "native core" not in render_summary(_summary(hands_seen=0, core="python"))
    monkeypatch.setattr(core_choice, "native_available", lambda: True)
    assert "native core" not in render_summary(_summary(hands_seen=3, core="python"))
