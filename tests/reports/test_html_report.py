"""The HTML report: self-contained, escaped, and rendered by headless Chromium when present."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import duckdb
import pytest

from pipeline.ingest.run import import_paths
from reports.export import neutralise, to_csv
from reports.html import build_report
from tests.support.paths import SAMPLES

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    db = tmp_path_factory.mktemp("html") / "h.duckdb"
    import_paths([SAMPLES / "cash_nl10_ankaa.txt"], db)
    with duckdb.connect(str(db)) as c:  # a hostile name, to check escaping
        c.execute("UPDATE seats SET player = '<script>alert(1)</script>' WHERE player = 'MarlaK'")
    with duckdb.connect(str(db), read_only=True) as c:
        return build_report(c, graph_player="sidepot_hero", adjusted=False)


def test_report_is_self_contained_and_escaped(page):
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.count("data:image/png;base64,") == 2
    assert "http://" not in page and "https://" not in page
    assert 'id="stats"' in page and 'id="audit"' in page


@pytest.mark.skipif(not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None,
                    reason="headless Chromium not installed")
def test_report_renders_in_chromium(page, tmp_path):
    html_file = tmp_path / "report.html"
    html_file.write_text(page, encoding="utf-8")
    dom = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", html_file.as_uri()],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    assert '<table id="stats">' in dom and "sidepot_hero" in dom
    assert dom.count("<img") == 2


def test_csv_neutralises_formulas():
    import pandas as pd

    frame = pd.DataFrame({"player": ["=HYPERLINK(\"x\")", "+1", "-a", "@b", "ok"],
                          "net": [-1, 2, 3, 4, 5]})
    text = to_csv(frame)
    assert "'=HYPERLINK" in text and "\n'+1," in text and "\n'-a," in text
    assert "\n'@b," in text and "\nok,5" in text
    assert "\n'+1,2" in text  # numbers stay numbers
    assert neutralise(-3) == -3
