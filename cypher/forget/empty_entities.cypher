// After a delete: each entity of $entity_ids that holds no memory any more loses its
// Entity node, its reflect cursor, its finished reflect sessions (committed or expired;
// one still open keeps running) and a lease left expired by a dead worker. Tombstones
// stay: they are the proof of forgetting. Returns the entity ids removed.
UNWIND $entity_ids AS eid
MATCH (e:Entity {tenant_id: $tenant_id, entity_id: eid})
// The entity's write lock first (a no-op SET takes it): a remember racing for this
// entity has then either committed, and its memory is seen below, or it waits, hits a
// deadlock or a deleted node, and its whole transaction is retried, recreating the node.
SET e.memory_count = e.memory_count
WITH e, eid
WHERE NOT EXISTS {
  MATCH (m:Memory)
  WHERE m.tenant_id = $tenant_id AND m.entity_id = eid AND m.occurred_at IS NOT NULL
    AND m.kind IN ['episode', 'insight']
}
CALL (eid) {
  OPTIONAL MATCH (c:ReflectCursor {tenant_id: $tenant_id, scope: 'entity:' + eid})
  DELETE c
}
CALL (eid) {
  OPTIONAL MATCH (s:ReflectSession)
  WHERE s.tenant_id = $tenant_id AND s.entity_id = eid
    AND (s.committed_at IS NOT NULL OR s.expires_at <= $now)
  DELETE s
}
CALL (eid) {
  OPTIONAL MATCH (l:Lease {name: 'reflect:' + $tenant_id + ':entity:' + eid})
  WHERE l.tenant_id = $tenant_id AND (l.holder IS NULL OR l.expires_at <= $now)
  DELETE l
}
DETACH DELETE e
RETURN eid AS entity_id
