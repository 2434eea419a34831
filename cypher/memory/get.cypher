// One memory of this tenant (snapshots included: lineage links to them).
MATCH (m:Memory {id: $id})
WHERE m.tenant_id = $tenant_id
RETURN @memory(m) AS memory
