"""Hands whose log prints no time zone (issue 13, bug 7): a UTC time from the user's setting
(``--tz``, the config file) or the site's documented default, the zone used and where it came
from stored beside the local time; a printed zone always wins; fold=0 across clock changes."""

from __future__ import annotations

import re
from datetime import datetime

import duckdb
import pyarrow as pa
import pytest
from typer.testing import CliRunner

from pipeline import core
from pipeline.cli.app import app
from pipeline.errors import UsageError
from pipeline.ingest.run import import_paths
from pipeline.ingest.zones import (
    SITE_ZONES,
    Source,
    ZoneSettings,
    known_sites,
    local_wall_time,
    resolve_hands,
    settings_from,
    to_utc,
)
from pipeline.store.schema import arrow_schema
from tests.support.hhgen import join, many_hands

runner = CliRunner()

#: The time of a generated hand's header, with its zones.
_HEADER_TIME = re.compile(r" - \d{4}/\d\d/\d\d \d\d:\d\d:\d\d (CET \[[^\]]*\]|ET)$",
                          re.MULTILINE)


def _timed(n: int, when: str) -> str:
    """``n`` hands, each header's time replaced by ``when`` (one time for every hand)."""
    hands = [_HEADER_TIME.sub(f" - {when}", h, count=1) for h in many_hands(n)]
    assert all(f" - {when}\n" in h for h in hands)
    return join(hands)


def _zoneless(n: int = 3) -> str:
    """A PokerStars log with its zones cut off (what a converter writes): no default."""
    return _timed(n, "2024/03/05 20:15:11")


def _times(db) -> set[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return set(con.execute("SELECT started_at, local_time, time_zone, zone_source "
                               "FROM hands").fetchall())
    finally:
        con.close()


@pytest.fixture(autouse=True)
def _no_user_config(tmp_path, monkeypatch):
    """No test reads the config file of whoever runs the suite."""
    monkeypatch.delenv("SIDEPOT_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-config"))


