// Insights that went stale, and why: the reason, when, and the sources behind it
// (revised sources are still linked; forgotten ones are known by their tombstones).
:param tenant_id => 'default';
MATCH (i:Insight)
WHERE i.tenant_id = $tenant_id AND i.stale = true
OPTIONAL MATCH (i)-[:INSIGHT_FROM]->(s:Memory)
WHERE s.updated_at > i.created_at
WITH i, collect(s.id) AS revised_sources
OPTIONAL MATCH (t:Tombstone)
WHERE t.tenant_id = $tenant_id AND t.memory_id IN coalesce(i.stale_source_ids, [])
RETURN i.id AS insight_id, i.content AS insight, i.stale_reason AS reason, i.stale_since AS since,
       revised_sources, collect(t.memory_id) AS forgotten_sources
ORDER BY since DESC;
