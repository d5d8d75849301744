-- The hands a report page covers: every hand with at least one seat the filters keep (so
-- --player keeps the hands that player sat in). Parameters: those of seat_facts.sql.
SELECT DISTINCT site, hand_id FROM (
@include seat_stats_filtered
) kept
