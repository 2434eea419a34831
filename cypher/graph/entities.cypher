// Entities of a tenant with how many episodes each holds, in id order after $after.
// Only entities that hold a memory (episode or insight): forget removes an emptied
// entity, and this keeps one that slipped through (e.g. a store older than schema 009)
// out of the list.
MATCH (e:Entity)
WHERE e.tenant_id = $tenant_id AND ($after IS NULL OR e.entity_id > $after)
  AND EXISTS {
    MATCH (m:Memory)
    WHERE m.tenant_id = e.tenant_id AND m.entity_id = e.entity_id
      AND m.occurred_at IS NOT NULL AND m.kind IN ['episode', 'insight']
  }
RETURN e.entity_id AS entity_id, e.memory_count AS memory_count, e.updated_at AS updated_at
ORDER BY e.entity_id
LIMIT $limit
