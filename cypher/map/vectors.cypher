// The stored vectors of an entity's memories (all of them: a full projection), in one
// row of two parallel lists.
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.occurred_at IS NOT NULL
  AND m.kind IN ['episode', 'insight'] AND m.embedding IS NOT NULL
RETURN collect(m.id) AS ids, collect(m.embedding) AS vectors
