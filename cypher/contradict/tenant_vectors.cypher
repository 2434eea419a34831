// A page of a tenant's current memories with their vectors. A batch write reads all
// pages in one transaction, compares its new memories against them in numpy, and
// classifies the nearest pairs before asking Neo4j which flagged ones are still open.
MATCH (n:Memory)
WHERE n.tenant_id = $tenant_id AND n.occurred_at IS NOT NULL AND n.kind IN $kinds
  AND n.superseded_by IS NULL AND n.embedding IS NOT NULL
RETURN n.id AS id, n.embedding AS embedding, n.content AS content
ORDER BY n.id
SKIP $skip LIMIT $limit
