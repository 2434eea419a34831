// The memories with these ids in the tenant, in one row (see recall/expand: a record
// costs the driver ~0.1 ms).
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id
RETURN collect(@memory(m)) AS rows
