// Delete everything a tenant owns, in batches (tests use it to clean up their own tenant).
CALL () {
  MATCH (m:Memory) WHERE m.tenant_id = $tenant_id RETURN m AS n
  UNION ALL
  MATCH (t:Tombstone) WHERE t.tenant_id = $tenant_id RETURN t AS n
  UNION ALL
  MATCH (e:Entity) WHERE e.tenant_id = $tenant_id RETURN e AS n
  UNION ALL
  MATCH (p:PendingContradiction) WHERE p.tenant_id = $tenant_id RETURN p AS n
  UNION ALL
  MATCH (r:ReflectSession) WHERE r.tenant_id = $tenant_id RETURN r AS n
  UNION ALL
  MATCH (c:ReflectCursor) WHERE c.tenant_id = $tenant_id RETURN c AS n
  UNION ALL
  MATCH (l:Lease) WHERE l.tenant_id = $tenant_id RETURN l AS n
}
WITH n LIMIT $limit
DETACH DELETE n
RETURN count(*) AS deleted
