// The edge types around each memory (its neighbourhood signature, for analogical recall).
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id
RETURN m.id AS id, COLLECT { MATCH (m)-[r]-() RETURN DISTINCT type(r) } AS types
