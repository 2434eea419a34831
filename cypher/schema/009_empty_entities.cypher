// Forget now removes an entity left without memories, with its reflect cursor and its
// finished reflect sessions (tombstones stay). This does it once for what stores written
// before it kept: Entity nodes with a count of 0 forever, their cursors and sessions.
// Sessions get a (tenant, entity) index, so that cleanup seeks an entity's sessions.
CREATE INDEX reflect_session_tenant_entity IF NOT EXISTS FOR (s:ReflectSession) ON (s.tenant_id, s.entity_id);
// Each entity is write-locked (the no-op SET) before it is checked, as in
// forget/empty_entities, so a remember racing for it is seen or retried.
MATCH (e:Entity)
WHERE NOT EXISTS {
  MATCH (m:Memory)
  WHERE m.tenant_id = e.tenant_id AND m.entity_id = e.entity_id
    AND m.occurred_at IS NOT NULL AND m.kind IN ['episode', 'insight']
}
CALL (e) {
  SET e.memory_count = e.memory_count
  WITH e
  WHERE NOT EXISTS {
    MATCH (m:Memory)
    WHERE m.tenant_id = e.tenant_id AND m.entity_id = e.entity_id
      AND m.occurred_at IS NOT NULL AND m.kind IN ['episode', 'insight']
  }
  DETACH DELETE e
} IN TRANSACTIONS OF 1000 ROWS;
// Cursors and finished sessions of entity scopes that hold no memory, whether or not
// their Entity node was still there.
MATCH (c:ReflectCursor)
WHERE c.entity_id IS NOT NULL AND NOT EXISTS {
  MATCH (m:Memory)
  WHERE m.tenant_id = c.tenant_id AND m.entity_id = c.entity_id
    AND m.occurred_at IS NOT NULL AND m.kind IN ['episode', 'insight']
}
CALL (c) {
  DELETE c
} IN TRANSACTIONS OF 1000 ROWS;
MATCH (s:ReflectSession)
WHERE s.entity_id IS NOT NULL AND (s.committed_at IS NOT NULL OR s.expires_at <= datetime())
  AND NOT EXISTS {
    MATCH (m:Memory)
    WHERE m.tenant_id = s.tenant_id AND m.entity_id = s.entity_id
      AND m.occurred_at IS NOT NULL AND m.kind IN ['episode', 'insight']
  }
CALL (s) {
  DELETE s
} IN TRANSACTIONS OF 1000 ROWS;
