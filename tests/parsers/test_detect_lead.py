"""Client notices before a file's first hand: the format is still found, the hands are read,
and the notices are no reject.

Some clients and export tools start a file with pages of text: the session's news, terms, a
lobby's announcements. Detection decodes the file's lead (``DETECT_BYTES``) when its head
(``HEAD_BYTES``) is all notice, and sniffs from each line that may start a hand.
"""

from __future__ import annotations

import pytest

from parsers.format import DETECT_BYTES, HEAD_BYTES
from parsers.registry import detect
from parsers.shape import leading_hand_text
from parsers.text import Chunk
from pipeline.ingest.parse import parse_bytes
from tests.support.paths import SAMPLES

STARS = (SAMPLES / "cash_nl10_ankaa.txt").read_bytes()

#: A client's notice, with lines that read as a hand start or an action would.
NOTICE = """\
Important notice from the cashier
=================================
Game #3 of the weekly league starts at 8pm: register in the lobby.
Congratulations to bob who wins the Sunday Million for the second time!
Deposits made before Friday count towards this month's leaderboard races, and the
terms of every promotion are on the promotions page of the website.

"""


def noticed(size: int) -> bytes:
    """The sample's hands after ``size`` bytes (about) of notices."""
    lead = NOTICE * (size // len(NOTICE) + 1)
    return lead.encode() + STARS


def test_the_lead_reaches_past_the_head():
    assert HEAD_BYTES < 40_000 < DETECT_BYTES


@pytest.mark.parametrize("size", [0, 2_000, 40_000, 200_000])
def test_a_site_is_found_after_pages_of_notices(size):
    assert detect(noticed(size)).name == "pokerstars"


def test_the_notices_hide_no_hand_and_are_no_reject():
    plain = parse_bytes(STARS, "stars.txt")
    parsed = parse_bytes(noticed(40_000), "stars.txt")
    assert parsed.format == "pokerstars"
    assert [o.reject for o in parsed.outcomes] == [None] * len(plain.outcomes)
    assert [o.hand.hand_id for o in parsed.outcomes] == [o.hand.hand_id for o in plain.outcomes]


def lead_of(text: str) -> Chunk | None:
    return leading_hand_text(text + "X", Chunk("", len(text), text.count("\n") + 1))


def test_hand_lines_before_the_first_hand_are_kept_and_notices_are_not():
    tail = ("bob: calls $0.10\nalice: folds\n*** SUMMARY ***\nTotal pot $0.20\n"
            "Seat 1: bob collected ($0.20)\n\n")
    assert lead_of(tail) is not None  # the end of a hand whose start the file lacks
    assert lead_of(NOTICE * 3) is None  # two lines read as hand lines, among eighteen


def test_a_file_no_format_claims_is_read_once_however_often_asked(monkeypatch):
    """The import asks about an unclaimed file twice (its seam, then the Python core): the
    second asking reuses the answer, for the head and for the lead alike, and still fails."""
    from parsers import registry
    from parsers.errors import UnknownFormatError

    reads: list[int] = []
    real = registry._detect_text

    def counted(text: str):
        reads.append(len(text))
        return real(text)

    monkeypatch.setattr(registry, "_detect_text", counted)
    monkeypatch.setattr(registry, "_answers", {})
    data = (NOTICE * (60_000 // len(NOTICE) + 1)).encode()
    for _ in range(3):
        with pytest.raises(UnknownFormatError):
            detect(data)
    assert len(reads) == 2  # the head, then the lead, each once
    assert reads[1] > HEAD_BYTES


def test_remembered_answers_are_bounded_and_keyed_by_the_bytes(monkeypatch):
    from parsers import registry
    from parsers.errors import UnknownFormatError

    monkeypatch.setattr(registry, "ANSWERS_KEPT", 3)
    monkeypatch.setattr(registry, "_answers", {})
    for k in range(5):
        assert detect(noticed(0) + f"\n\n{k}\n".encode()).name == "pokerstars"
    assert len(registry._answers) == 3
    # each answer is its own bytes': the notices alone are still no format's
    with pytest.raises(UnknownFormatError):
        detect(NOTICE.encode())
