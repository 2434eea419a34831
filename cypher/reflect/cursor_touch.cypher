// Record that a scope was reflected now, without moving its cursor (nothing new was
// clustered, e.g. only stale insights were reviewed).
MERGE (c:ReflectCursor {tenant_id: $tenant_id, scope: $scope})
  ON CREATE SET c.entity_id = $entity_id, c.reflections = 0
SET c.reflected_at = $now, c.reflections = c.reflections + 1
RETURN c.reflected_at AS reflected_at
