"""MirrorBuddy in a real browser, as Mario (13, dyslexic) uses it: the Dislessia profile from the
floating switcher sets OpenDyslexic and wide spacing on every screen (computed style checked); a
material from pasted text is read aloud with each word lit in order; a task moves from Today to
Completed with its XP on a phone; axe on every screen in Italian and English, and with high contrast."""
import time

from selenium.webdriver.common.by import By

from pages import add_first_child, click, fill, find, play_as, set_up_family, small_kid_targets, wait, wait_text
from test_accessibility import serious_violations
from test_home_network import lan_server, open_set_up_over_https, trusting_browser  # noqa: F401 (lan_server is a fixture)
from test_speakup_pages import tap

SCREENS = ["#home", "#materials", "#new", "#tasks", "#progress", "#settings", "#cards", "#maps", "#quiz", "#coach", "#homework"]

TEXT = ("La Rivoluzione francese cominciò nel 1789. Il re Luigi XVI convocò gli Stati generali a Versailles.\n\n"
        "Il 14 luglio il popolo di Parigi prese la Bastiglia.")

# What the reader sees of the text: the font, the spacing, the line height over the font size.
LOOK = """
const text = document.querySelector(arguments[0]);
const style = getComputedStyle(text);
return {font: style.fontFamily, letter: parseFloat(style.letterSpacing) || 0, word: parseFloat(style.wordSpacing) || 0,
        line: parseFloat(style.lineHeight) / parseFloat(style.fontSize), loaded: document.fonts.check('16px OpenDyslexic')};
"""


def open_mirrorbuddy(d, server, name="Mario", grade=8):
    set_up_family(d, server)
    add_first_child(d, name, grade=grade)
    play_as(d, name)
    find(d, ".tile[data-app-id='mirrorbuddy']")
    click(d, ".tile[data-app-id='mirrorbuddy']")
    find(d, "#home-subjects", timeout=15)


def go(d, server, hash_):
    d.get(server + "/mirrorbuddy/" + hash_)
    find(d, f"#screen[data-screen^='{hash_[1:]}/']", timeout=15)
    time.sleep(0.3)


def add_material(d, title, text):
    tap(d, "#dock-new")
    find(d, "#new-text")
    fill(d, "#new-title", title)
    fill(d, "#new-text", text)
    tap(d, "#new-save")
    find(d, "#reading .mb-w", timeout=15)


def close_panel(d):
    """Closes the accessibility panel (by script: the panel redraws itself when the settings come back)."""
    d.execute_script("document.getElementById('a11y-close')?.click()")
    wait(d).until(lambda driver: not driver.execute_script("return document.getElementById('a11y-panel')?.open"))


SETTLED = """return document.getAnimations().every(a => a.playState !== 'running'
    || !isFinite(a.effect?.getComputedTiming?.().endTime ?? Infinity))"""


def fits(d, screen):
    """No sideways scrolling, every target at least 44 × 44 px, nothing serious for axe.

    Measured once the page's finite animations and transitions have ended: a card measured
    halfway through its flip is 22 px wide."""
    wait(d).until(lambda driver: driver.execute_script(SETTLED))
    overflow = d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{screen}: the page scrolls sideways by {overflow} px"
    small = small_kid_targets(d, "button, a.btn, select, input, textarea, [role=checkbox]", 44, 44)
    assert small == [], f"{screen}: targets under 44 × 44 px: {small}"
    problems = serious_violations(d)
    assert problems == [], f"{screen}: {problems}"


