// A tenant's current memories for the numpy path, by id, each with its stamp: version
// and content hash, which change whenever its content and so its vector do. One row
// (a record per memory costs far more through the driver than the list does); vectors
// are read separately, only for the memories the detector does not hold at that stamp.
MATCH (n:Memory)
WHERE n.tenant_id = $tenant_id AND n.occurred_at IS NOT NULL AND n.kind IN $kinds
  AND n.superseded_by IS NULL AND n.embedding IS NOT NULL
WITH n ORDER BY n.id
RETURN collect([n.id, n.version, n.content_sha256]) AS memories
