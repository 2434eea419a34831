// A page of a scope's pending contradictions by pending_id (an entity's: both memories
// of that entity).
MATCH (p:PendingContradiction)
WHERE p.tenant_id = $tenant_id AND p.pending_id > $after
  AND ($entity_id IS NULL OR (
    EXISTS { MATCH (a:Memory {id: p.memory_id_a})
             WHERE a.tenant_id = $tenant_id AND a.entity_id = $entity_id }
    AND EXISTS { MATCH (b:Memory {id: p.memory_id_b})
                 WHERE b.tenant_id = $tenant_id AND b.entity_id = $entity_id }))
WITH p ORDER BY p.pending_id LIMIT $limit
RETURN p {.*, tenant_id: null, created_at: toString(p.created_at)} AS pending
