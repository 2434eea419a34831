// Entities of a tenant that may be due for reflection: written to since they were last
// reflected (or never reflected), or holding stale insights. Status decides if they are.
CALL () {
  MATCH (e:Entity)
  WHERE e.tenant_id = $tenant_id
  OPTIONAL MATCH (c:ReflectCursor {tenant_id: $tenant_id, scope: 'entity:' + e.entity_id})
  WITH e, c
  WHERE c IS NULL OR c.reflected_at IS NULL OR e.updated_at > c.reflected_at
  RETURN e.entity_id AS entity_id
  UNION
  MATCH (i:Insight)
  WHERE i.tenant_id = $tenant_id AND i.stale = true AND i.entity_id IS NOT NULL
  RETURN DISTINCT i.entity_id AS entity_id
}
RETURN entity_id ORDER BY entity_id LIMIT $limit
