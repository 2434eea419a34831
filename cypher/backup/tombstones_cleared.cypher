// The last step of a restore: the tombstones of the memories it brought back ($ids) go;
// they exist again. Tombstones of memories the file does not hold stay.
UNWIND $ids AS mid
MATCH (t:Tombstone {memory_id: mid}) WHERE t.tenant_id = $tenant_id
DELETE t
RETURN count(*) AS cleared
