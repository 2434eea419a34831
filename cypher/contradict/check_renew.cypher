// Before running checks that waited long in this worker's queue: keep (and extend) the
// claims still ours or free, for the marker each row was queued with ($rows: id, due).
// A memory revised meanwhile (a new check_due) or taken by another worker is left out.
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
WHERE m.tenant_id = $tenant_id
SET m.check_lock = true
REMOVE m.check_lock
WITH m, row
WHERE m.check_due = datetime(row.due)
  AND (m.check_claimed_by = $holder OR m.check_claimed_until IS NULL
       OR m.check_claimed_until <= $now)
SET m.check_claimed_by = $holder, m.check_claimed_until = $until
RETURN m.id AS id
