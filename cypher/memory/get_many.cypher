UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id
RETURN m {.*, embedding: null} AS memory
