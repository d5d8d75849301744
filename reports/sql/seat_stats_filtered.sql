-- The per-seat facts of every stored hand (the temporary view seat_facts_now that
-- reports/stats.py points at the seat_stats table, plus hands not yet in it), filtered: the
-- same rows seat_facts.sql computes live with the same parameters.
-- Parameters (NULL = no filter): those of seat_facts.sql, and $include_anonymous (false:
-- leave out the seats of sites that hide names, pipeline.ingest.anonymous).
SELECT * FROM seat_facts_now
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
  AND (CAST($player AS VARCHAR) IS NULL OR lower(player) = lower(CAST($player AS VARCHAR)))
  AND (NOT coalesce(CAST($hero AS BOOLEAN), false) OR is_hero)
  AND (CAST($positions AS VARCHAR[]) IS NULL
       OR list_contains(CAST($positions AS VARCHAR[]), position))
  AND (CAST($include_anonymous AS BOOLEAN) IS NOT false OR NOT anonymous)
