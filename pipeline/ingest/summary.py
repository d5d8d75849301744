"""What one import run did, as a value: the CLI renders it or prints it as JSON."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class ImportSummary:
    """The outcome of one import run; ``to_json()`` is the CLI's ``--json`` output.

    ``findings_by_code`` counts the findings of every hand replayed in this run (imported or
    duplicate): it describes the input that was read, not what is new in the store.
    ``unchanged_files`` were already fully imported and not read again; ``resumed_files``
    were read from where an earlier import stopped. ``incomplete_tail`` counts the files
    whose last hand is not finished (a client still writing it, or a file cut short) while
    the file may still grow (``--watch``, or changed within the settle window): it is
    neither stored nor rejected, the next import reads it again, and ``pending`` says which
    hand. An older file's cut last hand is rejected instead. ``replaced`` counts
    stored hands (and rejects of a hand cut short) that were stored again from a longer
    reading of their file (a hand cut short, then found whole); the hands read again are
    counted in ``hands_imported`` too.
    """

    files: int
    hands_seen: int
    hands_imported: int
    duplicates: int
    rejected: int
    rejected_by_reason: dict[str, int]
    findings_by_code: dict[str, int]
    seconds: float
    skipped_files: int = 0
    skipped_by_reason: dict[str, int] = field(default_factory=dict)
    db: str = ""
    unchanged_files: int = 0
    resumed_files: int = 0
    incomplete_tail: int = 0
    replaced: int = 0
    #: Which core read the hands: "native", "python", or "mixed" when files went to both
    #: (pipeline.core hands a file the native core does not claim to the Python core).
    core: str = "python"
    #: The files whose hands no format recognises: their hands are rejects ``unknown_format``
    #: (raw text kept, ``sidepot rejects`` lists them), named here so none goes unnoticed.
    unknown_format_files: list[str] = field(default_factory=list)

    #: The files counted in ``incomplete_tail``, and the skipped files by reason.
    incomplete_files: list[str] = field(default_factory=list)
    #: Each file counted in ``incomplete_tail``: its last hand held back as still being
    #: written (``file``, ``offset`` where it starts, ``bytes`` left, and the ``line`` and
    #: ``reason`` of the reject it becomes once the file is older than the settle window;
    #: both None when a file followed live left it unread).
    pending: list[dict] = field(default_factory=list)
    skipped_paths: dict[str, list[str]] = field(default_factory=dict)
    #: Hands read with a printed time but no zone (none printed, no default, no setting), by
    #: site: stored with ``started_at`` NULL until ``--tz SITE=ZONE`` or the config names one.
    no_time_zone_by_site: dict[str, int] = field(default_factory=dict)
    #: The findings of the hands written in this run (imported or duplicate, as
    #: ``findings_by_code``) by severity, most serious first.
    findings_by_severity: dict[str, int] = field(default_factory=dict)
    #: The files a ``--watch`` pass read (they had changed); empty for a plain import.
    changed_files: list[str] = field(default_factory=list)
    #: Hands stored before whose UTC time this run set anew: no zone printed, and the run's
    #: ``--tz``/config setting (or a site default a store from before zones lacked) gives one.
    rezoned: int = 0
    #: Of ``seconds``: folding the new hands into the stat facts, and counting the all-in
    #: boards of the new hands (0 where not asked for), both after the hands are stored.
    stats_seconds: float = 0.0
    allin_seconds: float = 0.0
    #: Processes that parsed and replayed (``--jobs``): 1 is the importing process itself.
    jobs: int = 1

    def to_dict(self) -> dict:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=False)
