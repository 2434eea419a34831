// A dismiss verdict: both memories remember the pair with their current content hashes,
// so detection and scans do not raise it again until one of them is revised.
UNWIND $rows AS row
MATCH (a:Memory {id: row.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: row.memory_id_b}) WHERE b.tenant_id = $tenant_id
WITH a, b, row.pair_key + '@' + a.content_sha256 + b.content_sha256 AS key
SET a.dismissed_pairs = [k IN coalesce(a.dismissed_pairs, []) WHERE k <> key][-($keep - 1)..] + key,
    b.dismissed_pairs = [k IN coalesce(b.dismissed_pairs, []) WHERE k <> key][-($keep - 1)..] + key
RETURN count(*) AS dismissed
