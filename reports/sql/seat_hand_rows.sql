-- The hands the statistics count, unfiltered, with the per-hand facts the flags need and the
-- columns every filter reads. Included by seat_hands.sql (which filters them) and by
-- seat_stats_stored.sql (the decoding of the flags the cores stored, also read by the
-- seat_stats view, which can take no parameters).
-- stakes_small/stakes_big are the stakes as the game is named: the blinds, but the small and
-- big bet of a fixed-limit game ("$8/$16" is a game of $4/$8 blinds); --stakes reads them.
SELECT
@include seat_hand_columns
FROM hands
