// Store a batch of episodes. Every row already carries its id, embedding and hashes.
// $mark: what a write listener sets on each new memory in this same transaction (a
// waiting contradiction check: services/contradict/check_queue.py), or {}.
UNWIND $rows AS row
CREATE (m:Memory:Episode @episode(row))
SET m.name = @caption(m)
SET m += $mark
WITH m, row
CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)
RETURN count(*) AS created
