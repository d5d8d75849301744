"""Files into the store: files -> parse -> pack -> pool -> writer -> run.

Arrows point one way. :mod:`.files` lists the inputs (:mod:`.archive` opens zips),
:mod:`.parse` turns one file's bytes into replayed hands and rejects (pure),
:mod:`.pack` flattens that for the trip back from a worker, :mod:`.pool` runs
:func:`pipeline.core.parse_file` in worker processes in file order, :mod:`.writer` batches
and commits with the files' progress rows (:mod:`.reread` takes back what an earlier reading
stored when bytes are read again; :mod:`.zones` gives zoneless hands their time zone),
:mod:`.run` drives a whole import;
:mod:`.watch` repeats it on live folders, :mod:`.dask` is the cluster path to Parquet.
"""

from __future__ import annotations

from pipeline._lazy import lazy_exports

_EXPORTS = {
    "import_paths": "pipeline.ingest.run",
    "ImportSummary": "pipeline.ingest.summary",
    "Progress": "pipeline.ingest.writer",
    "ProgressCallback": "pipeline.ingest.writer",
    "FileParse": "pipeline.ingest.parse",
    "Outcome": "pipeline.ingest.parse",
    "parse_bytes": "pipeline.ingest.parse",
    "PackedFile": "pipeline.ingest.pack",
    "pack": "pipeline.ingest.pack",
    "Pool": "pipeline.ingest.pool",
    "default_jobs": "pipeline.ingest.pool",
    "iter_files": "pipeline.ingest.files",
    "watch": "pipeline.ingest.watch",
    "ArchiveLimits": "pipeline.ingest.archive",
    "ZoneSettings": "pipeline.ingest.zones",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
