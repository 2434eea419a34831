// Restore entity nodes; into an entity already there, its timeline count grows by the
// restored memories instead.
UNWIND $rows AS row
MERGE (e:Entity {tenant_id: $tenant_id, entity_id: row.properties.entity_id})
ON CREATE SET e = row.properties, e.tenant_id = $tenant_id
ON MATCH SET e.memory_count = coalesce(e.memory_count, 0) + coalesce(row.properties.memory_count, 0),
  e.updated_at = $now
RETURN count(e) AS merged
