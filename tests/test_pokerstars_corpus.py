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

import csv
from collections import Counter
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.model import ActionKind, Hand
from parsers.sites import pokerstars
from parsers.text import read_file

pytestmark = pytest.mark.corpus
NOT_HISTORIES = ("EXPECTED-OUTPUT", "EMBEDDED", "SUMMARY")


def _rows(root: Path) -> list[dict[str, str]]:
    with open(root / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        return [r for r in csv.DictReader(f, delimiter="\t") if r["site"] == "PokerStars"]


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
    rows = _rows(corpus)
    histories = [r["path"] for r in rows if not any(m in r["notes"] for m in NOT_HISTORIES)]
    others = [r["path"] for r in rows if any(m in r["notes"] for m in NOT_HISTORIES)]
    assert len(histories) > 300

    seen = 0
    outcome: dict[str, str] = {}  # hand id -> "ok" or the reject reason
    reasons: Counter[str] = Counter()
    examples: dict[str, str] = {}
    pot_ok = pot_checked = 0
    for path in histories:
        chunks, _ = read_file(corpus / path, pokerstars.HEADER)
        for chunk in chunks:
            seen += 1
            hand_id = chunk.text.partition("#")[2].partition(":")[0]
            try:
                h = pokerstars.parse(chunk, path)
            except ParseError as err:  # anything else fails the test by escaping
                assert err.reason, f"reject without a reason: {err}"
                reasons[err.reason] += 1
                examples.setdefault(err.reason, f"{path}:{chunk.line + err.line - 1}: {err}")
                if outcome.get(hand_id) != "ok":
                    outcome[hand_id] = err.reason
                continue
            outcome[hand_id] = "ok"
            pot_checked += 1
            pot_ok += _pot_matches(h)

    for path in others:  # not hand histories: must split without error (usually to nothing)
        read_file(corpus / path, pokerstars.HEADER)

    unique = Counter(outcome.values())
    holdem = sum(n for reason, n in unique.items() if reason != "unsupported_game")
    rate = unique["ok"] / holdem
    print(f"\nPokerStars corpus: files={len(histories)} hands_seen={seen} unique={len(outcome)}")
    print(f"unique by outcome: {dict(unique)}; hold'em import rate {rate:.4%}")
    print(f"rejects by reason (all copies): {dict(reasons)}")
    for reason, example in examples.items():
        print(f"  {reason}: {example[:200]}")
    print(f"pot self-check: {pot_ok}/{pot_checked} = {pot_ok / pot_checked:.4%}")

    assert len(outcome) > 24000
    assert rate >= 0.995
    assert pot_ok / pot_checked >= 0.999
