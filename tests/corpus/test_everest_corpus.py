"""The Everest parser against every Everest hand in the real corpus (legacy room).

Asserted: every unique hand imports, rejects would carry a reason, replay finds no error, and
the site's SWEEP totals (the pot after each street) equal the engine's pot.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from parsers import registry
from parsers.model import Hand
from parsers.text import Chunk, decode
from pipeline.engine import Replay
from tests.support.corpus_scan import manifest_rows, scan, split_rows

pytestmark = pytest.mark.corpus
_SWEEP = re.compile(r"<SWEEP [^>]*>(\d+)</SWEEP>")


def _hands(corpus: Path) -> Iterator[tuple[str, Chunk]]:
    fmt = registry.by_name("everest")
    paths, _ = split_rows(manifest_rows(corpus, "Everest"), ("EXPECTED",))
    for path in paths:
        data = (corpus / path).read_bytes()
        text, enc = decode(data)
        if not text.strip():
            continue  # the empty "penalty" sample
        assert registry.detect(text) is fmt
        for chunk in fmt.split(text, enc, data):
            yield path, chunk


def _clean_and_swept(chunk: Chunk, h: Hand, r: Replay) -> None:
    assert not r.has_errors, (h.hand_id, r.findings)
    assert r.total_pot == int(_SWEEP.findall(chunk.text)[-1])


def test_every_everest_history(corpus: Path) -> None:
    found = scan(_hands(corpus), registry.by_name("everest").parse,
                 lambda chunk: chunk.text.partition(' id="')[2][:10], ok_by_hand_id=True,
                 check=_clean_and_swept)
    assert len(found.outcome) >= 5
    assert set(found.outcome.values()) == {"ok"}
