"""pipeline/store_rows.py: flattened hands cut into runs of hands and joined into batches."""

from __future__ import annotations

from datetime import datetime

from pipeline.store.rows import concat_rows, flatten_rows
from pipeline.store.schema import HAND_TABLES, arrow_schema
from tests.store.test_store import make_hand, make_replay

NOW = datetime(2026, 1, 1)


def test_empty_batch_has_every_table_with_its_schema():
    for rows in (flatten_rows([], NOW), concat_rows([])):
        assert rows.n_hands == 0
        for name in HAND_TABLES:
            assert rows.tables[name].schema == arrow_schema(name)
            assert rows.tables[name].num_rows == 0


def test_runs_cut_and_joined_again_give_the_whole_batch():
    rows = flatten_rows([(make_hand(str(i)), make_replay()) for i in range(5)], NOW)
    joined = concat_rows([rows.slice(0, 2), rows.slice(2, 2), rows.slice(2, 5)])
    assert joined.n_hands == rows.n_hands == 5
    assert joined.sources == rows.sources
    for name in HAND_TABLES:
        assert joined.tables[name].equals(rows.tables[name])
        assert joined.starts[name] == rows.starts[name]
        assert joined.counts(name).tolist() == rows.counts(name).tolist()
