// Insights that drew on any of these memories become stale. The first reason and time
// stick; every source that made an insight stale is remembered in stale_source_ids.
UNWIND $ids AS mid
MATCH (i:Insight)-[:INSIGHT_FROM]->(m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND i.tenant_id = $tenant_id
WITH i, collect(DISTINCT mid) AS sources, coalesce(i.stale, false) AS was_stale,
     coalesce(i.stale_source_ids, []) AS known
SET i.stale = true,
    i.stale_reason = CASE WHEN was_stale THEN i.stale_reason ELSE $reason END,
    i.stale_since = CASE WHEN was_stale THEN i.stale_since ELSE $now END,
    i.stale_source_ids = known + [s IN sources WHERE NOT s IN known]
SET i.hidden = @hidden(i)
RETURN count(i) AS marked
