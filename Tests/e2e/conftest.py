"""Browser tests: a real funzone server on a temporary SQLite database, driven by headless Chromium.

The fake microphone plays a WAV file, so the recording path runs end to end. A screenshot of
every open browser is saved under Tests/e2e/artifacts/ when a test fails.
"""
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "Tests" / "e2e" / "artifacts"
# FUNZONE_BINARY runs the tests against another build (a copy kept while the tree is rebuilt).
BINARY = Path(os.environ.get("FUNZONE_BINARY") or ROOT / ".build" / "debug" / "funzone")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def mic_wav():
    """What the fake microphone says (it loops): a flite voice asking for music, at 48 kHz like a
    laptop microphone, with a pause after it."""
    path = Path(tempfile.mkdtemp()) / "mic.wav"
    say_music_please(path)
    return path


def say_music_please(path):
    """Writes the microphone's usual words to `path` (a test that made it say something else puts them back)."""
    spoken = path.with_suffix(".spoken.wav")
    subprocess.run(["flite", "-voice", "kal16", "-t", "music please", "-o", str(spoken)], check=True)
    subprocess.run(["sox", str(spoken), "-r", "48000", "-c", "1", "-b", "16", str(path), "pad", "0.2", "1.2"], check=True)


# The screens the kids' journeys run on (window sizes, as browser_factory takes them).
DEVICES = [pytest.param(1024, 768, id="tablet-landscape"), pytest.param(768, 1024, id="tablet-portrait"),
           pytest.param(390, 844, id="phone")]

# How far the server's clock is ahead of the browser's, in seconds, plus a constant: a new parent-gate
# question expires a fixed time after the server's now.
SERVER_CLOCK_AHEAD = """
const done = arguments[arguments.length - 1];
fetch("/api/session").then((r) => r.json())
  .then((session) => fetch("/api/gate/challenge", { method: "POST", headers: { "X-CSRF-Token": session.csrfToken } }))
  .then((r) => r.json()).then((question) => done((Date.parse(question.expiresAt) - Date.now()) / 1000), (error) => done(String(error)));
"""


class ServerURL(str):
    """The server's address; `move_clock(seconds, seen_by)` moves the server's clock forward (SpotCheck's tamper warning)."""
    clock_file = None
    log = None

    def move_clock(self, seconds, seen_by):
        """Moves the server's clock `seconds` forward, and waits until the server tells `seen_by` (a
        signed-in browser of the family) the moved time (it re-reads the file at most every 100 ms).
        Asking the time asks a new parent-gate question on that browser's session."""
        before = self.clock_ahead(seen_by)
        offset = float(self.clock_file.read_text()) if self.clock_file.exists() else 0.0
        self.clock_file.write_text(str(offset + seconds))
        # The expiry is in whole seconds, hence the second of slack.
        WebDriverWait(seen_by, 10).until(lambda driver: self.clock_ahead(driver) >= before + seconds - 1)

    @staticmethod
    def clock_ahead(driver):
        ahead = driver.execute_async_script(SERVER_CLOCK_AHEAD)
        assert isinstance(ahead, (int, float)), f"could not ask the server's time: {ahead}"
        return ahead


def launch(extra_args=(), env=None):
    """Starts a fresh server on a fresh database; returns its address and a function that stops it.
    `env` replaces the server's environment (default: this process's)."""
    assert BINARY.exists(), f"build first: swift build --product funzone ({BINARY} is missing)"
    data = tempfile.mkdtemp(prefix="funzone-e2e-")
    port = free_port()
    log = open(Path(data) / "server.log", "w")
    clock_file = Path(data) / "clock-offset"
    process = subprocess.Popen([str(BINARY), "serve", "--data-dir", data, "--host", "127.0.0.1", "--port", str(port),
                                "--https-port", str(free_port()), "--bcrypt-cost", "10",
                                "--web-root", str(ROOT / "Web"), "--test-clock-offset-file", str(clock_file),
                                "--tamper-check-interval", "0.5",
                                # Made once per machine (the Swift tests make the same file), not per test.
                                "--letter-templates", str(Path(tempfile.gettempdir()) / "funzone-letter-templates-v2.bin"),
                                *extra_args], stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
    url = ServerURL(f"http://127.0.0.1:{port}")
    url.clock_file = clock_file
    url.log = Path(data) / "server.log"
    url.data = Path(data)
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        raise RuntimeError("server did not start: " + (Path(data) / "server.log").read_text())

    def stop():
        process.terminate()
        process.wait(timeout=10)
        log.close()
        if not os.environ.get("FUNZONE_E2E_KEEP"):  # keep the data folder and server.log to debug a failure
            shutil.rmtree(data, ignore_errors=True)
    return url, stop


@pytest.fixture
def server():
    """A fresh server and database for each test."""
    url, stop = launch()
    yield url
    stop()


_drivers = []


@pytest.fixture
def browser_factory(mic_wav):
    """Makes headless Chromium windows (e.g. two devices of one family)."""
    made = []

    def make(width=1024, height=768):
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                         "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                         f"--use-file-for-fake-audio-capture={mic_wav}", "--autoplay-policy=no-user-gesture-required",
                         "--lang=en-US"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        driver.set_window_size(width, height)
        driver.implicitly_wait(0)
        made.append(driver)
        _drivers.append(driver)
        return driver

    yield make
    for driver in made:
        driver.quit()
        _drivers.remove(driver)


@pytest.fixture
def browser(browser_factory):
    return browser_factory()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for index, driver in enumerate(_drivers):
            name = f"{item.name}-{index}"
            try:
                driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))
                (ARTIFACTS / f"{name}.console.txt").write_text(
                    "\n".join(str(entry) for entry in driver.get_log("browser")))
                print(f"screenshot: {ARTIFACTS / (name + '.png')}")
            except Exception as error:  # the browser may be gone
                print(f"no screenshot for {name}: {error}")
        # What the server said last (a slow take's timings, an error's cause): printed with the failure.
        url = item.funcargs.get("server") if hasattr(item, "funcargs") else None
        if getattr(url, "log", None) and url.log.exists():
            lines = url.log.read_text(errors="replace").splitlines()
            report.sections.append(("server log, last lines", "\n".join(line[:300] for line in lines[-25:])))


