// As pending_count, for the pairs touching one entity (fragments/entity_pending).
@entity_pending(p)
MATCH (a:Memory {id: p.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: p.memory_id_b}) WHERE b.tenant_id = $tenant_id
RETURN count(p) AS total
