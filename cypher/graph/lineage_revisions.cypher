// A memory's revision history: its snapshots and any older memory a revision verdict
// superseded, newest first.
MATCH (m:Memory {id: $id})
WHERE m.tenant_id = $tenant_id
MATCH p = ANY SHORTEST (m)-[:REVISED_FROM]->{1, 100}(o:Memory)
WHERE o.tenant_id = $tenant_id
RETURN @memory(o) AS memory, length(p) AS depth
ORDER BY depth, o.version DESC
LIMIT $limit
