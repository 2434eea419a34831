// Every episode of the tenant stored after the tenant-wide reflect cursor, oldest first,
// with their embeddings. Superseded episodes are left out.
OPTIONAL MATCH (c:ReflectCursor {tenant_id: $tenant_id, scope: $scope})
WITH c
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.kind = 'episode'
  AND m.superseded_by IS NULL AND m.embedding IS NOT NULL
  AND (c IS NULL OR c.created_at IS NULL OR m.created_at > c.created_at
       OR (m.created_at = c.created_at AND m.id > c.memory_id))
  AND ($since IS NULL OR m.occurred_at >= $since)
WITH m ORDER BY m.created_at, m.id LIMIT $limit
RETURN m {.*, embedding: null} AS memory, m.embedding AS embedding
