"""The store: one column spec, the rules of what fits, flattening to Arrow, DuckDB and Parquet.

:mod:`.schema` holds the one column spec (the DuckDB DDL and the Arrow schemas are derived
from it) and the small records the import writes, :mod:`.storable` every rule deciding whether
a hand fits the columns, :mod:`.flatten` (with :mod:`.columns`) turns hands and replays into
Arrow tables, :mod:`.rows` carries them as batches, :mod:`.db` is the DuckDB store (every open
of the file, dedup, commits with progress rows), :mod:`.parquet` exports it, :mod:`.attach`
puts views over a Parquet folder.
"""

from __future__ import annotations

from pipeline._lazy import lazy_exports

_EXPORTS = {
    "Store": "pipeline.store.db",
    "connect": "pipeline.store.db",
    "file_digest": "pipeline.store.db",
    "SCHEMA": "pipeline.store.schema",
    "MIGRATIONS": "pipeline.store.schema",
    "TABLES": "pipeline.store.schema",
    "HAND_TABLES": "pipeline.store.schema",
    "OTHER_TABLES": "pipeline.store.schema",
    "Column": "pipeline.store.schema",
    "Kind": "pipeline.store.schema",
    "Table": "pipeline.store.schema",
    "arrow_schema": "pipeline.store.schema",
    "arrow_type": "pipeline.store.schema",
    "BatchResult": "pipeline.store.schema",
    "FileRecord": "pipeline.store.schema",
    "Reject": "pipeline.store.schema",
    "positions": "pipeline.store.schema",
    "unstorable": "pipeline.store.storable",
    "unsupported_precision": "pipeline.store.storable",
    "Rows": "pipeline.store.rows",
    "flatten_rows": "pipeline.store.rows",
    "storable_problem": "pipeline.store.rows",
    "AttachSummary": "pipeline.store.attach",
    "attach": "pipeline.store.attach",
    "export_csv": "pipeline.store.parquet",
    "export_parquet": "pipeline.store.parquet",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
