// One entity's episodes stored after its reflect cursor (by created_at, then id), oldest
// first, with their embeddings. Superseded episodes are left out: a newer one says it better.
OPTIONAL MATCH (c:ReflectCursor {tenant_id: $tenant_id, scope: $scope})
WITH c
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.kind = 'episode'
  AND m.superseded_by IS NULL AND m.embedding IS NOT NULL
  AND (c IS NULL OR c.created_at IS NULL OR m.created_at > c.created_at
       OR (m.created_at = c.created_at AND m.id > c.memory_id))
  AND ($since IS NULL OR m.occurred_at >= $since)
WITH m ORDER BY m.created_at, m.id LIMIT $limit
RETURN m {.*, embedding: null} AS memory, m.embedding AS embedding
