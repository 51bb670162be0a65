"""QR codes of Web/shared/qrcode.js (Debian's qrcode-generator, drawn by us), read back by a real decoder:
node writes each code as a PBM image (Tests/e2e/qrcode_check.mjs) and zbarimg (zbar-tools, installed by
scripts/install-deps --test) must decode exactly the text put in, at every error correction level. Needs
node and node-qrcode-generator (qrcode_check.mjs gives node the module the server serves at /vendor/),
not the server."""
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import ROOT

CHECK_SCRIPT = ROOT / "Tests" / "e2e" / "qrcode_check.mjs"
MODULE_URL = (ROOT / "Web" / "shared" / "qrcode.js").as_uri()
LEVELS = ["L", "M", "Q", "H"]

pytestmark = pytest.mark.skipif(shutil.which("node") is None,
                                reason="node is not installed: the QR codes of Web/shared/qrcode.js are checked under node")

# Bytes that fit in version 10 (byte mode, 16-bit length), and in version 40, the largest there is.
CAPACITY = {"L": 271, "M": 213, "Q": 151, "H": 119}
CAPACITY_40 = {"L": 2953, "M": 2331, "Q": 1663, "H": 1273}
LONG = ("http://127.0.0.1:8080/spotcheck/#pair=K7PQ3X&family=Rossi&child=Ada&note="
        + "The quick brown fox jumps over the lazy dog 0123456789 " * 3)[:200]
assert len(LONG.encode()) == 200

# name -> (text per level, smallest version expected at every level)
CASES = {
    "short": (lambda level: "K7PQ3X", 1),
    "url": (lambda level: "http://127.0.0.1:8080/spotcheck/#pair=K7PQ3X", 3),
    "100 characters": (lambda level: ("Kids Fun Zone pairing check " * 4)[:100], 5),
    "utf-8": (lambda level: "Caffè pronto, è l'ora! 🎉🦊", 1),
    # ~200 bytes reach version 7+ (version information); Q and H hold at most 151 and 119 bytes.
    "long": (lambda level: LONG[:min(200, CAPACITY[level] - 10)], 7),
    "full version 10": (lambda level: ("0123456789abcdef" * 20)[:CAPACITY[level]], 10),
}


# Format information after the 0x5412 mask, per level, for masks 0–7, and version information for
# versions 7–10: the tables of ISO/IEC 18004 (Annex C and D). A decoder corrects a few wrong bits
# here, so these are checked directly.
FORMAT = {
    "L": ["111011111000100", "111001011110011", "111110110101010", "111100010011101",
          "110011000101111", "110001100011000", "110110001000001", "110100101110110"],
    "M": ["101010000010010", "101000100100101", "101111001111100", "101101101001011",
          "100010111111001", "100000011001110", "100111110010111", "100101010100000"],
    "Q": ["011010101011111", "011000001101000", "011111100110001", "011101000000110",
          "010010010110100", "010000110000011", "010111011011010", "010101111101101"],
    "H": ["001011010001001", "001001110111110", "001110011100111", "001100111010000",
          "000011101100010", "000001001010101", "000110100001100", "000100000111011"],
}
VERSION_INFO = {7: "000111110010010100", 8: "001000010110111100", 9: "001001101010011001", 10: "001010010011010011"}

# "K7PQ3X" at level M as another encoder (segno, with mask 6 forced) makes it. The library may choose
# another mask, so the two are compared unmasked: data, padding, Reed–Solomon and placement are pinned,
# not just "readable".
REFERENCE_K7PQ3X_M = [
    "#######.##.##.#######", "#.....#.#..#..#.....#", "#.###.#.##.##.#.###.#", "#.###.#...#...#.###.#",
    "#.###.#.#.#.#.#.###.#", "#.....#...###.#.....#", "#######.#.#.#.#######", ".........#.##........",
    "#..########.##..#.###", "...##....#..#.#.####.", "#.#..##...#..##.#...#", "#.#..#.#...#......###",
    "...##.##..#...#...##.", "........#..##.....###", "#######.##..#####.#..", "#.....#.#.####..###..",
    "#.###.#.#..##.###.###", "#.###.#.##.##..####..", "#.###.#..##...#.#.###", "#.....#..##..####.###",
    "#######.#.##...###...",
]


