"""The time zone of a hand whose log prints none: settings, per-site defaults, one resolution.

Why it exists: many clients print a hand's time without its zone (PKR, old WPN, Cake, Seals
with Clubs, ...). Without a zone there is no UTC instant, so ``started_at`` stayed NULL, date
filters dropped the hand and ``show`` said "time unknown". The zone now comes, in this order:

1. **printed**: the zone the log prints always wins (a setting never overrides a fact);
2. **user setting**: ``sidepot import --tz SITE=ZONE`` (repeatable), then the ``[time_zones]``
   table of the config file (``--config``, ``$SIDEPOT_CONFIG``, else
   ``~/.config/sidepot/config.toml``): the option beats the file, site by site;
3. **site default**: :data:`SITE_ZONES`, only where a site's client is known to write one zone;
   where it writes the player's own clock there is no honest default and the hand stays
   without a UTC time until the user says which zone it is.

``hands.local_time`` keeps the time as printed, ``hands.time_zone`` the zone used (the printed
text, or the IANA name assumed) and ``hands.zone_source`` where it came from (:class:`Source`),
so an assumed zone is never mistaken for a printed one.

Where it runs: :func:`resolve_hands` rewrites the ``hands`` Arrow table of a batch in the
writer (and of a shard in the Dask import), after whichever core parsed the file: both cores
produce the same rows, and this one step turns them into the same stored rows. After the
last batch, :func:`rezone_stored` gives hands stored before the time the run's settings give
them (a ``--tz`` named later reaches them without their files being read again; a store from
before this column gets the site defaults); the stats recompute those hands' facts.

Local times that a zone's clock change makes ambiguous (the hour repeated when clocks go back)
or nonexistent (the hour skipped when they go forward) are read with ``fold=0``: the first of
two repeated times (still summer time), and a skipped time with the offset in force before
the change. That is the rule :class:`zoneinfo.ZoneInfo` applies to a naive time given
``tzinfo``, and the one the parsers apply to printed zones.
"""

from __future__ import annotations

import enum
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.errors import UsageError
from pipeline.store.layout import stored
from pipeline.store.schema import HANDS_DROPPED

__all__ = [
    "SITE_ZONES", "TZ_FORM", "SiteZone", "Source", "ZoneSettings", "local_wall_time",
    "read_config", "resolve_hands", "rezone_stored", "settings_from", "to_utc",
    "unzoned_sites",
]


class Source(enum.Enum):
    """Where a hand's zone came from: the value of ``hands.zone_source`` (NULL: no zone)."""

    PRINTED = "printed"
    SITE_DEFAULT = "site_default"
    USER_SETTING = "user_setting"


@dataclass(frozen=True, slots=True)
class SiteZone:
    """What a site's client writes when its log prints no zone: ``zone`` (None: the player's
    own clock, no default) and why we believe it."""

    zone: str | None
    why: str


#: Per site (the ``site`` column), the zone a zoneless time is read in without a setting.
#: A site not listed has no default. README "Time zones" shows this table to users.
SITE_ZONES: dict[str, SiteZone] = {
    "ggpoker": SiteZone("UTC", "GGPoker's client writes server time with no zone; sidepot "
                        "reads it as UTC (fpdb reads ET: set --tz ggpoker=... if yours differ)"),
    "ignition": SiteZone("America/New_York", "Ignition/Bovada servers write US Eastern time; "
                         "every tracker reads it so (MVS tables print UTC)"),
    "everleaf": SiteZone("UTC", "Everleaf wrote its server clock, GMT (as fpdb reads it)"),
    "microgaming": SiteZone("UTC", "Microgaming/Prima headers carry server time, read as "
                            "UTC (as fpdb reads it)"),
    "ipoker": SiteZone("UTC", "iPoker skins write the client's clock; sidepot has always read "
                       "it as UTC: set --tz ipoker=ZONE to your machine's zone"),
    "pkr": SiteZone("UTC", "PKR's 'Start time of hand' is server time in UTC (fpdb and "
                    "pokerregion/poker both read it so)"),
    "cake": SiteZone("America/New_York", "Cake Poker wrote US Eastern time (as fpdb reads it)"),
    "sealswithclubs": SiteZone("America/New_York", "Seals with Clubs wrote US Eastern time "
                               "(as fpdb reads it)"),
    "betonline": SiteZone("America/New_York", "BetOnline prints Eastern time; its zoneless "
                          "skins (Gear, Action Poker) are read the same (as fpdb does)"),
    "wpn": SiteZone(None, "old WPN/ACR logs ('Game started at:') write the player's machine "
                    "time; newer ones print UTC"),
    "kingsclub": SiteZone(None, "no source says which clock it writes"),
    "enet": SiteZone(None, "no source says which clock it writes"),
    "unibet": SiteZone(None, "the old layout prints no zone (the new one prints UTC)"),
    "pokerstars": SiteZone(None, "the client always prints a zone; a zoneless log was "
                           "converted by another tool, whose zone is unknown"),
    "phh": SiteZone(None, "PHH files name their zone (time_zone) when they know it"),
}

