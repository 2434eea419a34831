// Wait until every index is ONLINE (up to 300 s).
CALL db.awaitIndexes(300)
