"""``python -m hebbs_graph ...`` is the ``hebbs-graph`` command."""

from hebbs_graph.cli.main import main

main()
