"""Nothing vanishes: tolerant detection, and a reject per hand for hand histories nobody reads.

Hand-written files: a brand header no parser knows, a localised header, a known site's hands
after a junk line, a Bodog skin, and files that are not hand histories at all (a CSV, notes,
a tournament summary, program source quoting hands), which stay skipped.
"""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from __future__ import annotations

import duckdb
import pytest
from typer.testing import CliRunner

from parsers.errors import UnsupportedGame
from parsers.model import Game
from parsers.registry import detect
from parsers.shape import evidence, looks_like_hands, split_unknown
from parsers.sites._kit.starlike import game_of, is_short_deck
from pipeline.ingest.parse import parse_bytes
from pipeline.ingest.run import import_paths
from tests.parsers.test_ignorable import HAND as IGNITION_HAND

#: A brand nobody supports, in a PokerStars-like layout: two hands.
ZORBO = """\
Zorbo Poker Hand #8800001: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 10:00:00 UTC
Table 'Zeta' 6-max Seat #1 is the button
Seat 1: alice ($2 in chips)
Seat 2: bob ($2.10 in chips)
bob: posts small blind $0.01
alice: posts big blind $0.02
*** HOLE CARDS ***
bob: folds
*** SUMMARY ***
Total pot $0.02 | Rake $0

Zorbo Poker Hand #8800002: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 10:01:00 UTC
Table 'Zeta' 6-max Seat #2 is the button
Seat 1: alice ($2.01 in chips)
Seat 2: bob ($2.09 in chips)
alice: posts small blind $0.01
bob: posts big blind $0.02
*** HOLE CARDS ***
alice: calls $0.01
bob: checks
*** SUMMARY ***
Total pot $0.04 | Rake $0
"""

#: A localised header (French) of a layout no parser reads.
FRENCH = """\
Partie n° 4242 : Hold'em No Limit (0,01 €/0,02 €) - 02/01/2024 10:00:00
Siège 1 : alice (2 €)
Siège 2 : bob (2 €)
bob : paye la petite blinde 0,01 €
alice : paye la grosse blinde 0,02 €
bob : passe
"""

NOT_HANDS = {
    "stakes.csv": "date,site,stakes,net\n2024-01-02,zorbo,0.01/0.02,1.50\n2024-01-03,zorbo,0.02/0.05,-3.00\n",
    "notes.md": "# My session\n\nPlayed well. Folded a lot, called too much on the river.\nNext time: bet more.\n",
    "summary.txt": "***** Tournament Summary *****\nTournament ID: 999\nBuy-In: $7.36+$0.64\nalice finished 2/156 and won $50\n",
    "tests.js": (
        "'use strict'\nconst test = require('tape')\nconst hand = `\n" + ZORBO + "`\n"
        "test('parses', function(t) {\n  t.end()\n})\n"
    ),
}


def test_hands_nobody_reads_are_rejected_one_by_one():
    data = ZORBO.encode()
    parsed = parse_bytes(data, "zorbo.txt")
    assert parsed.format is None and parsed.skip is None
    rejects = [o.reject for o in parsed.outcomes]
    assert [r.reason for r in rejects] == ["unknown_format", "unknown_format"]
    assert [r.line for r in rejects] == [1, 12]
    second = rejects[1]
    assert data[second.source_offset:].startswith(b"Zorbo Poker Hand #8800002")
    assert second.raw_text.startswith("Zorbo Poker Hand #8800002") and "bob: checks" in second.raw_text
    assert "Zorbo Poker Hand #8800002" in second.detail
    assert parsed.consumed == len(data)


def test_a_localised_header_is_rejected_not_skipped():
    parsed = parse_bytes(FRENCH.encode(), "fr.txt")
    assert [o.reject.reason for o in parsed.outcomes] == ["unknown_format"]
    assert parsed.outcomes[0].reject.raw_text == FRENCH.rstrip("\n")


def test_a_fragment_with_no_hand_start_is_one_reject():
    fragment = "\n".join(ZORBO.split("\n")[4:9]) + "\nalice: checks\nbob: bets $0.02\nalice: folds\n"
    ev = evidence(fragment)
    assert ev.hand_starts == 0 and ev.actions >= 5
    parsed = parse_bytes(fragment.encode(), "frag.txt")
    assert len(parsed.outcomes) == 1 and parsed.outcomes[0].reject.line == 1


