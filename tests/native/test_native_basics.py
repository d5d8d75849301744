"""The binding's contract: the tables' schemas are the store's, one code table, no panic
crosses into Python, the per-chunk list tiles the file, the GIL is released."""

from __future__ import annotations

import threading
import time

import pytest

native = pytest.importorskip("sidepot_native", reason="the native core is not built")

from tests.native.parity import python_parse, simulated_text  # noqa: E402

TABLES = ("hands", "seats", "actions", "pots", "findings", "seat_flags")


def _sim_bytes(n: int = 20) -> bytes:
    return simulated_text(n, 3).encode()


def test_schemas_are_the_stores() -> None:
    try:
        from pipeline.store.schema import arrow_schema
    except ImportError:
        try:
            from pipeline.store.flatten import arrow_schema
        except ImportError:
            from pipeline.store_flatten import arrow_schema
    out = native.parse_pokerstars(_sim_bytes(), "x.txt")
    for name in TABLES:
        assert out[name].schema.equals(arrow_schema(name)), name


def test_fact_bits_are_the_python_cores() -> None:
    """The native core packs each stat fact at the bit reports.facts gives it, under the same
    definition version: the stored flags mean one thing whichever core wrote them."""
    from reports.facts import FLAGS, VERSION

    assert tuple(native.FACT_FLAGS) == FLAGS
    assert native.FACTS_VERSION == VERSION


def test_one_code_table() -> None:
    from pipeline.engine.codes import catalogue

    rows = [line.split("\t") for line in native.codes_table().splitlines()
            if line and not line.startswith("#")]
    assert [(c, s, d) for c, s, d in rows] == [
        (c.code, c.severity.value, c.description) for c in catalogue()]
    assert set(native.EXACT_CODES) <= {r[0] for r in rows}


def test_a_panic_is_a_reject_and_the_file_goes_on() -> None:
    data = _sim_bytes(5)
    ids = native.parse_pokerstars(data, "x")["hands"].column("hand_id").to_pylist()
    native._set_panic_hand(ids[2])
    try:
        out = native.parse_pokerstars(data, "x")
    finally:
        native._set_panic_hand(None)
    chunks = out["chunks"].to_pylist()
    assert [c["status"] for c in chunks] == ["rows", "rows", "rejected", "rows", "rows"]
    reject = out["rejects"].to_pylist()[0]
    assert reject["reason"] == "internal_error" and reject["source_offset"] == chunks[2]["offset"]
    assert reject["raw_text"].startswith("PokerStars Hand #" + ids[2])
    assert out["hands"].num_rows == 4


def test_chunks_match_the_python_split_and_tile_the_file() -> None:
    data = b"preamble\n\n" + _sim_bytes(10).replace(b"\n", b"\r\n")
    out = native.parse_pokerstars(data, "x")
    py = python_parse(data, "x")
    chunks = out["chunks"].to_pylist()
    assert [c["end"] for c in chunks] == list(py.ends)
    assert [c["offset"] for c in chunks[1:]] == list(py.ends[:-1])
    assert out["hands"].column("source_offset").to_pylist() == [c["offset"] for c in chunks]


def test_start_and_unfinished_files() -> None:
    data = _sim_bytes(6)
    full = native.parse_pokerstars(data, "x")["chunks"].to_pylist()
    tail = native.parse_pokerstars(data, "x", full[2]["offset"])
    def key(chunks: list[dict]) -> list[tuple]:
        return [(c["offset"], c["end"], c["line"], c["status"]) for c in chunks]

    assert key(tail["chunks"].to_pylist()) == key(full[2:])
    cut = native.parse_pokerstars(data.rstrip(), "x", final_=False)
    assert cut["consumed"] == full[-1]["offset"] and cut["chunks"].num_rows == 5


def test_imported_at_is_the_callers() -> None:
    out = native.parse_pokerstars(_sim_bytes(2), "x", 0, 1_700_000_000_000_000)
    stamps = {t.timestamp() for t in out["hands"].column("imported_at").to_pylist()}
    assert stamps == {1_700_000_000.0}


def test_the_gil_is_released_while_parsing() -> None:
    data = _sim_bytes(400) * 5
    ticks = []
    stop = threading.Event()

    def tick() -> None:
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    try:
        start = time.perf_counter()
        native.parse_pokerstars(data, "x")
        took = time.perf_counter() - start
    finally:
        stop.set()
        t.join()
    during = [x for x in ticks if start <= x <= start + took]
    assert took < 0.02 or len(during) >= 3


def test_row_counts_are_the_python_starts() -> None:
    import numpy as np

    data = _sim_bytes(30)
    out = native.parse_pokerstars(data, "x")
    py = python_parse(data, "x")
    chunks = out["chunks"].to_pylist()
    for table in ("seats", "actions", "pots", "findings", "seat_flags"):
        got = [c["n_" + table] for c in chunks]
        assert got == np.diff(py.rows.starts[table]).tolist(), table
        assert sum(got) == out[table].num_rows


def test_a_large_file_read_on_several_threads_is_read_alike(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs of 1,024 hands shared among threads: the same chunks and tables as one thread,
    and a panic on another thread is still one hand's reject."""
    data = _sim_bytes(60) * 80  # 4,800 hands: five runs
    outs = {}
    for threads in ("1", "2", "3"):
        monkeypatch.setenv("SIDEPOT_NATIVE_THREADS", threads)
        outs[threads] = native.parse_pokerstars(data, "x", 0, 1)
    for name in ("chunks", *TABLES, "rejects"):
        assert outs["2"][name].equals(outs["1"][name]), name
        assert outs["3"][name].equals(outs["1"][name]), name
    ids = outs["1"]["hands"].column("hand_id").to_pylist()
    native._set_panic_hand(ids[-1])
    try:
        out = native.parse_pokerstars(data, "x")
    finally:
        native._set_panic_hand(None)
    status = out["chunks"].column("status").to_pylist()
    # The same id repeats (the file is 80 copies): each copy's hand is a reject.
    assert status.count("rejected") == ids.count(ids[-1]) and status[-1] == "rejected"
    assert out["rejects"].num_rows == status.count("rejected")
