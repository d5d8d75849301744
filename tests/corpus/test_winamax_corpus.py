"""The Winamax parser against every Winamax hand history in the real corpus.

Which files are hand histories: every Winamax row of MANIFEST.tsv but those
``corpus_scan.NOT_HISTORIES`` names (which are still split, to show nothing breaks).

Asserted: no exception but ParseError escapes; >= 99% of unique hold'em hands import; every
reject has a reason; the engine finds no error in any imported hand except the known true site
errors listed below; fpdb's expected per-player results (``.hp``: winnings and totalProfit in
cents) agree with the engine's collected and net.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.sites import winamax
from parsers.text import read_file
from pipeline.engine import replay
from tests.support.corpus_scan import file_chunks, fpdb_expected, manifest_rows, scan, split_rows

pytestmark = pytest.mark.corpus

#: Hands whose error findings are the site's own, each with why.
#: (6307872438747255-64-1288123510, a half-chip tournament whose pot of 3367.50 is printed
#: "collected 3368", is read right since issue 33: the site prints its results to the chip.)
SITE_ERRORS: set[str] = set()


def test_every_winamax_history(corpus: Path) -> None:
    histories, others = split_rows(manifest_rows(corpus, "Winamax"))
    assert len(histories) > 60

    found = scan(file_chunks(corpus, histories, winamax.HEADER), winamax.parse,
                 lambda chunk: chunk.text.partition("HandId: #")[2].partition(" ")[0])

    for row in others:  # expected outputs hold no hand; embedded ones may
        chunks = read_file(corpus / row["path"], winamax.HEADER)[0]
        assert chunks == [] or "EMBEDDED" in row["notes"], row["path"]

    print(found.summary(f"Winamax corpus: files={len(histories)}"))
    assert len(found.outcome) > 230
    assert found.rate >= 0.99
    assert found.unexplained(SITE_ERRORS) == {}
    assert {hand_id for hand_id, _ in found.errors} == set(SITE_ERRORS)  # each still true


def test_fpdb_expected_results(corpus: Path) -> None:
    compared = 0
    for row in manifest_rows(corpus, "Winamax"):
        if not row["path"].endswith(".hp") or "NLHE" not in row["path"]:
            continue
        expected = fpdb_expected(corpus / row["path"])
        (chunk,), _ = read_file(corpus / row["path"][:-3], winamax.HEADER)
        h = winamax.parse(chunk, row["path"])
        result = {s.seat: s for s in replay(h).seats}
        for seat in h.seats:
            if seat.player not in expected:
                continue
            want = expected[seat.player]
            got = result.get(seat.seat)
            won, net = (got.won, got.net) if got else (0, 0)
            assert (won, net) == (want["winnings"], want["totalProfit"]), seat.player
            compared += 1
    assert compared >= 10
