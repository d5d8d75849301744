"""PokerStars header: description, stakes and the start time in UTC (zones, DST, the
bracketed ET time)."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import Game, LimitType
from parsers.sites.pokerstars.header import _ZONES, parse_header, started_at

HEAD = "PokerStars Hand #{id}:  Hold'em No Limit ($0.25/$0.50 USD) - {date}"


def _reference(text: str, zone: str) -> datetime:
    naive = datetime.strptime(text, "%Y/%m/%d %H:%M:%S")
    return naive.replace(tzinfo=ZoneInfo(zone)).astimezone(UTC)


@pytest.mark.parametrize(
    "local",
    [
        "2021/03/14 01:59:59", "2021/03/14 02:30:00", "2021/03/14 03:00:00",  # spring gap
        "2021/11/07 00:59:59", "2021/11/07 01:00:00", "2021/11/07 01:59:59",  # autumn fold
        "2021/11/07 02:00:00", "2021/07/01 12:00:00", "2021/01/01 00:00:00",
    ],
)
def test_times_around_dst_changes_match_zoneinfo(local):
    utc, shown, zone = started_at(f"{local} ET")
    assert utc == _reference(local, "America/New_York") and utc.tzinfo is UTC
    assert (shown, zone) == (local, "ET")
    # every second of the minute converts on its own
    later = datetime.strptime(local, "%Y/%m/%d %H:%M:%S").replace(second=0)
    for second in (0, 17, 59):
        text = (later + timedelta(seconds=second)).strftime("%Y/%m/%d %H:%M:%S")
        assert started_at(f"{text} ET")[0] == _reference(text, "America/New_York")


def test_bracketed_et_time_is_preferred_and_local_time_kept():
    utc, local, zone = started_at("2021/07/30 13:25:24 CET [2021/07/30 7:25:24 ET]")
    assert utc == datetime(2021, 7, 30, 11, 25, 24, tzinfo=UTC)
    assert (local, zone) == ("2021/07/30 13:25:24", "CET")
    assert started_at("2021/07/30 13:25:24 XYZ") == (None, "2021/07/30 13:25:24", "XYZ")
    assert started_at("no date") == (None, "", "")
    assert started_at("2021/02/30 10:00:00 ET") == (None, "2021/02/30 10:00:00", "ET")


def test_same_description_different_hands_keep_their_own_id_and_date():
    a = parse_header(HEAD.format(id=1, date="2021/01/01 10:00:00 ET"))
    b = parse_header(HEAD.format(id=2, date="2021/06/01 10:00:05 ET"))
    assert (a.hand_id, b.hand_id) == ("1", "2")
    assert a.started_at == datetime(2021, 1, 1, 15, 0, 0, tzinfo=UTC)
    assert b.started_at == datetime(2021, 6, 1, 14, 0, 5, tzinfo=UTC)
    assert (a.game, a.limit, a.currency, a.decimals) == (Game.HOLDEM, LimitType.NO_LIMIT,
                                                         "USD", 2)
    assert (a.first_bet, a.second_bet) == (b.first_bet, b.second_bet) == (25, 50)
    no_date = parse_header("PokerStars Hand #3:  Hold'em No Limit ($0.25/$0.50 USD)")
    assert (no_date.started_at, no_date.local_time, no_date.first_bet) == (None, "", 25)


def test_tournament_description_with_a_date():
    h = parse_header("PokerStars Hand #9: Tournament #77, $1.40+$0.10 USD Hold'em No Limit"
                     " - Level IV (50/100) - 2021/01/15 21:00:00 MSK [2021/01/15 13:00:00 ET]")
    assert (h.tournament_id, h.level, h.currency, h.decimals) == ("77", "IV", "CHIPS", 0)
    assert (h.buyin_currency, h.first_bet, h.second_bet) == ("USD", 50, 100)
    assert h.started_at == datetime(2021, 1, 15, 18, 0, 0, tzinfo=UTC)


def test_errors_quote_their_own_line_every_time():
    for n in (1, 2):  # each reading quotes its own line
        line = HEAD.format(id=n, date="2021/01/01 10:00:00 ET").replace("Hold'em", "Omaha")
        with pytest.raises(UnsupportedGame) as info:
            parse_header(line)
        assert (info.value.line, info.value.text) == (1, line)
        bad = HEAD.format(id=n, date="x").replace("$0.25/$0.50", "$0.25")
        with pytest.raises(ParseError) as info:
            parse_header(bad)
        assert (info.value.reason, info.value.text) == ("bad_header", bad)


def _utc(*fields: int) -> datetime:
    return datetime(*fields, tzinfo=UTC)


@pytest.mark.parametrize(
    "date, want",
    [
        ("2024/03/11 10:00:15 ET", (_utc(2024, 3, 11, 14, 0, 15), "2024/03/11 10:00:15", "ET")),
        ("2012/7/3 7:25:24 ET", (_utc(2012, 7, 3, 11, 25, 24), "2012/07/03 07:25:24", "ET")),
        ("2021/07/30 13:25:24 CET [2021/07/30 7:25:24 ET]",
         (_utc(2021, 7, 30, 11, 25, 24), "2021/07/30 13:25:24", "CET")),
        ("2021/07/30 13:25:24 ET [2021/07/30 7:25:24 ET]",  # the first ET time
         (_utc(2021, 7, 30, 17, 25, 24), "2021/07/30 13:25:24", "ET")),
        ("2021/01/15 21:00:00 MSK [2021/01/15 13:00:00 ET]",
         (_utc(2021, 1, 15, 18, 0, 0), "2021/01/15 21:00:00", "MSK")),
        ("2021/07/30 13:25:24 XYZ", (None, "2021/07/30 13:25:24", "XYZ")),
        ("2021/07/30 13:25:24 XYZ [2021/07/30 7:25:24 ET]",
         (_utc(2021, 7, 30, 11, 25, 24), "2021/07/30 13:25:24", "XYZ")),
        ("2021/02/30 10:00:00 ET", (None, "2021/02/30 10:00:00", "ET")),
        ("2021/03/14 02:30:00 ET", (_utc(2021, 3, 14, 7, 30, 0), "2021/03/14 02:30:00", "ET")),
        ("2021/11/07 01:30:00 ET", (_utc(2021, 11, 7, 5, 30, 0), "2021/11/07 01:30:00", "ET")),
        ("2021/01/01 10:00:60 ET", (None, "2021/01/01 10:00:60", "ET")),
        ("2009/01/01 - 12:00:00 (ET)", (_utc(2009, 1, 1, 17, 0, 0), "2009/01/01 12:00:00", "ET")),
        ("2021/07/30 13:25:24", (None, "2021/07/30 13:25:24", "")),
    ],
)
def test_printed_dates(date, want):
    assert started_at(date) == want


@pytest.mark.parametrize("zone", ["ET", "CET", "IST", "ACST", "NZT"])
@pytest.mark.parametrize(
    "hour",
    ["2021/03/14 01", "2021/03/14 02", "2021/03/14 03", "2021/11/07 01", "2021/11/07 02",
     "2021/03/28 02", "2021/10/31 02", "2021/04/04 02", "2021/09/26 02", "2024/03/11 10"],
)
def test_every_minute_of_an_hour_converts_as_zoneinfo_does(hour, zone):
    for minute_second in ("00:00", "00:01", "29:30", "30:00", "59:59"):
        text = f"{hour}:{minute_second}"
        assert started_at(f"{text} {zone}")[0] == _reference(text, _ZONES[zone]), text
        bracketed = f"{text} {zone} [{text} ET]"
        assert started_at(bracketed)[0] == _reference(text, "America/New_York"), bracketed
    for impossible in ("60:00", "00:60"):
        assert started_at(f"{hour}:{impossible} {zone}")[0] is None