#: How --tz is written, for the usage error.
TZ_FORM = "--tz SITE=ZONE (an IANA zone name, e.g. --tz pkr=Europe/London)"


@dataclass(frozen=True)
class ZoneSettings:
    """The user's zones by site, each with where it was set (for messages)."""

    zones: Mapping[str, str] = field(default_factory=dict)
    origin: Mapping[str, str] = field(default_factory=dict)  # site -> "--tz" or a file path

    def zone_for(self, site: str) -> tuple[str | None, Source | None]:
        """The zone a zoneless hand of ``site`` is read in, and its source (None, None:
        unresolved)."""
        zone = self.zones.get(site)
        if zone is not None:
            return zone, Source.USER_SETTING
        default = SITE_ZONES.get(site)
        if default is not None and default.zone is not None:
            return default.zone, Source.SITE_DEFAULT
        return None, None


def known_sites() -> list[str]:
    """Every site a format reads, as the ``site`` column spells it."""
    from parsers import registry  # noqa: PLC0415 - the registry loads every site module

    return sorted({f.site for f in registry.FORMATS})


def check_zone(name: str, where: str) -> str:
    """``name`` when it is an IANA zone this machine knows; else a usage error."""
    try:
        _zone(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise UsageError(f"{where}: unknown time zone {name!r}: give an IANA name such as "
                         "Europe/London, America/New_York or UTC") from None
    return name


def check_site(site: str, where: str) -> str:
    sites = known_sites()
    if site not in sites:
        raise UsageError(f"{where}: unknown site {site!r}; the sites are {', '.join(sites)}")
    return site


def parse_tz_options(values: Iterable[str]) -> dict[str, str]:
    """``--tz SITE=ZONE`` values -> {site: zone}; a malformed one is a usage error."""
    zones: dict[str, str] = {}
    for value in values:
        site, sep, zone = value.partition("=")
        site, zone = site.strip().lower(), zone.strip()
        if not sep or not site or not zone:
            raise UsageError(f"--tz {value!r}: write it as {TZ_FORM}")
        zones[check_site(site, "--tz")] = check_zone(zone, f"--tz {site}")
    return zones


def read_config(path: Path) -> dict[str, str]:
    """The ``[time_zones]`` table of a TOML config file -> {site: zone}; anything wrong in it
    is a usage error naming the file."""
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read the config file {path}: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"the config file {path} is not valid TOML: {exc}") from None
    table = doc.get("time_zones", {})
    if not isinstance(table, dict):
        raise UsageError(f"{path}: [time_zones] must be a table of SITE = \"ZONE\" lines")
    zones = {}
    for site, zone in table.items():
        if not isinstance(zone, str):
            raise UsageError(f"{path}: time_zones.{site} must be a zone name in quotes")
        key = site.strip().lower()
        zones[check_site(key, str(path))] = check_zone(zone.strip(), f"{path}: {site}")
    return zones


def settings_from(tz_options: Iterable[str] = (), config: Path | None = None,
                  config_required: bool = False) -> ZoneSettings:
    """The run's settings: the config file's zones, overridden site by site by ``--tz``.

    A missing config file is no error unless it was named (``config_required``)."""
    from_file: dict[str, str] = {}
    if config is not None and (config_required or config.is_file()):
        from_file = read_config(config)
    from_option = parse_tz_options(tz_options)
    origin = {site: str(config) for site in from_file} | {site: "--tz" for site in from_option}
    return ZoneSettings({**from_file, **from_option}, origin)


