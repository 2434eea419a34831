"""The parts of ``ingest_recall.py`` (the entry point): ``base`` (clock, percentiles,
query texts), ``meters`` (timing hooks, timed embedders), ``info`` (machine, server,
settings), ``ingest`` (the state and the ingest steps), ``recall`` (the recall steps and
``Bench``), ``report`` (the Markdown tables)."""
