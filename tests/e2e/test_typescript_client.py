"""The TypeScript client (clients/typescript) against the live API: its own tests under
Node's test runner, and a check that its committed types are what the API's OpenAPI
document generates today, so a REST model change not carried into them fails here.

``scripts/setup`` installs the client's tools (``npm ci``); ``npm test`` builds first.
"""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.live import LiveApi

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "typescript"
SCHEMA = CLIENT / "src" / "schema.ts"


@pytest.fixture(scope="module")
def npm() -> str:
    found = shutil.which("npm")
    if found is None:
        pytest.fail("npm is not installed: run scripts/setup (it installs npm with apt)")
    if not (CLIENT / "node_modules" / ".bin" / "tsc").exists():
        pytest.fail(
            f"the TypeScript client's tools are missing: run scripts/setup (npm ci in {CLIENT})"
        )
    return found


def run(command: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=CLIENT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_npm_test_passes_against_the_live_api(npm: str, live_api: LiveApi, api_key: str) -> None:
    done = run([npm, "test"], env={"HEBBS_URL": live_api.url, "HEBBS_API_KEY": api_key})
    output = (done.stdout + done.stderr)[-20_000:]
    assert done.returncode == 0, f"npm test failed ({done.returncode}):\n{output}"
    assert "# fail 0" in done.stdout, output


def test_committed_types_match_the_live_openapi_document(
    npm: str, live_api: LiveApi, tmp_path: Path
) -> None:
    generated = tmp_path / "schema.ts"
    url = f"{live_api.url}/schema/openapi.json"
    done = run(["node", "scripts/generate.mjs", url, "--out", str(generated)])
    assert done.returncode == 0, f"generating the types failed:\n{done.stdout}{done.stderr}"
    want, have = generated.read_text(), SCHEMA.read_text()
    if want != have:
        diff = difflib.unified_diff(
            have.splitlines(), want.splitlines(), "committed", "live API", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:120])
        pytest.fail(
            "clients/typescript/src/schema.ts is not what the API's OpenAPI document "
            "generates; run `npm run generate -- http://127.0.0.1:8000/schema/openapi.json` "
            f"in clients/typescript against the changed API and commit it:\n{shown}"
        )