@cache
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def to_utc(wall: datetime, zone: str) -> datetime:
    """A naive local time in ``zone`` -> naive UTC (fold=0; see the module docstring)."""
    aware = wall.replace(tzinfo=_zone(zone), fold=0)
    return aware.astimezone(UTC).replace(tzinfo=None)


_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_T = r"(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?"
#: The shapes ``local_time`` takes in zoneless logs, date order explicit in each (a
#: D/M/Y or M/D/Y with slashes is ambiguous and not read).
_SHAPES = tuple(re.compile(p) for p in (
    # 2012-04-03 02:10:06, 2017/01/01 15:02:07, 2010/04/30 / 18:26:41, 2009/11/17 - 18:57:01
    rf"(?P<y>\d{{4}})[-/](?P<mo>\d{{1,2}})[-/](?P<d>\d{{1,2}})(?:\s*[-/]\s*|\s+|T){_T}",
    rf"{_T}\s+(?P<d>\d{{1,2}})\.(?P<mo>\d{{1,2}})\.(?P<y>\d{{4}})",  # 12:16:31 3.10.2012
    rf"{_T}\s+(?P<y>\d{{4}})/(?P<mo>\d{{1,2}})/(?P<d>\d{{1,2}})",  # 13:22:50 2021/04/04
    rf"(?P<d>\d{{1,2}})-(?P<mon>[A-Za-z]{{3}})-(?P<y>\d{{4}})\s+{_T}",  # 07-Apr-2014 00:57:23
))


@cache
def local_wall_time(text: str) -> datetime | None:
    """The naive time of a printed ``local_time``; None when it is not a date and a time."""
    text = text.strip()
    for shape in _SHAPES:
        m = shape.fullmatch(text)
        if m is None:
            continue
        g = m.groupdict()
        month = _MONTHS.get(g["mon"].lower()) if g.get("mon") else int(g["mo"])
        try:
            return datetime(int(g["y"]), month or 0, int(g["d"]), int(g["h"]), int(g["mi"]),
                            int(g["s"] or 0))
        except ValueError:  # an impossible date: no time at all
            return None
    return None


def _resolve_one(site: str, started: datetime | None, local: str, settings: ZoneSettings,
                 read_in: str | None = None) -> tuple[datetime | None, str, str | None]:
    """(started_at, time_zone, zone_source) of a hand whose log printed no zone.

    ``read_in``: the zone ``started`` was read in, when not the site's default (a stored
    hand's earlier setting)."""
    zone, source = settings.zone_for(site)
    default = SITE_ZONES.get(site)
    parser_zone = default.zone if default is not None else None
    if started is not None and source is not Source.USER_SETTING:
        # The reader already read the time in the site's zone (its documented default).
        return started, parser_zone or "", Source.SITE_DEFAULT.value
    wall = local_wall_time(local)
    read_in = read_in or parser_zone
    if wall is None and started is not None and read_in is not None:
        wall = started.replace(tzinfo=UTC).astimezone(_zone(read_in)).replace(tzinfo=None)
    if wall is None or zone is None or source is None:
        return started, "", None
    return to_utc(wall, zone), zone, source.value


def resolve_hands(hands: pa.Table, settings: ZoneSettings) -> pa.Table:
    """``hands`` with ``started_at``, ``time_zone`` and ``zone_source`` set by the rules of
    the module docstring. The same rows in give the same rows out, whichever core made them."""
    zone_col = hands.column("time_zone")
    printed = pc.fill_null(pc.not_equal(zone_col, ""), False)
    source = pc.if_else(printed, pa.scalar(Source.PRINTED.value), pa.scalar(None, pa.string()))
    todo = pc.indices_nonzero(pc.invert(printed)).to_pylist()
    if not todo:
        return _with_source(hands, source)
    sites = hands.column("site").to_pylist()
    started = hands.column("started_at").to_pylist()
    local = hands.column("local_time").to_pylist()
    zones = zone_col.to_pylist()
    sources = source.to_pylist()
    for i in todo:
        started[i], zones[i], sources[i] = _resolve_one(sites[i], started[i], local[i] or "",
                                                        settings)
    ts = hands.schema.field("started_at").type
    hands = _set(hands, "started_at", pa.array(started, ts))
    hands = _set(hands, "time_zone", pa.array(zones, pa.string()))
    return _with_source(hands, pa.array(sources, pa.string()))


