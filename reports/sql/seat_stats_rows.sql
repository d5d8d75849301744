-- The rows player_stats.sql adds up, filtered: whole months from the rollup (seat_rollup_now,
-- when $use_rollup), and the seats of the months a date filter cuts in
-- two (or every filtered seat, without the rollup) rolled up on the fly from seat_facts_now.
-- Those temporary views are set up by reports/stats.py, as is seat_cut_now: one row when
-- seats are needed at all, none otherwise (a literal WHERE false, so the planner drops the
-- scan of every seat instead of filtering it away row by row). Parameters: those of
-- seat_facts.sql, and $use_rollup (boolean).
WITH bounds AS (
    SELECT CAST($date_from AS TIMESTAMP) AS date_from, CAST($date_to AS TIMESTAMP) AS date_to,
           -- whole months lie in [from_month, to_month)
           CASE WHEN date_trunc('month', CAST($date_from AS TIMESTAMP)) = CAST($date_from AS TIMESTAMP)
                THEN CAST($date_from AS TIMESTAMP)
                ELSE date_trunc('month', CAST($date_from AS TIMESTAMP)) + INTERVAL 1 MONTH
           END AS from_month,
           CAST(date_trunc('month', CAST($date_to AS TIMESTAMP)) AS TIMESTAMP) AS to_month,
           coalesce(CAST($use_rollup AS BOOLEAN), false) AS use_rollup
),
seat_rows AS (
    SELECT f.*, CAST(date_trunc('month', f.started_at) AS TIMESTAMP) AS month
    FROM (
@include seat_stats_filtered
    ) f, bounds b, seat_cut_now
    WHERE NOT b.use_rollup
       OR NOT ((b.date_from IS NULL OR f.started_at >= b.from_month)
               AND (b.date_to IS NULL OR f.started_at < b.to_month))
),
edges AS (
@include seat_rollup
)
SELECT r.* FROM seat_rollup_now r, bounds b
WHERE b.use_rollup
  AND (CAST($site AS VARCHAR) IS NULL OR r.site = CAST($site AS VARCHAR))
  AND (CAST($game AS VARCHAR) IS NULL OR r.game = CAST($game AS VARCHAR))
  AND (CAST($limit_type AS VARCHAR) IS NULL OR r.limit_type = CAST($limit_type AS VARCHAR))
  AND (CAST($small_blind AS DECIMAL(18, 2)) IS NULL
       OR r.stakes_small = CAST($small_blind AS DECIMAL(18, 2)))
  AND (CAST($big_blind AS DECIMAL(18, 2)) IS NULL
       OR r.stakes_big = CAST($big_blind AS DECIMAL(18, 2)))
  AND (CAST($tournament AS BOOLEAN) IS NULL OR r.is_tournament = CAST($tournament AS BOOLEAN))
  AND (CAST($player AS VARCHAR) IS NULL OR lower(r.player) = lower(CAST($player AS VARCHAR)))
  AND (NOT coalesce(CAST($hero AS BOOLEAN), false) OR r.is_hero)
  AND (CAST($positions AS VARCHAR[]) IS NULL
       OR list_contains(CAST($positions AS VARCHAR[]), r.position))
  AND (CAST($include_anonymous AS BOOLEAN) IS NOT false OR NOT r.anonymous)
  AND (b.date_from IS NULL OR r.month >= b.from_month)
  AND (b.date_to IS NULL OR r.month < b.to_month)
UNION ALL BY NAME
SELECT * FROM edges
