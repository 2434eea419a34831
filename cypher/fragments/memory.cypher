// A memory node as a query returns it, written @memory(var) in a query: every property
// but the vector and the Browser's caption (@caption), with its times as ISO-8601
// strings (a waiting check's marker too). The Python driver builds each DateTime it
// receives in pure Python (~30-100 µs apiece: six per memory, 30 ms for a page of 50;
// the marker's two, 33 ms a batch of 500 read back); a string costs ~1 µs to parse
// where the service validates the model. With it (not part of the public model), the
// ids of the memories it has a confirmed contradiction with and of those it has a
// pending one with: recall marks conflicts and probable supersession from them without
// another round trip.
__node__ {.*, embedding: null, name: null,
  occurred_at: toString(__node__.occurred_at), restated_at: toString(__node__.restated_at),
  created_at: toString(__node__.created_at),
  updated_at: toString(__node__.updated_at),
  last_accessed_at: toString(__node__.last_accessed_at),
  stale_since: toString(__node__.stale_since), superseded_at: toString(__node__.superseded_at),
  check_due: toString(__node__.check_due),
  check_claimed_until: toString(__node__.check_claimed_until),
  contradicts: [(__node__)-[:CONTRADICTS]->(hebbs_contradicted) | hebbs_contradicted.id],
  pending_with: COLLECT {
    MATCH (hebbs_p:PendingContradiction)
    WHERE hebbs_p.memory_id_a = __node__.id AND hebbs_p.tenant_id = __node__.tenant_id
    RETURN hebbs_p.memory_id_b AS other
    UNION
    MATCH (hebbs_p:PendingContradiction)
    WHERE hebbs_p.memory_id_b = __node__.id AND hebbs_p.tenant_id = __node__.tenant_id
    RETURN hebbs_p.memory_id_a AS other
  }}