def test_a_zoneless_hand_with_no_default_and_no_setting_stays_without_utc(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text(_zoneless(), encoding="utf-8")
    summary = import_paths([path], tmp_path / "s.duckdb")
    assert _times(tmp_path / "s.duckdb") == {(None, "2024/03/05 20:15:11", "", None)}
    assert summary.no_time_zone_by_site == {"pokerstars": 3}


def test_tz_gives_it_a_utc_time_and_says_so(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text(_zoneless(), encoding="utf-8")
    settings = settings_from(["pokerstars=Europe/Paris"])
    summary = import_paths([path], tmp_path / "s.duckdb", zones=settings)
    assert _times(tmp_path / "s.duckdb") == {
        (datetime(2024, 3, 5, 19, 15, 11), "2024/03/05 20:15:11", "Europe/Paris",
         "user_setting")}
    assert summary.no_time_zone_by_site == {}


def test_a_printed_zone_wins_over_any_setting(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text(_timed(2, "2024/03/05 20:15:11 CET [2024/03/05 14:15:11 ET]"),
                    encoding="utf-8")
    import_paths([path], tmp_path / "s.duckdb", zones=settings_from(["pokerstars=Asia/Tokyo"]))
    assert _times(tmp_path / "s.duckdb") == {
        (datetime(2024, 3, 5, 19, 15, 11), "2024/03/05 20:15:11", "CET", "printed")}


def _config(tmp_path, text: str):
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_config_file_sets_a_zone_and_tz_beats_it(tmp_path):
    config = _config(tmp_path, '[time_zones]\npokerstars = "America/New_York"\n'
                               'wpn = "Europe/London"\n')
    from_file = settings_from([], config, config_required=True)
    assert from_file.zone_for("pokerstars") == ("America/New_York", Source.USER_SETTING)
    both = settings_from(["pokerstars=UTC"], config, config_required=True)
    assert both.zones == {"pokerstars": "UTC", "wpn": "Europe/London"}
    assert both.origin == {"pokerstars": "--tz", "wpn": str(config)}


def test_the_cli_reads_the_config_file_named_by_the_environment(tmp_path, monkeypatch):
    path = tmp_path / "a.txt"
    path.write_text(_zoneless(), encoding="utf-8")
    monkeypatch.setenv("SIDEPOT_CONFIG", str(_config(
        tmp_path, '[time_zones]\nPokerStars = "America/New_York"\n')))
    db = tmp_path / "s.duckdb"
    result = runner.invoke(app, ["import", str(path), "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert _times(db) == {(datetime(2024, 3, 6, 1, 15, 11), "2024/03/05 20:15:11",
                           "America/New_York", "user_setting")}
    db2 = tmp_path / "t.duckdb"  # --tz beats the file
    result = runner.invoke(app, ["import", str(path), "--db", str(db2), "--tz",
                                 "pokerstars=Europe/Paris"])
    assert result.exit_code == 0, result.output
    assert {r[2] for r in _times(db2)} == {"Europe/Paris"}


def test_a_missing_default_config_file_is_no_error(tmp_path):
    settings = settings_from([], tmp_path / "none.toml")
    assert settings.zones == {}


@pytest.mark.parametrize(("text", "says"), [
    ("[time_zones\n", "not valid TOML"),
    ('[time_zones]\npkr = "Mars/Olympus"\n', "unknown time zone"),
    ('[time_zones]\nnosuchsite = "UTC"\n', "unknown site"),
    ("[time_zones]\npkr = 3\n", "in quotes"),
    ('time_zones = "UTC"\n', "must be a table"),
])
def test_a_bad_config_file_is_a_usage_error_naming_it(tmp_path, text, says):
    config = _config(tmp_path, text)
    with pytest.raises(UsageError, match=says) as caught:
        settings_from([], config, config_required=True)
    assert str(config) in str(caught.value)


@pytest.mark.parametrize(("value", "says"), [
    ("pkr", "--tz SITE=ZONE"),
    ("=UTC", "--tz SITE=ZONE"),
    ("pkr=", "--tz SITE=ZONE"),
    ("pkr=Mars/Olympus", "unknown time zone"),
    ("pkr=../../etc/passwd", "unknown time zone"),
    ("nosuchsite=UTC", "unknown site"),
])
def test_a_bad_tz_exits_2_with_the_form(tmp_path, value, says):
    path = tmp_path / "a.txt"
    path.write_text(_zoneless(1), encoding="utf-8")
    result = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "s.duckdb"),
                                 "--tz", value])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and says in result.stderr
    assert not (tmp_path / "s.duckdb").exists()


def test_a_named_config_file_that_is_missing_exits_2(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text(_zoneless(1), encoding="utf-8")
    result = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "s.duckdb"),
                                 "--config", str(tmp_path / "nope.toml")])
    assert result.exit_code == 2 and "cannot read the config file" in result.stderr


def _hands(**columns) -> pa.Table:
    """A hands table as a core makes it, with the time columns given (one row per value)."""
    n = len(columns["site"])
    schema = arrow_schema("hands")
    arrays = [pa.array(columns.get(f.name, [None] * n), f.type) for f in schema]
    return pa.Table.from_arrays(arrays, schema=schema)


def test_the_site_default_reads_a_zoneless_time():
    hands = _hands(site=["pkr", "cake"], hand_id=["1", "2"], started_at=[None, None],
                   local_time=["2011-08-26 15:20:36", "2010/04/30 / 18:26:41"],
                   time_zone=["", ""])
    out = resolve_hands(hands, ZoneSettings()).to_pylist()
    assert [(r["started_at"], r["time_zone"], r["zone_source"]) for r in out] == [
        (datetime(2011, 8, 26, 15, 20, 36), "UTC", "site_default"),
        (datetime(2010, 4, 30, 22, 26, 41), "America/New_York", "site_default")]


