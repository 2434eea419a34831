// What waits in Neo4j, across tenants, for /v1/metrics (services/metrics.py): memories
// stored (the count store), checks not yet completed and the oldest one's wait (the
// check_due index holds only those), pairs waiting for a verdict (the count store).
CALL () { MATCH (m:Memory) RETURN count(m) AS memories }
CALL () {
  MATCH (m:Memory) WHERE m.check_due IS NOT NULL
  RETURN count(m) AS checks_waiting, min(m.check_due) AS oldest
}
CALL () { MATCH (p:PendingContradiction) RETURN count(p) AS pending_contradictions }
RETURN memories, checks_waiting, pending_contradictions,
       CASE WHEN oldest IS NULL THEN 0.0
            ELSE duration.inSeconds(oldest, datetime($now)).seconds END
         AS check_oldest_wait_seconds
