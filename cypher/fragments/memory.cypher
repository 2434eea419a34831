// A memory node as a query returns it, written @memory(var) in a query: every property
// but the vector, with its times as ISO-8601 strings. The Python driver builds each
// DateTime it receives in pure Python (~100 µs apiece, six per memory: 30 ms for a
// page of 50); the string costs ~1 µs to parse where the service validates the model.
// With it, the ids of the memories it has a confirmed contradiction with (not part of
// the public model): recall marks conflicts from them without another round trip.
__node__ {.*, embedding: null,
  occurred_at: toString(__node__.occurred_at), created_at: toString(__node__.created_at),
  updated_at: toString(__node__.updated_at),
  last_accessed_at: toString(__node__.last_accessed_at),
  stale_since: toString(__node__.stale_since), superseded_at: toString(__node__.superseded_at),
  contradicts: [(__node__)-[:CONTRADICTS]->(hebbs_contradicted) | hebbs_contradicted.id]}