@pytest.mark.parametrize("name", sorted(NOT_HANDS))
def test_files_without_hand_histories_stay_skipped(name):
    text = NOT_HANDS[name]
    assert not looks_like_hands(text)
    parsed = parse_bytes(text.encode(), name)
    assert parsed.skip == "unknown_format" and parsed.outcomes == ()


def test_binary_stays_skipped_as_binary():
    assert parse_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8, "a.png").skip == "binary"


def test_a_live_file_leaves_its_last_unknown_hand_for_the_next_read():
    data = ZORBO.rstrip("\n").encode()  # still being written: no blank line after hand 2
    parsed = parse_bytes(data, "zorbo.txt", final=False)
    assert len(parsed.outcomes) == 1 and parsed.incomplete
    assert data[parsed.consumed:].startswith(b"Zorbo Poker Hand #8800002")


@pytest.mark.parametrize("junk", [
    "Hand history export, HandTool 3.1\n",
    "\ufeff\n\n",
    "BEGIN\n\n",
    "Welcome back! Your session starts below.\nDownloaded 2021-03-04\n\n",
])
def test_junk_before_the_first_hand_does_not_hide_a_known_site(junk):
    data = (junk + IGNITION_HAND).encode()
    assert detect(data).name == "ignition"
    parsed = parse_bytes(data, "ign.txt")
    assert parsed.format == "ignition"
    assert len(parsed.outcomes) == 1 and parsed.outcomes[0].hand is not None


@pytest.mark.parametrize("brand", ["Bodog.eu", "Bodog UK", "Bodog.com", "Bodog Canada", "Bodog88"])
def test_bodog_skins_are_read_as_ignition(brand):
    data = IGNITION_HAND.replace("Ignition Hand #", f"{brand} Hand #", 1).encode()
    parsed = parse_bytes(data, "b.txt")
    assert parsed.format == "ignition" and parsed.outcomes[0].hand is not None


def test_split_unknown_keeps_hand_lines_before_the_first_hand_start():
    text = "alice: folds\nbob: checks\n\n" + ZORBO
    chunks = split_unknown(text)
    assert [c.line for c in chunks] == [1, 4, 15]
    assert chunks[0].text == "alice: folds\nbob: checks"


def test_the_import_names_the_file_and_rejects_lists_its_hands(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    (src / "zorbo.txt").write_text(ZORBO)
    (src / "ign.txt").write_text(IGNITION_HAND)
    (src / "notes.md").write_text(NOT_HANDS["notes.md"])
    db = tmp_path / "s.duckdb"
    summary = import_paths([src], db)
    assert summary.unknown_format_files == [str(src / "zorbo.txt")]
    assert summary.rejected_by_reason == {"unknown_format": 2}
    assert summary.skipped_by_reason == {"unknown_format": 1}  # the notes
    assert summary.hands_imported == 1
    con = duckdb.connect(str(db), read_only=True)
    rows = con.execute("SELECT line, site, raw_text FROM rejects WHERE reason = 'unknown_format' "
                       "ORDER BY line").fetchall()
    con.close()
    assert [(r[0], r[1]) for r in rows] == [(1, None), (12, None)]
    from pipeline.cli.app import app

    out = CliRunner().invoke(app, ["rejects", "--db", str(db), "--reason", "unknown_format"])
    assert out.exit_code == 0, out.output
    assert "zorbo.txt:12" in out.output and "Zorbo Poker Hand #8800002" in out.output


def test_a_buy_in_is_not_a_short_deck_game():
    game, _ = game_of("$7.36+$0.64 USD Hold'em No Limit", "header")
    assert game is Game.HOLDEM
    assert not is_short_deck("Tournament #1, €4.69+€0.31, Hold'em No Limit")
    for words in ("6+ Hold'em No Limit", "Hold'em 6+", "Six Plus Hold'em", "Short Deck Hold'em"):
        assert is_short_deck(words)
        with pytest.raises(UnsupportedGame):
            game_of(words, "header")