def test_the_dyslexia_profile_changes_every_screen_and_the_text_is_read_word_by_word(server, browser_factory):
    d = browser_factory(1024, 768)
    open_mirrorbuddy(d, server)
    assert "Ciao Mario" in find(d, "#screen").text, "Italian unless the profile says otherwise"
    before = d.execute_script(LOOK, "#screen")
    assert "OpenDyslexic" not in before["font"] and before["letter"] == 0

    # The switcher, bottom left on every screen: Dislessia.
    tap(d, "#a11y-button")
    find(d, "#profile-dislessia")
    fits(d, "the accessibility panel")
    tap(d, "#profile-dislessia")
    wait(d).until(lambda driver: driver.find_element(By.ID, "profile-dislessia").get_attribute("aria-pressed") == "true")
    close_panel(d)
    add_material(d, "La Rivoluzione francese", TEXT)
    material = d.current_url
    for screen in ["#material"] + SCREENS:
        if screen != "#material":
            go(d, server, screen)
        look = d.execute_script(LOOK, "#screen")
        assert look["font"].startswith('"OpenDyslexic"') or look["font"].startswith("OpenDyslexic"), f"{screen}: {look}"
        assert look["letter"] > 0 and look["word"] > 0 and look["line"] >= 1.7, f"{screen}: {look}"
        assert look["loaded"], f"{screen}: the OpenDyslexic font did not load from /vendor/"
        assert find(d, "#a11y-button").is_displayed() and find(d, "#context-banner").is_displayed(), screen

    # The material: read aloud, each word lit in turn (the server's Italian voice).
    d.get(material)
    find(d, "#reading .mb-w", timeout=15)
    d.execute_script("""
        window.litWords = [];
        new MutationObserver(() => {
          const lit = document.querySelector('#reading .mb-w.is-word');
          const index = lit ? Number(lit.dataset.w) : null;
          if (index !== null && window.litWords.at(-1) !== index) window.litWords.push(index);
        }).observe(document.getElementById('reading'), {subtree: true, attributes: true, attributeFilter: ['class']});
    """)
    banner = find(d, "#context-banner").text
    assert "🕒" in banner or ":" in banner, banner
    fits(d, "the material")
    tap(d, "#read-start")
    wait(d, 30).until(lambda driver: len(driver.execute_script("return window.litWords")) >= 12)
    lit = d.execute_script("return window.litWords")
    assert lit == sorted(lit) and lit[0] <= 1, f"words lit out of order: {lit}"
    assert d.execute_script("return document.querySelectorAll('#reading .mb-w.is-word').length") <= 1
    d.save_screenshot("Tests/e2e/artifacts/mirrorbuddy-reading.png")
    tap(d, "#read-stop") if d.find_elements(By.ID, "read-stop") else None


def test_a_task_moves_from_today_to_completed_and_its_xp_shows_on_a_phone(server, browser_factory):
    d = browser_factory(390, 844)
    open_mirrorbuddy(d, server)
    go(d, server, "#tasks")
    fill(d, "#new-task-title", "Esercizi pagina 12")
    today = d.execute_script("const n = new Date(); return `${n.getFullYear()}-${String(n.getMonth() + 1).padStart(2, '0')}-${String(n.getDate()).padStart(2, '0')}`")
    d.execute_script("const input = document.getElementById('new-task-day'); input.value = arguments[0]; input.dispatchEvent(new Event('input', {bubbles: true}))", today)
    tap(d, "#new-task-save")
    row = find(d, ".mb-section-today .mb-task-list li", timeout=10)
    assert "Esercizi pagina 12" in row.text
    fits(d, "tasks on a phone")
    tap(d, ".mb-section-today [id^='tick-']")
    toast = find(d, ".mb-toast", timeout=10)
    assert "+80 XP" in toast.text or "+30 XP" in toast.text, toast.text
    wait(d).until(lambda driver: "Esercizi pagina 12" in driver.find_element(By.CSS_SELECTOR, ".mb-section-completed").text)
    assert not d.find_elements(By.CSS_SELECTOR, ".mb-section-today .mb-task-list li")
    go(d, server, "#progress")
    wait_text(d, "#screen", "80")
    fits(d, "progress on a phone")
    # A new material from a PDF or photos: the three choices and the file fields fit a phone.
    for kind in ("text", "pdf", "photos"):
        go(d, server, "#new")
        tap(d, f"#new-kind-{kind}")
        fits(d, f"a new material ({kind}) on a phone")


