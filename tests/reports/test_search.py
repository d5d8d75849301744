"""reports.search.find_hands: the rows `sidepot hands` prints, and the ids `show` takes."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from pipeline.ingest import import_paths
from reports.search import HandSearch, find_hands
from tests.support.paths import SAMPLES


@pytest.fixture(scope="module")
def con(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201 - a DuckDB connection
    db = Path(tmp_path_factory.mktemp("search")) / "s.duckdb"
    import_paths([SAMPLES], db)
    connection = duckdb.connect(str(db), read_only=True)
    yield connection
    connection.close()


def test_every_row_names_a_stored_hand(con) -> None:  # noqa: ANN001
    rows = find_hands(con, HandSearch(limit=50))
    assert 0 < len(rows) <= 50
    site, _, hand_id = rows["hand"].iloc[0].partition(":")
    assert con.execute("SELECT count(*) FROM hands WHERE site = ? AND hand_id = ?",
                       [site, hand_id]).fetchall()[0][0] == 1


def test_a_player_filter_ignores_case(con) -> None:  # noqa: ANN001
    player = con.execute("SELECT player FROM seats LIMIT 1").fetchall()[0][0]
    upper = find_hands(con, HandSearch(player=player.upper()))
    exact = find_hands(con, HandSearch(player=player))
    assert len(upper) == len(exact) > 0
    assert set(upper["player"].str.lower()) == {player.lower()}


def test_showdown_and_all_in_filters_keep_only_such_rows(con) -> None:  # noqa: ANN001
    shown = find_hands(con, HandSearch(showdown=True))
    assert len(shown) > 0 and shown["showdown"].all()
    every = find_hands(con, HandSearch(limit=100_000))
    assert len(shown) < len(every)


@pytest.mark.parametrize("search, valid", [
    (HandSearch(positions=("XYZ",)), "BTN"),
    (HandSearch(site="nosuchsite"), "pokerstars"),
])
def test_an_unknown_value_lists_the_valid_ones(con, search, valid) -> None:  # noqa: ANN001
    with pytest.raises(Exception, match=valid):
        find_hands(con, search)
