#!/usr/bin/env bash
# An experiment, not wired into the service (docs/benchmarks.md, "The same conversations
# beside another tenant"): a fulltext analyzer whose texts all have length 1 for BM25, so
# no other tenant's texts (present or deleted) move a scope's text scores. Builds
# english-no-length.jar against the local Neo4j's jars; needs a JDK with javac (21+).
#
#   scripts/eval/no_length_analyzer/build.sh /tmp/english-no-length.jar
#
# To measure it: put the jar beside the local Neo4j's jars (~/.cache/hebbs-graph/
# neo4j-<version>/lib) of a Neo4j of its own, restart it, recreate memory_content with
# `fulltext.analyzer: 'english-no-length'` (same properties as cypher/schema/
# 003_fulltext_index.cypher), wait for it, and run the evaluations against that Neo4j.
set -euo pipefail
out=${1:?usage: build.sh OUT.jar}
here=$(cd "$(dirname "$0")" && pwd)
lib=$(ls -d "${HEBBS_CACHE_DIR:-$HOME/.cache/hebbs-graph}"/neo4j-*/lib | tail -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
javac --release 21 -cp "$lib/*" -d "$work" "$here/EnglishNoLength.java"
mkdir -p "$work/META-INF/services"
echo "hebbs.EnglishNoLength" > "$work/META-INF/services/org.neo4j.graphdb.schema.AnalyzerProvider"
jar cf "$out" -C "$work" .
echo "$out"