def test_a_setting_rereads_a_time_the_reader_took_in_the_default_zone():
    """GGPoker's reader takes its zoneless times as UTC; --tz ggpoker=... reads them again."""
    hands = _hands(site=["ggpoker"], hand_id=["1"], started_at=[datetime(2020, 1, 1, 12)],
                   local_time=["2020/01/01 12:00:00"], time_zone=[""])
    kept = resolve_hands(hands, ZoneSettings()).to_pylist()[0]
    assert (kept["started_at"], kept["time_zone"], kept["zone_source"]) == (
        datetime(2020, 1, 1, 12), "UTC", "site_default")
    moved = resolve_hands(hands, settings_from(["ggpoker=Asia/Manila"])).to_pylist()[0]
    assert (moved["started_at"], moved["time_zone"], moved["zone_source"]) == (
        datetime(2020, 1, 1, 4), "Asia/Manila", "user_setting")


def test_clock_changes_resolve_with_fold_0():
    """The repeated hour (clocks back) is its first pass, still summer time; the skipped
    hour (clocks forward) takes the offset before the change."""
    assert to_utc(datetime(2021, 11, 7, 1, 30), "America/New_York") == datetime(2021, 11, 7, 5, 30)
    assert to_utc(datetime(2021, 3, 14, 2, 30), "America/New_York") == datetime(2021, 3, 14, 7, 30)
    assert to_utc(datetime(2021, 10, 31, 2, 30), "Europe/Berlin") == datetime(2021, 10, 31, 0, 30)
    hands = _hands(site=["pkr"], hand_id=["1"], started_at=[None],
                   local_time=["2021-11-07 01:30:00"], time_zone=[""])
    row = resolve_hands(hands, settings_from(["pkr=America/New_York"])).to_pylist()[0]
    assert row["started_at"] == datetime(2021, 11, 7, 5, 30)


@pytest.mark.parametrize(("text", "wall"), [
    ("2012-04-03 02:10:06", datetime(2012, 4, 3, 2, 10, 6)),
    ("2017/01/01 15:02:07", datetime(2017, 1, 1, 15, 2, 7)),
    ("2010/04/30 / 18:26:41", datetime(2010, 4, 30, 18, 26, 41)),
    ("2009/11/17 - 18:57:01", datetime(2009, 11, 17, 18, 57, 1)),
    ("12:16:31 3.10.2012", datetime(2012, 10, 3, 12, 16, 31)),
    ("13:22:50 2021/04/04", datetime(2021, 4, 4, 13, 22, 50)),
    ("07-Apr-2014 00:57:23", datetime(2014, 4, 7, 0, 57, 23)),
    ("2023/06/22", None),  # a date alone is no moment
    ("30/01/2012 02:30", None),  # day or month first? not guessed
    ("2019/02/30 10:00:00", None),
    ("", None),
])
def test_local_times_are_read_in_every_zoneless_shape(text, wall):
    assert local_wall_time(text) == wall


def test_every_default_is_a_known_site_and_zone():
    sites = set(known_sites())
    for site, default in SITE_ZONES.items():
        assert site in sites, site
        if default.zone is not None:
            assert to_utc(datetime(2020, 6, 1), default.zone)


@pytest.mark.skipif(not core.native_available(), reason="the native core is not built here")
def test_both_cores_store_the_same_resolved_rows(tmp_path, monkeypatch):
    path = tmp_path / "a.txt"
    hands = many_hands(8)
    zoneless = [_HEADER_TIME.sub(" - 2024/03/05 20:15:11", h, count=1) for h in hands[:5]]
    path.write_text(join(zoneless + hands[5:]), encoding="utf-8")
    settings = settings_from(["pokerstars=Europe/Paris"])
    got = {}
    for name in ("python", "native"):
        monkeypatch.setenv(core.CORE_ENV, name)
        db = tmp_path / f"{name}.duckdb"
        assert import_paths([path], db, zones=settings).core == name
        got[name] = _times(db)
    assert got["python"] == got["native"]
    assert {r[3] for r in got["python"]} == {"user_setting", "printed"}


