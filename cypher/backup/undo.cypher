// Take back a restore that failed half-way: the memories (with their relationships),
// pending pairs and tombstones it wrote, found by the keys it wrote them with.
CALL () {
  UNWIND $memory_ids AS mid
  MATCH (m:Memory {id: mid}) WHERE m.tenant_id = $tenant_id
  DETACH DELETE m
}
CALL () {
  UNWIND $pending_ids AS pid
  MATCH (p:PendingContradiction {pending_id: pid}) WHERE p.tenant_id = $tenant_id
  DETACH DELETE p
}
CALL () {
  UNWIND $tombstones AS key
  MATCH (t:Tombstone)
  WHERE t.tenant_id = $tenant_id AND t.memory_id = key.memory_id
    AND t.forgotten_at = key.forgotten_at
  DELETE t
}
RETURN true AS undone
