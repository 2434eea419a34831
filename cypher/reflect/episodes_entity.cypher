// One entity's episodes stored after its reflect cursor (by created_at, then id), oldest
// first, with their embeddings. Superseded episodes are left out: a newer one says it
// better. The hint keeps the planner on the entity's timeline index rather than a scan
// of every episode by kind.
OPTIONAL MATCH (c:ReflectCursor {tenant_id: $tenant_id, scope: $scope})
WITH c
MATCH (m:Memory)
USING INDEX m:Memory(tenant_id, entity_id, occurred_at)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.occurred_at IS NOT NULL
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
