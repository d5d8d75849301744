"""Shared fixtures: where the real corpus is, and a skip when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.paths import REPO

SAMPLES = REPO / "data" / "samples"


def corpus_root() -> Path | None:
    """The real hand-history corpus: $SIDEPOT_CORPUS, else ../shared/corpus beside the repo."""
    env = os.environ.get("SIDEPOT_CORPUS")
    root = Path(env) if env else REPO.parent / "shared" / "corpus"
    return root if root.is_dir() else None


@pytest.fixture(scope="session")
def corpus() -> Path:
    root = corpus_root()
    if root is None:
        pytest.skip("real corpus not present (../shared/corpus or $SIDEPOT_CORPUS)")
    return root
