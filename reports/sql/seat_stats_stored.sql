-- The per-seat facts of the hands listed in the temporary table seat_stats_flagged (site,
-- hand_id), decoded from the flags the cores stored with each hand (the seat_flags table,
-- reports/facts.py): the same rows, column for column, that seat_stats_pending.sql computes
-- from the actions (the reference), at the cost of two joins instead of a windowed pass.
-- No parameters. The seat_stats view reads the same facts with seat_stats_keyed.sql.
-- Speed: each hand gets a number `k` (as in seat_flags.sql), so the joins after the first
-- hash integers, not (site, hand_id) strings.
WITH hk AS MATERIALIZED (
    SELECT site, hand_id, CAST(row_number() OVER () AS INTEGER) AS k FROM seat_stats_flagged
),
h AS MATERIALIZED (
    SELECT hk.k, x.* FROM (
@include seat_hand_rows
    ) x JOIN hk USING (site, hand_id)
),
fl AS (
    SELECT hk.k, f.seat, f.flags, f.post_aggr, f.post_calls, f.post_folds
    FROM seat_flags f JOIN hk USING (site, hand_id)
),
-- every dealt seat of those hands, with its flags (a flagged hand has a row per dealt seat)
s AS (
    SELECT hk.k, st.seat, st.player, st.position, st.is_hero,
           coalesce(st.anonymous, false) AS anonymous, st.went_to_showdown,
           st.invested, st.collected, st.net, fl.flags, fl.post_aggr, fl.post_calls,
           fl.post_folds
    FROM seats st
    JOIN hk USING (site, hand_id)
    JOIN fl ON fl.k = hk.k AND fl.seat = st.seat
    WHERE NOT coalesce(st.sitting_out, false)
),
-- how much the winners of each hand collected (to share its rake)
paid AS (
    SELECT k, sum(greatest(collected, 0)) AS total_collected
    FROM s
    GROUP BY k
)
@include seat_stats_decode
