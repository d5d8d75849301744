"""The benchmark's arithmetic: ratios are taken between the figures they name (no timing here:
speed is measured by `make bench`, never asserted in a test)."""

from __future__ import annotations

from pipeline.dev.bench import TARGET_HANDS_PER_CPU_S, ratios


def _rate(per_cpu: float, per_wall: float | None = None) -> dict:
    return {"hands_per_cpu_s": per_cpu, "hands_per_s": per_wall or per_cpu}


def _out(memory: list[dict]) -> dict:
    text = {
        "import_jobs1": _rate(4_000, 4_000), "import_jobs2": _rate(3_600, 7_000),
        "regex_reference": _rate(40_000), "parse_replay": _rate(8_000),
        "pickle_packed_rows": _rate(100_000), "pickle_hand_replay": _rate(4_000),
    }
    phh = {"sidepot_phh_import": _rate(3_000), "sidepot_phh_parse_replay_flatten": _rate(3_500),
           "pokerkit_load_replay": _rate(250)}
    return {"pokerstars_text": text, "phh": phh, "memory": memory}


def test_ratios_compare_the_named_figures():
    r = ratios(_out([]))
    assert r["import_vs_regex"] == 0.1
    assert r["jobs2_vs_jobs1_wall"] == 1.75
    assert r["phh_import_vs_pokerkit"] == 12.0
    assert r["import_per_core_vs_target"] == round(4_000 / TARGET_HANDS_PER_CPU_S, 3)
    assert "writer_rss_mb_per_100k_hands" not in r


def test_memory_slope_is_taken_between_the_two_largest_runs():
    memory = [{"hands": 10_000, "peak_rss_mb": 200.0}, {"hands": 200_000, "peak_rss_mb": 500.0},
              {"hands": 1_200_000, "peak_rss_mb": 600.0}]
    assert ratios(_out(memory))["writer_rss_mb_per_100k_hands"] == 10.0
