"""The Everest parser against every Everest hand in the real corpus (legacy room).

Asserted: every unique hand imports, rejects would carry a reason, replay finds no error, and
the site's SWEEP totals (the pot after each street) equal the engine's pot.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from parsers import registry
from parsers.errors import ParseError
from parsers.text import decode
from pipeline.engine import replay

pytestmark = pytest.mark.corpus
_SWEEP = re.compile(r"<SWEEP [^>]*>(\d+)</SWEEP>")


def test_every_everest_history(corpus: Path) -> None:
    with open(corpus / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t")
                if r["site"] == "Everest" and "EXPECTED" not in r["notes"]]
    fmt = registry.by_name("everest")
    outcome: dict[str, str] = {}
    for row in rows:
        data = (corpus / row["path"]).read_bytes()
        text, enc = decode(data)
        if not text.strip():
            continue  # the empty "penalty" sample
        assert registry.detect(text) is fmt
        for chunk in fmt.split(text, enc, data):
            try:
                h = fmt.parse(chunk, row["path"])
            except ParseError as err:
                assert err.reason
                outcome.setdefault(chunk.text.partition(' id="')[2][:10], err.reason)
                continue
            outcome[h.hand_id] = "ok"
            r = replay(h)
            assert not r.has_errors, (h.hand_id, r.findings)
            assert r.total_pot == int(_SWEEP.findall(chunk.text)[-1])
    assert len(outcome) >= 5
    assert set(outcome.values()) == {"ok"}
