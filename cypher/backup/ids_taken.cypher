// Which of these memory ids and pending ids are stored already, in any tenant: both are
// unique across the database.
CALL () {
  UNWIND $memory_ids AS mid
  MATCH (m:Memory {id: mid})
  RETURN m.id AS id
  UNION
  UNWIND $pending_ids AS pid
  MATCH (p:PendingContradiction {pending_id: pid})
  RETURN p.pending_id AS id
}
RETURN id
