// Insights best first (importance, then newest), with their source ids.
MATCH (i:Insight)
WHERE i.tenant_id = $tenant_id AND i.kind = 'insight'
  AND ($entity_id IS NULL OR i.entity_id = $entity_id)
  AND ($min_confidence IS NULL OR i.confidence >= $min_confidence)
  AND ($stale IS NULL OR coalesce(i.stale, false) = $stale)
WITH i ORDER BY i.importance DESC, i.created_at DESC, i.id LIMIT $limit
CALL (i) {
  OPTIONAL MATCH (i)-[:INSIGHT_FROM]->(s:Memory)
  WHERE s.tenant_id = $tenant_id
  WITH s ORDER BY s.id
  RETURN collect(s.id) AS source_ids
}
RETURN i {.*, embedding: null} AS insight, source_ids
