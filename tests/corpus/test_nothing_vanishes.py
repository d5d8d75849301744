"""Over the real corpus: no file with hand histories is skipped, and every unclaimed one is kept.

The oracle is the corpus' own MANIFEST.tsv, written by whoever collected the files (its
``approx_hands`` counts a file's hand header lines; its notes mark the files that are not hand
histories: test source that embeds hands, expected outputs, tournament summaries). Every file
it counts hands in must reach the store as hands or as rejects, never as a skipped file; and
the files it marks as not hand histories must not turn into rejects.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from pipeline.ingest.parse import FileParse, parse_bytes

#: The three tests read the same files: one worker (pytest-xdist), one parse of each file.
pytestmark = pytest.mark.xdist_group("corpus-manifest")


def _manifest(corpus: Path) -> list[tuple[str, int, str]]:
    rows = []
    for line in (corpus / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) >= 10 and cols[8].isdigit():
            rows.append((cols[0], int(cols[8]), cols[9]))
    return rows


@cache
def _parsed(corpus: Path, rel: str) -> FileParse:
    """One parse of a corpus file for every test here (each is a whole-corpus pass), kept
    small: the rejects only, since no test here looks at a parsed hand."""
    parsed = parse_bytes((corpus / rel).read_bytes(), rel)
    rejects = tuple(o for o in parsed.outcomes if o.reject is not None)
    return FileParse(parsed.format, parsed.skip, rejects, parsed.consumed, parsed.incomplete)


def test_no_file_with_hands_is_skipped(corpus):
    skipped = []
    for rel, hands, notes in _manifest(corpus):
        if hands == 0 or any(m in notes for m in ("EMBEDDED", "EXPECTED-OUTPUT", "SUMMARY")):
            continue
        parsed = _parsed(corpus, rel)
        if parsed.skip is not None:
            skipped.append(f"{rel}: {parsed.skip}")
    assert skipped == []


def test_unclaimed_hands_are_rejects_with_their_text(corpus):
    unclaimed = 0
    for rel, _hands, notes in _manifest(corpus):
        if "SUMMARY" in notes or "EXPECTED-OUTPUT" in notes:
            continue
        data = (corpus / rel).read_bytes()
        parsed = _parsed(corpus, rel)
        if parsed.format is not None or not parsed.outcomes:
            continue
        unclaimed += 1
        for o in parsed.outcomes:
            r = o.reject
            assert r is not None and r.reason == "unknown_format" and r.site is None
            assert r.raw_text.strip() and r.line >= 1
            first = r.raw_text.strip().split("\n", 1)[0]
            assert first.encode()[:20] in data[r.source_offset:r.source_offset + 400] or \
                r.source_offset == 0
    assert unclaimed > 0  # the corpus holds skins and layouts no parser reads yet


def test_summaries_stay_skipped(corpus):
    wrong = []
    for rel, _hands, notes in _manifest(corpus):
        if "SUMMARY" not in notes or "EMBEDDED" in notes:
            continue
        parsed = _parsed(corpus, rel)
        if any(o.reject is not None and o.reject.reason == "unknown_format"
               for o in parsed.outcomes):
            wrong.append(rel)
    assert wrong == []
