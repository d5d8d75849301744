-- Findings grouped by code: how many, in how many hands, and a few example hands.
-- Parameters: $severity (NULL = all), $code (NULL = all), $examples (max examples per code).
WITH f AS (
    SELECT * FROM findings
    WHERE (CAST($severity AS VARCHAR) IS NULL OR severity = CAST($severity AS VARCHAR))
      AND (CAST($code AS VARCHAR) IS NULL OR code = CAST($code AS VARCHAR))
)
SELECT code,
       any_value(severity) AS severity,
       count(*) AS findings,
       count(DISTINCT (site, hand_id)) AS hands,
       list(DISTINCT site || ':' || hand_id ORDER BY site || ':' || hand_id)[1:$examples] AS examples,
       any_value(message) AS example_message
FROM f
GROUP BY code
ORDER BY CASE any_value(severity) WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END,
         findings DESC, code
