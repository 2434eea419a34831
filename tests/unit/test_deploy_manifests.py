"""deploy/: the Kubernetes manifests and the compose file, checked offline.

No cluster and no Docker engine runs here, so what can be checked without them is:

- every Kubernetes document under deploy/kubernetes, and every overlay as kustomize
  renders it, against the Kubernetes JSON schemas (kubernetes-validate bundles them;
  strict: an unknown field fails), for the oldest and the newest version it knows of
  the ones we name;
- deploy/compose.yml against the Compose specification's JSON schema (the copy
  check-jsonschema ships);
- what the schemas cannot see: every HEBBS_ variable set is a setting and its value
  parses; probes and healthchecks name routes the app has; ports, selectors, names and
  images agree with each other and with docker/Dockerfile; the commands run exist;
- nginx's proxy rules parse (`nginx -t`, where Debian's nginx is installed).

An overlay is rendered here by applying its patches (ConfigMap and Secret data, images)
to the base, the only kustomize features the folder uses; where kubectl is installed,
`kubectl kustomize` renders it too and must give the same documents.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import kubernetes_validate  # type: ignore[import-untyped]
import pytest
import yaml

from hebbs_graph.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
KUBE = DEPLOY / "kubernetes"
COMPOSE = DEPLOY / "compose.yml"
DOCKERFILE = ROOT / "docker" / "Dockerfile"
OVERLAYS = sorted(p for p in (KUBE / "overlays").iterdir() if p.is_dir())
# The oldest Kubernetes still commonly run, and the newest whose schemas are bundled.
KUBE_VERSIONS = ("1.30.0", kubernetes_validate.latest_version())
IMAGE = "hebbs-graph"  # the name the manifests give the API's image (overlays rename it)
Doc = dict[str, Any]


def load_docs(path: Path) -> list[Doc]:
    return [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d]


def kustomization(folder: Path) -> Doc:
    docs = load_docs(folder / "kustomization.yaml")
    assert len(docs) == 1
    return docs[0]


def resource_files() -> list[Path]:
    return sorted(p for p in KUBE.rglob("*.yaml") if p.name != "kustomization.yaml")


# -- rendering an overlay (the subset of kustomize the folder uses) ----------------------


def render(folder: Path) -> list[Doc]:
    """The documents `kubectl kustomize folder` gives, for the features used here:
    resources (files or folders), components, patches that merge a ConfigMap's or a
    Secret's data, and images."""
    k = kustomization(folder)
    assert set(k) <= {"apiVersion", "kind", "resources", "components", "patches", "images"}, (
        f"{folder}: a kustomize feature this test does not render; extend render()"
    )
    docs: list[Doc] = []
    for entry in [*k.get("resources", []), *k.get("components", [])]:
        target = (folder / entry).resolve()
        docs += render(target) if target.is_dir() else load_docs(target)
    by_key = {(d["kind"], d["metadata"]["name"]): d for d in docs}
    for patch in k.get("patches", []):
        assert set(patch) == {"path"}, f"{folder}: only whole-file patches are rendered"
        for p in load_docs(folder / patch["path"]):
            assert p["kind"] in {"ConfigMap", "Secret"}, f"{patch}: patches data only"
            doc = by_key[(p["kind"], p["metadata"]["name"])]
            for field in ("data", "stringData"):
                if field in p:
                    doc.setdefault(field, {}).update(p[field])
    for image in k.get("images", []):
        for container in containers(docs):
            name, _, _tag = container["image"].partition(":")
            if name == image["name"]:
                container["image"] = f"{image.get('newName', name)}:{image['newTag']}"
    return docs


def containers(docs: list[Doc]) -> Iterator[Doc]:
    for d in docs:
        if d["kind"] == "Deployment" or d["kind"] == "Job":
            yield from d["spec"]["template"]["spec"]["containers"]


@cache
def rendered(folder: Path) -> tuple[Doc, ...]:
    return tuple(render(folder))


