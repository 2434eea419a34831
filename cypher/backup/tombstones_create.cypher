// Restore tombstones as exported; one the tenant holds already (the same memory
// forgotten at the same time: a file restored after the forget it records) is not
// written twice. Returns the rows written ($rows[i].i), which a failed restore takes back.
UNWIND $rows AS row
OPTIONAL MATCH (old:Tombstone {memory_id: row.properties.memory_id})
WHERE old.tenant_id = $tenant_id AND old.forgotten_at = row.properties.forgotten_at
WITH row, old WHERE old IS NULL
CREATE (t:Tombstone)
SET t = row.properties, t.tenant_id = $tenant_id
RETURN row.i AS i
