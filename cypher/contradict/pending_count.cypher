// How many pending contradictions a tenant has (pending_count_entity: one entity).
MATCH (p:PendingContradiction)
WHERE p.tenant_id = $tenant_id
MATCH (a:Memory {id: p.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: p.memory_id_b}) WHERE b.tenant_id = $tenant_id
RETURN count(p) AS total
