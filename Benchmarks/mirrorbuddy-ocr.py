#!/usr/bin/env python3
"""MirrorBuddy's reading of photographed pages: character error rate (CER) and seconds a page, our
pipeline (`funzone mirrorbuddy read`: tesseract with the student's language first, then the clean-up
that joins lines into paragraphs) against plain `tesseract IMAGE stdout -l ita|eng` on the same
pictures in the same run.

Pages are made here with ImageMagick from texts written for this benchmark (Italian and English),
then made into what a phone or a scanner gives: a slight tilt; a phone photo (perspective, uneven
light with a shadow, a dark gutter, noise, blur, JPEG); two columns; faded print; a slanted italic
face. CER = edit distance between the texts (whitespace collapsed, quotes and dashes unified) over
the true text's length.

Then the time from upload to "ready" on a real server (a fresh SQLite database, one family): a
10-page scanned PDF (every page read by OCR) and 3 phone photos, sent as the page sends them.

    swift build --product funzone && python3 Benchmarks/mirrorbuddy-ocr.py [--keep DIR]
"""
import argparse
import base64
import http.cookiejar
import json
import urllib.request
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PAGES = {
    "it": [
        "La Rivoluzione francese cominciò nel 1789, quando il re Luigi XVI convocò gli Stati generali a Versailles per "
        "trovare il denaro che mancava alle casse del regno. I deputati del Terzo stato, che rappresentavano quasi tutta "
        "la popolazione, chiesero di votare per testa e non per ordine. Quando il re rifiutò, si riunirono nella sala della "
        "Pallacorda e giurarono di non separarsi prima di aver dato una costituzione alla Francia. Il 14 luglio il popolo di "
        "Parigi assaltò la Bastiglia, la prigione che era il simbolo del potere assoluto del sovrano.",
        "La fotosintesi è il processo con cui le piante verdi producono il proprio nutrimento. Nelle foglie, la clorofilla "
        "cattura l'energia della luce del Sole e la usa per trasformare l'anidride carbonica dell'aria e l'acqua assorbita "
        "dalle radici in zuccheri. Durante questo processo la pianta libera ossigeno, che è indispensabile per la "
        "respirazione di quasi tutti gli esseri viventi. Per questo si dice che le foreste sono i polmoni della Terra: senza "
        "di loro l'aria che respiriamo sarebbe molto diversa.",
        "Il Medioevo è il lungo periodo che va dalla caduta dell'Impero romano d'Occidente, nel 476, alla scoperta "
        "dell'America, nel 1492. Nei primi secoli le città si spopolarono e la vita si spostò nelle campagne, intorno ai "
        "castelli dei signori feudali. Dopo l'anno Mille i commerci ripresero, nacquero i Comuni e le università, e i "
        "mercanti italiani viaggiarono fino in Oriente. Fu un'epoca di cattedrali, di monasteri e di grandi cambiamenti.",
    ],
    "en": [
        "The water cycle describes how water moves around our planet. Heat from the Sun makes water evaporate from oceans, "
        "lakes and rivers. The water vapour rises, cools and condenses into tiny droplets that form clouds. When the droplets "
        "join together and become heavy, they fall back to the ground as rain, snow or hail. Some of this water flows into "
        "rivers and back to the sea, some soaks into the soil, and plants take it up through their roots.",
        "Ancient Egypt grew up along the river Nile, whose yearly floods left rich black soil on its banks. Farmers grew wheat "
        "and barley, and the harvest fed a large population ruled by the pharaoh. The Egyptians built enormous pyramids as "
        "tombs for their kings, and they wrote with hieroglyphs, a script of more than seven hundred signs. Scribes kept "
        "records of taxes, laws and stories on sheets made from the papyrus plant.",
        "A fraction is a way of writing a part of a whole. The number below the line, the denominator, tells us how many "
        "equal parts the whole is divided into; the number above the line, the numerator, tells us how many of those parts "
        "we have. Two fractions are equivalent when they name the same amount, like one half and two quarters. To add "
        "fractions with different denominators, we first write them with a common denominator.",
    ],
}

VARIANTS = ["clean scan", "tilted scan", "phone photo", "two columns", "faded print", "italic face"]


def magick(*arguments):
    subprocess.run(["convert", *map(str, arguments)], check=True, capture_output=True)


def render(text, out, font="DejaVu-Serif", width=1900, point=40, border="290x300"):
    """A page of text at about 300 dpi on A4 (2480 wide): lines wrapped here, each drawn as a label
    and the labels stacked (ImageMagick's caption and long labels measure past its size limit)."""
    lines = textwrap.wrap(text, width=int(width / (point * 0.56)))
    labels = [argument for line in lines for argument in ("label:" + line.replace("%", "%%"),)]
    magick("-background", "white", "-fill", "black", "-font", font, "-pointsize", point, *labels, "-gravity", "south",
           "-splice", "0x14", "-gravity", "west", "-append", "-gravity", "center", "-bordercolor", "white", "-border", border, out)


