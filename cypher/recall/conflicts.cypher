// Confirmed contradictions among a set of recalled memories.
UNWIND $ids AS mid
MATCH (a:Memory {id: mid})-[:CONTRADICTS]->(b:Memory)
WHERE a.tenant_id = $tenant_id AND b.tenant_id = $tenant_id AND b.id IN $ids
RETURN a.id AS id, collect(DISTINCT b.id) AS others
