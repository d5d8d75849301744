-- The per-seat facts (seat_flags.sql) of the hands listed in the temporary table
-- seat_stats_chunk (site, hand_id) but not in seat_stats_flagged (those whose facts the cores
-- stored, decoded by seat_stats_stored.sql instead): what reports/stats_tables.py adds to
-- the seat_stats_computed table, or computes on the fly on a read-only connection.
-- Parameters: those of seat_facts.sql, all NULL.
WITH h AS (
    SELECT x.* FROM (
@include seat_hands
    ) x SEMI JOIN seat_stats_chunk USING (site, hand_id)
    ANTI JOIN seat_stats_flagged USING (site, hand_id)
),
@include seat_flags
