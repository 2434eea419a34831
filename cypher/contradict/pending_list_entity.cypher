// As pending_list, for the pairs touching one entity: found from the entity's own
// memories (index seeks on memory_id_a / memory_id_b), so its cost follows the entity,
// not the tenant's whole review queue (pending_list filtered the tenant's every pair).
// The hint keeps the planner on the entity's timeline index (it chose the tenant's).
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
  AND ($after_id IS NULL
       OR p.classifier_score < $after_score
       OR (p.classifier_score = $after_score
           AND (p.created_at > $after_at
                OR (p.created_at = $after_at AND p.pending_id > $after_id))))
MATCH (a:Memory {id: p.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: p.memory_id_b}) WHERE b.tenant_id = $tenant_id
RETURN p {.*, pair_key: null, content_a_sha256: null, content_b_sha256: null} AS pending,
       a {.entity_id, .kind, .occurred_at, .importance} AS memory_a,
       b {.entity_id, .kind, .occurred_at, .importance} AS memory_b
ORDER BY p.classifier_score DESC, p.created_at ASC, p.pending_id ASC
LIMIT $limit
