UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id
RETURN @memory(m) AS memory
