"""The PokerStars parser against every PokerStars hand history in the real corpus.

Which files are hand histories: every PokerStars row of MANIFEST.tsv except those marked
EXPECTED-OUTPUT (other parsers' outputs), EMBEDDED (hands inside test source code) and SUMMARY
(tournament summaries). CONVERTED files are included: they are in the site's format. The
excluded files are still split, to show the splitter skips them cleanly (no crash).

Asserted: no exception but ParseError escapes; >= 99.5% of unique hold'em hands import; every
reject has a reason. Measured and asserted loosely: the parser self-check "sum of chips put in
minus uncalled returns == printed total pot" (old files omit the uncalled-bet line, so an
implied return of the top contribution's excess is accepted).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from parsers.model import ActionKind, Hand
from parsers.sites.pokerstars import reader as pokerstars
from parsers.text import Chunk, read_file
from pipeline.engine import Replay
from tests.support.corpus_scan import file_chunks, manifest_rows, scan, split_rows

pytestmark = pytest.mark.corpus
NOT_HISTORIES = ("EXPECTED-OUTPUT", "EMBEDDED", "SUMMARY")


def _hand_id(chunk: Chunk) -> str:
    return chunk.text.partition("#")[2].partition(":")[0]


def _pot_matches(h: Hand) -> bool:
    put_in: Counter[int] = Counter()
    returned = False
    for a in h.actions:
        if a.kind is ActionKind.UNCALLED_RETURN:
            put_in[a.seat] -= a.amount
            returned = True
        elif a.kind not in (ActionKind.SHOW, ActionKind.MUCK):
            put_in[a.seat] += a.amount
    total = sum(put_in.values())
    if total == h.report.total_pot:
        return True
    top = sorted(put_in.values(), reverse=True) + [0, 0]
    return not returned and total - (top[0] - top[1]) == h.report.total_pot


def test_every_pokerstars_history(corpus: Path) -> None:
    histories, others = split_rows(manifest_rows(corpus, "PokerStars"), NOT_HISTORIES)
    assert len(histories) > 300

    pot_matched: list[bool] = []  # the self-check of every imported copy

    def check(chunk: Chunk, h: Hand, r: Replay) -> None:
        pot_matched.append(_pot_matches(h))

    s = scan(file_chunks(corpus, histories, pokerstars.HEADER), pokerstars.parse, _hand_id,
             check=check)

    for row in others:  # not hand histories: must split without error (usually to nothing)
        read_file(corpus / row["path"], pokerstars.HEADER)

    pot_ok, pot_checked = sum(pot_matched), len(pot_matched)
    print(s.summary(f"PokerStars corpus: files={len(histories)}"))
    print(f"pot self-check: {pot_ok}/{pot_checked} = {pot_ok / pot_checked:.4%}")

    assert len(s.outcome) > 24000
    assert s.rate >= 0.995
    assert pot_ok / pot_checked >= 0.999
