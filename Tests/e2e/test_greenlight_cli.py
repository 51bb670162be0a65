"""The greenlight command line: verdicts, formats, exit codes and clear errors on bad input."""
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GREENLIGHT = ROOT / ".build" / "debug" / "greenlight"
CLEAN = ROOT / "Tests" / "GreenlightTests" / "Fixtures" / "CleanApp"


def greenlight(*args, cwd=None):
    return subprocess.run([str(GREENLIGHT), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=60)


def project(tmp_path, files):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_clean_app_is_greenlit_and_exit_code_is_zero():
    assert greenlight("privacy", CLEAN, "--exit-code").returncode == 0
    result = greenlight("preflight", CLEAN, "--exit-code")
    assert result.returncode == 0, result.stdout
    assert "GREENLIT — no critical issues found" in result.stdout
    assert "4 files scanned" in result.stdout


def test_findings_gate_ci_with_exit_code_and_fail_on(tmp_path):
    root = project(tmp_path, {"App/Web.swift": 'let w = UIWebView()\nlet u = "http://shop.example-store.com"'})
    assert "privacy-manifest-missing" in greenlight("privacy", root).stdout
    assert greenlight("preflight", root).returncode == 0  # without --exit-code the command ran: 0
    gated = greenlight("preflight", root, "--exit-code")
    assert gated.returncode == 1 and gated.stderr == ""  # silent, like the anchor
    assert "NOT READY" in gated.stdout
    warn_only = project(tmp_path / "w", {"A.swift": 'let u = "http://shop.example-store.com"'})
    assert greenlight("codescan", warn_only, "--exit-code").returncode == 0
    assert greenlight("codescan", warn_only, "--exit-code", "--fail-on", "warn").returncode == 1


def test_json_sarif_and_junit_outputs(tmp_path):
    manifest = (CLEAN / "CleanApp" / "PrivacyInfo.xcprivacy").read_text()
    root = project(tmp_path, {"A.swift": 'let k = "sk_live_abcdefghijklmnopqrstuvwx"', "PrivacyInfo.xcprivacy": manifest})
    report = json.loads(greenlight("codescan", root, "--format", "json").stdout)
    assert report["summary"]["critical"] == 1 and report["findings"][0]["rule_id"] == "hardcoded-secrets"
    assert report["summary"]["files_scanned"] == 2
    sarif_file = tmp_path / "out.sarif"
    assert greenlight("preflight", root, "--format", "sarif", "--output", sarif_file).returncode == 0
    sarif = json.loads(sarif_file.read_text())
    assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"][0]["ruleId"] == "hardcoded-secrets"
    junit = greenlight("preflight", root, "--format", "junit").stdout
    assert junit.startswith("<?xml") and 'failures="1"' in junit


def test_bad_input_is_a_clear_error_never_a_crash(tmp_path):
    missing = greenlight("preflight", tmp_path / "nope")
    assert missing.returncode == 1 and missing.stderr.startswith("Error: no such directory")
    a_file = tmp_path / "A.swift"
    a_file.write_text("let x = 1")
    not_dir = greenlight("preflight", a_file)
    assert not_dir.returncode == 1 and "not a directory" in not_dir.stderr
    bad_config = project(tmp_path / "cfg", {".greenlight.yml": "rules:\n  nope: { enabled: false }\n", "A.swift": "let x = 1"})
    refused = greenlight("codescan", bad_config)
    assert refused.returncode == 1 and 'unknown rule id "nope"' in refused.stderr
    broken_yaml = project(tmp_path / "yaml", {".greenlight.yml": "rules: [", "A.swift": "let x = 1"})
    assert greenlight("codescan", broken_yaml).returncode == 1
    malformed_plist = project(tmp_path / "plist", {"Info.plist": "<plist><dict><key>x</key>", "A.swift": "let x = 1"})
    assert greenlight("preflight", malformed_plist).returncode == 0  # read what can be read; no crash
    binary = project(tmp_path / "bin", {"A.swift": "let x = 1"})
    (binary / "B.swift").write_bytes(b"\x00\x01\x02binary")
    skipped = json.loads(greenlight("preflight", binary, "--format", "json").stdout)
    assert any(f["rule_id"] == "file-not-scanned" and f["file"] == "B.swift" for f in skipped["findings"])


def test_guidelines_and_version():
    show = greenlight("guidelines", "show", "2.5.1")
    assert show.returncode == 0 and "2.5.1" in show.stdout
    assert greenlight("guidelines", "show", "9.9").returncode == 1
    search = greenlight("gl", "search", "restore", "purchases")
    assert search.returncode == 0 and search.stdout.splitlines()[0].startswith("3.1")
    assert greenlight("guidelines", "list").stdout.startswith("1  Safety")
    assert greenlight("version").stdout.strip().startswith("greenlight ")
    assert len(greenlight("rules").stdout.splitlines()) == 24 + 7 + 14 + 1  # codescan, privacy, metadata, file-not-scanned
