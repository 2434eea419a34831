// An insight judged again (keep or rewrite): no longer stale, re-scored on the sources
// it has now.
UNWIND $rows AS row
MATCH (i:Insight {id: row.id})
WHERE i.tenant_id = $tenant_id
SET i.stale = false, i.stale_reason = null, i.stale_since = null,
    i.confidence = row.confidence, i.importance = row.importance,
    i.source_count = row.source_count, i.updated_at = $now, i.reviewed_at = $now
SET i.hidden = @hidden(i)
RETURN count(i) AS refreshed
