"""The HTML report: one self-contained page, names kept as data (never markup), every section
under the same filters, and the hands it embeds capped. The browser itself is exercised in
test_report_browser.py."""

from __future__ import annotations

import json
import re

import duckdb
import pytest

from pipeline.ingest.run import import_paths
from reports.export import neutralise, to_csv
from reports.filters import Filters
from reports.html import build_report
from reports.page import PageOptions, page_data
from tests.support.paths import SAMPLES
from tests.support.store_rows import insert

HOSTILE = "</script><script>alert(1)</script>"
MARKED = "pokerstars:247300000405"  # a tournament hand Grünfeld did not play


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("html") / "h.duckdb"
    import_paths([SAMPLES], path)
    with duckdb.connect(str(path)) as c:  # a hostile name, to check escaping
        c.execute("UPDATE stored.seats SET player = ? WHERE player = 'MarlaK'", [HOSTILE])
        insert(c, "INSERT INTO findings (site, hand_id, code, severity, message, line) "
                  "VALUES ('pokerstars', ?, 'test_code', 'warning', ?, 22)",
                  [MARKED.split(":")[1], f"note {HOSTILE}"])
    return path


@pytest.fixture(scope="module")
def page(db):
    with duckdb.connect(str(db), read_only=True) as c:
        return build_report(c, graph_player="sidepot_hero", adjusted=False)


def _data(page: str) -> dict:
    blob = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', page,
                     re.S)
    assert blob is not None

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} is not JSON: the browser's JSON.parse refuses it")

    return json.loads(blob.group(1), parse_constant=refuse)


def test_page_is_self_contained(page):
    markup = re.sub(r"<script[^>]*>.*?</script>", "<script></script>", page, flags=re.S)
    assert " src=" not in markup and "<link" not in markup and "<iframe" not in markup
    assert markup.count("<script") == 3  # plotly, the data, our script: all inline
    assert "Plotly" in page  # the offline bundle itself (the browser test checks no request)


def test_names_are_data_never_markup(page):
    assert HOSTILE not in page  # neither raw in markup nor able to close the data element
    assert "<script>alert(1)" not in page
    data = _data(page)  # ... yet the JSON gives the name back exactly
    players = [r[data["stats"]["cols"].index("player")] for r in data["stats"]["rows"]]
    assert HOSTILE in players
    assert "note &lt;/script&gt;" in page  # the audit table: escaped text


def test_every_section_follows_the_filters(db):
    with duckdb.connect(str(db), read_only=True) as c:
        everything = page_data(c, Filters(), PageOptions(adjusted=False))
        one = page_data(c, Filters(player="Grünfeld"), PageOptions(adjusted=False))
        played = {r[0] for r in c.execute(
            "SELECT DISTINCT site || ':' || hand_id FROM seats WHERE player = 'Grünfeld'"
        ).fetchall()}
    assert one["summary"]["hands"] == len(played) < everything["summary"]["hands"]
    assert {h["k"] for h in one["hands"]} == played
    assert [r[0] for r in one["stats"]["rows"]] == ["Grünfeld"]
    assert one["graph"]["player"] == "Grünfeld" and one["graph"]["hands"] == len(played)
    assert sum(r[2] for r in one["breakdowns"]["position"]) == len(played)
    assert one["audit"] == []  # the finding sits in a hand Grünfeld did not play
    assert [row[1] for row in everything["audit"]] == ["test_code"]


def test_embedded_hands_are_capped_examples_first(db):
    with duckdb.connect(str(db), read_only=True) as c:
        data = page_data(c, options=PageOptions(max_hands=2, adjusted=False))
    assert MARKED in {h["k"] for h in data["hands"]}  # the audit's example comes first
    assert len(data["hands"]) == 2 and data["hands_cap"] == 2
    assert data["hands_total"] == data["summary"]["hands"] > 2


def test_money_leaves_as_integer_hundredths(db):
    with duckdb.connect(str(db), read_only=True) as c:
        data = page_data(c, options=PageOptions(adjusted=False))
        pot = c.execute("SELECT total_pot FROM hands WHERE hand_id = '247100000101'"
                        ).fetchall()[0][0]
    hand = next(h for h in data["hands"] if h["k"] == "pokerstars:247100000101")
    assert hand["pot"] == int(pot * 100) and isinstance(hand["pot"], int)
    marked = next(h for h in data["hands"] if h["k"] == MARKED)
    code, _, _, at = marked["fnd"][0]
    assert code == "test_code" and marked["acts"][at][2] == "raise"  # the action on line 22
    net = data["stats"]["cols"].index("net_won")
    assert all(isinstance(r[net], int) for r in data["stats"]["rows"])


def test_csv_neutralises_formulas():
    import pandas as pd

    frame = pd.DataFrame({"player": ["=HYPERLINK(\"x\")", "+1", "-a", "@b", "ok"],
                          "net": [-1, 2, 3, 4, 5]})
    text = to_csv(frame)
    assert "'=HYPERLINK" in text and "\n'+1," in text and "\n'-a," in text
    assert "\n'@b," in text and "\nok,5" in text
    assert "\n'+1,2" in text  # numbers stay numbers
    assert neutralise(-3) == -3
