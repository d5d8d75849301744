"""`make bench`'s target figures: the input it deals and the imports it runs are what they
say (no timing is asserted here: speed is measured by the benchmark, never in a test)."""

from __future__ import annotations

import re
import tempfile

from pipeline.dev import bench_targets
from tests.support.paths import SAMPLES


def test_the_simulated_file_is_one_deal_of_distinct_hands(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    path = bench_targets.simulated_file(120, seed=3)
    ids = re.findall(r"PokerStars Hand #(\d+)", path.read_text("utf-8"))
    assert len(ids) == len(set(ids)) == 120
    # the first hands of a larger deal are the smaller deal (the Python core's stage input)
    small = bench_targets.simulated_file(40, seed=3).read_text("utf-8")
    assert re.findall(r"PokerStars Hand #(\d+)", small) == ids[:40]


def test_an_import_run_reports_the_summary_it_printed():
    run = bench_targets.cli_import([SAMPLES], jobs=2, allin=False)
    assert run["hands"] == 21 and run["jobs"] == 2
    assert run["core"] in ("native", "python", "mixed")
    assert run["wall_s"] > 0 and run["hands_per_s"] == round(21 / run["wall_s"], 1)
    assert run["allin_s"] == 0


def test_the_table_names_every_target():
    rate = {"wall_s": 2.0, "cpu_s": 2.0, "hands": 100, "hands_per_s": 50.0,
            "hands_per_cpu_s": 50.0, "stats_s": 0.1, "allin_s": 0.0}
    out = {"machine": {"cpus": 2, "load_before": (1, 1, 1), "load_after": (1, 1, 1)},
           "simulated": {"hands": 100, "regex": rate, "no_allin_jobs1": rate,
                         "no_allin_jobs2": rate, "default_jobs1": rate, "default_jobs2": rate,
                         "targets": {"no_allin_jobs1_vs_regex (>= 0.5)": 1.0,
                                     "default_vs_no_allin_time_jobs2 (<= 2)": 1.5}},
           "stages_us_per_hand": {"native": {"hands": 100, "stage": 20.0, "equity": 90.0,
                                             "write": 30.0}},
           "phh_small_files": {"files": 10, "sidepot": rate, "pokerkit": rate,
                               "ratio_wall": 1.0}}
    text = bench_targets.render(out)
    assert "target no_allin_jobs1_vs_regex (>= 0.5): 1.0" in text
    assert "native  stage 20.0  equity 90.0  write 30.0" in text
    assert "target default_vs_no_allin_time_jobs2 (<= 2): 1.5" in text
    assert text.count("default_jobs") == 2  # both runs at default settings are shown
    assert "1.0x (target >= 3)" in text
