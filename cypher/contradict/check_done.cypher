// A check completed (pairs found or not): remove the marker, unless the memory was
// revised since it was queued ($rows: id, due as ISO 8601), whose new check is still to
// run.
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
WHERE m.tenant_id = $tenant_id
SET m.check_lock = true
REMOVE m.check_lock
WITH m, row
WHERE m.check_due = datetime(row.due)
REMOVE m.check_due, m.check_claimed_by, m.check_claimed_until, m.check_failures
RETURN count(m) AS done