def one(docs: tuple[Doc, ...] | list[Doc], kind: str, name: str | None = None) -> Doc:
    found = [d for d in docs if d["kind"] == kind and name in (None, d["metadata"]["name"])]
    assert len(found) == 1, f"{kind} {name}: {len(found)} found"
    return found[0]


# -- schemas ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", resource_files(), ids=lambda p: str(p.relative_to(KUBE)))
@pytest.mark.parametrize("version", KUBE_VERSIONS)
def test_every_kubernetes_document_is_valid(path: Path, version: str) -> None:
    for doc in load_docs(path):
        kubernetes_validate.validate(doc, version, strict=True)


@pytest.mark.parametrize("overlay", OVERLAYS, ids=lambda p: p.name)
@pytest.mark.parametrize("version", KUBE_VERSIONS)
def test_every_overlay_renders_valid_documents(overlay: Path, version: str) -> None:
    docs = rendered(overlay)
    assert {d["kind"] for d in docs} >= {
        "ConfigMap",
        "Secret",
        "Job",
        "Deployment",
        "Service",
        "PodDisruptionBudget",
    }
    for doc in docs:
        kubernetes_validate.validate(doc, version, strict=True)


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
@pytest.mark.parametrize(
    "folder", [*OVERLAYS, KUBE / "base"], ids=lambda p: str(p.relative_to(KUBE))
)
def test_kubectl_kustomize_renders_what_this_test_validates(folder: Path) -> None:
    out = subprocess.run(
        ["kubectl", "kustomize", str(folder)], capture_output=True, text=True, check=True
    ).stdout
    theirs = {(d["kind"], d["metadata"]["name"]): d for d in yaml.safe_load_all(out) if d}
    ours = {(d["kind"], d["metadata"]["name"]): d for d in rendered(folder)}
    assert theirs == ours


def test_every_file_is_used_by_a_kustomization() -> None:
    used: set[Path] = set()
    for k_file in KUBE.rglob("kustomization.yaml"):
        k = kustomization(k_file.parent)
        entries = [
            *k.get("resources", []),
            *k.get("components", []),
            *(p["path"] for p in k.get("patches", [])),
        ]
        for entry in entries:
            target = (k_file.parent / entry).resolve()
            assert target.exists(), f"{k_file}: {entry} does not exist"
            used.add(target)
    assert {p.resolve() for p in resource_files()} <= used


def test_the_autoscale_component_renders_valid_with_an_overlay() -> None:
    docs = render(KUBE / "base") + render(KUBE / "components" / "autoscale")
    hpa = one(docs, "HorizontalPodAutoscaler")
    target = hpa["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == (
        "Deployment",
        one(docs, "Deployment")["metadata"]["name"],
    )
    assert hpa["spec"]["minReplicas"] >= 2  # the PodDisruptionBudget lets one go


# -- what the schemas cannot see ----------------------------------------------------------


def check_settings(env: dict[str, str], where: str) -> None:
    """Every HEBBS_ name is a setting, and the values parse as Settings does."""
    fields = Settings.model_fields
    values: dict[str, str] = {}
    for name, value in env.items():
        assert name.startswith("HEBBS_"), f"{where}: {name} is not a hebbs-graph setting"
        field = name.removeprefix("HEBBS_").lower()
        assert field in fields, f"{where}: {name} is no setting (hebbs_graph/settings)"
        values[field] = str(value)
    Settings(**values)  # type: ignore[arg-type]  # values parse (bounds, literals, keys)


def container_env(docs: tuple[Doc, ...], container: Doc) -> dict[str, str]:
    env: dict[str, str] = {}
    for source in container.get("envFrom", []):
        if "configMapRef" in source:
            env |= one(docs, "ConfigMap", source["configMapRef"]["name"])["data"]
        else:
            env |= one(docs, "Secret", source["secretRef"]["name"])["stringData"]
    for item in container.get("env", []):
        env[item["name"]] = item["value"]
    return env


@cache
def app_routes() -> dict[str, set[str]]:
    from hebbs_graph.api.app import create_app

    app = create_app(Settings(api_keys={"k": "t"}))
    routes: dict[str, set[str]] = {}
    for route in app.routes:
        routes.setdefault(route.path, set()).update(getattr(route, "methods", set()))
    return routes