def node(*args):
    return subprocess.run(["node", *args], capture_output=True, text=True, timeout=60, cwd=ROOT)


def node_snippet(snippet, *args):
    """Runs an ES module snippet that may import Web/shared/qrcode.js (qrcode_check.mjs resolves /vendor/)."""
    return node("--import", CHECK_SCRIPT.as_uri(), "--input-type=module", "-e", snippet, *args)


@pytest.fixture(scope="module")
def images():
    """(case, level) -> {"file", "text", "ecc", "version", "size"}: one node run per level."""
    folder = Path(tempfile.mkdtemp(prefix="qrcode-"))
    made = {}
    for level in LEVELS:
        texts = [make(level) for make, _ in CASES.values()]
        result = node(str(CHECK_SCRIPT), str(folder / level), f"--ecc={level}", *texts)
        assert result.returncode == 0, result.stderr
        records = [json.loads(line) for line in result.stdout.splitlines()]
        assert [record["text"] for record in records] == texts
        for name, record in zip(CASES, records):
            made[name, level] = record
    yield made
    shutil.rmtree(folder, ignore_errors=True)


def matrices(cases):
    """qrMatrix(text, { ecc }) for each (text, level), as rows of "#" (dark) and "." (light)."""
    snippet = (f"import {{ qrMatrix }} from {json.dumps(MODULE_URL)};"
               "const cases = JSON.parse(process.argv[1]);"
               "console.log(JSON.stringify(cases.map(([text, ecc]) =>"
               " qrMatrix(text, { ecc }).modules.map((row) => row.map((dark) => (dark ? '#' : '.')).join('')))));")
    result = node_snippet(snippet, json.dumps(cases))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def zbar_decode(file):
    assert shutil.which("zbarimg"), "zbarimg is missing: install zbar-tools (scripts/install-deps --test)"
    result = subprocess.run(["zbarimg", "--raw", "-q", str(file)], capture_output=True, timeout=60)
    assert result.returncode == 0, f"zbarimg found no QR code in {file}: {result.stderr.decode(errors='replace')}"
    return result.stdout.decode("utf-8").removesuffix("\n")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", list(CASES))
def test_zbar_reads_the_exact_text(images, name, level):
    record = images[name, level]
    _, smallest_version = CASES[name]
    assert record["version"] >= smallest_version
    assert record["size"] == 17 + 4 * record["version"]
    assert zbar_decode(record["file"]) == record["text"]


def test_versions_are_the_smallest_that_fit(images):
    assert images["short", "L"]["version"] == 1
    assert images["long", "L"]["version"] == 9  # 200 bytes: version 8-L holds 192
    assert images["full version 10", "H"]["version"] == 10


