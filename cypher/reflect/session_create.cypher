// An agent-route reflection waiting for its commit. It lives in Neo4j so any API worker
// can take the commit; it expires at $expires_at.
CREATE (s:ReflectSession {
  session_id: $session_id, tenant_id: $tenant_id, scope: $scope, entity_id: $entity_id,
  created_at: $now, expires_at: $expires_at,
  memory_ids: $memory_ids, clusters_json: $clusters_json, stale_ids: $stale_ids,
  cursor_at: $cursor_at, cursor_id: $cursor_id, memories_processed: $memories_processed
})
RETURN s.session_id AS session_id
