-- One row per dealt seat per hand of the filtered hands, with every flag the player statistics
-- count, computed live from the actions (seat_flags.sql). The reports read the same rows from
-- the seat_stats table when it is fresh (reports/stats.py); this query is its definition, the
-- way a store without that table is read, and what fills it.
--
-- Parameters (NULL = no filter): $site, $game, $limit_type, $small_blind, $big_blind,
-- $date_from (inclusive), $date_to (exclusive), $tournament (boolean), $player, $hero
-- (boolean: only the hero's seats), $positions (VARCHAR[]).
WITH h AS (
@include seat_hands
),
@include seat_flags
