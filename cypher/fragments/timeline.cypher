// Put one memory into its entity's FOLLOWED_BY timeline: clauses, written @timeline(var)
// inside a CALL (var) { ... } of its own (memory/timeline_insert, memory/store), for an
// episode with an entity_id. Uses $now.
// The MERGE + SET on the entity node takes its write lock, so concurrent writers for
// one entity queue up instead of forking the chain. Neighbours are ordered by
// (occurred_at, id), so imported history lands where it belongs, not at the end.
// ORDER BY names the index's leading keys (tenant_id, entity_id) too: only then does the
// planner read the index in order and stop at the first row, instead of sorting the
// whole entity for every memory written (see recall/temporal_entity_newest).
CALL (__node__) {
  MERGE (e:Entity {tenant_id: __node__.tenant_id, entity_id: __node__.entity_id})
    ON CREATE SET e.created_at = $now, e.memory_count = 0
  SET e.memory_count = e.memory_count + 1, e.updated_at = $now
}
CALL (__node__) {
  OPTIONAL MATCH (p:Memory)
  WHERE p.tenant_id = __node__.tenant_id AND p.entity_id = __node__.entity_id
    AND p.occurred_at <= __node__.occurred_at AND p.kind = 'episode' AND p.id <> __node__.id
    AND (p.occurred_at < __node__.occurred_at OR p.id < __node__.id)
  WITH p ORDER BY p.tenant_id DESC, p.entity_id DESC, p.occurred_at DESC, p.id DESC LIMIT 1
  RETURN p
}
CALL (__node__) {
  OPTIONAL MATCH (n:Memory)
  WHERE n.tenant_id = __node__.tenant_id AND n.entity_id = __node__.entity_id
    AND n.occurred_at >= __node__.occurred_at AND n.kind = 'episode' AND n.id <> __node__.id
    AND (n.occurred_at > __node__.occurred_at OR n.id > __node__.id)
  WITH n ORDER BY n.tenant_id ASC, n.entity_id ASC, n.occurred_at ASC, n.id ASC LIMIT 1
  RETURN n
}
// p and n are the memory's true neighbours (every memory of the batch already exists),
// so any other FOLLOWED_BY out of p or into n is stale: drop it, then MERGE (a batch
// member placed earlier may already have made p->m or m->n).
CALL (p) {
  OPTIONAL MATCH (p)-[old:FOLLOWED_BY]->(:Memory)
  DELETE old
}
CALL (n) {
  OPTIONAL MATCH (:Memory)-[old:FOLLOWED_BY]->(n)
  DELETE old
}
CALL (__node__, p, n) {
  FOREACH (x IN CASE WHEN p IS NULL THEN [] ELSE [p] END |
    MERGE (x)-[f:FOLLOWED_BY]->(__node__) ON CREATE SET f.confidence = 1.0, f.created_at = $now)
  FOREACH (y IN CASE WHEN n IS NULL THEN [] ELSE [n] END |
    MERGE (__node__)-[f:FOLLOWED_BY]->(y) ON CREATE SET f.confidence = 1.0, f.created_at = $now)
}
