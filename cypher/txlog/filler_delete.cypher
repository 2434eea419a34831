// Delete every throw-away log filler node (database-wide, no tenant).
MATCH (f:TxLogFiller)
DELETE f
RETURN count(*) AS deleted
