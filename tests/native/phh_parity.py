"""The native PHH reader against the Python reference, table by table (runnable as a script:
``python -m tests.native.phh_parity [--corpus] [--sim N]``).

Files: the PHH corpus (``corpus/phh``: the famous hands, Pluribus, WSOP and a HandHQ ``.phhs``
sample) and simulated hands exported to PHH by the project's own exporter
(:mod:`pipeline.export.phh`), one ``.phhs`` per table kind and single-hand ``.phh`` files.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.native.parity import (
    Tally,
    compare_claimed,
    corpus_dir,
    file_deferred,
    python_parse,
    sim_configs,
)


def known_sites() -> list[str]:
    """The site names a PHH ``venue`` may name (what the Python reader compares it with)."""
    from parsers.registry import FORMATS

    return sorted({f.site for f in FORMATS})


def compare_phh_file(data: bytes, path: str, tally: Tally) -> None:
    """Parse one PHH file with both cores and add what they say to ``tally``."""
    import sidepot_native as nat

    py = python_parse(data, path)
    if py.format != "phh":
        return
    tally.files += 1
    out = nat.parse_phh(data, path, 0, 0, True, known_sites())
    if file_deferred(out, py, tally):
        return
    chunks = out["chunks"].to_pylist()
    tally.chunks += len(chunks)
    if [c["end"] for c in chunks] != list(py.ends):
        tally.mismatches.append(f"{path}: chunk boundaries differ ({len(chunks)} vs "
                                f"{len(py.ends)})")
        return
    if out["consumed"] != py.consumed:
        tally.mismatches.append(f"{path}: consumed {out['consumed']} vs {py.consumed}")
    claimed = [k for k, c in enumerate(chunks) if c["status"] == "rows"]
    for k, c in enumerate(chunks):
        if c["status"] == "deferred":
            tally.deferred[c["reason"]] += 1
        elif c["status"] == "rejected":
            tally.mismatches.append(f"{path}: chunk {k}: native internal_error")
    compare_claimed(path, py, out, claimed, tally)


def run_phh_corpus(tally: Tally) -> None:
    root = corpus_dir()
    if root is None or not (root / "phh").is_dir():
        return
    for p in sorted((root / "phh").rglob("*")):
        if p.is_file():
            compare_phh_file(p.read_bytes(), str(p), tally)


def simulated_phh(n: int, seed: int, **kw: object) -> list[str]:
    """``n`` simulated hands exported to PHH, one document each, as ``sidepot simulate
    --format phh`` writes them: raked (the rake stays inside the winnings) and run twice
    where the simulator runs a board twice (every board in the ``_boards`` field)."""
    from pipeline.export.phh import write_hand
    from pipeline.sim import simulate

    return [write_hand(s.hand) for s in simulate(n, seed, **kw)]


def run_phh_sim(tally: Tally, n: int, seed: int = 7, singles: int = 20) -> None:
    """Each table kind as one ``.phhs`` (``[k]`` tables) and its first hands as ``.phh``."""
    from pipeline.export.phh import table

    for k, (name, kw) in enumerate(sim_configs()):
        docs = simulated_phh(n, seed + k, **kw)
        phhs = "\n".join(table(i + 1, doc) for i, doc in enumerate(docs))
        compare_phh_file(phhs.encode(), f"sim-{name}.phhs", tally)
        for i, doc in enumerate(docs[:singles]):
            compare_phh_file(doc.encode(), f"sim-{name}-{i}.phh", tally)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    t = Tally()
    if "--corpus" in sys.argv:
        run_phh_corpus(t)
    if "--sim" in sys.argv:
        run_phh_sim(t, int(sys.argv[sys.argv.index("--sim") + 1]))
    print(t.line())
    print("deferred by reason:", dict(t.deferred.most_common()))
    for m in t.mismatches[:30]:
        print("MISMATCH", m)
