// Restore relationships. row.edge_type comes from the EdgeType enum, never caller text.
UNWIND $rows AS row
MATCH (a:Memory {id: row.source_id}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: row.target_id}) WHERE b.tenant_id = $tenant_id
CREATE (a)-[r:$(row.edge_type)]->(b)
SET r = row.properties
RETURN count(r) AS created
