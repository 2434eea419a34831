"""The recall wing: the strategies, their fusion and ranking, conflicts among the
results, prime and subscribe."""
