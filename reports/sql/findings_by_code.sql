-- Findings grouped by code, site and severity: how many, in how many hands, example hands.
-- Parameters: $severity, $code, $site (NULL = all), $examples (max examples per group).
WITH f AS (
    SELECT * FROM findings
    WHERE (CAST($severity AS VARCHAR) IS NULL OR severity = CAST($severity AS VARCHAR))
      AND (CAST($code AS VARCHAR) IS NULL OR code = CAST($code AS VARCHAR))
      AND (CAST($site AS VARCHAR) IS NULL OR site = CAST($site AS VARCHAR))
)
SELECT code,
       site,
       severity,
       count(*) AS findings,
       count(DISTINCT (site, hand_id)) AS hands,
       list(DISTINCT site || ':' || hand_id ORDER BY site || ':' || hand_id)[1:$examples] AS examples,
       min(message) AS example_message
FROM f
GROUP BY code, site, severity
ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END,
         findings DESC, code, site
