"""The reflect wing: gathering and clustering episodes, prompts, the LLM route,
auto-reflect, insight storage and lineage."""
