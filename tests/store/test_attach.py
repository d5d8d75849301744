"""attach: views over Parquet serve every report as the imported store does."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.errors import SidepotError
from pipeline.ingest.run import import_paths
from pipeline.store.attach import attach
from pipeline.store.db import Store
from reports.audit import findings_by_code, overview
from reports.stats import player_stats
from tests.support.paths import SAMPLES

TABLES = ("hands", "seats", "actions", "pots", "findings", "rejects", "files")


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("attach")
    db = root / "store.duckdb"
    import_paths([SAMPLES], db)
    with Store(db) as store:
        store.export_parquet(root / "pq")
    return db, root / "pq"


def test_views_over_an_export_match_the_store(exported, tmp_path):
    db, pq = exported
    summary = attach(pq, tmp_path / "a.duckdb")
    assert summary.layout == "export"
    store = duckdb.connect(str(db), read_only=True)
    views = duckdb.connect(str(tmp_path / "a.duckdb"), read_only=True)
    for t in TABLES:
        want = store.execute(f"SELECT * FROM {t} ORDER BY ALL").fetchall()
        assert views.execute(f"SELECT * FROM {t} ORDER BY ALL").fetchall() == want, t
        assert summary.rows[t] == len(want)
        kinds = [r[1] for r in store.execute(f"DESCRIBE {t}").fetchall()]
        assert [r[1] for r in views.execute(f"DESCRIBE {t}").fetchall()] == kinds
    assert overview(views) == overview(store)
    assert findings_by_code(views).equals(findings_by_code(store))
    # the store's stat facts cache is not exported: the attached export's stats come from the
    # SQL reference, and answer as the store's own flags do
    assert store.execute("SELECT count(*) FROM seat_flags").fetchall()[0][0] > 0
    assert not (pq / "seat_flags").exists()
    assert views.execute("SELECT count(*) FROM seat_flags").fetchall() == [(0,)]
    assert player_stats(views).equals(player_stats(store))


def test_reports_run_from_the_cli_on_an_attached_db(exported, tmp_path):
    _, pq = exported
    runner = CliRunner()
    out = runner.invoke(app, ["attach", str(pq), "--db", str(tmp_path / "a.duckdb"), "--json"])
    assert out.exit_code == 0, out.output
    stats = runner.invoke(app, ["stats", "--db", str(tmp_path / "a.duckdb"), "--json"])
    assert stats.exit_code == 0, stats.output
    assert "VPIP" in stats.output or "vpip" in stats.output


def test_attach_refuses_a_db_with_imported_tables(exported):
    db, pq = exported
    with pytest.raises(SidepotError, match="already holds imported tables"):
        attach(pq, db)


def test_attach_needs_hands(tmp_path):
    with pytest.raises(SidepotError, match="no hands Parquet"):
        attach(tmp_path, tmp_path / "a.duckdb")
