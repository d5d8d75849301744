-- The hands the statistics count, unfiltered, with the per-hand facts the flags need and the
-- columns every filter reads. Included by seat_hands.sql (which filters them) and by
-- seat_stats_stored.sql (the decoding of the flags the cores stored, also read by the
-- seat_stats view, which can take no parameters).
-- stakes_small/stakes_big are the stakes as the game is named: the blinds, but the small and
-- big bet of a fixed-limit game ("$8/$16" is a game of $4/$8 blinds); --stakes reads them.
SELECT site, hand_id, currency, decimals, game, limit_type, small_blind, big_blind,
       CASE WHEN limit_type = 'FL' AND coalesce(small_bet, 0) > 0 THEN small_bet ELSE small_blind END AS stakes_small,
       CASE WHEN limit_type = 'FL' AND coalesce(big_bet, 0) > 0 THEN big_bet ELSE big_blind END AS stakes_big,
       is_tournament, tournament_id, started_at,
       coalesce(rake, 0) AS rake,
       coalesce(len(string_split(nullif(trim(board), ''), ' ')), 0) >= 3 AS has_flop
FROM hands
