// Store a chunk of episodes in one statement: create them (as memory/create), put each
// with an entity into its timeline in the given order (fragments/timeline), and return
// them as memory/get_many does. One round trip instead of three: a single remember's
// write was three statements and a commit.
// $mark: what a write listener sets on each new memory in this same transaction (a
// waiting contradiction check: services/contradict/check_queue.py), or {}.
UNWIND $rows AS row
CREATE (m:Memory:Episode @episode(row))
SET m.name = @caption(m)
SET m += $mark
WITH m, row
CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)
WITH collect(m) AS created
CALL (created) {
  UNWIND created AS m
  WITH m WHERE m.entity_id IS NOT NULL
  CALL (m) {
    @timeline(m)
  }
  RETURN count(m) AS placed
}
UNWIND created AS m
RETURN collect(@memory(m)) AS rows
