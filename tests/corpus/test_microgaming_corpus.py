"""The Microgaming parser against every Microgaming hand in the real corpus (legacy room).

Asserted: >= 95% of unique hold'em hands import, every reject has a reason, no error finding
outside the hands listed below, and for every player the engine's net equals the site's own
``endbalance - balance`` except where the site's numbers contradict themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from parsers import registry
from parsers.errors import UnknownFormatError
from parsers.model import Hand
from parsers.text import Chunk, decode, parse_money
from pipeline.engine import Replay
from tests.support.corpus_scan import manifest_rows, scan

pytestmark = pytest.mark.corpus
#: 5049091349: a sample edited by hand (the flop's "Ks" carries card id 30, which is 5d in every
#: other hand; seat 3 holds the real Ks, id 12). 3063530490: the site's numbers do not add up:
#: collected 14.50 + printed rake 0.78 is 0.50 short of the 15.78 put in (the endbalances
#: agree with the 14.50, so 1.28 was withheld, not 0.78).
KNOWN_ERRORS = {"5049091349", "3063530490"}
_END = re.compile(r'<Seat num="(\d+)"[^>]*?endbalance="([^"]+)"')


def _hands(corpus: Path) -> Iterator[tuple[str, Chunk]]:
    """Every hand of every corpus file detected as Microgaming (whichever folder it is in)."""
    fmt = registry.by_name("microgaming")
    for row in manifest_rows(corpus):
        if "EXPECTED" in row["notes"]:
            continue
        data = (corpus / row["path"]).read_bytes()
        text, enc = decode(data)
        try:
            if registry.detect(text) is not fmt:
                assert row["site"] != "Microgaming" or "888" in row["notes"], row["path"]
                continue
        except UnknownFormatError:
            continue  # the two empty "Seats" samples
        for chunk in fmt.split(text, enc, data):
            yield row["path"], chunk


def test_every_microgaming_history(corpus: Path) -> None:
    nets = agree = 0

    def nets_match_endbalances(chunk: Chunk, h: Hand, r: Replay) -> None:
        nonlocal nets, agree
        ends = {int(n): parse_money(v, h.decimals) for n, v in _END.findall(chunk.text)}
        for s, res in zip(h.seats, r.seats, strict=True):
            nets += 1
            agree += s.stack + res.net == ends[s.seat]

    found = scan(_hands(corpus), registry.by_name("microgaming").parse,
                 lambda chunk: chunk.text.partition(' id="')[2].partition('"')[0],
                 check=nets_match_endbalances)
    errors = {hand_id for hand_id, _ in found.errors}
    print(f"\nMicrogaming: {dict(found.unique)}; errors {sorted(errors)}; nets {agree}/{nets}")
    assert len(found.outcome) >= 40
    assert found.rate >= 0.95
    assert errors == KNOWN_ERRORS  # exactly the explained ones, each still an error
    assert agree / nets >= 0.98
