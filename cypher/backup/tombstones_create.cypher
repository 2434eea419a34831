// Restore tombstones as exported.
UNWIND $rows AS row
CREATE (t:Tombstone)
SET t = row.properties, t.tenant_id = $tenant_id
RETURN count(t) AS created
