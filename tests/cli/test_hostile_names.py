"""Untrusted player and table names: SQL, terminal, and CSV exports stay safe.

Hand histories are written by whoever can write a file; a player may pick a name that is SQL,
an ANSI escape that rewrites the terminal, Rich markup, ``$`` signs (mathtext in plots), a
right-to-left override, or a spreadsheet formula. Such names must come back from the store
byte for byte (parameters only, never string-built SQL), reach the terminal escaped, and
reach a CSV file neutralised.
"""

from __future__ import annotations

import csv

import duckdb
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.ingest.run import import_paths
from pipeline.store.db import csv_safe
from tests.support.hhgen import renumbered, sample_hands

HOSTILE = [
    "O'Brien \"the; quote\"",
    "x'); DROP TABLE hands;--",
    "\x1b[31mred\x1b[0m\x1b]0;title\x07",
    "[bold red]rich[/bold red]",
    "$5 $x^2$ $",
    "\u202eevil\u200f",
    "=HYPERLINK(\"http://x\",\"y\")",
    "+1+1",
    "-2-2",
    "@SUM(A1)",
]
TABLE = "Ankaa'); DELETE FROM seats;-- \x1b[2J"
SEATED = ["sidepot_hero", "MarlaK", "Tobias_77", "onyx.river", "Grünfeld", "lowball_lu"]
runner = CliRunner()


def _hostile_hands() -> str:
    base = [h for h in sample_hands() if "Ankaa III" in h][:2]
    assert base and all(name in base[0] for name in SEATED)
    out = []
    n = 0
    for round_ in range(2):
        for hand in base:
            text = renumbered(hand, 800_000_000_000 + n)
            n += 1
            for i, name in enumerate(SEATED[1:]):  # the hero keeps his name
                text = text.replace(name, HOSTILE[(i + round_ * 5) % len(HOSTILE)])
            out.append(text.replace("Ankaa III", TABLE))
    return "\n\n\n".join(out) + "\n\n\n"


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    (folder / "h.txt").write_text(_hostile_hands(), encoding="utf-8")
    path = folder / "s.duckdb"
    summary = import_paths([folder / "h.txt"], path)
    assert summary.rejected == 0, summary.rejected_by_reason
    assert summary.hands_imported == 4
    return path


def test_names_round_trip_exactly(db):
    con = duckdb.connect(str(db), read_only=True)
    players = {r[0] for r in con.execute("SELECT DISTINCT player FROM seats").fetchall()}
    assert set(HOSTILE) <= players
    tables = {r[0] for r in con.execute("SELECT DISTINCT table_name FROM hands").fetchall()}
    assert tables == {TABLE}
    assert con.execute("SELECT count(*) FROM seats").fetchone()[0] == 4 * 6  # nothing dropped
    row = con.execute("SELECT count(*) FROM seats WHERE player = ?", [HOSTILE[1]]).fetchone()
    assert row[0] >= 1


def test_terminal_output_is_escaped(db):
    for args in (["stats", "--db", str(db)], ["show", "pokerstars:800000000000", "--db", str(db)],
                 ["stats", "--db", str(db), "--player", HOSTILE[2]]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        out = result.output
        assert "\x1b" not in out and "\x07" not in out
        assert "\u202e" not in out and "\u200f" not in out
    shown = runner.invoke(app, ["stats", "--db", str(db)]).output
    assert "\\x1b[31mred" in shown  # visible, not interpreted
    assert "[bold red]rich[/bold red]" in shown  # printed literally, not as markup


def test_csv_export_neutralises_formulas(db, tmp_path):
    result = runner.invoke(app, ["export", "--csv", str(tmp_path / "csv"), "--db", str(db)])
    assert result.exit_code == 0, result.output
    with open(tmp_path / "csv" / "seats.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    players = {r["player"] for r in rows}
    for name in HOSTILE:
        expected = "'" + name if name[0] in "=+-@" else name
        assert expected in players
    assert not any(p.startswith(("=", "+", "-", "@")) for p in players)
    with open(tmp_path / "csv" / "hands.csv", newline="", encoding="utf-8") as fh:
        hands = list(csv.DictReader(fh))
    assert {h["table_name"] for h in hands} == {TABLE}
    assert all(float(h["total_pot"]) > 0 for h in hands)  # numbers stay numbers


def test_csv_safe():
    assert csv_safe("=1+1") == "'=1+1"
    assert csv_safe("\tx") == "'\tx"
    assert csv_safe("plain") == "plain"
    assert csv_safe(None) is None