def make(variant, text, folder):
    page = folder / "page.png"
    if variant == "two columns":
        words = text.split()
        half = len(words) // 2
        left, right = folder / "left.png", folder / "right.png"
        render(" ".join(words[:half]), left, width=900, point=36, border="120x300")
        render(" ".join(words[half:]), right, width=900, point=36, border="120x300")
        magick(left, right, "-gravity", "north", "+append", "+repage", page)
        magick(page, "-rotate", "0.8", "-background", "white", "-flatten", "+noise", "Gaussian", "-attenuate", "0.3", out := folder / "photo.jpg")
        return out
    if variant == "italic face":
        render(text, page, font="DejaVu-Serif-Italic")
        magick(page, "-rotate", "-1", "-background", "white", "-flatten", "-attenuate", "0.3", "+noise", "Gaussian", out := folder / "photo.jpg")
        return out
    render(text, page)
    out = folder / "photo.jpg"
    if variant == "clean scan":
        magick(page, "-quality", "92", out)
    elif variant == "tilted scan":
        magick(page, "-background", "white", "-rotate", "2.5", "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "90", out)
    elif variant == "faded print":
        magick(page, "-fill", "white", "-colorize", "55%", "-attenuate", "0.3", "+noise", "Gaussian", "-blur", "0x0.6", "-quality", "88", out)
    elif variant == "phone photo":
        # The page in perspective on a grey desk, lit from one side, the binding's shadow on the left, grain, a little blur.
        size = subprocess.run(["identify", "-format", "%w %h", page], capture_output=True, text=True, check=True).stdout.split()
        w, h = int(size[0]), int(size[1])
        shade = folder / "shade.png"
        magick("-size", f"{w}x{h}", "gradient:white-gray55", "-rotate", "90", "-resize", f"{w}x{h}!", shade)
        gutter = folder / "gutter.png"
        magick("-size", f"{h}x{w // 9}", "gradient:gray20-white", "-rotate", "90", "-background", "white", "-gravity", "west",
               "-extent", f"{w}x{h}", gutter)
        lit = folder / "lit.png"
        magick(page, shade, "-compose", "multiply", "-composite", gutter, "-compose", "multiply", "-composite", lit)
        magick(lit, "-virtual-pixel", "background", "-background", "gray40", "-distort", "Perspective",
               f"0,0 {w * 0.04},{h * 0.03}  {w},0 {w * 0.95},{h * 0.0}  {w},{h} {w * 0.99},{h * 0.97}  0,{h} {w * 0.0},{h * 0.99}",
               "-wave", f"6x{w * 2}", "-attenuate", "0.6", "+noise", "Gaussian", "-blur", "0x1.1", "-resize", "80%", "-quality", "82", out)
    return out


def normal(text):
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\u2014", "-").replace("\u2013", "-").replace("\ufb01", "fi").replace("\ufb02", "fl")
    text = re.sub(r"-\s*\n\s*", "", text)  # a word cut at a line's end counts as whole for both
    return re.sub(r"\s+", " ", text).strip()


def distance(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def cer(read, truth):
    truth = normal(truth)
    return distance(normal(read), truth) / max(1, len(truth))


def timed(command, env=None):
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"{command[0]} failed: {result.stderr[:300]}")
    return result.stdout, time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", help="keep the pictures in this folder")
    options = parser.parse_args()
    binary = next((p for p in [ROOT / ".build/release/funzone", ROOT / ".build/debug/funzone"] if p.exists()), None)
    if binary is None or not shutil.which("tesseract") or not shutil.which("convert"):
        sys.exit("needs: swift build --product funzone, tesseract-ocr (ita, eng) and imagemagick (scripts/install-deps --test)")
    folder = Path(options.keep or tempfile.mkdtemp(prefix="mb-ocr-"))
    folder.mkdir(parents=True, exist_ok=True)
    one_core = dict(os.environ, OMP_THREAD_LIMIT="1")
    rows = []
    for language, texts in PAGES.items():
        code = "ita" if language == "it" else "eng"
        for variant in VARIANTS:
            for number, text in enumerate(texts):
                work = folder / f"{language}-{variant.replace(' ', '-')}-{number}"
                work.mkdir(exist_ok=True)
                picture = make(variant, text, work)
                plain, plain_seconds = timed(["tesseract", str(picture), "stdout", "-l", code], env=one_core)
                ours, our_seconds = timed([str(binary), "mirrorbuddy", "read", "--language", language, str(picture)])
                rows.append((language, variant, cer(plain, text), plain_seconds, cer(ours, text), our_seconds))
    print(f"{'language':8} {'pictures':14} {'plain CER':>10} {'our CER':>8} {'plain s/page':>12} {'our s/page':>10}")
    for language in PAGES:
        for variant in VARIANTS:
            mine = [r for r in rows if r[0] == language and r[1] == variant]
            mean = lambda i: sum(r[i] for r in mine) / len(mine)
            print(f"{language:8} {variant:14} {mean(2):10.1%} {mean(4):8.1%} {mean(3):12.2f} {mean(5):10.2f}")
        mine = [r for r in rows if r[0] == language]
        mean = lambda i: sum(r[i] for r in mine) / len(mine)
        print(f"{language:8} {'all':14} {mean(2):10.1%} {mean(4):8.1%} {mean(3):12.2f} {mean(5):10.2f}"
              f"   ours/plain CER ratio {mean(4) / max(mean(2), 1e-9):.2f}, time ratio {mean(5) / mean(3):.2f}")
    upload_to_ready(binary, folder)
    if not options.keep:
        shutil.rmtree(folder, ignore_errors=True)


def pdf_of(jpegs):
    """A PDF with one scanned page a JPEG (DCTDecode), as a scanner app makes it."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", None]
    kids = []
    for path in jpegs:
        data = path.read_bytes()
        w, h = map(int, subprocess.run(["identify", "-format", "%w %h", str(path)], capture_output=True, text=True).stdout.split())
        gray = "Gray" in subprocess.run(["identify", "-format", "%[colorspace]", str(path)], capture_output=True, text=True).stdout
        page_h = round(595 * h / w)
        page, image, content = len(objects) + 1, len(objects) + 2, len(objects) + 3
        kids.append(page)
        drawing = b"q 595 0 0 %d 0 0 cm /Im1 Do Q" % page_h
        objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 %d] /Resources << /XObject << /Im1 %d 0 R >> >> /Contents %d 0 R >>"
                    % (page_h, image, content),
                    b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /%s /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n"
                    % (w, h, b"DeviceGray" if gray else b"DeviceRGB", len(data)) + data + b"\nendstream",
                    b"<< /Length %d >>\nstream\n" % len(drawing) + drawing + b"\nendstream"]
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def upload_to_ready(binary, folder):
    """Seconds from sending to "ready" on a running server: a 10-page scanned PDF, then 3 photos."""
    sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
    from conftest import launch
    scans = sorted(folder.glob("it-*-scan-*/photo.jpg")) + sorted(folder.glob("it-faded-print-*/photo.jpg"))
    photos = sorted(folder.glob("it-phone-photo-*/photo.jpg"))
    pages = (scans * 4)[:10]
    url, stop = launch()
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        token = json.load(opener.open(url + "/api/session"))["csrfToken"]

        def call(method, path, body=None, raw=None, kind="application/json"):
            data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
            request = urllib.request.Request(url + path, data=data, method=method,
                                             headers={"Content-Type": kind, "X-CSRF-Token": token, "Accept": "application/json"})
            return json.load(opener.open(request))

        session = call("POST", "/api/setup", {"familyName": "Rossi", "parentName": "Ada", "email": "ada@example.org", "password": "correct horse battery"})
        token = session.get("csrfToken", token)
        child = call("POST", "/api/parent/children", {"name": "Mario", "grade": 8, "avatar": "🦊"})
        call("POST", "/api/kids/select", {"childId": child["id"]})

        def timed_upload(path, raw, kind):
            started = time.perf_counter()
            material = call("POST", path, raw=raw, kind=kind)
            while material["status"] in ("pending", "processing"):
                time.sleep(0.1)
                material = call("GET", f"/api/mirrorbuddy/materials/{material['id']}")
            assert material["status"] == "ready", material
            return time.perf_counter() - started

        pdf_seconds = timed_upload("/api/mirrorbuddy/materials/pdf?title=Dieci", pdf_of(pages), "application/pdf")
        photo_body = json.dumps({"photos": [base64.b64encode(p.read_bytes()).decode() for p in photos]}).encode()
        photo_seconds = timed_upload("/api/mirrorbuddy/materials/photos?title=Foto", photo_body, "application/json")
        print(f"upload to ready: 10-page scanned PDF {pdf_seconds:.1f} s ({pdf_seconds / 10:.2f} s a page); "
              f"3 photos {photo_seconds:.1f} s ({photo_seconds / 3:.2f} s a photo)")
    finally:
        stop()


if __name__ == "__main__":
    main()
