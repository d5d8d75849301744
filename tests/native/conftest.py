"""Fixtures the native core's tests share."""

from __future__ import annotations

import pytest

from pipeline.engine import sites


@pytest.fixture
def give_rules(monkeypatch):  # noqa: ANN201 - the setter
    """``give_rules(site, name)``: both cores replay ``site``'s hands by the named rule set."""
    native = pytest.importorskip("sidepot_native", reason="the native core is not built")
    touched: list[str] = []

    def give(site: str, name: str) -> None:
        monkeypatch.setitem(sites._RULES, site, getattr(sites, name))
        native._set_site_rules(site, name)
        touched.append(site)

    yield give
    for site in touched:
        native._set_site_rules(site, None)
