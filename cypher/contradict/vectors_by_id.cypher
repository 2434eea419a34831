// Stamps, contents, entities and vectors of the given memories of a tenant (those the numpy path
// does not hold yet), as one row.
UNWIND $ids AS mid
MATCH (n:Memory {id: mid})
WHERE n.tenant_id = $tenant_id AND n.embedding IS NOT NULL
RETURN collect({id: n.id, version: n.version, content_sha256: n.content_sha256,
                content: n.content, entity_id: n.entity_id, embedding: n.embedding}) AS memories