# Tests whose server decodes speech for long stretches (or that fuzz every route) each keep a core
# busy. With `pytest -n 2 --dist loadgroup` (scripts/test) they run one after another on one worker
# while the other worker takes the light browser tests, and the light tests run at a lower CPU
# priority (nice 10, inherited by their server and browser): beside a light test at the same
# priority a take's filler pass ran 8 times slower than alone, and Stop's answer came after 90 s
# (CI, three SpeakUp tests in each of the last two runs). FUNZONE_E2E_PHASE=light or heavy keeps
# only those tests (unset: all of them).
HEAVY_FILES = {"test_speakup_pages.py", "test_speakup_settings.py", "test_speakup_drills.py", "test_spellflare_voice.py", "test_api_fuzz.py",
               "test_mirrorbuddy_voice.py", "test_speakup_challenges.py", "test_speakup_exports.py"}
HEAVY_TESTS = {"test_a_phone_on_the_home_network_records_a_speakup_take_live_over_https", "test_a_lesson_completes_after_a_qualifying_take"}


def is_heavy(item):
    marked = item.get_closest_marker("xdist_group")
    return item.path.name in HEAVY_FILES or item.originalname in HEAVY_TESTS or bool(marked and "heavy" in marked.args)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if is_heavy(item):
            item.add_marker(pytest.mark.xdist_group("heavy"))
    phase = os.environ.get("FUNZONE_E2E_PHASE")
    if phase not in ("light", "heavy"):
        return
    kept = [item for item in items if is_heavy(item) == (phase == "heavy")]
    left = [item for item in items if item not in kept]
    if left:
        config.hook.pytest_deselected(items=left)
    items[:] = kept


@pytest.fixture(autouse=True)
def cpu_priority(request):
    """Light tests run at nice 10 (their server and browser inherit it), heavy ones at 0."""
    os.setpriority(os.PRIO_PROCESS, 0, 0 if is_heavy(request.node) else 10)
    yield


# The home network (Tests/e2e/test_home_network.py): one network namespace with a LAN address,
# reached over a veth pair, made once before any browser starts and removed after the last. Made
# per test, it changed the machine's network while other tests' browsers were loading pages, and
# Chromium drops every request in flight on a network change (net::ERR_NETWORK_CHANGED): a parent
# page stuck on "Loading…", a first HTTPS page that never came, a warm-up "aborted by navigation"
# (CI, several times). Each home-network test starts its own server inside it, on its own ports.
LAN_SUBNET = 18 + os.getpid() % 230
LAN_ENV = {"FUNZONE_E2E_LAN_NAMESPACE": f"fzlan{os.getpid() % 100000}", "FUNZONE_E2E_LAN_SERVER": f"198.18.{LAN_SUBNET}.2",
           "FUNZONE_E2E_LAN_HOST": f"198.18.{LAN_SUBNET}.1", "FUNZONE_E2E_LAN_LINK": f"fzh{os.getpid() % 100000}"}


def _is_controller(config):
    return not hasattr(config, "workerinput")  # pytest-xdist's workers have it; a plain run or the controller not


def pytest_configure(config):
    if not _is_controller(config) or os.environ.get("FUNZONE_E2E_LAN_NAMESPACE"):
        return
    namespace, host_link = LAN_ENV["FUNZONE_E2E_LAN_NAMESPACE"], LAN_ENV["FUNZONE_E2E_LAN_LINK"]
    lan_link = f"fzl{os.getpid() % 100000}"
    steps = [["ip", "netns", "add", namespace],
             ["ip", "link", "add", host_link, "type", "veth", "peer", "name", lan_link],
             ["ip", "link", "set", lan_link, "netns", namespace],
             # Named like a real network card, so the server takes it for the home network.
             ["ip", "-n", namespace, "link", "set", lan_link, "name", "eth0"],
             ["ip", "-n", namespace, "addr", "add", f"{LAN_ENV['FUNZONE_E2E_LAN_SERVER']}/24", "dev", "eth0"],
             ["ip", "-n", namespace, "link", "set", "eth0", "up"],
             ["ip", "-n", namespace, "link", "set", "lo", "up"],
             ["ip", "addr", "add", f"{LAN_ENV['FUNZONE_E2E_LAN_HOST']}/24", "dev", host_link],
             ["ip", "link", "set", host_link, "up"]]
    try:
        for step in steps:
            subprocess.run(step, check=True, capture_output=True)
    except (subprocess.CalledProcessError, FileNotFoundError) as error:
        # The home-network tests say so when they run; the others do not need it.
        os.environ["FUNZONE_E2E_LAN_ERROR"] = f"cannot make the home network here ({error}): it needs root and iproute2"
        _remove_lan()
        return
    os.environ.update(LAN_ENV)  # the workers, started after this, inherit it
    config._funzone_lan = True


def _remove_lan():
    subprocess.run(["ip", "link", "del", LAN_ENV["FUNZONE_E2E_LAN_LINK"]], capture_output=True)
    subprocess.run(["ip", "netns", "del", LAN_ENV["FUNZONE_E2E_LAN_NAMESPACE"]], capture_output=True)


def pytest_unconfigure(config):
    if getattr(config, "_funzone_lan", False):
        _remove_lan()
