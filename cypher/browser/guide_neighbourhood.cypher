// The entity's memories with everything they are tied to, drawn as one graph.
MATCH (m:Memory {tenant_id: $tenant_id, entity_id: $entity_id})-[r]-(n)
RETURN m, r, n
LIMIT 100
