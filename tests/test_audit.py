"""tools/audit.py reports whatever Lighthouse managed to measure: a run that ended in an error but
wrote its report still gives scores (with the error said), a run that wrote nothing is tried once
more, and two failures are said plainly instead of a traceback. Lighthouse itself is replaced by a
script that behaves as told, so no browser runs here."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import audit  # noqa: E402


def report(performance: float, error: dict | None = None) -> dict:
    categories = {name: {"score": value, "auditRefs": []} for name, value in
                  (("performance", performance), ("accessibility", 1.0), ("best-practices", 0.96))}
    return {"lighthouseVersion": "12.2.3", "environment": {}, "categories": categories, "audits": {},
            **({"runtimeError": error} if error else {})}


@pytest.fixture
def fake(tmp_path, monkeypatch):
    """fake(outcomes): each Lighthouse run takes the next outcome, (exit status, report or None)."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html>")
    plan = tmp_path / "plan.json"
    script = tmp_path / "lighthouse"
    script.write_text(f"""#!{sys.executable}
import json, sys
plan = json.load(open({str(plan)!r}))
status, body = plan.pop(0)
json.dump(plan, open({str(plan)!r}, "w"))
out = [a.split("=", 1)[1] for a in sys.argv if a.startswith("--output-path=")][0]
if body is not None:
    open(out, "w").write(json.dumps(body))
print("Runtime error encountered: PROTOCOL_TIMEOUT", file=sys.stderr)
sys.exit(status)
""")
    script.chmod(0o755)
    monkeypatch.setattr(audit, "lighthouse_bin", lambda: script)
    monkeypatch.setattr(audit, "chromium_path", lambda: "/usr/bin/chromium")

    def use(outcomes, *args):
        plan.write_text(json.dumps(outcomes))
        return audit.main(["--dir", str(site), *args])
    return use


def test_a_report_written_despite_an_error_gives_its_scores(fake, capsys):
    timeout = {"code": "PROTOCOL_TIMEOUT", "message": "Network.getResponseBody timed out"}
    assert fake([[1, report(0.42, timeout)]]) == 0
    out = capsys.readouterr().out
    assert "performance      42" in out
    assert "PROTOCOL_TIMEOUT" in out


def test_a_run_without_a_report_is_tried_once_more(fake, capsys):
    assert fake([[1, None], [0, report(0.5)]]) == 0
    captured = capsys.readouterr()
    assert "performance      50" in captured.out
    assert "trying once more" in captured.err


def test_two_failures_are_said_plainly(fake, capsys):
    assert fake([[1, None], [1, None]]) == 1
    err = capsys.readouterr().err
    assert "wrote no report" in err and "PROTOCOL_TIMEOUT" in err
    assert "no Lighthouse report" in err


def test_runs_give_the_median_of_each_score(fake, capsys):
    assert fake([[0, report(0.3)], [0, report(0.6)], [0, report(0.5)]], "--runs", "3") == 0
    assert "performance      50  (runs: 30, 60, 50)" in capsys.readouterr().out
