// What in the scope a restore would stand beside: its memories and, for a whole tenant,
// its pending pairs. Tombstones are not in the way: they prove a forget, and a restore
// removes those of the memories it brings back (tombstones_cleared.cypher).
CALL () {
  MATCH (m:Memory) WHERE m.tenant_id = $tenant_id
    AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  RETURN count(m) AS memories
}
CALL () {
  OPTIONAL MATCH (p:PendingContradiction) WHERE $entity_id IS NULL AND p.tenant_id = $tenant_id
  RETURN count(p) AS pending
}
RETURN memories, pending
