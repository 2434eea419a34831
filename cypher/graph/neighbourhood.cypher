// Nodes and edges around some memories (or an entity's latest), for the palace.
// $ids seeds the view; $depth hops out (1..3); $limit caps the memories, and as many
// earlier versions (snapshots, REVISED_FROM) of those memories come with them.
MATCH (s:Memory)
WHERE s.tenant_id = $tenant_id AND s.id IN $ids
CALL (s) {
  MATCH p = (s)-[*0..3]-(n:Memory)
  WHERE length(p) <= $depth AND n.tenant_id = $tenant_id AND n.kind <> 'snapshot'
  RETURN n LIMIT 200
}
WITH collect(DISTINCT n)[..$limit] AS memories
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