# The eight mask patterns of ISO/IEC 18004 (row, column).
MASKS = [lambda r, c: (r + c) % 2 == 0, lambda r, c: r % 2 == 0, lambda r, c: c % 3 == 0, lambda r, c: (r + c) % 3 == 0,
         lambda r, c: (r // 2 + c // 3) % 2 == 0, lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
         lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0, lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0]


def unmasked_version_1(rows, level):
    """The data modules of a version-1 symbol with its mask (read from its format information) taken off;
    function modules (which carry the mask's number) as "f"."""
    bits = "".join("1" if rows[8][x] == "#" else "0" for x in (0, 1, 2, 3, 4, 5, 7, 8)) + \
        "".join("1" if rows[y][8] == "#" else "0" for y in (7, 5, 4, 3, 2, 1, 0))
    mask = MASKS[FORMAT[level].index(bits)]
    # Function modules: the finders with their separators and format areas, and the timing patterns.
    function = lambda r, c: (r < 9 and (c < 9 or c > 12)) or (c < 9 and r > 12) or r == 6 or c == 6
    return ["".join("f" if function(r, c) else "#" if (module == "#") != mask(r, c) else "."
                    for c, module in enumerate(row)) for r, row in enumerate(rows)]


def test_same_symbol_as_an_independent_encoder():
    assert unmasked_version_1(matrices([["K7PQ3X", "M"]])[0], "M") == unmasked_version_1(REFERENCE_K7PQ3X_M, "M")


def test_format_and_version_information_follow_the_standard():
    cases = [[make(level), level] for level in LEVELS for make, _ in CASES.values()]
    for (text, level), rows in zip(cases, matrices(cases)):
        size = len(rows)
        bit = lambda x, y: "1" if rows[y][x] == "#" else "0"
        near_top_left = "".join([bit(x, 8) for x in (0, 1, 2, 3, 4, 5, 7, 8)] + [bit(8, y) for y in (7, 5, 4, 3, 2, 1, 0)])
        split = "".join([bit(8, y) for y in range(size - 1, size - 8, -1)] + [bit(x, 8) for x in range(size - 8, size)])
        assert near_top_left == split and near_top_left in FORMAT[level], (text, level)
        assert rows[size - 8][8] == "#", "the dark module"
        version = (size - 17) // 4
        if version >= 7:
            above_bottom_left = "".join(bit(i // 3, size - 11 + i % 3) for i in reversed(range(18)))
            left_of_top_right = "".join(bit(size - 11 + i % 3, i // 3) for i in reversed(range(18)))
            assert above_bottom_left == left_of_top_right == VERSION_INFO[version], (text, level)


@pytest.mark.parametrize("level, text", [("L", "x" * 2954), ("M", "è" * 1166), ("Q", "🎉" * 416), ("H", "x" * 1274)])
def test_too_long_text_throws(level, text):
    """One byte over version 40's capacity (UTF-8 bytes count, not characters) is a clear error."""
    snippet = (f"import {{ qrMatrix }} from {json.dumps(MODULE_URL)};"
               "try { qrMatrix(process.argv[1], { ecc: process.argv[2] }); console.log('no error'); }"
               "catch (error) { console.log(error.message); process.exitCode = 3; }")
    result = node_snippet(snippet, text, level)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "too long" in result.stdout and f"{CAPACITY_40[level] + 1} bytes" in result.stdout, result.stdout


def test_svg_markup_draws_the_matrix_without_styles():
    """qrSvgMarkup (same attributes as qrSvg): a white rect, one black path covering exactly the dark
    modules (offset by the margin), role="img" and the label; no style attribute (the CSP forbids them)."""
    snippet = (f"import {{ qrMatrix, qrSvgMarkup }} from {json.dumps(MODULE_URL)};"
               "const text = process.argv[1];"
               "console.log(JSON.stringify({ matrix: qrMatrix(text, { ecc: 'Q' }),"
               " markup: qrSvgMarkup(text, { ecc: 'Q', scale: 5, margin: 3, label: 'Pair \"this\" device' }),"
               " plain: qrSvgMarkup(text) }));")
    result = node_snippet(snippet, "http://127.0.0.1:8080/spotcheck/#pair=K7PQ3X")
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    matrix, markup = output["matrix"], output["markup"]
    side = matrix["size"] + 6
    assert "style" not in markup
    assert f'viewBox="0 0 {side} {side}"' in markup and f'width="{side * 5}"' in markup
    assert 'role="img"' in markup and 'aria-label="Pair &quot;this&quot; device"' in markup
    assert 'aria-label="QR code"' in output["plain"]
    assert re.search(r'<rect width="\d+" height="\d+" fill="#fff"/>', markup)
    assert markup.count("<path") == 1 and 'fill="#000"' in markup
    drawn = set()
    for x, y, run in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", re.search(r' d="([^"]*)"', markup).group(1)):
        drawn.update((int(x) + i - 3, int(y) - 3) for i in range(int(run)))
    dark = {(x, y) for y, row in enumerate(matrix["modules"]) for x, dark in enumerate(row) if dark}
    assert drawn == dark
