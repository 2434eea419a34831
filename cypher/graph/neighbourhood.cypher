// Nodes and edges around some memories (or an entity's latest), for the palace.
// $ids seeds the view; $depth hops out (0..3); $limit caps the memories, and as many
// earlier versions (snapshots, REVISED_FROM) of those memories come with them.
// The seeds come first, in the order given (the entity's newest first), then what lies
// around them, nearest the first seeds first: a view cut at $limit keeps what it was
// asked for.
UNWIND range(0, size($ids) - 1) AS i
MATCH (s:Memory {id: $ids[i]})
WHERE s.tenant_id = $tenant_id
WITH s, min(i) AS first
ORDER BY first
WITH collect(s)[..$limit] AS seeds
CALL (seeds) {
  UNWIND range(0, size(seeds) - 1) AS i
  CALL (seeds, i) {
    WITH seeds[i] AS s
    MATCH p = (s)-[*1..3]-(n:Memory)
    WHERE length(p) <= $depth AND n.tenant_id = $tenant_id AND n.kind <> 'snapshot'
    RETURN n LIMIT 200
  }
  WITH n, min(i) AS first
  WHERE NOT n IN seeds
  ORDER BY first
  RETURN collect(n) AS around
}
WITH (seeds + around)[..$limit] AS memories
CALL (memories) {
  UNWIND memories AS m
  MATCH (m)-[:REVISED_FROM]->(v:Snapshot)
  WHERE v.tenant_id = $tenant_id
  RETURN collect(DISTINCT v)[..$limit] AS versions
}
WITH memories + versions AS nodes
UNWIND nodes AS a
OPTIONAL MATCH (a)-[r]->(b:Memory)
WHERE b IN nodes
RETURN collect(DISTINCT @memory(a)) AS nodes,
       collect(DISTINCT CASE WHEN r IS NULL THEN null ELSE
         {source_id: a.id, target_id: b.id, edge_type: type(r),
          confidence: coalesce(r.confidence, 1.0), created_at: r.created_at} END) AS edges
