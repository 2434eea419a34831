// Of the given neighbour pairs, those still open: not linked ($linked_types), not
// pending, not dismissed; with what the classifier and the pending record need.
UNWIND $pairs AS pair
MATCH (m:Memory {id: pair.memory_id}) WHERE m.tenant_id = $tenant_id
MATCH (n:Memory {id: pair.other_id}) WHERE n.tenant_id = $tenant_id
WITH m, n, pair.similarity AS similarity,
     CASE WHEN m.id < n.id THEN m.id + ':' + n.id ELSE n.id + ':' + m.id END AS pair_key
WHERE NOT EXISTS { MATCH (m)-[r]-(n) WHERE type(r) IN $linked_types }
  AND NOT EXISTS { MATCH (p:PendingContradiction {pair_key: pair_key}) }
  AND NOT (pair_key + '@' + m.content_sha256 + n.content_sha256) IN coalesce(m.dismissed_pairs, [])
  AND NOT (pair_key + '@' + n.content_sha256 + m.content_sha256) IN coalesce(m.dismissed_pairs, [])
RETURN pair_key, similarity,
       m {.id, .content, .content_sha256, .occurred_at, .created_at} AS memory,
       n {.id, .content, .content_sha256, .occurred_at, .created_at} AS other
