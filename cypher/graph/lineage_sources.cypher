// An insight's sources, recursively (insights drawn from insights), nearest first.
MATCH (i:Memory {id: $id})
WHERE i.tenant_id = $tenant_id
MATCH p = ANY SHORTEST (i)-[:INSIGHT_FROM]->{1, 10}(s:Memory)
WHERE s.tenant_id = $tenant_id
RETURN @memory(s) AS memory, length(p) AS depth,
       [n IN nodes(p) | n.id] AS path_ids
ORDER BY depth, s.occurred_at
LIMIT $limit