def dockerfile_port() -> int:
    found = re.search(r"^EXPOSE (\d+)$", DOCKERFILE.read_text(encoding="utf-8"), re.M)
    assert found
    return int(found.group(1))


def cli_commands() -> set[str]:
    from hebbs_graph.cli.main import app

    names = {c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands}
    return {n.replace("_", "-") for n in names}


@pytest.mark.parametrize("overlay", OVERLAYS, ids=lambda p: p.name)
def test_the_api_pods_are_consistent(overlay: Path) -> None:
    docs = rendered(overlay)
    deployment = one(docs, "Deployment")
    pod = deployment["spec"]["template"]
    labels = pod["metadata"]["labels"]
    selector = deployment["spec"]["selector"]["matchLabels"]
    assert selector.items() <= labels.items()
    for kind in ("Service", "PodDisruptionBudget"):
        spec = one(docs, kind)["spec"]
        wanted = spec["selector"] if kind == "Service" else spec["selector"]["matchLabels"]
        assert wanted.items() <= labels.items(), f"the {kind} selects no API pod"
    (api,) = pod["spec"]["containers"]
    env = container_env(docs, api)
    check_settings(env, f"{overlay.name}: the Deployment")
    port = int(env["HEBBS_PORT"])
    assert port == dockerfile_port()
    assert env["HEBBS_HOST"] == "0.0.0.0"
    assert env["HEBBS_WORKERS"] == "1"
    assert env["HEBBS_NEO4J_URI"].startswith(("neo4j://", "neo4j+s://", "neo4j+ssc://"))
    (http,) = api["ports"]
    assert http["containerPort"] == port
    service_port = one(docs, "Service")["spec"]["ports"][0]
    assert service_port["targetPort"] in (http["name"], port)
    routes = app_routes()
    for probe, path in (
        ("readinessProbe", "/v1/health/ready"),
        ("livenessProbe", "/v1/health/live"),
        ("startupProbe", "/v1/health/live"),
    ):
        get = api[probe]["httpGet"]
        assert get["path"] == path, probe
        assert get["port"] in (http["name"], port), probe
        assert "GET" in routes[path], f"{probe}: the app has no GET {path}"
    # The grace period covers the preStop wait, the check drain (10 s + 5 s) and requests.
    assert api["lifecycle"]["preStop"]["exec"]["command"][0] == "sleep"
    pre_stop = int(api["lifecycle"]["preStop"]["exec"]["command"][1])
    assert pod["spec"]["terminationGracePeriodSeconds"] >= pre_stop + 15 + 30
    memory = api["resources"]["requests"]["memory"]
    assert memory.endswith("Mi")
    assert int(memory[:-2]) >= 400


@pytest.mark.parametrize("overlay", OVERLAYS, ids=lambda p: p.name)
def test_the_migrate_job_runs_the_migrate_command_with_the_same_image_and_settings(
    overlay: Path,
) -> None:
    docs = rendered(overlay)
    (job,) = one(docs, "Job")["spec"]["template"]["spec"]["containers"]
    (api,) = one(docs, "Deployment")["spec"]["template"]["spec"]["containers"]
    assert job["image"] == api["image"] != f"{IMAGE}:local"  # the overlay names a registry
    assert job["envFrom"] == api["envFrom"]
    assert job["command"][:2] == ["hebbs-graph", "migrate"]
    assert "migrate" in cli_commands()


def test_the_base_names_the_image_the_overlays_rename() -> None:
    for container in containers(list(rendered(KUBE / "base"))):
        assert container["image"] == f"{IMAGE}:local"
    for overlay in OVERLAYS:
        names = [i["name"] for i in kustomization(overlay).get("images", [])]
        assert names == [IMAGE]


# -- compose --------------------------------------------------------------------------------


@cache
def compose() -> Doc:
    doc = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


