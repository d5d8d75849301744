"""The BetOnline parser against every BetOnline hand history in the corpus.

Asserted: only ParseError escapes, every reject has a reason, the import rate of unique
hold'em hands (29 of 31), and that the engine finds no error in an imported hand except the
one the log itself causes (Gear Poker #1014850775: an all-in showdown whose board the site never
printed). The two rejects are a hand cut off by the end of its file (#900205887, truncated_hand)
and one where an "Unknown player" not in the seat list acts and wins (#991142904).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.sites import betonline
from tests.support.corpus_scan import file_chunks, manifest_rows, scan

pytestmark = pytest.mark.corpus

#: Error findings that are true defects of the site's log (see the module docstring).
KNOWN = {("1014850775", "wrong_board_size")}


def test_every_betonline_history(corpus: Path) -> None:
    paths = [r["path"] for r in manifest_rows(corpus, "BetOnline")]
    found = scan(file_chunks(corpus, paths, betonline.HEADER), betonline.parse,
                 lambda chunk: chunk.text.partition("#")[2].partition(":")[0])
    assert found.holdem == 31 and found.unique["ok"] == 29, dict(found.unique)
    assert set(found.rejects()) == {"truncated_hand", "unknown_player"}
    assert found.error_codes() == KNOWN
