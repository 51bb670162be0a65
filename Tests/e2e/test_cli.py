"""The `funzone` command line: migrate, create-parent, reset-password, against a real data folder,
then the server started on it."""
import http.cookiejar
import json
import os
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

from conftest import BINARY, ROOT, free_port


def funzone(*args, password=None):
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    if password is not None:
        env["FUNZONE_PASSWORD"] = password
    return subprocess.run([str(BINARY), *args], capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=60)


class Client:
    """A cookie-keeping API client, as a browser would be."""

    def __init__(self, url):
        self.url = url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = self.call("GET", "/api/session")[1]["csrfToken"]

    def call(self, method, path, body=None):
        request = urllib.request.Request(self.url + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json", "X-CSRF-Token": getattr(self, "csrf", "")})
        try:
            with self.opener.open(request) as response:
                data = response.read()
                return response.status, json.loads(data) if data else None
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


def eventually(check, within, every=0.05):
    """Whether `check()` comes true within `within` seconds (asked every `every` seconds)."""
    deadline = time.monotonic() + within
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(every)
    return True


def serve(data):
    port = free_port()
    process = subprocess.Popen([str(BINARY), "serve", "--data-dir", data, "--host", "127.0.0.1", "--port", str(port),
                                "--https-port", str(free_port()), "--log-level", "error"], cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/healthz")
            return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("server did not start")


def test_help_lists_every_command():
    result = funzone("--help")
    assert result.returncode == 0
    for command in ["serve", "migrate", "create-parent", "reset-password"]:
        assert command in result.stdout


def test_migrate_create_parent_and_reset_password():
    data = tempfile.mkdtemp()
    first = funzone("migrate", "--data-dir", data)
    assert first.returncode == 0 and "Applied: 1" in first.stdout
    assert "up to date" in funzone("migrate", "--data-dir", data).stdout

    weak = funzone("create-parent", "--data-dir", data, "--email", "ada@example.org", password="short")
    assert weak.returncode != 0
    created = funzone("create-parent", "--data-dir", data, "--email", "Ada@Example.org", "--family", "Rossi", password="first password")
    assert created.returncode == 0, created.stderr
    again = funzone("create-parent", "--data-dir", data, "--email", "bo@example.org", password="another password")
    assert again.returncode != 0 and "invite code" in again.stderr

    process, url = serve(data)
    try:
        device = Client(url)
        status, session = device.call("POST", "/api/signin", {"email": "ada@example.org", "password": "first password"})
        assert status == 200 and session["family"]["name"] == "Rossi"
        device.csrf = session["csrfToken"]

        reset = funzone("reset-password", "--data-dir", data, "--email", "ada@example.org", password="second password")
        assert reset.returncode == 0, reset.stderr
        # Signed out everywhere, as soon as the server's read cache lets go of the session (it keeps one a
        # second at most; the other second is room for a busy machine).
        assert eventually(lambda: device.call("GET", "/api/kids")[0] == 401, within=2)
        assert Client(url).call("POST", "/api/signin", {"email": "ada@example.org", "password": "first password"})[0] == 401
        assert Client(url).call("POST", "/api/signin", {"email": "ada@example.org", "password": "second password"})[0] == 200
        unknown = funzone("reset-password", "--data-dir", data, "--email", "nobody@example.org", password="whatever pass")
        assert unknown.returncode != 0 and "No parent" in unknown.stderr
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_damaged_or_emptied_database_is_refused_with_what_to_do():
    """A family's folder whose funzone.sqlite was emptied must not become a first run, and a damaged
    file is not served: `serve` and `migrate` exit with why and how to put a backup back."""
    data = tempfile.mkdtemp()
    assert funzone("migrate", "--data-dir", data).returncode == 0
    database = os.path.join(data, "funzone.sqlite")
    with open(os.path.join(data, "secret.key"), "wb") as key:
        key.write(os.urandom(32))
    kept = open(database, "rb").read()

    open(database, "wb").close()
    emptied = funzone("serve", "--data-dir", data, "--host", "127.0.0.1", "--port", str(free_port()), "--no-https")
    assert emptied.returncode != 0
    assert "is empty (0 bytes)" in emptied.stderr and "secret.key" in emptied.stderr and "backup" in emptied.stderr, emptied.stderr

    damaged = bytearray(kept)
    for index in range(2 * 4096, len(damaged), 7):
        damaged[index] = 0xA5
    with open(database, "wb") as file:
        file.write(damaged)
    refused = funzone("migrate", "--data-dir", data)
    assert refused.returncode != 0 and "cannot be used" in refused.stderr, refused.stderr

    with open(database, "wb") as file:
        file.write(kept)
    assert "up to date" in funzone("migrate", "--data-dir", data).stdout


def test_four_instances_migrating_one_new_folder_at_once_all_succeed():
    data = tempfile.mkdtemp()
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    runs = [subprocess.Popen([str(BINARY), "migrate", "--data-dir", data], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
            for _ in range(4)]
    results = [(run.wait(timeout=120), *run.communicate()) for run in runs]
    assert all(code == 0 for code, _, _ in results), results
    assert "up to date" in funzone("migrate", "--data-dir", data).stdout
