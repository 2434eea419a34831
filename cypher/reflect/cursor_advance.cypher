// Move a scope's reflect cursor forward to (created_at, memory_id) of the last episode
// reflected; never backwards (two sessions may commit out of order).
MERGE (c:ReflectCursor {tenant_id: $tenant_id, scope: $scope})
  ON CREATE SET c.entity_id = $entity_id, c.reflections = 0
SET c.touched_at = $now  // the write lock first: racing commits then read each other's
WITH c
WITH c, (c.created_at IS NULL OR $after_at > c.created_at
         OR ($after_at = c.created_at AND $after_id > c.memory_id)) AS newer
SET c.created_at = CASE WHEN newer THEN $after_at ELSE c.created_at END,
    c.memory_id = CASE WHEN newer THEN $after_id ELSE c.memory_id END,
    c.reflected_at = $now, c.reflections = c.reflections + 1
RETURN c.created_at AS created_at, c.memory_id AS memory_id
