-- The select list of the per-hand facts the statistics read (a fragment: only ever used
-- through @include, after a SELECT and before a FROM that names the stored hands or the
-- hands view). seat_hand_rows.sql reads it from the hands view; seat_stats_keyed.sql from
-- stored.hands, beside the integer hand_key, so that it needs no join to find the key.
site, hand_id, currency, decimals, game, limit_type, small_blind, big_blind,
       CASE WHEN limit_type = 'FL' AND coalesce(small_bet, 0) > 0 THEN small_bet ELSE small_blind END AS stakes_small,
       CASE WHEN limit_type = 'FL' AND coalesce(big_bet, 0) > 0 THEN big_bet ELSE big_blind END AS stakes_big,
       is_tournament, tournament_id, started_at,
       coalesce(rake, 0) AS rake,
       coalesce(len(string_split(nullif(trim(board), ''), ' ')), 0) >= 3 AS has_flop
