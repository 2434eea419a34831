// The pending records a commit refers to, with both memories' dates (to tell newer from older).
UNWIND $ids AS pid
MATCH (p:PendingContradiction {pending_id: pid})
WHERE p.tenant_id = $tenant_id
MATCH (a:Memory {id: p.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: p.memory_id_b}) WHERE b.tenant_id = $tenant_id
RETURN p.pending_id AS pending_id, p.pair_key AS pair_key,
       a {.id, .occurred_at, .created_at} AS memory_a,
       b {.id, .occurred_at, .created_at} AS memory_b
