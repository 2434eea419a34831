// A memory's relationships, both directions.
MATCH (m:Memory {id: $id})
WHERE m.tenant_id = $tenant_id
MATCH (m)-[r]-(o:Memory)
WHERE o.tenant_id = $tenant_id
RETURN startNode(r).id AS source_id, endNode(r).id AS target_id, type(r) AS edge_type,
       coalesce(r.confidence, 1.0) AS confidence, r.created_at AS created_at
ORDER BY r.created_at, type(r), target_id
LIMIT $limit