#: Stored hands a run's settings may give a time anew: no printed zone, and either no zone at
#: all (a store from before zones were resolved, or a site with no default) or an assumed one
#: that the run's setting for the site changes. A NULL zone_source with a zone is a printed
#: zone stored before the column existed.
_STALE = f"""
SELECT site, hand_id, started_at, local_time, time_zone, zone_source FROM hands
WHERE (zone_source IS NULL AND coalesce(time_zone, '') = '' AND coalesce(local_time, '') <> ''
       AND list_contains($zoned, site))
   OR (zone_source IN ('{Source.SITE_DEFAULT.value}', '{Source.USER_SETTING.value}')
       AND list_contains($set, site))
"""


def rezone_stored(con: duckdb.DuckDBPyConnection, settings: ZoneSettings) -> int:
    """Give stored hands the time the run's settings (and the site defaults) give them now;
    the number of hands whose time, zone or source changed. Their keys go to
    ``hands_dropped`` in the same transaction, so the stats recompute their facts."""
    # hands stored before the column existed
    con.execute(f"UPDATE {stored('hands')} SET zone_source = '{Source.PRINTED.value}' "
                "WHERE zone_source IS NULL AND coalesce(time_zone, '') <> ''")
    zoned = [s for s in known_sites() if settings.zone_for(s)[0] is not None]
    rows = con.execute(_STALE, {"zoned": zoned, "set": sorted(settings.zones)}).fetchall()
    changed = []
    for site, hand_id, started, local, zone, source in rows:
        read_in = zone if source == Source.USER_SETTING.value else None
        new = _resolve_one(site, started, local or "", settings, read_in)
        if new != (started, zone or "", source):
            changed.append((site, hand_id, *new))
    if not changed:
        return 0
    _rezoned = pa.table({  # read by name in the statements below
        "site": [c[0] for c in changed], "hand_id": [c[1] for c in changed],
        "started_at": pa.array([c[2] for c in changed], pa.timestamp("us")),
        "time_zone": [c[3] for c in changed],
        "zone_source": pa.array([c[4] for c in changed], pa.string()),
    })
    con.execute(HANDS_DROPPED.ddl())
    con.begin()
    try:  # (the keys are the store's: no hand changes key, so no duplicate can arise)
        con.execute(f"UPDATE {stored('hands')} h SET started_at = n.started_at, "
                    "time_zone = n.time_zone, zone_source = n.zone_source FROM _rezoned n "
                    "WHERE h.site = n.site AND h.hand_id = n.hand_id")
        con.execute(f"INSERT INTO {HANDS_DROPPED.name} SELECT site, hand_id FROM _rezoned")
        con.commit()
    except BaseException:
        try:
            con.rollback()
        except duckdb.Error:  # the transaction may already be gone (an interrupted query)
            pass
        raise
    return len(changed)


def unzoned_sites(hands: pa.Table) -> list[str]:
    """The site of every hand of a resolved table that has a local time but no zone (no UTC
    time): what a ``--tz`` setting would give a time."""
    if hands.num_rows == 0:
        return []
    none = pc.and_(pc.is_null(hands.column("zone_source")),
                   pc.fill_null(pc.not_equal(hands.column("local_time"), ""), False))
    return hands.column("site").filter(none).to_pylist()


def _set(table: pa.Table, name: str, values: pa.Array) -> pa.Table:
    return table.set_column(table.schema.get_field_index(name), name, values)


def _with_source(hands: pa.Table, source: pa.Array | pa.ChunkedArray) -> pa.Table:
    if "zone_source" in hands.column_names:
        return _set(hands, "zone_source", source)
    return hands.append_column("zone_source", source)
