// Every episode of the tenant stored after the tenant-wide reflect cursor, oldest first,
// with their embeddings. Superseded episodes are left out. The (tenant_id, created_at)
// index walks the tenant's memories in storage order.
OPTIONAL MATCH (c:ReflectCursor {tenant_id: $tenant_id, scope: $scope})
WITH c
MATCH (m:Memory)
USING INDEX m:Memory(tenant_id, created_at)
WHERE m.tenant_id = $tenant_id AND m.created_at IS NOT NULL
  AND m.kind = 'episode' AND m.superseded_by IS NULL
  AND (c IS NULL OR c.created_at IS NULL OR m.created_at > c.created_at
       OR (m.created_at = c.created_at AND m.id > c.memory_id))
  AND ($since IS NULL OR m.occurred_at >= $since)
WITH m ORDER BY m.created_at, m.id LIMIT $limit
WITH m WHERE m.embedding IS NOT NULL
// Only what reflection needs; timestamps as text, which Python parses far faster than
// the driver hydrates DateTime values (the cursor needs created_at exactly: ISO text
// keeps its microseconds).
RETURN m {.id, .entity_id, .content, .importance, .tags,
          occurred_at: toString(m.occurred_at), created_at: toString(m.created_at)} AS episode,
       m.embedding AS embedding
