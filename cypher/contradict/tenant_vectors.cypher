// Every current memory of a tenant with its vector: a batch write compares its new
// memories against all of them at once (in numpy) and classifies the nearest pairs
// before asking Neo4j which of the flagged ones are still open.
MATCH (n:Memory)
WHERE n.tenant_id = $tenant_id AND n.occurred_at IS NOT NULL AND n.kind IN $kinds
  AND n.superseded_by IS NULL AND n.embedding IS NOT NULL
RETURN n.id AS id, n.embedding AS embedding, n.content AS content
