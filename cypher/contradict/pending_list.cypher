// Pending contradictions of a tenant, strongest first (pending_list_entity: one entity),
// with what an agent needs to judge them: both memories' entity, kind and dates.
// A page starts after the (score, created_at, pending_id) key of the previous one.
// The records are ordered before their memories are looked up, so only a page's worth
// of them is (~50-75 ms against ~175-210 at 15,000 pending: every record's two memories
// were sought before the sort). The order carries through the lookups; the final ORDER
// BY states it.
MATCH (p:PendingContradiction)
WHERE p.tenant_id = $tenant_id
  AND ($after_id IS NULL
       OR p.classifier_score < $after_score
       OR (p.classifier_score = $after_score
           AND (p.created_at > $after_at
                OR (p.created_at = $after_at AND p.pending_id > $after_id))))
WITH p ORDER BY p.classifier_score DESC, p.created_at ASC, p.pending_id ASC
MATCH (a:Memory {id: p.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: p.memory_id_b}) WHERE b.tenant_id = $tenant_id
RETURN p {.*, pair_key: null, content_a_sha256: null, content_b_sha256: null} AS pending,
       a {.entity_id, .kind, .occurred_at, .importance} AS memory_a,
       b {.entity_id, .kind, .occurred_at, .importance} AS memory_b
ORDER BY p.classifier_score DESC, p.created_at ASC, p.pending_id ASC
LIMIT $limit
