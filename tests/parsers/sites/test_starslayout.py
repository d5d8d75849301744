"""The PokerStars layout under other brands: each brand's header, its site, its own text kept.

Hands written for these tests in the layout each brand prints (issue 15, class 1: a brand
printing its own name in the header must not make a file vanish as ``unknown_format``).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from parsers import ParseError, detect
from parsers.model import Game, LimitType
from parsers.sites import starslayout as skins
from parsers.text import Chunk

BODY = """Table 'Isonoe II' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bo Lee ($12.40 in chips)
Seat 3: Cy ($8 in chips)
Bo Lee: posts small blind $0.05
Cy: posts big blind $0.10
*** HOLE CARDS ***
Ann: raises $0.20 to $0.30
Bo Lee: folds
Cy: calls $0.20
*** FLOP *** [As 9s 5c]
Cy: checks
Ann: bets $0.40
Cy: folds
Uncalled bet ($0.40) returned to Ann
Ann collected $0.62 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $0.65 | Rake $0.03
Board [As 9s 5c]
Seat 1: Ann (button) collected ($0.62)
Seat 2: Bo Lee (small blind) folded before Flop
Seat 3: Cy (big blind) folded on the Flop
"""

#: The same hand in tournament chips.
CHIPS = BODY.replace("$12.40", "$1240").replace("$0.", "$").replace("$", "")

FULL_TILT = ("Full Tilt Hand #153580143072:  Hold'em No Limit ($0.05/$0.10 USD) - "
             "2016/05/20 8:19:23 ET\n" + BODY)
FULL_TILT_RUSH = ("Full Tilt Rush Hand #153580762880:  Hold'em No Limit ($0.05/$0.10 USD) - "
                  "2016/05/20 8:39:15 ET\n" + BODY)
RUN_IT_ONCE = ("Run It Once Poker Hand #30263279:  Hold'em No Limit ($0.05/$0.10) - "
               "2019/06/25 15:55 UTC [2019/06/25 16:55 CET]\n" + BODY)
POKERMASTER = ("PokerMaster Hand #154651502936610012: Hold'em No Limit ($0.05/$0.10 USD) - "
               "2019/01/03 11:48:00 UTC\n" + BODY)
PT2_EXPORT = ("POKERSTARS GAME #13177128246:  HOLD'EM NO LIMIT ($0.05/$0.10) - "
              "2007/11/11 - 13:27:23 (ET)\n" + BODY)


def parse(text: str):
    return skins.parse(Chunk(text, 0, 1), "f.txt")


@pytest.mark.parametrize(("text", "site", "hand_id"), [
    (FULL_TILT, "fulltilt", "153580143072"),
    (FULL_TILT_RUSH, "fulltilt", "153580762880"),
    (RUN_IT_ONCE, "runitonce", "30263279"),
    (POKERMASTER, "pokermaster", "154651502936610012"),
    (PT2_EXPORT, "pokerstars", "13177128246"),
])
def test_each_brand_is_read_as_pokerstars_and_filed_under_its_site(text, site, hand_id):
    h = parse(text)
    assert (h.site, h.hand_id, h.game, h.limit) == (site, hand_id, Game.HOLDEM,
                                                    LimitType.NO_LIMIT)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (5, 10)
    assert h.raw_text == text  # the hand keeps the brand's own header
    assert [s.player for s in h.seats] == ["Ann", "Bo Lee", "Cy"]
    assert h.report.rake == 3 and h.report.total_pot == 65


def test_a_brand_file_is_claimed_by_this_format_alone():
    for text in (FULL_TILT, RUN_IT_ONCE, POKERMASTER, PT2_EXPORT):
        assert detect(text).name == "starslayout"
    assert detect("PokerStars Hand #1:" + FULL_TILT.split(":", 1)[1]).name == "pokerstars"


def test_rush_is_fast_fold_and_times_read_in_their_zone():
    assert parse(FULL_TILT_RUSH).fast_fold and not parse(FULL_TILT).fast_fold
    assert parse(FULL_TILT).started_at == datetime(2016, 5, 20, 12, 19, 23, tzinfo=UTC)
    assert parse(PT2_EXPORT).started_at == datetime(2007, 11, 11, 18, 27, 23, tzinfo=UTC)


def test_a_time_printed_to_the_minute_is_that_minute():
    h = parse(RUN_IT_ONCE)
    assert h.started_at == datetime(2019, 6, 25, 15, 55, tzinfo=UTC)
    assert h.local_time == "2019/06/25 15:55:00"


def test_an_upper_case_tournament_header_reads_like_pokerstars():
    text = ("POKERSTARS GAME #27853214432: TOURNAMENT #158713424, $1.00+$0.10 HOLD'EM NO LIMIT"
            " - LEVEL I (10/20) - 2009/05/06 - 12:03:59 (ET)\n" + CHIPS)
    h = parse(text)
    assert (h.site, h.is_tournament, h.tournament_id, h.level) == (
        "pokerstars", True, "158713424", "I")


def test_errors_name_the_brand_and_other_games_stay_unsupported():
    bad = FULL_TILT.replace("Cy: checks\n", "Cy: juggles $1\n")
    with pytest.raises(ParseError) as err:
        parse(bad)
    assert (err.value.site, err.value.reason, err.value.line) == ("fulltilt", "unknown_line", 13)
    omaha = FULL_TILT.replace("Hold'em No Limit", "Omaha Pot Limit")
    with pytest.raises(ParseError) as err:
        parse(omaha)
    assert (err.value.site, err.value.reason) == ("fulltilt", "unsupported_game")


def test_a_harmless_line_is_read_past_as_on_pokerstars():
    noisy = FULL_TILT.replace("Cy: checks\n", "Cy: checks\nThe tournament is on a break\n")
    h = parse(noisy)
    assert [x.text for x in h.ignored_lines] == ["The tournament is on a break"]


@pytest.mark.parametrize("line", [
    "Full Tilt Poker Game #33728803964: Table Oops - $0.05/$0.10 - No Limit Hold'em",
    "PokerStars Hand #1: Hold'em No Limit ($1/$2)",
    "Full Tilt Hand 123",
    "Run It Twice Hand #5: Hold'em",
])
def test_other_headers_are_not_a_brand(line):
    assert skins.as_pokerstars_header(line) is None


SPLASH = """Run It Once Poker Hand #30446369:  Hold'em No Limit (€0.05/€0.10) - 2019/06/27 00:47 UTC
Table ID '30263259' 6-Max Seat #1 is the button
Seat 1: Ann (€10 in chips)
Seat 2: Bo Lee (€12.40 in chips)
Seat 3: Cy (€8 in chips)
Bo Lee: posts small blind €0.05
Cy: posts big blind €0.10
*** HOLE CARDS ***
STP added: €0.50
Ann: folds
Bo Lee: folds
*** SHOWDOWN ***
Cy: mucks hand
Cy collected €0.65 from pot
*** SUMMARY ***
Total pot €0.65 | Main pot €0.15 | STP €0.50 | Rake €0.00
Seat 1: Ann (button) folded before Flop
Seat 2: Bo Lee (small blind) folded before Flop
Seat 3: Cy (big blind) mucked hand and won €0.65
"""


def test_run_it_once_splash_is_money_the_site_added_to_the_main_pot():
    from pipeline.engine import replay

    h = parse(SPLASH)
    assert h.report.site_added == (("STP", 50),)
    assert h.report.fees == () and h.ignored_lines == ()
    assert [(p.index, p.amount) for p in h.report.pots] == [(0, 65)]
    r = replay(h)
    assert not r.has_errors, r.findings
    assert r.total_pot == 65


def test_run_it_once_shows_for_line_is_a_show_of_a_seated_player():
    text = RUN_IT_ONCE.replace(
        "Cy: folds\nUncalled bet ($0.40) returned to Ann\nAnn collected $0.62 from pot\n"
        "Ann: doesn't show hand\n",
        "Cy: calls $0.40\n*** SHOWDOWN ***\nAnn shows [Ad Qd] for Pair [Ad As Qd 9s 5c]\n"
        "Cy shows [7c 2d] for High card\nAnn collected $1.42 from pot\n",
    ).replace("Total pot $0.65 | Rake $0.03", "Total pot $1.45 | Rake $0.03")
    h = parse(text)
    shown = {a.seat: a.cards for a in h.actions if a.cards and a.kind.value == "show"}
    assert shown == {1: ("Ad", "Qd"), 3: ("7c", "2d")}
    assert h.raw_text == text
    unseated = text.replace("Cy shows [7c 2d]", "Zed shows [7c 2d]")
    with pytest.raises(ParseError) as err:
        parse(unseated)
    assert err.value.reason == "unknown_line" and err.value.text.startswith("Zed shows")
