"""Native core vs the Python reference for every site the native core reads besides
PokerStars (GGPoker, Ignition/Bovada): the same table-by-table comparison as
:mod:`tests.native.parity`, through ``sidepot_native.parse_text(data, path, site)``.

Runnable as a script: ``python -m tests.native.parity_sites [ggpoker|ignition ...]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pyarrow as pa

from tests.native.parity import TABLES, Tally, _hand_rows, corpus_dir, python_parse

#: Native format name -> its folder in the corpus.
CORPUS_FOLDERS = {"ggpoker": "GGPoker", "ignition": "Bovada_Ignition"}


def corpus_files(fmt: str) -> list[Path]:
    """Every file of the format's corpus folder (empty without the corpus)."""
    root = corpus_dir()
    if root is None or not (root / CORPUS_FOLDERS[fmt]).is_dir():
        return []
    return sorted(p for p in (root / CORPUS_FOLDERS[fmt]).rglob("*") if p.is_file())


def _first_difference(path: str, name: str, got: pa.Table, want: pa.Table) -> str:
    g, w = got.to_pylist(), want.to_pylist()
    for i, (a, b) in enumerate(zip(g, w, strict=False)):
        if a != b:
            diff = {key: (a[key], b[key]) for key in a if a[key] != b[key]}
            return f"{path}: {name} row {i} ({a.get('hand_id')}): {diff}"
    return f"{path}: {name}: {len(g)} rows vs {len(w)}"


def compare_site_file(data: bytes, path: str, fmt: str, tally: Tally) -> None:
    """Parse one file with both cores (the native one as ``fmt``) and add what they say to
    ``tally``; a file the Python path detects as another format is left out."""
    import sidepot_native as nat

    py = python_parse(data, path)
    if py.format != fmt:
        return
    tally.files += 1
    out = nat.parse_text(data, path, fmt, 0, 0)
    if out["deferred"] is not None:
        tally.file_deferred[out["deferred"]] += 1
        tally.deferred["file:" + out["deferred"]] += len(py.ends)
        tally.chunks += len(py.ends)
        return
    chunks = out["chunks"].to_pylist()
    tally.chunks += len(chunks)
    if [c["end"] for c in chunks] != list(py.ends):
        tally.mismatches.append(
            f"{path}: chunk boundaries differ ({len(chunks)} vs {len(py.ends)})")
        return
    if out["consumed"] != py.consumed:
        tally.mismatches.append(f"{path}: consumed {out['consumed']} vs {py.consumed}")
    claimed = [k for k, c in enumerate(chunks) if c["status"] == "rows"]
    for k, c in enumerate(chunks):
        if c["status"] == "deferred":
            tally.deferred[c["reason"]] += 1
        elif c["status"] == "rejected":
            tally.mismatches.append(f"{path}: chunk {k} at {c['offset']}: native internal_error")
    bad = [k for k in claimed if py.rows_at[k] < 0]
    if bad:
        tally.mismatches.append(f"{path}: native claimed chunks Python rejected: {bad[:5]}")
        return
    for name in TABLES:
        parts = [_hand_rows(py.rows, name, py.rows_at[k]) for k in claimed]
        want = pa.concat_tables(parts) if parts else py.rows.tables[name].slice(0, 0)
        got = out[name]
        if name == "hands":
            want, got = want.drop_columns(["imported_at"]), got.drop_columns(["imported_at"])
        if not got.schema.equals(want.schema):
            tally.mismatches.append(f"{path}: {name} schema differs:\n{got.schema}\nvs\n"
                                    f"{want.schema}")
        elif not got.equals(want):
            tally.mismatches.append(_first_difference(path, name, got, want))
    tally.compared += len(claimed)


def run_site_corpus(fmt: str, tally: Tally, every: int = 1) -> None:
    """Compare every ``every``-th corpus file of the format."""
    for p in corpus_files(fmt)[::every]:
        compare_site_file(p.read_bytes(), str(p), fmt, tally)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    for fmt in sys.argv[1:] or list(CORPUS_FOLDERS):
        t = Tally()
        run_site_corpus(fmt, t)
        print(f"{fmt}: {t.line()}")
        print("  deferred by reason:", dict(t.deferred.most_common()))
        for m in t.mismatches[:30]:
            print("  MISMATCH", m)
