// A memory's decay score at $now (scoring.decay in Python is the same formula):
// importance · 2^(−t / 30 days since its last access) · (1 + log(1 + min(n, 100)) / log(101))
// for n accesses. Written @decay(m); the query takes $now.
(__node__.importance * 2.0 ^ (-duration.inSeconds(__node__.last_accessed_at, $now).seconds / 2592000.0)
 * (1 + log(1 + CASE WHEN __node__.access_count > 100 THEN 100 ELSE __node__.access_count END) / log(101)))
