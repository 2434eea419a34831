// Memories now carry a short caption, `name` (fragments/caption), set wherever content
// is written, so Neo4j Browser captions a node with what it says instead of the first
// property it finds (the tenant id). This gives the memories stored before it theirs.
MATCH (m:Memory)
WHERE m.name IS NULL AND m.content IS NOT NULL
CALL (m) {
  SET m.name = @caption(m)
} IN TRANSACTIONS OF 10000 ROWS;
