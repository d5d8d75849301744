-- The per-seat facts of the hands whose flags the cores stored (reports/facts.py), decoded
-- from the rows of a relation `flag_rows` that the caller defines (a CTE with the columns of
-- stored.seat_flags, or some of its rows): the seat_stats view that reports/stats_tables.py
-- keeps in a DuckDB store binds it to all of stored.seat_flags. The same rows as
-- seat_stats_stored.sql. It reads the lean stored tables (pipeline/store/layout.py:
-- stored.hands, stored.seats, and stored.labels for the coded position) so that every seat
-- is joined to its flags on the integer hand_key, not on (site, hand_id) strings. No
-- parameters.
WITH h AS (
    SELECT hand_key AS k,
@include seat_hand_columns
    FROM stored.hands
),
-- every dealt seat of those hands, with its flags (a flagged hand has a row per dealt seat)
s AS (
    SELECT st.hand_key AS k, st.seat, st.player, pos.label AS position, st.is_hero,
           coalesce(st.anonymous, false) AS anonymous, st.went_to_showdown,
           st.invested, st.collected, st.net, f.flags, f.post_aggr, f.post_calls,
           f.post_folds
    FROM flag_rows f
    JOIN stored.seats st ON st.hand_key = f.hand_key AND st.seat = f.seat
    LEFT JOIN stored.labels pos ON pos.name = 'seats.position' AND pos.code = st.position
    WHERE NOT coalesce(st.sitting_out, false)
),
-- how much the winners of each hand collected (to share its rake): the same sum over its
-- dealt seats as s has, read apart from s and from flag_rows, so that a reader's filter (a
-- player, a date) reaches the seats and hands it reads and nothing else is scanned
paid AS (
    SELECT hand_key AS k, sum(greatest(collected, 0)) AS total_collected
    FROM stored.seats
    WHERE NOT coalesce(sitting_out, false)
    GROUP BY hand_key
)
@include seat_stats_decode
