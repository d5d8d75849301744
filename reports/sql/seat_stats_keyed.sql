-- The per-seat facts of the hands whose flags the cores stored (reports/facts.py), decoded
-- from three relations the caller defines (CTEs): `flag_rows` (rows of stored.seat_flags),
-- `hands_keyed` (of stored.hands) and `seats_keyed` (of stored.seats). The seat_stats view
-- that reports/stats_tables.py keeps in a DuckDB store binds each to its whole table; the
-- refresh binds them to a chunk's keys, so that its cost follows the chunk, not the store
-- (the sums of `paid` are made before any join, so only the caller can narrow them). The
-- same rows as seat_stats_stored.sql. It reads the lean stored tables
-- (pipeline/store/layout.py, and stored.labels for the coded position) so that every seat is
-- joined to its flags on the integer hand_key, not on (site, hand_id) strings. No
-- parameters.
WITH h AS (
    SELECT hand_key AS k,
@include seat_hand_columns
    FROM hands_keyed
),
-- every dealt seat of those hands, with its flags (a flagged hand has a row per dealt seat)
s AS (
    SELECT st.hand_key AS k, st.seat, st.player, pos.label AS position, st.is_hero,
           coalesce(st.anonymous, false) AS anonymous, st.went_to_showdown,
           st.invested, st.collected, st.net, f.flags, f.post_aggr, f.post_calls,
           f.post_folds
    FROM flag_rows f
    JOIN seats_keyed st ON st.hand_key = f.hand_key AND st.seat = f.seat
    LEFT JOIN stored.labels pos ON pos.name = 'seats.position' AND pos.code = st.position
    WHERE NOT coalesce(st.sitting_out, false)
),
-- how much the winners of each hand collected (to share its rake): the same sum over its
-- dealt seats as s has, read apart from s and from flag_rows, so that a reader's filter (a
-- player, a date) reaches the seats and hands it reads and nothing else is scanned
paid AS (
    SELECT hand_key AS k, sum(greatest(collected, 0)) AS total_collected
    FROM seats_keyed
    WHERE NOT coalesce(sitting_out, false)
    GROUP BY hand_key
)
@include seat_stats_decode
