// Causal recall: a breadth-first walk from the seed over the chosen edge types.
// $along: types followed in their stored direction; $against: types followed backwards.
// ANY SHORTEST keeps one shortest path per reached memory, so Neo4j runs a BFS that
// visits each memory at most once: the work is bounded by the memories within
// $max_depth hops of the seed, not by the number of paths (which explodes on dense
// graphs). $limit caps what comes back. The walk never leaves the tenant.
MATCH (s:Memory {id: $seed_id})
WHERE s.tenant_id = $tenant_id
MATCH p = ANY SHORTEST (s)((a)-[r]-(b) WHERE b.tenant_id = $tenant_id AND b.kind <> 'snapshot' AND (
          (startNode(r) = a AND type(r) IN $along) OR (endNode(r) = a AND type(r) IN $against)))
        {1, 10} (m)
WHERE length(p) <= $max_depth AND m <> s
  AND m.kind IN $kinds
  AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND @visible(m)
WITH m, p ORDER BY length(p) ASC LIMIT $limit
RETURN @memory(m) AS memory, length(p) AS depth,
       [n IN nodes(p) | n.id] AS path_ids, [x IN relationships(p) | type(x)] AS path_types