def test_the_corpus_keeps_every_time_the_readers_gave(corpus, tmp_path):
    """With no setting, every zoneless hand of a site with a default has a UTC time (the
    corpus: PKR 49, Cake 15, Seals with Clubs 3 new; GGPoker's 9,779 as their reader gave
    them), and old WPN logs, which write the player's own clock, have none."""
    sites = {"PKR": "pkr", "Cake": "cake", "GGPoker": "ggpoker", "SealsWithClubs":
             "sealswithclubs", "WPN_ACR": "wpn"}
    db = tmp_path / "s.duckdb"
    import_paths([corpus / d for d in sites], db, jobs=2)
    con = duckdb.connect(str(db), read_only=True)
    rows = con.execute("SELECT site, zone_source, count(*), count(started_at) FROM hands "
                       "GROUP BY ALL").fetchall()
    con.close()
    by = {(site, source): (n, timed) for site, source, n, timed in rows}
    for site in ("pkr", "cake", "sealswithclubs", "ggpoker"):
        n, timed = by[(site, "site_default")]
        assert n == timed > 0, site
    assert (("wpn", None) in by) and by[("wpn", None)][1] == 0  # no honest default


def test_a_later_setting_reaches_hands_already_stored(tmp_path):
    """Imported with no zone known, then a --tz: the stored hands get their UTC time without
    their file being read again, and the stats forget their old facts."""
    path, db = tmp_path / "a.txt", tmp_path / "s.duckdb"
    path.write_text(_zoneless(), encoding="utf-8")
    import_paths([path], db)
    again = import_paths([path], db, zones=settings_from(["pokerstars=Europe/Paris"]))
    assert (again.hands_seen, again.rezoned) == (0, 3)
    assert _times(db) == {(datetime(2024, 3, 5, 19, 15, 11), "2024/03/05 20:15:11",
                           "Europe/Paris", "user_setting")}
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*) FROM hands_dropped").fetchone() == (3,)
    con.close()
    assert import_paths([path], db).rezoned == 0  # no setting now: the hands keep theirs
    assert {r[2] for r in _times(db)} == {"Europe/Paris"}


def test_a_store_from_before_zone_sources_gets_them(tmp_path):
    """An old store: no zone_source column, printed zones, and a PKR-like zoneless hand
    (site default UTC) stored without a time."""
    path, db = tmp_path / "a.txt", tmp_path / "s.duckdb"
    path.write_text(join(many_hands(2)), encoding="utf-8")
    import_paths([path], db)
    con = duckdb.connect(str(db))
    con.execute("UPDATE stored.hands SET zone_source = NULL")
    con.execute("UPDATE stored.hands SET site = 'pkr', time_zone = '', started_at = NULL, "
                "local_time = '2011-08-26 15:20:36' WHERE hand_id = (SELECT min(hand_id) "
                "FROM hands)")
    con.close()
    assert import_paths([path], db).rezoned == 1
    con = duckdb.connect(str(db), read_only=True)
    rows = con.execute("SELECT site, started_at, time_zone, zone_source FROM hands "
                       "ORDER BY site").fetchall()
    con.close()
    assert rows[0] == ("pkr", datetime(2011, 8, 26, 15, 20, 36), "UTC", "site_default")
    assert [r[3] for r in rows[1:]] == ["printed"] * (len(rows) - 1)


def test_show_says_how_the_time_was_known(tmp_path):
    path, db = tmp_path / "a.txt", tmp_path / "s.duckdb"
    path.write_text(_zoneless(1), encoding="utf-8")
    import_paths([path], db)
    con = duckdb.connect(str(db), read_only=True)
    key = ":".join(con.execute("SELECT site, hand_id FROM hands").fetchone())
    con.close()
    first = runner.invoke(app, ["show", key, "--db", str(db)]).stdout.splitlines()[0]
    assert first.endswith("2024/03/05 20:15:11 local, zone unknown (set one: sidepot import "
                          "--tz pokerstars=ZONE)")
    import_paths([path], db, zones=settings_from(["pokerstars=Europe/Paris"]))
    first = runner.invoke(app, ["show", key, "--db", str(db)]).stdout.splitlines()[0]
    assert first.endswith("2024-03-05 19:15:11 UTC (2024/03/05 20:15:11 read as Europe/Paris: "
                          "your --tz or config setting)")
