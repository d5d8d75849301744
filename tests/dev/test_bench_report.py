"""The report benchmark graphs a real player: a name, never the text of a result row."""

from __future__ import annotations

from pipeline.dev.bench_report import _graph_player
from pipeline.ingest.run import import_paths
from tests.support.ignition_zone import zone_hand


def test_the_graph_player_is_the_heros_name(tmp_path):
    hands = tmp_path / "zone.txt"
    hands.write_text("\n\n".join(zone_hand(4000000001 + i, i) for i in range(3)) + "\n")
    db = tmp_path / "z.duckdb"
    import_paths([hands], db)
    assert _graph_player(db) == "Hero"  # the seat labels around it are no players