def test_the_compose_file_is_valid_compose() -> None:
    import check_jsonschema  # type: ignore[import-untyped]

    schema_path = (
        Path(check_jsonschema.__file__).parent / "builtin_schemas/vendor/compose-spec.json"
    )
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(compose())


def test_the_compose_replicas_wait_for_the_schema_and_are_health_checked() -> None:
    services = compose()["services"]
    api, migrate, proxy = services["api"], services["migrate"], services["proxy"]
    assert api["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert migrate["depends_on"]["neo4j"]["condition"] == "service_healthy"
    assert proxy["depends_on"]["api"]["condition"] == "service_healthy"
    assert migrate["command"][:2] == ["hebbs-graph", "migrate"]
    assert "migrate" in cli_commands()
    assert "replicas" in api["deploy"]
    assert "ports" not in api
    assert api["image"] == migrate["image"] == f"{IMAGE}:local"
    assert api["build"]["dockerfile"] == "docker/Dockerfile"
    assert (COMPOSE.parent / api["build"]["context"] / api["build"]["dockerfile"]).exists()
    routes = app_routes()
    for name, service in (("api", api), ("proxy", proxy)):
        probe = " ".join(service["healthcheck"]["test"])
        paths = re.findall(r"/v1/health/\w+", probe)
        assert paths, f"{name}'s healthcheck calls no health route"
        for path in paths:
            assert "GET" in routes[path], f"{name}: the app has no GET {path}"
    assert "/v1/health/ready" in " ".join(api["healthcheck"]["test"])
    assert "/v1/health/ready" in DOCKERFILE.read_text(encoding="utf-8")


def test_the_compose_api_settings_and_ports_agree() -> None:
    services = compose()["services"]
    env = {k: str(v) for k, v in services["api"]["environment"].items()}
    # ${VAR:-default} / ${VAR:?message}: the value compose gives when VAR is unset or set.
    for name, value in env.items():
        env[name] = re.sub(r"\$\{[A-Z_]+:[-?][^}]*\}", "x:y", value)
    check_settings(env, "deploy/compose.yml api")
    port = int(env["HEBBS_PORT"])
    assert port == dockerfile_port()
    assert env["HEBBS_WORKERS"] == "1"
    conf = (DEPLOY / "nginx" / "compose.conf").read_text(encoding="utf-8")
    assert re.search(rf"server api:{port} ", conf), "nginx's upstream names another port"
    published = services["proxy"]["ports"][0].rsplit(":", 1)[1]
    assert re.search(rf"listen {published};", conf)
    for volume in services["proxy"]["volumes"]:
        source, target = volume.split(":")[:2]
        assert (COMPOSE.parent / source).exists(), source
        if target.endswith("proxy.conf"):
            assert f"include {target};" in conf


# -- nginx ------------------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")
def test_nginx_accepts_the_proxy_rules(tmp_path: Path) -> None:
    """proxy.conf inside the http block that scripts/bench/replicas.py writes around it."""
    conf = tmp_path / "nginx.conf"
    temp = "".join(
        f"{kind}_temp_path {tmp_path / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    conf.write_text(
        f"pid {tmp_path / 'nginx.pid'};\nerror_log {tmp_path / 'error.log'};\n"
        "events { worker_connections 64; }\n"
        f"http {{\n{temp}access_log off;\n"
        "upstream hebbs_api { server 127.0.0.1:9 max_fails=1 fail_timeout=5s; keepalive 8; }\n"
        f"server {{ listen 127.0.0.1:9; include {DEPLOY / 'nginx' / 'proxy.conf'}; }}\n}}\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        ["nginx", "-t", "-q", "-p", str(tmp_path), "-c", str(conf)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_post_requests_are_never_passed_on_once_sent() -> None:
    """A POST that reached a replica may have been written: nginx must not send it to
    another one (no non_idempotent in proxy_next_upstream)."""
    rules = (DEPLOY / "nginx" / "proxy.conf").read_text(encoding="utf-8")
    directives = [
        line.split("#")[0] for line in rules.splitlines() if "proxy_next_upstream " in line
    ]
    assert directives
    assert not any("non_idempotent" in d for d in directives)
