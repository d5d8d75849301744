"""The native core against the Python reference: identical rows in every table for every
hand the native core claims, on the real corpus and on simulated (and mutated) hands.

The deferral rate is printed (``-s``) and bounded, so coverage can only grow.
"""

from __future__ import annotations

import pytest

native = pytest.importorskip("sidepot_native", reason="the native core is not built")

from tests.native.parity import (  # noqa: E402
    Tally,
    corpus_dir,
    run_corpus,
    run_mutated,
    run_rare,
    run_sim,
)


def _report(name: str, t: Tally) -> None:
    print(f"\n{name}: {t.line()}\n  deferred by reason: {dict(t.deferred.most_common())}")
    assert not t.mismatches, "\n".join(t.mismatches[:20])


@pytest.mark.corpus
def test_corpus_rows_are_identical() -> None:
    if corpus_dir() is None or not (corpus_dir() / "PokerStars").is_dir():
        pytest.skip("real corpus not present (../shared/corpus or $SIDEPOT_CORPUS)")
    t = Tally()
    run_corpus(t)
    _report("corpus", t)
    assert t.compared > 0
    # Hands the Python path rejects (other games, no seats...) are deferred too: only the
    # storable ones count against the native core's coverage.
    storable_deferred = sum(n for why, n in t.deferred.items() if why.startswith("finding:"))
    assert storable_deferred <= 0.005 * t.chunks


def test_simulated_rows_are_identical() -> None:
    t = Tally()
    run_sim(t, 150)
    _report("simulated", t)
    assert t.compared == t.chunks  # every simulated hand is read natively


def test_mutated_rows_are_identical() -> None:
    """Broken hands: many findings of many codes, each message matched exactly."""
    t = Tally()
    run_mutated(t, 150)
    _report("mutated", t)
    assert t.compared > 0.8 * t.chunks


def test_rare_codes_are_claimed_and_identical() -> None:
    """fixed_limit_cap and invalid_card (raise wars, odd shows): claimed, rows identical."""
    t = Tally()
    codes = run_rare(t, 60)
    _report("rare codes", t)
    assert codes["fixed_limit_cap"] > 0 and codes["invalid_card"] > 0
    assert not [why for why in t.deferred if why.startswith("finding:")]
    assert t.compared > 0.9 * t.chunks


@pytest.mark.slow
def test_many_simulated_hands_twice() -> None:
    for seed in (101, 202):
        t = Tally()
        run_sim(t, 2000, seed)
        _report(f"simulated seed {seed}", t)


@pytest.mark.slow
def test_many_mutated_hands_with_every_code_claimed() -> None:
    """Every code the port writes, claimed: the check that lets a code into EXACT_CODES."""
    codes = [line.split("\t")[0] for line in native.codes_table().splitlines()
             if line and not line.startswith("#")]
    native._set_exact_codes(codes)
    try:
        for seed in (5, 6, 7):
            t = Tally()
            run_mutated(t, 1000, seed)
            _report(f"mutated seed {seed}", t)
    finally:
        native._set_exact_codes(None)
