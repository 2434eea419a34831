// Insights that drew on any of these memories become stale, with the reason.
UNWIND $ids AS mid
MATCH (i:Insight)-[:INSIGHT_FROM]->(m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND i.tenant_id = $tenant_id AND coalesce(i.stale, false) = false
SET i.stale = true, i.stale_reason = $reason, i.stale_since = $now
RETURN count(DISTINCT i) AS marked
