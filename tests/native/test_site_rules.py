"""The per-site rules table of the native engine (engine/sites.rs) is the Python engine's
(pipeline/engine/sites.py), field for field, for every site either table names: the two
cores replay a hand by the same conventions or their rows could not be identical.

A site the Python table lists with the generic rules needs no Rust entry (the Rust table
gives every unlisted site the generic rules too); any other entry must be in both.
"""

from __future__ import annotations

import dataclasses
import enum

import pytest

native = pytest.importorskip("sidepot_native", reason="the native core is not built")

from pipeline.engine import sites  # noqa: E402


def _fields(rules: sites.SiteRules) -> dict[str, str]:
    out = {}
    for f in dataclasses.fields(rules):
        v = getattr(rules, f.name)
        out[f.name] = v.value if isinstance(v, enum.Enum) else str(v)
    return out


def test_both_cores_read_the_same_rules_for_every_site() -> None:
    table = {site: dict(fields) for site, fields in native.site_rules()}
    generic = table.pop("")
    assert generic == _fields(sites.GENERIC)
    named = set(table) | set(sites._RULES)
    assert {"pokerstars", "ggpoker", "ignition"} <= named
    for site in sorted(named):
        assert table.get(site, generic) == _fields(sites.rules_for(site)), site


def test_the_rust_table_names_every_field() -> None:
    want = {f.name for f in dataclasses.fields(sites.SiteRules)}
    for site, fields in native.site_rules():
        assert {k for k, _ in fields} == want, site
