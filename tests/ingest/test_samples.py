"""The bundled samples: every hand replays without an error finding, every feature is there."""

from __future__ import annotations

import pytest

from parsers import registry
from parsers.model import ActionKind, LimitType
from parsers.text import decode, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.support.paths import SAMPLES


def _hands():
    out = []
    for path in sorted(SAMPLES.glob("*.txt")):
        data = path.read_bytes()
        text, encoding = decode(data)
        fmt = registry.detect(text)
        for chunk in split_hands(text, encoding, fmt.header, data):
            out.append(fmt.parse(chunk, str(path)))
    return out


HANDS = _hands()


def test_enough_samples():
    assert 20 <= len(HANDS) <= 40
    assert len({(h.site, h.hand_id) for h in HANDS}) == len(HANDS)


@pytest.mark.parametrize("hand", HANDS, ids=lambda h: h.hand_id)
def test_no_error_findings(hand):
    errors = [f for f in replay(hand).findings if f.severity is Severity.ERROR]
    assert errors == []


def _has(pred) -> bool:
    return any(pred(h) for h in HANDS)


def test_features_present():
    # three all-ins and a main pot plus two side pots, printed by the site
    assert _has(lambda h: len(h.report.pots) == 3 and sum(a.all_in for a in h.actions) >= 3)
    # a split pot with an odd chip: two collections from one pot differing by one unit
    assert _has(lambda h: len(h.report.collections) == 2
                and abs(h.report.collections[0].amount - h.report.collections[1].amount) == 1)
    assert _has(lambda h: (h.report.rake or 0) > 0)
    assert _has(lambda h: any(a.kind is ActionKind.UNCALLED_RETURN for a in h.actions))
    # a walk: nothing but posts, folds and the big blind's returned chips
    assert _has(lambda h: {a.kind for a in h.actions} <= {
        ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.FOLD,
        ActionKind.UNCALLED_RETURN} and ActionKind.UNCALLED_RETURN in {a.kind for a in h.actions})
    assert _has(lambda h: h.limit is LimitType.FIXED_LIMIT)
    assert _has(lambda h: h.is_tournament and h.stakes.ante > 0
                and any(a.kind is ActionKind.POST_ANTE for a in h.actions))
    assert _has(lambda h: any(s.sitting_out for s in h.seats))


def test_engine_pots_match_printed_side_pots():
    for hand in HANDS:
        if len(hand.report.pots) > 1:
            pots = replay(hand).pots
            assert [p.amount for p in pots] == [p.amount for p in hand.report.pots]
