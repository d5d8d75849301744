"""The native PHH reader against the Python reference: identical rows in every table for
every PHH hand the native core claims (the corpus, the golden simulated ``.phhs`` files and
hands freshly exported to PHH), the seam's PackedFile equal to the Python one, and the
hands it must hand back (other variants, tournaments, odd TOML) deferred, never changed."""

from __future__ import annotations

from pathlib import Path

import pytest

native = pytest.importorskip("sidepot_native", reason="the native core is not built")

from pipeline import core  # noqa: E402
from tests.native.parity import Tally, corpus_dir  # noqa: E402
from tests.native.phh_parity import (  # noqa: E402
    compare_phh_file,
    known_sites,
    run_phh_corpus,
    run_phh_sim,
    simulated_phh,
)
from tests.native.test_core_seam import _same  # noqa: E402

GOLDEN_SIM = Path("/work/golden/sim")


def _report(name: str, t: Tally) -> None:
    print(f"\n{name}: {t.line()}\n  deferred by reason: {dict(t.deferred.most_common())}")
    assert not t.mismatches, "\n".join(t.mismatches[:20])


@pytest.mark.corpus
def test_phh_corpus_rows_are_identical() -> None:
    root = corpus_dir()
    if root is None or not (root / "phh").is_dir():
        pytest.skip("PHH corpus not present (../shared/corpus/phh or $SIDEPOT_CORPUS)")
    t = Tally()
    run_phh_corpus(t)
    _report("phh corpus", t)
    # Only other variants (the Python path rejects them) may be left to the Python core.
    assert set(t.deferred) <= {"variant"}
    assert t.compared >= 0.9 * t.chunks


def test_simulated_phh_rows_are_identical() -> None:
    t = Tally()
    run_phh_sim(t, 60, singles=10)
    _report("simulated phh", t)
    assert set(t.deferred) <= {"tournament_level"}
    assert t.compared > 0.6 * t.chunks


def test_golden_simulated_phhs_files() -> None:
    files = sorted(GOLDEN_SIM.glob("*.phhs"))
    if not files:
        pytest.skip("no golden simulated .phhs files here")
    t = Tally()
    for p in files:
        compare_phh_file(p.read_bytes(), str(p), t)
    _report("golden phhs", t)
    assert t.compared > 0


def test_the_seam_reads_phh_natively_and_identically() -> None:
    docs = simulated_phh(40, 3)
    used = {_same(doc.encode(), f"one{i}.phh") for i, doc in enumerate(docs[:15])}
    assert used == {"native"}
    from pipeline.export.phh import table

    phhs = "\n".join(table(i + 1, d) for i, d in enumerate(docs)).encode()
    assert _same(phhs, "many.phhs") == "native"


def test_a_file_with_a_hand_it_defers_is_read_by_python_whole() -> None:
    doc = simulated_phh(3, 5)[0]
    other = doc.replace('variant = "NT"', 'variant = "PO"', 1)
    assert other != doc
    data = f"[1]\n{doc}\n[2]\n{other}".encode()
    out = native.parse_phh(data, "x.phhs", 0, 0, True, known_sites())
    assert out["chunks"].column("status").to_pylist() == ["rows", "deferred"]
    assert _same(data, "x.phhs") == "python"


@pytest.mark.parametrize("change", [
    ("\nvariant", "\nlevel = 3\nvariant"),  # a tournament level: is_tournament without an id
    ("\nvariant", '\ntime_zone = "Europe/Paris"\nvariant'),  # zoneinfo's zones
    ("\nvariant", "\nbad = 1979-05-27\nvariant"),  # TOML outside the subset
    ("\nvariant", "\nantes_note = 'a\\tb'\nvariant"),  # literal string: in the subset
])
def test_odd_hands_are_deferred_or_identical(change: tuple[str, str]) -> None:
    doc = "\n" + simulated_phh(2, 9)[0]
    data = doc.replace(*change, 1).lstrip("\n").encode()
    _same(data, "odd.phh")


def test_no_panic_crosses_into_python() -> None:
    doc = simulated_phh(1, 4)[0]
    hand_id = doc.split('hand = "', 1)[1].split('"', 1)[0]
    native._set_panic_hand(hand_id)
    try:
        out = native.parse_phh(doc.encode(), "p.phh", 0, 0, True, known_sites())
        # the seam hands such a file to the Python core, which reads the hand
        packed = core.parse_file((doc.encode(), "p.phh", 0, None, True))
    finally:
        native._set_panic_hand(None)
    assert out["chunks"].column("status").to_pylist() == ["rejected"]
    assert out["rejects"].column("reason").to_pylist() == ["internal_error"]
    assert packed.core == "python" and packed.rows.n_hands == 1
