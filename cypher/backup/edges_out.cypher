// Every relationship leaving these memories for another memory of the scope, with all
// its properties (created_at as an ISO-8601 string).
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})-[r]->(o:Memory)
WHERE m.tenant_id = $tenant_id AND o.tenant_id = $tenant_id
  AND ($entity_id IS NULL OR o.entity_id = $entity_id)
RETURN m.id AS source_id, type(r) AS edge_type, o.id AS target_id,
       r {.*, created_at: toString(r.created_at)} AS properties
ORDER BY source_id, edge_type, target_id
