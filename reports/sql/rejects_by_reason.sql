-- Rejected hands grouped by reason, with an example location (file:line) per reason.
SELECT reason,
       count(*) AS rejects,
       count(DISTINCT source_file) AS files,
       min(source_file || ':' || line) AS example,
       any_value(detail) AS example_detail
FROM rejects
GROUP BY reason
ORDER BY rejects DESC, reason
