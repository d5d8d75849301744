"""All-in equity counted where hands are parsed (issue 32 item 4): the rows an import's
workers store with each hand are the rows the fallback (``fill_allin_equity``, from the
stored rows) gives, on both cores, with ``--jobs 1`` and ``2``, on simulated hands and on the
corpus; duplicates, a hand read again and an interrupted import keep them so."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from pipeline.core import native_available
from pipeline.export.pokerstars import write_hands
from pipeline.ingest.run import import_paths
from pipeline.sim.dealer import simulate
from reports.allin import fill_allin_equity

CORES = ("python", "native") if native_available() else ("python",)


def _sim_file(tmp_path: Path, hands: int, seed: int) -> Path:
    path = tmp_path / f"sim{seed}.txt"
    path.write_text(write_hands([s.hand for s in simulate(hands, seed)]) + "\n\n", "utf-8")
    return path


def _equity(db: Path) -> tuple[list[tuple], list[tuple]]:
    """(allin_equity rows, allin_equity_hands keys), sorted; and checks that every hand's
    mark carries the imported_at of its stored rows (so the fallback takes it as done)."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT site, hand_id, seat, adjusted_net FROM allin_equity "
                           "ORDER BY ALL").fetchall()
        marks = con.execute("SELECT site, hand_id FROM allin_equity_hands ORDER BY ALL"
                            ).fetchall()
        stale = con.execute("SELECT count(*) FROM allin_equity_hands d ANTI JOIN hands h "
                            "ON d.site = h.site AND d.hand_id = h.hand_id "
                            "AND d.imported_at = h.imported_at").fetchone()[0]
    assert stale == 0
    return rows, marks


def _filled(paths: list[Path], db: Path, **kw) -> tuple[list[tuple], list[tuple]]:
    """The reference: an import without equity, then the fallback fills every hand."""
    import_paths(paths, db, **kw)
    with duckdb.connect(str(db)) as con:
        assert fill_allin_equity(con) > 0
    return _equity(db)


def _counted(paths: list[Path], db: Path, **kw) -> tuple[list[tuple], list[tuple]]:
    """The import's workers count: the fallback then finds nothing to do."""
    import_paths(paths, db, allin=True, **kw)
    with duckdb.connect(str(db)) as con:
        assert fill_allin_equity(con) == 0
    return _equity(db)


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("jobs", [1, 2])
def test_worker_rows_equal_the_fallback_on_simulated_hands(tmp_path, monkeypatch, core, jobs):
    monkeypatch.setenv("SIDEPOT_CORE", core)  # python: the numpy counter too (slower)
    hands = 400 if core == "native" else 100
    path = _sim_file(tmp_path, hands, 32 + jobs)
    want = _filled([path], tmp_path / "filled.duckdb")
    got = _counted([path], tmp_path / "counted.duckdb", jobs=jobs, batch_size=hands // 3)
    assert len(want[0]) > hands // 4 and len(want[1]) == hands  # many all-ins: it can fail
    assert got == want


def test_duplicates_store_one_set_of_rows(tmp_path):
    path = _sim_file(tmp_path, 120, 7)
    copy = tmp_path / "copy.txt"
    copy.write_bytes(path.read_bytes() + path.read_bytes())  # in one batch, and again
    want = _filled([path], tmp_path / "filled.duckdb")
    db = tmp_path / "counted.duckdb"
    assert _counted([path, copy], db) == want
    summary = import_paths([path, copy], db, allin=True, force=True)
    assert summary.duplicates == 360 and _equity(db) == want


def test_a_hand_read_again_gets_the_rows_of_a_clean_import(tmp_path):
    whole = _sim_file(tmp_path, 60, 9).read_bytes()
    end = whole.rstrip().rindex(b"*** SUMMARY ***") + len(b"*** SUMMARY ***\n")
    live = tmp_path / "live.txt"
    live.write_bytes(whole[:end])  # the last hand cut before its summary's seats
    db = tmp_path / "live.duckdb"
    first = import_paths([live], db, allin=True)
    live.write_bytes(whole)
    second = import_paths([live], db, allin=True)
    assert first.hands_imported + second.hands_imported - second.replaced == 60
    want = _filled([live], tmp_path / "clean.duckdb")
    with duckdb.connect(str(db)) as con:
        assert fill_allin_equity(con) == 0
    assert _equity(db) == want


def test_an_interrupted_import_resumed_stores_the_clean_rows(tmp_path, monkeypatch):
    """Ctrl-C after some batches: what was committed holds its hands' equity rows, and the
    rerun adds the rest (the same rows as one import)."""
    from pipeline.errors import ImportInterrupted
    from pipeline.ingest import writer

    path = _sim_file(tmp_path, 300, 5)
    db = tmp_path / "cut.duckdb"
    flushes = []
    real = writer.Batcher.flush

    def flush_then_stop(self):  # noqa: ANN001
        real(self)
        flushes.append(1)
        if len(flushes) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(writer.Batcher, "flush", flush_then_stop)
    with pytest.raises(ImportInterrupted):
        import_paths([path], db, allin=True, batch_size=100)
    monkeypatch.setattr(writer.Batcher, "flush", real)
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM allin_equity_hands").fetchone()[0] == 200
    import_paths([path], db, allin=True, batch_size=100)
    assert _equity(db) == _filled([path], tmp_path / "clean.duckdb")


def _corpus_sample(corpus: Path, every: int) -> list[Path]:
    """Every ``every``-th file of each site's folder (sorted), so each site is in it."""
    return [p for site in sorted(corpus.iterdir()) if site.is_dir()
            for p in sorted(q for q in site.rglob("*") if q.is_file())[::every]]


@pytest.mark.corpus
@pytest.mark.skipif(not native_available(), reason="native core not built")
@pytest.mark.parametrize("every", [pytest.param(10, id="sample"),
                                   pytest.param(1, id="whole", marks=pytest.mark.slow)])
def test_worker_rows_equal_the_fallback_on_the_corpus(tmp_path, corpus, every):
    """The corpus (a tenth of each site's files; the whole in ``make slow``) on the native
    core (the Python core's numpy counter would take minutes; its rows are held to the same
    fallback on simulated hands above)."""
    files = _corpus_sample(corpus, every)
    want = _filled(files, tmp_path / "filled.duckdb", jobs=2)
    got = _counted(files, tmp_path / "counted.duckdb", jobs=2)
    assert len(want[0]) > 50 and got == want
