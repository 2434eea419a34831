// How many pending contradictions a tenant (or one entity) has.
MATCH (p:PendingContradiction)
WHERE p.tenant_id = $tenant_id
MATCH (a:Memory {id: p.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: p.memory_id_b}) WHERE b.tenant_id = $tenant_id
WITH p, a, b
WHERE $entity_id IS NULL OR a.entity_id = $entity_id OR b.entity_id = $entity_id
RETURN count(p) AS total
