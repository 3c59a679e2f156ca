"""The browser door in a real browser: Debian's headless Chromium, driven by Selenium,
plays through the page textual-serve serves — directly, and behind a real nginx with TLS
configured by docs/nginx-site.conf (the very file the docs show) with ``--web-url``.

The terminal's text is read from xterm.js's own buffer (what it parsed from the bytes
the page received): a script run before the page's own catches the ``Terminal`` the page
makes, as ``window.__term``. A missing browser, driver or nginx fails these tests with
the command that installs them (``bash .ci/system-deps``); it never skips them.

Each test starts its own server (``clear-ward serve`` as a subprocess), browser and
nginx, and stops them all, whatever happened.
"""

from __future__ import annotations

import contextlib
import datetime
import ipaddress
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "docs" / "nginx-site.conf"
PASSWORD = "Ward-round-7"
INSTALL = "install them with: bash .ci/system-deps"

#: Run before the page's scripts: the page's Terminal is kept as window.__term when
#: textual.js sets it as its ``terminal`` property.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, 'terminal', {configurable: true, set(value) {
  Object.defineProperty(this, 'terminal', {value, writable: true, configurable: true, enumerable: true});
  if (value && value.buffer && value.loadAddon) { window.__term = value; }
}});
"""
#: The terminal's visible lines, as text.
READ_SCREEN = """
const term = window.__term;
if (!term) { return null; }
const buffer = term.buffer.active, lines = [];
for (let row = 0; row < term.rows; row++) {
  const line = buffer.getLine(buffer.viewportY + row);
  lines.push(line ? line.translateToString(true) : '');
}
return lines.join('\\n');
"""
#: The row of the terminal's cursor and that row's text.
READ_CURSOR = """
const term = window.__term, buffer = term.buffer.active;
return [buffer.cursorY, buffer.getLine(buffer.viewportY + buffer.cursorY).translateToString(true)];
"""


def need(program: str) -> str:
    path = shutil.which(program) or shutil.which(program, path="/usr/sbin:/usr/bin")
    if path is None:
        pytest.fail(f"{program} is not installed; {INSTALL}", pytrace=False)
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(condition, what: str, seconds: float = 30, shown=lambda: ""):
    """Poll ``condition`` until it returns something true; fail naming ``what`` (and
    showing ``shown()``)."""
    deadline = time.monotonic() + seconds
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}:\n{shown()}")
        time.sleep(0.05)


@pytest.fixture
def chrome():
    """A headless Chromium (Debian's chromium + chromium-driver) with the terminal catcher."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = need("chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1000,720", "--ignore-certificate-errors", "--no-first-run"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(need("chromedriver")), options=options)
    try:
        driver.set_page_load_timeout(30)
        # The page asks Google for a font; this machine may be offline: refuse at once.
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*fonts.googleapis.com*"]})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_TERMINAL})
        yield driver
    finally:
        driver.quit()


@contextlib.contextmanager
def game_server(tmp_path: Path, *flags: str):
    """``clear-ward serve`` with the browser door on a free port, ``--password`` given in
    the environment; yields the door's port."""
    log = tmp_path / "server.log"
    env = {**os.environ, "HOSPITAL_SERVER_PASSWORD": PASSWORD, "HOSPITAL_SERVER_DATA_DIR": str(tmp_path / "data")}
    with log.open("w") as out:
        server = subprocess.Popen([sys.executable, "-m", "clear_ward_tui", "serve", "--port", "0", "--web", "0",
                                   "--cpu-delay", "0.1", *flags],
                                  stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    try:
        found = wait_until(lambda: server.poll() is not None
                           or re.search(r"Browser door on http://127\.0\.0\.1:(\d+)/", log.read_text()),
                           "the server's browser door")
        assert server.poll() is None, log.read_text()
        yield int(found.group(1))
    except BaseException:
        stop(server)
        raise
    else:
        assert stop(server), f"the server did not stop within {STOP_SECONDS} s of SIGTERM:\n{log.read_text()}"
        assert "Traceback" not in log.read_text(), log.read_text()


#: Seconds a stopped server may take with a browser still connected (aiohttp alone
#: waited a minute for the open websocket).
STOP_SECONDS = 10


def stop(server: subprocess.Popen) -> bool:
    """SIGTERM ``server``; True if it ended by itself within ``STOP_SECONDS`` (else it is killed)."""
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(STOP_SECONDS)
        return True
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
        return False


def site_for_test(door_port: int, port: int, certificate: Path, key: Path) -> str:
    """docs/nginx-site.conf with its public address, certificate and door port made this
    test's; fails if the file no longer has the lines the docs tell to change."""
    site = SITE.read_text()
    for old, new in (("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;"),
                     ("listen [::]:443 ssl;", ""),
                     ("/etc/letsencrypt/live/games.example.org/fullchain.pem", str(certificate)),
                     ("/etc/letsencrypt/live/games.example.org/privkey.pem", str(key)),
                     ("http://127.0.0.1:8000;", f"http://127.0.0.1:{door_port};")):
        assert old in site, f"docs/nginx-site.conf lost {old!r}"
        site = site.replace(old, new)
    return site


def throwaway_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (the browser is told to take it)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


@contextlib.contextmanager
def nginx(folder: Path, port: int, door_port: int):
    """Debian's nginx, in the foreground, all its files in ``folder``, listening on
    127.0.0.1:``port`` with docs/nginx-site.conf in front of the door."""
    binary = need("nginx")
    folder.mkdir()
    certificate, key = throwaway_certificate(folder)
    (folder / "site.conf").write_text(site_for_test(door_port, port, certificate, key))
    temp = "\n".join(f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi",
                                                                             "uwsgi", "scgi"))
    (folder / "nginx.conf").write_text(
        f"daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        f"events {{ worker_connections 64; }}\n"
        f"http {{\n    access_log {folder / 'access.log'};\n{temp}\n    include {folder / 'site.conf'};\n}}\n")
    process = subprocess.Popen([binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", "stderr"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=(folder / "stderr.log").open("w"))
    try:
        def listening() -> bool:
            assert process.poll() is None, (folder / "stderr.log").read_text()
            with socket.socket() as sock:
                return sock.connect_ex(("127.0.0.1", port)) == 0

        wait_until(listening, "nginx to listen")
        yield folder
    finally:
        process.terminate()  # SIGTERM: the master stops its worker too
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Page:
    """The door's page in the browser: its terminal's text, and keys typed into it."""

    def __init__(self, driver) -> None:
        self.driver = driver

    def text(self) -> str:
        return self.driver.execute_script(READ_SCREEN) or ""

    def wait_for(self, text: str, times: int = 1) -> str:
        return wait_until(lambda: (screen := self.text()).count(text) >= times and screen, repr(text), shown=self.text)

    def wait_quiet(self) -> str:
        """Until the screen has not changed for 0.3 s (a dialog has taken its focus)."""
        last = [self.text(), time.monotonic()]

        def quiet():
            screen = self.text()
            if screen != last[0]:
                last[:] = [screen, time.monotonic()]
            return time.monotonic() - last[1] > 0.3 and screen

        return wait_until(quiet, "a quiet screen")

    def answer_prompts(self, answer: str, until: str) -> list[str]:
        """Answer every question the login asks (a line ending in ":" under the cursor,
        other than the name's) with ``answer`` until ``until`` shows; returns them."""
        from selenium.webdriver.common.keys import Keys

        asked: list[tuple[int, str]] = []

        def done() -> bool:
            row, line = self.driver.execute_script(READ_CURSOR)
            line = line.rstrip()
            if line.endswith(":") and "Your name" not in line and (row, line) not in asked:
                asked.append((row, line))
                self.type(answer, Keys.ENTER)
            return until in self.text()

        wait_until(done, repr(until), shown=self.text)
        return [line for _, line in asked]

    def type(self, *keys: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea").send_keys(*keys)


def play(driver, url: str) -> list[str]:
    """Load ``url``, log in as Ann answering the password questions, open a Clear the Ward room with a
    computer seat and move the cursor; returns the browser's console errors."""
    from selenium.webdriver.common.keys import Keys

    driver.get(url)
    page = Page(driver)
    page.wait_for("Your name")
    page.type("Ann", Keys.ENTER)
    # The server's password (and, where names are accounts, Ann's own).
    asked = page.answer_prompts(PASSWORD, until="Welcome, Ann")
    assert asked and "assword" in asked[0], asked
    assert PASSWORD not in page.text()
    page.wait_for("No room yet")
    page.type("n")
    page.wait_for("New room — choose the game")
    page.wait_quiet()
    page.type(Keys.ENTER)  # Clear the Ward; then the seats field, "me,open"
    page.wait_quiet()
    page.type(Keys.END, Keys.BACKSPACE * len("me,open"))  # empties the field
    # (the dialog's help names "me,open" and "me,cpu:greedy" too)
    wait_until(lambda: page.text().count("me,open") == 1, "the seats field to empty", shown=page.text)
    page.type("me,cpu:random")
    page.wait_for("me,cpu:random")
    for _ in range(2):  # past the seed, to the options: Ann starts
        page.type(Keys.TAB)
        page.wait_quiet()
    page.type("start=1")
    page.wait_for("start=1")
    page.type(Keys.ENTER)
    page.wait_for("you are Ann")
    before = page.wait_for("Ann to play")
    # The cursor starts on the Doctor; a step along the row names the space beside it.
    column, row = re.search(r"([A-F])([1-6]): the Doctor", before).groups()
    key, beside = (Keys.ARROW_LEFT, "E") if column == "F" else (Keys.ARROW_RIGHT, chr(ord(column) + 1))
    page.wait_quiet()
    page.type(key)
    after = page.wait_for(f" {beside}{row} ")
    assert ": the Doctor" not in after, after
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.mark.slow  # a whole game end to end (docs/testing.md, Suite time)
def test_a_player_logs_in_and_plays_in_a_real_browser(tmp_path, chrome):
    """Logged in and playing in a browser; then the server, stopped with the browser
    still on the game, ends within ``STOP_SECONDS`` (it waited a minute before)."""
    with game_server(tmp_path) as door_port:
        play(chrome, f"http://127.0.0.1:{door_port}/")


def test_the_door_plays_behind_nginx_with_tls_at_its_web_url(tmp_path, chrome):
    port = free_port()
    public = f"https://127.0.0.1:{port}/"
    with game_server(tmp_path, "--web-url", public) as door_port, nginx(tmp_path / "nginx", port, door_port) as folder:
        errors = play(chrome, public)
        # Everything came through nginx: the page and its scripts (in its log) and the
        # websocket, over TLS (the page opened it at nginx's address, the only one
        # listening there, and the game was played through it).
        requests = (folder / "access.log").read_text()
        assert '"GET / HTTP/1.1" 200' in requests and '"GET /static/js/textual.js HTTP/1.1" 200' in requests
        socket_url = chrome.find_element("id", "terminal").get_attribute("data-session-websocket-url")
        assert socket_url == f"wss://127.0.0.1:{port}/ws"
        assert not [error for error in errors if "fonts.googleapis" not in error and "favicon.ico" not in error], errors


def test_the_docs_show_the_nginx_site_the_tests_run():
    """docs/server.md's nginx site block (the one with ``server {``; the other is the
    fronts' ``stream`` block) is docs/nginx-site.conf, comments aside."""
    blocks = [part.split("```", 1)[0] for part in (ROOT / "docs" / "server.md").read_text().split("```nginx\n")[1:]]
    (block,) = [b for b in blocks if "server {" in b and not b.lstrip().startswith("stream")]

    def settings(text: str) -> list[str]:
        return [line for line in (re.sub(r"#.*", "", raw).rstrip() for raw in text.splitlines()) if line.strip()]

    assert settings(block) == settings(SITE.read_text())
