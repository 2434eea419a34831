// The current episode each (entity_id, content_key) already names in the tenant, or a
// null id: not superseded (a forgotten memory is gone), the oldest when there are
// several. One seek of memory_tenant_content_key (schema 015) per key. The kind and
// superseded_by are checked on what it finds, not in the WHERE: with them there, the
// planner scanned the whole index instead.
UNWIND $keys AS k
WITH k, k.content_key AS key, coalesce(k.entity_id, '') AS entity
CALL (key, entity) {
  MATCH (m:Memory)
  WHERE m.tenant_id = $tenant_id AND m.content_key = key
    AND coalesce(m.entity_id, '') = entity
  WITH m ORDER BY m.created_at, m.id
  RETURN head([x IN collect(m) WHERE x.kind = 'episode' AND x.superseded_by IS NULL | x.id]) AS id
}
RETURN k.entity_id AS entity_id, key AS content_key, id
