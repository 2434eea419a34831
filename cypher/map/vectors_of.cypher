// The stored vectors of some memories (those added or changed since the projection
// was fitted), in one row of two parallel lists.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.tenant_id = $tenant_id AND m.embedding IS NOT NULL
RETURN collect(m.id) AS ids, collect(m.embedding) AS vectors
