// Keep at most $keep snapshots per memory: the newest ones.
MATCH (m:Memory {id: $id})-[:REVISED_FROM]->(s:Snapshot)
WHERE m.tenant_id = $tenant_id
WITH s ORDER BY s.version DESC
SKIP $keep
DETACH DELETE s
RETURN count(*) AS pruned
