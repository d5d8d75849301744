-- One row per seat of the hands matching every given filter (NULL = no filter), for
-- `sidepot hands`. Text filters compare lower-cased, so they are case-insensitive.
-- Parameters: $player, $site, $small_blind, $big_blind, $date_from (inclusive), $date_to
-- (exclusive), $positions (lower-cased VARCHAR[]), $min_pot, $all_in, $showdown (booleans),
-- $code, $min_net, $max_net, $limit (row count), $include_anonymous (false: leave out the seats
-- of sites that hide names, seats.anonymous).
SELECT h.site || ':' || h.hand_id AS hand, h.started_at, h.game, h.limit_type,
       h.small_blind, h.big_blind, h.currency, s.player, s.position, s.hole_cards,
       h.total_pot, s.net, s.went_to_showdown AS showdown,
       coalesce(ai.all_in, false) AS all_in, h.n_findings
FROM hands h JOIN seats s USING (site, hand_id)
LEFT JOIN (SELECT site, hand_id, seat, bool_or(all_in) AS all_in FROM actions
           GROUP BY site, hand_id, seat) ai
       ON ai.site = s.site AND ai.hand_id = s.hand_id AND ai.seat = s.seat
WHERE (CAST($player AS VARCHAR) IS NULL OR lower(s.player) = lower(CAST($player AS VARCHAR)))
  AND (CAST($site AS VARCHAR) IS NULL OR lower(h.site) = lower(CAST($site AS VARCHAR)))
  AND (CAST($small_blind AS DECIMAL(18, 2)) IS NULL
       OR CASE WHEN h.limit_type = 'FL' AND coalesce(h.small_bet, 0) > 0 THEN h.small_bet ELSE h.small_blind END = CAST($small_blind AS DECIMAL(18, 2)))
  AND (CAST($big_blind AS DECIMAL(18, 2)) IS NULL
       OR CASE WHEN h.limit_type = 'FL' AND coalesce(h.big_bet, 0) > 0 THEN h.big_bet ELSE h.big_blind END = CAST($big_blind AS DECIMAL(18, 2)))
  AND (CAST($date_from AS TIMESTAMP) IS NULL OR h.started_at >= CAST($date_from AS TIMESTAMP))
  AND (CAST($date_to AS TIMESTAMP) IS NULL OR h.started_at < CAST($date_to AS TIMESTAMP))
  AND (CAST($positions AS VARCHAR[]) IS NULL
       OR list_contains(CAST($positions AS VARCHAR[]), lower(s.position)))
  AND (CAST($min_pot AS DECIMAL(18, 2)) IS NULL
       OR h.total_pot >= CAST($min_pot AS DECIMAL(18, 2)))
  AND (CAST($all_in AS BOOLEAN) IS NULL
       OR coalesce(ai.all_in, false) = CAST($all_in AS BOOLEAN))
  AND (CAST($showdown AS BOOLEAN) IS NULL
       OR coalesce(s.went_to_showdown, false) = CAST($showdown AS BOOLEAN))
  AND (CAST($code AS VARCHAR) IS NULL OR EXISTS (
       SELECT 1 FROM findings f WHERE f.site = h.site AND f.hand_id = h.hand_id
         AND lower(f.code) = lower(CAST($code AS VARCHAR))))
  AND (CAST($min_net AS DECIMAL(18, 2)) IS NULL OR s.net >= CAST($min_net AS DECIMAL(18, 2)))
  AND (CAST($max_net AS DECIMAL(18, 2)) IS NULL OR s.net <= CAST($max_net AS DECIMAL(18, 2)))
  AND (CAST($include_anonymous AS BOOLEAN) OR NOT coalesce(s.anonymous, false))
ORDER BY h.started_at NULLS LAST, h.site, h.hand_id, s.seat
LIMIT CAST($limit AS BIGINT)
