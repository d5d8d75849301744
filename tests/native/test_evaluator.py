"""The native core's evaluator orders hands exactly as phevaluator (the Python engine's)
does: all 2,598,960 five-card hands and 1,000,000 random seven-card hands in the slow run,
samples in the normal one."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

native = pytest.importorskip("sidepot_native", reason="the native core is not built")
phevaluator = pytest.importorskip("phevaluator")


def _same_order(hands: list[list[int]]) -> None:
    ph = np.array([phevaluator.evaluate_cards(*h) for h in hands])  # lower is better
    ours = np.array(native.rank_hands(hands))  # dense rank, 0 the best
    # the same order: ranking phevaluator's values densely gives our ranks exactly
    _, dense = np.unique(ph, return_inverse=True)
    assert np.array_equal(dense, ours)


def _class_representatives() -> list[list[int]]:
    """One five-card hand of each of phevaluator's 7,462 classes."""
    seen: dict[int, list[int]] = {}
    for c in itertools.combinations(range(52), 5):
        seen.setdefault(phevaluator.evaluate_cards(*c), list(c))
    assert len(seen) == 7462
    return list(seen.values())


def _same_order_in_batches(hands, size: int = 200_000) -> None:  # noqa: ANN001 - an iterable
    """``_same_order`` on batches, each with every class's representative: a hand placed
    right among all classes is placed right among every other batch's hands too."""
    reps = _class_representatives()
    batch: list[list[int]] = []
    for h in hands:
        batch.append(h)
        if len(batch) == size:
            _same_order(reps + batch)
            batch = []
    if batch:
        _same_order(reps + batch)


def test_five_card_sample() -> None:
    rng = random.Random(1)
    _same_order([rng.sample(range(52), 5) for _ in range(100_000)])


def test_seven_card_sample() -> None:
    rng = random.Random(2)
    _same_order([rng.sample(range(52), 7) for _ in range(50_000)])


@pytest.mark.slow
def test_every_five_card_hand() -> None:
    _same_order_in_batches(list(c) for c in itertools.combinations(range(52), 5))


@pytest.mark.slow
def test_a_million_seven_card_hands() -> None:
    rng = random.Random(3)
    _same_order_in_batches(rng.sample(range(52), 7) for _ in range(1_000_000))
