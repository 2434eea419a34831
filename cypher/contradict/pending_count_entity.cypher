// As pending_count, for the pairs touching one entity, found from its own memories
// (see pending_list_entity).
MATCH (m:Memory)
USING INDEX m:Memory(tenant_id, entity_id, occurred_at)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.occurred_at IS NOT NULL
CALL (m) {
  MATCH (p:PendingContradiction {memory_id_a: m.id}) RETURN p
  UNION
  MATCH (p:PendingContradiction {memory_id_b: m.id}) RETURN p
}
WITH DISTINCT p
WHERE p.tenant_id = $tenant_id
MATCH (a:Memory {id: p.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: p.memory_id_b}) WHERE b.tenant_id = $tenant_id
RETURN count(p) AS total
