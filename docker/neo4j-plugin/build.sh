#!/usr/bin/env bash
# Builds english-no-length.jar, the fulltext analyzer memory_content uses when Neo4j has
# it (docs/decisions/0006, the amendment of 2026-12-05): English analysis as Neo4j's
# "english" analyzer does it, every token after the first stacked at position increment
# 0, so BM25 sees every text as length 1 and no other tenant's texts (present or
# deleted) move a scope's text scores. The jar is committed beside this source (the
# local Neo4j puts it on its classpath, docker/compose.yml mounts it into /plugins);
# rebuild it after changing the source or Neo4j's version:
#
#   JAVAC=/usr/lib/jvm/temurin-25-jdk-amd64/bin/javac docker/neo4j-plugin/build.sh
#
# Needs a javac that targets Java 21 (JDK 21 or later) and the local Neo4j's jars
# (`hebbs-graph neo4j start` fetches them once). The jar's entries carry a fixed date,
# so the same source and jars give the same bytes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/english-no-length.jar}
javac=${JAVAC:-javac}
jar=$(dirname "$(command -v "$javac")")/jar
lib=$(ls -d "${HEBBS_CACHE_DIR:-$HOME/.cache/hebbs-graph}"/neo4j-*/lib | tail -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$javac" --release 21 -cp "$lib/*" -d "$work" "$here/EnglishNoLength.java"
mkdir -p "$work/META-INF/services"
echo "hebbs.EnglishNoLength" > "$work/META-INF/services/org.neo4j.graphdb.schema.AnalyzerProvider"
rm -f "$out"
"$jar" --create --file "$out" --date 2026-01-01T00:00:00Z -C "$work" .
echo "$out"
