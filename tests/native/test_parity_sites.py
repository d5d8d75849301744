"""GGPoker and Ignition/Bovada through the native core against the Python reference:
identical rows in every table for every hand the native core claims, on the real corpus,
on mutated corpus hands (findings of many codes) and through the seam (``pipeline.core``).

The simulator writes PokerStars text only (``pipeline/export``), so these sites are held to
the reference on real and mutated real hands. A sample runs in ``make test``, every file and
more mutations in ``make slow``. The deferral of hands the Python path stores is bounded, so
coverage can only grow.
"""

from __future__ import annotations

import pytest

native = pytest.importorskip("sidepot_native", reason="the native core is not built")

from pipeline import core  # noqa: E402
from tests.native.parity_sites import (  # noqa: E402
    SiteTally,
    compare_site_file,
    corpus_files,
    mutate_hands,
    run_site_corpus,
)

SITES = ("ggpoker", "ignition")
TABLES = ("hands", "seats", "actions", "pots", "findings", "seat_flags")


def _report(name: str, t: SiteTally) -> None:
    print(f"\n{name}: {t.line()}\n  deferred by reason: {dict(t.deferred.most_common())}"
          f"\n  deferred, stored by Python: {dict(t.storable.most_common())}")
    assert not t.mismatches, "\n".join(t.mismatches[:20])


def _corpus_or_skip(fmt: str) -> None:
    if not corpus_files(fmt):
        pytest.skip("real corpus not present (../shared/corpus or $SIDEPOT_CORPUS)")


@pytest.mark.corpus
@pytest.mark.parametrize("fmt", SITES)
def test_corpus_sample_rows_are_identical(fmt: str) -> None:
    _corpus_or_skip(fmt)
    t = SiteTally()
    run_site_corpus(fmt, t, every=9)
    _report(f"{fmt} corpus sample", t)
    assert t.compared > 0.9 * t.chunks - sum(t.rejected_by_python.values())
    assert sum(t.storable.values()) <= 0.01 * t.chunks


@pytest.mark.corpus
@pytest.mark.parametrize("fmt", SITES)
def test_mutated_corpus_sample_rows_are_identical(fmt: str) -> None:
    """Broken real hands: findings of many codes, each message matched exactly."""
    _corpus_or_skip(fmt)
    t = SiteTally()
    for k, p in enumerate(corpus_files(fmt)[::15]):
        compare_site_file(mutate_hands(p.read_bytes(), fmt, k), f"mutated-{p.name}", fmt, t)
    _report(f"{fmt} mutated sample", t)
    assert t.compared > 0.5 * t.chunks


@pytest.mark.corpus
@pytest.mark.parametrize("fmt", SITES)
def test_the_seam_reads_these_sites_natively(fmt: str) -> None:
    """A whole file the native core claims is read natively, and packs exactly as the Python
    core packs it."""
    _corpus_or_skip(fmt)
    used = set()
    for p in corpus_files(fmt)[::20]:
        data = p.read_bytes()
        args = (data, str(p), 0, None, True)
        got, want = core.parse_file(args), core.parse_file_python(args)
        assert (got.format, got.consumed, got.ends, got.rows_at, got.codes) == (
            want.format, want.consumed, want.ends, want.rows_at, want.codes)
        for name in TABLES:
            a, b = got.rows.tables[name], want.rows.tables[name]
            if name == "hands":
                a, b = a.drop_columns(["imported_at"]), b.drop_columns(["imported_at"])
            assert a.equals(b), f"{p}: {name}"
        used.add(got.core)
    assert "native" in used


def test_every_site_has_a_native_reader() -> None:
    assert set(SITES) | {"pokerstars"} <= set(native.SITES)
    with pytest.raises(ValueError):
        native.parse_text(b"", "x", "no_such_site")


_GG_HAND = """Poker Hand #RC1000: Hold'em No Limit ($0.02/$0.05) - 2024/01/02 03:04:05
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: Hero ($5 in chips)
Seat 2: a1b2c3 ($5.10 in chips)
Seat 3: d4e5f6 ($4 in chips)
a1b2c3: posts small blind $0.02
d4e5f6: posts big blind $0.05
*** HOLE CARDS ***
Dealt to Hero [Ah Kh]
Dealt to a1b2c3
Dealt to d4e5f6
Hero: raises $0.10 to $0.15
a1b2c3: folds
d4e5f6: calls $0.10
*** FLOP *** [2c 7d 9s]
d4e5f6: checks
Hero: bets $0.20
d4e5f6: folds
Uncalled bet ($0.20) returned to Hero
Hero collected $0.32 from pot
*** SUMMARY ***
Total pot $0.32 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Board [2c 7d 9s]
"""


def test_a_written_ggpoker_hand_and_its_cash_drop_twin() -> None:
    """A hand written here is claimed with Python's rows; so is the same hand with a cash drop
    (money the site adds to the main pot, reconciled by both engines), with the site's pot
    printed with the drop and without it."""
    t = SiteTally()
    compare_site_file(_GG_HAND.encode(), "gg.txt", "ggpoker", t)
    assert (t.compared, t.mismatches) == (1, [])
    dropped = _GG_HAND.replace("*** FLOP ***", "Cash Drop to Pot : total $0.10\n*** FLOP ***")
    paid = dropped.replace("Hero collected $0.32", "Hero collected $0.42").replace(
        "Total pot $0.32", "Total pot $0.42")
    for k, text in enumerate((dropped, paid)):
        chunks = native.parse_text(text.encode(), "gg.txt", "ggpoker")["chunks"].to_pylist()
        assert [c["status"] for c in chunks] == ["rows"]
        compare_site_file(text.encode(), f"gg-drop-{k}.txt", "ggpoker", t)
    assert (t.compared, t.mismatches) == (3, [])


@pytest.mark.slow
@pytest.mark.corpus
@pytest.mark.parametrize("fmt", SITES)
def test_whole_corpus_rows_are_identical(fmt: str) -> None:
    _corpus_or_skip(fmt)
    t = SiteTally()
    run_site_corpus(fmt, t)
    _report(f"{fmt} corpus", t)
    assert sum(t.storable.values()) <= 0.005 * t.chunks


@pytest.mark.slow
@pytest.mark.corpus
@pytest.mark.parametrize("fmt", SITES)
def test_whole_corpus_mutated_twice(fmt: str) -> None:
    _corpus_or_skip(fmt)
    for seed in (1, 2):
        t = SiteTally()
        for k, p in enumerate(corpus_files(fmt)):
            compare_site_file(mutate_hands(p.read_bytes(), fmt, 100 * seed + k),
                              f"mutated-{p.name}", fmt, t)
        _report(f"{fmt} mutated seed {seed}", t)
