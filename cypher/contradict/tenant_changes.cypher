// What changed in a tenant since $since, for the vectors the detector keeps between
// writes (services/contradict/kept_vectors.py): how many memory nodes the tenant has, the id of
// every node created since (memories, insights, and the snapshot each revision
// leaves), and the stamp of each memory those name (itself, or the one a snapshot was
// taken of) with whether it is current. Nodes in $known were named at the last check
// already; a later revision of what they name leaves a new snapshot, so their stamps
// are not read again. All from the (tenant_id, created_at) index and the nodes it
// names, not a walk of the tenant.
CALL () {
  MATCH (n:Memory) WHERE n.tenant_id = $tenant_id AND n.created_at IS NOT NULL
  RETURN count(n) AS total
}
CALL () {
  MATCH (n:Memory) WHERE n.tenant_id = $tenant_id AND n.created_at >= $since
  RETURN collect(n.id) AS created,
         collect(DISTINCT CASE WHEN NOT n.id IN $known THEN coalesce(n.snapshot_of, n.id) END)
           AS named
}
CALL (named) {
  UNWIND named AS mid
  MATCH (c:Memory {id: mid}) WHERE c.tenant_id = $tenant_id AND NOT c:Snapshot
  RETURN collect([c.id, c.version, c.content_sha256,
                  c.occurred_at IS NOT NULL AND c.kind IN $kinds
                  AND c.superseded_by IS NULL AND c.embedding IS NOT NULL]) AS stamps
}
RETURN total, created, stamps
