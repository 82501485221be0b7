"""The GitHub Pages workflow is valid, offline: check-jsonschema's vendored schema of GitHub
workflows (no download), and the steps are the ones the README promises."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def check(path: Path) -> subprocess.CompletedProcess:
    # any attempt to reach the network goes to a closed local port and fails
    env = {**os.environ, "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9",
           "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9", "NO_PROXY": ""}
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema",
                           "vendor.github-workflows", str(path)],
                          capture_output=True, text=True, env=env, timeout=120)


def test_the_pages_workflow_matches_the_schema():
    result = check(WORKFLOW)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("break_it", [
    lambda text: text.replace("runs-on:", "runs_on:"),             # an unknown key
    lambda text: text.replace("workflow_dispatch:", "workflow_dispatch: 42"),
    lambda text: text.replace("  pages: write", "  pages: everything"),
], ids=["unknown-key", "bad-trigger", "bad-permission"])
def test_a_broken_workflow_is_refused(tmp_path, break_it):
    text = WORKFLOW.read_text("utf-8")
    broken = break_it(text)
    assert broken != text
    path = tmp_path / "pages.yml"
    path.write_text(broken, "utf-8")
    result = check(path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Schema validation errors" in result.stdout + result.stderr


def test_the_workflow_builds_with_make_and_deploys_dist():
    from ruamel.yaml import YAML  # check-jsonschema's own YAML reader
    flow = YAML(typ="safe").load(WORKFLOW.read_text("utf-8"))
    assert flow["on"]["push"]["branches"] == ["main"] and "workflow_dispatch" in flow["on"]
    assert flow["permissions"]["pages"] == "write" and flow["permissions"]["id-token"] == "write"
    steps = flow["jobs"]["build"]["steps"]
    uses = {step["uses"].split("@")[0]: step for step in steps if "uses" in step}
    assert str(uses["actions/setup-node"]["with"]["node-version"]) == "20"
    assert str(uses["actions/setup-python"]["with"]["python-version"]) == "3.11"
    assert "actions/checkout" in uses and "actions/configure-pages" in uses
    assert uses["actions/upload-pages-artifact"]["with"]["path"] == "dist"
    assert [step["run"] for step in steps if "run" in step] == ["make build"]
    deploy = flow["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["environment"]["name"] == "github-pages"
    assert [step["uses"].split("@")[0] for step in deploy["steps"]] == ["actions/deploy-pages"]