def test_every_screen_passes_axe_in_both_languages_and_with_high_contrast(server, browser_factory):
    d = browser_factory(768, 1024)
    open_mirrorbuddy(d, server)
    add_material(d, "La Rivoluzione francese", TEXT)
    material = d.current_url.split("#")[1]
    problems = {}

    def check(label):
        for screen in SCREENS + ["#" + material]:
            go(d, server, screen) if screen != "#" + material else (d.get(server + "/mirrorbuddy/" + screen), find(d, "#reading .mb-w", timeout=15))
            found = serious_violations(d)
            if found:
                problems[f"{label} {screen}"] = found

    check("it")
    tap(d, "#a11y-button")
    tap(d, "#language-en")
    wait(d).until(lambda driver: driver.execute_script("return document.documentElement.lang") == "en")
    close_panel(d)
    wait_text(d, "#nav-home", "Home")
    check("en")
    tap(d, "#a11y-button")
    tap(d, "#quick-highContrast")
    wait(d).until(lambda driver: driver.find_element(By.ID, "quick-highContrast").get_attribute("aria-checked") == "true")
    close_panel(d)
    background = d.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background in ("rgb(0, 0, 0)", "rgba(0, 0, 0, 1)"), background
    check("en, high contrast")
    assert problems == {}


def test_photos_of_two_pages_and_a_scanned_pdf_become_materials_on_a_tablet(server, browser_factory, tmp_path):
    """Two photos taken one after the other (the second with 'another photo'), sent, waited for, read;
    then a PDF. The page shrinks each photo in the browser before it goes; the server reads it."""
    import subprocess
    d = browser_factory(768, 1024)
    open_mirrorbuddy(d, server)
    pages = ["Pagina uno: il Medioevo comincia con la caduta di Roma.", "Pagina due: nascono i Comuni e le prime università."]
    files = []
    for number, text in enumerate(pages):
        path = tmp_path / f"page{number}.jpg"
        subprocess.run(["convert", "-background", "white", "-fill", "black", "-font", "DejaVu-Serif", "-pointsize", "34",
                        "label:" + text, "-bordercolor", "white", "-border", "200x300", "-rotate", "1.5", "-background", "white",
                        "-flatten", str(path)], check=True)
        files.append(path)
    go(d, server, "#new")
    tap(d, "#new-kind-photos")
    find(d, "#new-photos").send_keys(str(files[0]))
    wait(d).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "#new-thumbs li")) == 1)
    find(d, "#new-photos").send_keys(str(files[1]))
    wait(d).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "#new-thumbs li")) == 2)
    fill(d, "#new-title", "Medioevo")
    fits(d, "new material from photos")
    tap(d, "#new-save")
    find(d, "#reading .mb-w", timeout=60)
    text = find(d, "#reading").text
    assert text.index("uno") < text.index("due"), text
    assert "Comuni" in text and "Medioevo" in text, text
    tap(d, "#show-original")
    wait(d, 20).until(lambda driver: driver.execute_script(
        "return [...document.querySelectorAll('#original-pages img')].filter((i) => i.complete && i.naturalWidth > 0).length") == 2)

    # A PDF of a scanned page: the page says it is reading, then shows the text.
    pdf = tmp_path / "scan.pdf"
    subprocess.run(["convert", str(files[0]), "-quality", "90", "jpeg:" + str(tmp_path / "scan.jpg")], check=True)
    subprocess.run(["python3", "-c", SCAN_TO_PDF, str(tmp_path / "scan.jpg"), str(pdf)], check=True)
    go(d, server, "#new")
    tap(d, "#new-kind-pdf")
    find(d, "#new-pdf").send_keys(str(pdf))
    tap(d, "#new-save")
    find(d, "#reading .mb-w", timeout=60)
    assert "Medioevo" in find(d, "#reading").text
    # The PDF itself beside its text, drawn by pdf.js from Debian.
    tap(d, "#show-original")
    wait(d, 30).until(lambda driver: driver.execute_script(
        "return [...document.querySelectorAll('#original-pages img')].some((i) => i.src.startsWith('blob:') && i.complete && i.naturalWidth > 0)"))
    fits(d, "a PDF's original pages")


