"""``sidepot show`` never prints ``<NA>``, ``nan`` or ``None``: a value the store does not
have is left out or said in words, whichever column it is."""

from __future__ import annotations

import re

import duckdb
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.cli.render import missing, render_hand, safe
from pipeline.ingest.run import import_paths
from reports.hand import hand_detail
from tests.support.paths import SAMPLES

runner = CliRunner()
_LEAKS = re.compile(r"<NA>|\bnan\b|\bNone\b|\bNaT\b")
#: every nullable column ``show`` reads, set to NULL in a copy of the store
_NULLS = {
    "hands": ["max_seats", "button_seat", "table_name", "ante", "source_offset", "source_file",
              "tournament_id", "rake", "fees", "total_pot", "board", "boards", "local_time",
              "time_zone", "started_at", "zone_source", "is_tournament", "n_players"],
    "seats": ["position", "is_hero", "sitting_out", "hole_cards", "starting_stack",
              "went_to_showdown", "invested", "collected", "net"],
    "actions": ["all_in", "amount", "to_amount", "pot_after", "cards"],
    "pots": ["printed_amount", "winners", "eligible"],
    "findings": ["line", "message"],
}


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> str:
    db = str(tmp_path_factory.mktemp("show") / "s.duckdb")
    import_paths([SAMPLES], db)
    return db


def test_missing_values():
    import pandas as pd

    assert all(missing(v) for v in (None, pd.NA, pd.NaT, float("nan")))
    assert not any(missing(v) for v in (0, "", False, "x"))
    assert safe(pd.NA) == "" and safe(None) == ""


def test_no_hand_of_the_samples_shows_a_missing_marker(store):
    con = duckdb.connect(store, read_only=True)
    keys = con.execute("SELECT site, hand_id FROM hands ORDER BY ALL").fetchall()
    assert keys
    for site, hand_id in keys:
        text = render_hand(hand_detail(con, site, hand_id))
        assert not _LEAKS.search(text), (hand_id, _LEAKS.search(text))


def test_every_nullable_column_missing_at_once(store, tmp_path):
    copy = str(tmp_path / "nulls.duckdb")
    con = duckdb.connect(copy)
    con.execute(f"ATTACH '{store}' AS s (READ_ONLY)")
    for table in ("hands", "seats", "actions", "pots", "findings", "rejects", "files"):
        con.execute(f"CREATE TABLE {table} AS FROM s.{table}")
    site, hand = con.execute("SELECT site, hand_id FROM hands JOIN pots USING (site, hand_id) "
                             "ORDER BY ALL LIMIT 1").fetchone()
    con.execute("INSERT INTO findings BY NAME SELECT ? AS site, ? AS hand_id, 'made_up' AS "
                "code, 'warning' AS severity", [site, hand])
    for table, columns in _NULLS.items():
        con.execute(f"UPDATE {table} SET " + ", ".join(f"{c} = NULL" for c in columns))
    con.close()
    result = runner.invoke(app, ["--debug", "show", f"{site}:{hand}", "--db", copy])
    assert result.exit_code == 0, result.output
    assert not _LEAKS.search(result.stdout), _LEAKS.search(result.stdout)
    assert "button unknown" in result.stdout and "time unknown" in result.stdout
    assert "made_up" in result.stdout
