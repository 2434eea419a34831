// As pending_list, for the pairs touching one entity (fragments/entity_pending).
@entity_pending(p)
WITH p
WHERE ($after_id IS NULL
       OR p.classifier_score < $after_score
       OR (p.classifier_score = $after_score
           AND (p.created_at > $after_at
                OR (p.created_at = $after_at AND p.pending_id > $after_id))))
MATCH (a:Memory {id: p.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: p.memory_id_b}) WHERE b.tenant_id = $tenant_id
RETURN p {.*, pair_key: null, content_a_sha256: null, content_b_sha256: null} AS pending,
       a {.entity_id, .kind, .occurred_at, .importance} AS memory_a,
       b {.entity_id, .kind, .occurred_at, .importance} AS memory_b
ORDER BY p.classifier_score DESC, p.created_at ASC, p.pending_id ASC
LIMIT $limit
