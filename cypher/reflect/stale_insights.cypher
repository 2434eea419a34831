// Stale insights of an entity (or of the whole tenant), oldest stale first, each with
// the sources it still has.
MATCH (i:Insight)
WHERE i.tenant_id = $tenant_id AND i.kind = 'insight' AND i.stale = true
  AND ($entity_id IS NULL OR i.entity_id = $entity_id)
WITH i ORDER BY i.stale_since, i.id LIMIT $limit
OPTIONAL MATCH (i)-[:INSIGHT_FROM]->(s:Memory)
WHERE s.tenant_id = $tenant_id
WITH i, s ORDER BY s.occurred_at, s.id
RETURN i {.*, embedding: null} AS insight, collect(s {.*, embedding: null}) AS sources
