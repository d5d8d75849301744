-- The hands the statistics count (seat_hand_rows.sql), filtered. Included by seat_facts.sql
-- (live, filtered) and seat_stats_pending.sql (the hands not yet in the seat_stats tables,
-- unfiltered).
-- Parameters (NULL = no filter): $site, $game, $limit_type, $small_blind, $big_blind,
-- $date_from (inclusive), $date_to (exclusive), $tournament (boolean).
SELECT * FROM (
@include seat_hand_rows
)
WHERE (CAST($site AS VARCHAR) IS NULL OR site = CAST($site AS VARCHAR))
  AND (CAST($game AS VARCHAR) IS NULL OR game = CAST($game AS VARCHAR))
  AND (CAST($limit_type AS VARCHAR) IS NULL OR limit_type = CAST($limit_type AS VARCHAR))
  AND (CAST($small_blind AS DECIMAL(18, 2)) IS NULL
       OR stakes_small = CAST($small_blind AS DECIMAL(18, 2)))
  AND (CAST($big_blind AS DECIMAL(18, 2)) IS NULL
       OR stakes_big = CAST($big_blind AS DECIMAL(18, 2)))
  AND (CAST($date_from AS TIMESTAMP) IS NULL OR started_at >= CAST($date_from AS TIMESTAMP))
  AND (CAST($date_to AS TIMESTAMP) IS NULL OR started_at < CAST($date_to AS TIMESTAMP))
  AND (CAST($tournament AS BOOLEAN) IS NULL OR is_tournament = CAST($tournament AS BOOLEAN))
