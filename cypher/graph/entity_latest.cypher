// The ids of an entity's most recent memories (to seed a graph view).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.occurred_at IS NOT NULL
  AND m.kind IN ['episode', 'insight']
RETURN m.id AS id
ORDER BY m.tenant_id DESC, m.entity_id DESC, m.occurred_at DESC
LIMIT $limit
