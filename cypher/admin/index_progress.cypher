// Every index's state and how far its population has come (a migration's wait).
SHOW INDEXES YIELD name, state, populationPercent
RETURN name, state, populationPercent
