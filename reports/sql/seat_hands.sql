-- The hands the statistics count, with the per-hand facts the flags need and the columns every
-- filter reads. Included by seat_facts.sql (live, filtered) and seat_stats_pending.sql (the
-- hands not yet in the seat_stats table, unfiltered).
-- Parameters (NULL = no filter): $site, $game, $limit_type, $small_blind, $big_blind,
-- $date_from (inclusive), $date_to (exclusive), $tournament (boolean).
-- stakes_small/stakes_big are the stakes as the game is named: the blinds, but the small and
-- big bet of a fixed-limit game ("$8/$16" is a game of $4/$8 blinds); --stakes reads them.
SELECT site, hand_id, currency, decimals, game, limit_type, small_blind, big_blind,
       CASE WHEN limit_type = 'FL' AND coalesce(small_bet, 0) > 0 THEN small_bet ELSE small_blind END AS stakes_small,
       CASE WHEN limit_type = 'FL' AND coalesce(big_bet, 0) > 0 THEN big_bet ELSE big_blind END AS stakes_big,
       is_tournament, tournament_id, started_at,
       coalesce(rake, 0) AS rake,
       coalesce(len(string_split(nullif(trim(board), ''), ' ')), 0) >= 3 AS has_flop
FROM hands
WHERE (CAST($site AS VARCHAR) IS NULL OR site = CAST($site AS VARCHAR))
  AND (CAST($game AS VARCHAR) IS NULL OR game = CAST($game AS VARCHAR))
  AND (CAST($limit_type AS VARCHAR) IS NULL OR limit_type = CAST($limit_type AS VARCHAR))
  AND (CAST($small_blind AS DECIMAL(18, 2)) IS NULL
       OR CASE WHEN limit_type = 'FL' AND coalesce(small_bet, 0) > 0 THEN small_bet ELSE small_blind END = CAST($small_blind AS DECIMAL(18, 2)))
  AND (CAST($big_blind AS DECIMAL(18, 2)) IS NULL
       OR CASE WHEN limit_type = 'FL' AND coalesce(big_bet, 0) > 0 THEN big_bet ELSE big_blind END = CAST($big_blind AS DECIMAL(18, 2)))
  AND (CAST($date_from AS TIMESTAMP) IS NULL OR started_at >= CAST($date_from AS TIMESTAMP))
  AND (CAST($date_to AS TIMESTAMP) IS NULL OR started_at < CAST($date_to AS TIMESTAMP))
  AND (CAST($tournament AS BOOLEAN) IS NULL OR is_tournament = CAST($tournament AS BOOLEAN))