# A one-page PDF around a JPEG (DCTDecode), written here: ImageMagick's policy on Debian refuses to write PDFs.
SCAN_TO_PDF = r"""
import sys, subprocess
jpeg = open(sys.argv[1], 'rb').read()
w, h = map(int, subprocess.run(['identify', '-format', '%w %h', sys.argv[1]], capture_output=True, text=True).stdout.split())
page_h = round(595 * h / w)
objects = [b'<< /Type /Catalog /Pages 2 0 R >>', b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
           b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 %d] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>' % page_h,
           b'<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n' % (w, h, len(jpeg)) + jpeg + b'\nendstream']
content = b'q 595 0 0 %d 0 0 cm /Im1 Do Q' % page_h
objects.append(b'<< /Length %d >>\nstream\n' % len(content) + content + b'\nendstream')
out = bytearray(b'%PDF-1.4\n')
offsets = []
for number, body in enumerate(objects, 1):
    offsets.append(len(out))
    out += b'%d 0 obj\n' % number + body + b'\nendobj\n'
xref = len(out)
out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objects) + 1) + b''.join(b'%010d 00000 n \n' % o for o in offsets)
out += b'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objects) + 1, xref)
open(sys.argv[2], 'wb').write(bytes(out))
"""




def test_a_tablet_on_the_home_network_studies_with_mirrorbuddy_over_https(lan_server, tmp_path):
    """MirrorBuddy from a tablet on the home network, over the server's own HTTPS (the authority
    trusted as on a device): the dyslexia font from /vendor/, a photo read into a material, and the
    text read aloud with its words lit when the student says "leggi" (the microphone works only
    over HTTPS off the tablet itself)."""
    import shutil
    import subprocess
    from conftest import _drivers
    from test_mirrorbuddy_voice import say_italian
    leggi = tmp_path / "leggi.wav"
    say_italian("leggi", leggi)
    photo = tmp_path / "page.jpg"
    subprocess.run(["convert", "-background", "white", "-fill", "black", "-font", "DejaVu-Serif", "-pointsize", "34",
                    "label:Il Medioevo comincia con la caduta di Roma.", "-bordercolor", "white", "-border", "200x300", str(photo)], check=True)
    d, home = trusting_browser(lan_server["ca"], leggi, 1024, 768)
    try:
        open_set_up_over_https(d, lan_server)
        open_mirrorbuddy(d, lan_server["https"])
        tap(d, "#a11y-button")
        tap(d, "#profile-dislessia")
        wait(d).until(lambda driver: driver.find_element(By.ID, "profile-dislessia").get_attribute("aria-pressed") == "true")
        wait(d).until(lambda driver: driver.execute_script("return document.fonts.check('16px OpenDyslexic')"))
        close_panel(d)
        go(d, lan_server["https"], "#new")
        tap(d, "#new-kind-photos")
        find(d, "#new-photos").send_keys(str(photo))
        wait(d).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "#new-thumbs li")) == 1)
        tap(d, "#new-save")
        find(d, "#reading .mb-w", timeout=60)
        assert "Medioevo" in find(d, "#reading").text
        d.execute_script("""
            window.litWords = [];
            new MutationObserver(() => {
              const lit = document.querySelector('#reading .mb-w.is-word');
              if (lit && window.litWords.at(-1) !== Number(lit.dataset.w)) window.litWords.push(Number(lit.dataset.w));
            }).observe(document.getElementById('reading'), {subtree: true, attributes: true, attributeFilter: ['class']});
        """)
        tap(d, "#voice-button")
        wait(d, 30).until(lambda driver: "leggi" in driver.find_element(By.ID, "voice-heard").text)
        wait(d, 30).until(lambda driver: len(driver.execute_script("return window.litWords")) >= 4)
        lit = d.execute_script("return window.litWords")
        assert lit == sorted(lit), lit
    finally:
        d.quit()
        _drivers.remove(d)
        shutil.rmtree(home, ignore_errors=True)
