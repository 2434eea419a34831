// The pending pairs touching one entity ($tenant_id, $entity_id), each once, as var:
// clauses, written @entity_pending(var) at the start of a query. Found from the
// entity's own memories (index seeks on memory_id_a / memory_id_b), so the cost
// follows the entity, not the tenant's whole review queue. The hint keeps the planner
// on the entity's timeline index (it chose the tenant's and filtered every memory).
MATCH (m:Memory)
USING INDEX m:Memory(tenant_id, entity_id, occurred_at)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.occurred_at IS NOT NULL
CALL (m) {
  MATCH (__node__:PendingContradiction {memory_id_a: m.id})
  WHERE __node__.tenant_id = $tenant_id
  RETURN __node__
  UNION
  MATCH (__node__:PendingContradiction {memory_id_b: m.id})
  WHERE __node__.tenant_id = $tenant_id
  RETURN __node__
}
WITH DISTINCT __node__
