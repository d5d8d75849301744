"""The report page in a real browser: Debian's Chromium driven by playwright (never a browser
download). The page built from data/samples is opened from its file; the grid is sorted and
filtered, a hand with side pots is replayed, and what is drawn is checked against the store.

Skips cleanly where /usr/bin/chromium or playwright is absent (``.ci/run`` installs both). A
screenshot of the page is left in ``out/test-artifacts/`` (gitignored; ``$SIDEPOT_ARTIFACTS``
to choose another folder).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import duckdb
import pytest

from pipeline.ingest.run import import_paths
from reports.html import build_report
from reports.stats import player_stats
from tests.support.paths import SAMPLES
from tests.support.store_rows import insert

CHROMIUM = Path("/usr/bin/chromium")
SIDE_POTS = "pokerstars:247300000405"  # a four-way all-in: a main pot and two side pots
HOSTILE = "</script><b>x</b>"

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists() or shutil.which(str(CHROMIUM)) is None,
                       reason="Chromium (/usr/bin/chromium) not installed"),
]


def _artifacts() -> Path:
    root = Path(__file__).resolve().parents[2]
    folder = Path(os.environ.get("SIDEPOT_ARTIFACTS", root / "out" / "test-artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("browser") / "b.duckdb"
    import_paths([SAMPLES], db)
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE stored.seats SET player = ? WHERE player = 'MarlaK'", [HOSTILE])
        con.execute("UPDATE stored.actions SET player = ? WHERE player = 'MarlaK'", [HOSTILE])
        # a finding on the line of the hand's first raise: the page must show it beside it
        insert(con, "INSERT INTO findings (site, hand_id, code, severity, message, line) "
                    "VALUES ('pokerstars', '247300000405', "
                    "'test_marker', 'warning', 'marked for the browser test', 22)")
    return db


@pytest.fixture(scope="module")
def page_file(store, tmp_path_factory) -> Path:
    with duckdb.connect(str(store), read_only=True) as con:
        html = build_report(con)
    path = tmp_path_factory.mktemp("page") / "report.html"
    path.write_text(html, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM),
                              args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture
def page(browser, page_file):
    pg = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    requests: list[str] = []
    pg.on("request", lambda r: requests.append(r.url))
    pg.goto(page_file.as_uri())
    pg.wait_for_selector("#stats tbody tr")
    yield pg
    assert errors == [], errors
    assert [u for u in requests if not u.startswith(("file:", "data:", "blob:"))] == []
    pg.close()


def _column(pg, table: str, index: int) -> list[str]:
    return pg.locator(f"#{table} tbody tr td:nth-child({index + 1})").all_text_contents()


def test_grid_sorts_and_filters(page, store):
    with duckdb.connect(str(store), read_only=True) as con:
        players = con.execute("SELECT count(*) FROM (SELECT DISTINCT site, player, currency "
                              "FROM seats s JOIN hands h USING (site, hand_id))").fetchall()[0][0]
    assert page.locator("#stats tbody tr").count() == min(players, 50)
    headers = page.locator("#stats thead th").all_text_contents()
    hands_col, player_col = headers.index("hands"), headers.index("player")
    counts = [int(v) for v in _column(page, "stats", hands_col)]
    assert counts == sorted(counts, reverse=True)  # most hands first by default
    page.locator("#stats thead th").nth(hands_col).click()
    counts = [int(v) for v in _column(page, "stats", hands_col)]
    assert counts == sorted(counts) and counts[0] < counts[-1]
    page.locator("#stats thead th").nth(player_col).click()
    names = _column(page, "stats", player_col)
    assert names == sorted(names) and HOSTILE in names  # a name shown as text, never markup
    page.fill("#stats-search", "grün")
    assert _column(page, "stats", player_col) == ["Grünfeld"]
    page.fill("#stats-search", "")
    assert page.locator("#stats tbody tr").count() == min(players, 50)


def test_replayer_draws_the_hand(page, store):
    site, hand_id = SIDE_POTS.split(":")
    with duckdb.connect(str(store), read_only=True) as con:
        seats = con.execute("SELECT player FROM seats WHERE site = ? AND hand_id = ?",
                            [site, hand_id]).fetchall()
        pots = con.execute("SELECT amount, winners FROM pots WHERE site = ? AND hand_id = ? "
                           "ORDER BY pot_index", [site, hand_id]).fetchall()
        total, board, dec, currency = con.execute(
            "SELECT total_pot, board, decimals, currency FROM hands WHERE site = ? AND "
            "hand_id = ?", [site, hand_id]).fetchall()[0]
    assert currency == "CHIPS"  # tournament chips: no sign, the hand's decimals

    def shown(amount) -> str:
        return f"{amount:,.{dec}f}"

    page.fill("#hands-search", hand_id)
    page.locator("#hands a.hand-link", has_text=SIDE_POTS).click()
    page.wait_for_selector("#table-svg .seat")
    assert page.locator("#table-svg .seat").count() == len(seats)
    assert sorted(page.locator("#table-svg .seat-name").all_text_contents()) == \
        sorted(s[0] for s in seats)
    # the last step: the whole board, the whole pot, the pots with their winners
    assert page.locator("#table-svg .board-card").count() == len(board.split())
    assert page.locator("#pot-total").text_content() == f"pot {shown(total)}"
    listed = page.locator("#pots li").all_text_contents()
    assert len(listed) == len(pots) == 3
    for text, (amount, winners) in zip(listed, pots, strict=True):
        assert shown(amount) in text and all(w in text.split("won by")[1] for w in winners)
    # the first step: nothing on the board, nothing in the pot
    page.click("#step-first")
    assert page.locator("#table-svg .board-card").count() == 0
    assert page.locator("#pot-total").text_content() == "pot 0"
    # the finding sits beside the action on its line (the first raise)
    marked = page.locator("#action-log li", has=page.locator(".finding"))
    assert marked.count() == 1
    assert "raises" in marked.text_content() and "test_marker" in marked.text_content()
    marked.click()
    assert page.locator("#action-log li.current .finding").count() == 1
    page.screenshot(path=str(_artifacts() / "report.png"), full_page=True)


def test_audit_example_opens_in_the_replayer(page):
    link = page.locator("#audit-table a.example", has_text=SIDE_POTS)
    link.click()
    page.wait_for_selector("#table-svg .seat")
    assert SIDE_POTS in page.locator("#replay-title").text_content()


@pytest.fixture(scope="module")
def corpus_store(corpus, tmp_path_factory) -> Path:
    """The whole corpus imported as a user imports it (default settings: the all-in results
    stored where the native core counts them); ``$SIDEPOT_REPORT_DB`` reuses a store."""
    given = os.environ.get("SIDEPOT_REPORT_DB")
    if given and Path(given).exists():
        return Path(given)
    from reports.allin import fill_allin_equity
    from reports.equity import native_counting

    db = tmp_path_factory.mktemp("corpus-page") / "corpus.duckdb"
    import_paths([corpus], db)
    if native_counting():  # what `sidepot import` does by default
        with duckdb.connect(str(db)) as con:
            fill_allin_equity(con)
    return db


@pytest.mark.corpus
def test_the_corpus_page_opens_sorts_and_replays(browser, corpus_store, tmp_path):
    """The page over the whole corpus: ~20,000 grid rows paged in the browser, a sort, a
    search, a replayed audit example, and the hand with the most side pots replayed with its
    pots and winners as the store has them."""
    with duckdb.connect(str(corpus_store), read_only=True) as con:
        html = build_report(con)
        rows = len(player_stats(con))  # what `sidepot stats` lists
        site, hand_id = con.execute(
            "SELECT site, hand_id FROM pots GROUP BY ALL ORDER BY count(*) DESC, site, hand_id "
            "LIMIT 1").fetchall()[0]
        pots = con.execute("SELECT amount, winners FROM pots WHERE site = ? AND hand_id = ? "
                           "ORDER BY pot_index", [site, hand_id]).fetchall()
        dec, printed = con.execute("SELECT decimals, total_pot FROM hands WHERE site = ? AND "
                                   "hand_id = ?", [site, hand_id]).fetchall()[0]
    assert len(pots) >= 3  # a main pot and side pots
    path = tmp_path / "corpus.html"
    path.write_text(html, encoding="utf-8")
    pg = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(path.as_uri())
    pg.wait_for_selector("#stats tbody tr", timeout=120_000)
    assert pg.locator("#stats tbody tr").count() == 50  # paged: never every row in the DOM
    assert f"{rows:,} rows" in pg.locator("#stats-pager .page-info").text_content()
    headers = pg.locator("#stats thead th").all_text_contents()
    pg.locator("#stats thead th").nth(headers.index("hands")).click()
    counts = [int(v) for v in _column(pg, "stats", headers.index("hands"))]
    assert counts == sorted(counts)
    pg.fill("#stats-search", "hero")
    names = _column(pg, "stats", headers.index("player"))
    assert names and all("hero" in n.lower() for n in names)
    example = pg.locator("#audit-table a.example").first
    key = example.get_attribute("data-hand")
    example.click()
    pg.wait_for_selector("#table-svg .seat")
    assert key in pg.locator("#replay-title").text_content()
    assert pg.locator("#action-log .finding").count() >= 1  # an audit example has a finding
    # the hand with the most side pots: each pot drawn with its amount and winners
    pg.fill("#hands-search", hand_id)
    hand_headers = pg.locator("#hands thead th").all_text_contents()
    total = printed if printed is not None else sum(amount for amount, _ in pots)
    # the grid's pot: the printed total, else the engine's pots (never an empty cell)
    assert f"{total:,.{dec}f}" in _column(pg, "hands", hand_headers.index("pot"))[0]
    pg.locator("#hands a.hand-link", has_text=f"{site}:{hand_id}").first.click()
    pg.wait_for_selector("#table-svg .seat")
    assert f"{site}:{hand_id}" in pg.locator("#replay-title").text_content()
    listed = pg.locator("#pots li").all_text_contents()
    assert len(listed) == len(pots)
    for text, (amount, winners) in zip(listed, pots, strict=True):
        assert f"{amount:,.{dec}f}" in text
        assert all(w in text.split("won by")[1] for w in winners)
    assert pg.locator("#pot-total").text_content().strip() != "pot"
    pg.screenshot(path=str(_artifacts() / "corpus-report.png"), full_page=False)
    assert errors == []
    pg.close()


def test_replayer_falls_back_to_the_computed_pot(browser, store, tmp_path):
    """A hand whose site printed no total pot: the last step shows the engine's pots' total,
    never ``pot `` with no amount."""
    site, hand_id = SIDE_POTS.split(":")
    copy = tmp_path / "nopot.duckdb"
    shutil.copy(store, copy)
    with duckdb.connect(str(copy)) as con:
        con.execute("UPDATE stored.hands SET total_pot = NULL WHERE site = ? AND hand_id = ?",
                    [site, hand_id])
        computed, dec = con.execute(
            "SELECT sum(p.amount), any_value(h.decimals) FROM pots p JOIN hands h "
            "USING (site, hand_id) WHERE site = ? AND hand_id = ?", [site, hand_id]).fetchall()[0]
        html = build_report(con)
    path = tmp_path / "nopot.html"
    path.write_text(html, encoding="utf-8")
    pg = browser.new_page(viewport={"width": 1300, "height": 900})
    pg.goto(path.as_uri())
    pg.fill("#hands-search", hand_id)
    pg.locator("#hands a.hand-link", has_text=SIDE_POTS).click()
    pg.wait_for_selector("#table-svg .seat")
    assert computed > 0
    assert pg.locator("#pot-total").text_content() == f"pot {computed:,.{dec}f}"
    pg.close()
