// Every index's state and how far its population has come (a migration's wait,
// readiness).
SHOW INDEXES YIELD name, state, populationPercent
RETURN name, state, populationPercent
