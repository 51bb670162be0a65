"""Schemathesis fuzzes every operation of /api/openapi.yaml against a live server, signed in as a
parent: whatever it sends, the server must never answer 5xx (a 5xx is always a bug)."""
import json
import os
import subprocess
import urllib.request
from pathlib import Path

from test_cli import Client


def test_no_input_makes_a_server_error(server, tmp_path):
    parent = Client(server)
    status, session = parent.call("POST", "/api/setup", {"familyName": "Rossi", "parentName": "Ada", "email": "ada@example.org",
                                                         "password": "correct horse battery"})
    assert status == 201
    cookie = next(c for c in parent.opener.handlers if hasattr(c, "cookiejar")).cookiejar
    token = next(c.value for c in cookie if c.name == "fz_session")
    result = subprocess.run(
        ["schemathesis", "run", server + "/api/openapi.yaml", "--url", server,
         "--header", f"Cookie: fz_session={token}", "--header", f"X-CSRF-Token: {session['csrfToken']}",
         "--checks", "not_a_server_error", "--max-examples", "30", "--exclude-path", "/api/signout", "--seed", "1",
         # Their 503 is a report (a write slower than 3 s on a machine this busy), not a server error.
         "--exclude-path-regex", "^/healthz(/ready)?$",
         "--report", "junit", "--report-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,  # its cache stays out of the repository
        env={**os.environ, "SCHEMATHESIS_HOOKS": "schemathesis_hooks",
             "PYTHONPATH": str(Path(__file__).parent) + os.pathsep + os.environ.get("PYTHONPATH", "")})
    assert result.returncode == 0, result.stdout[-4000:]
    assert " passed" in result.stdout
    # The server is still healthy afterwards.
    assert json.load(urllib.request.urlopen(server + "/healthz"))["status"] == "ok"
