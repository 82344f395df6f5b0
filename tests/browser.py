"""Headless Chromium for the tests: open a page, collect console errors, take a screenshot.

    with Browser() as b:
        page = b.open(Path("report.html").resolve().as_uri())
        page.errors        # console errors, uncaught exceptions, failed loads
        page.evaluate("document.title")
        png = page.screenshot()

Chromium (Debian's `chromium` package; .ci/run installs it) is started with a fresh profile and the DevTools
protocol on a local port (loopback only), and driven over its websocket with websocket-client. Also a script:

    python tests/browser.py PAGE.html OUT.png [WIDTH]      # e.g. the screenshot in docs/images/
"""
from __future__ import annotations

import base64
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
         "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--remote-allow-origins=*"]


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


class BrowserError(RuntimeError):
    pass


def needs_chromium():
    """A pytest mark: skip without Chromium, except on CI (CI=true), where .ci/run installs it."""
    import os

    import pytest

    return pytest.mark.skipif(chromium_path() is None and os.environ.get("CI") != "true",
                              reason="Chromium is not installed (apt-get install chromium; CI installs it)")


class Page:
    def __init__(self, browser: "Browser", session: str):
        self.b, self.session = browser, session
        self.errors: list[str] = []
        self.loaded = False

    def send(self, method: str, **params: Any) -> dict:
        return self.b.send(method, params, session=self.session, page=self)

    def evaluate(self, expression: str) -> Any:
        r = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise BrowserError(f"{expression!r} threw: {r['exceptionDetails'].get('text')}")
        return r["result"].get("value")

    def screenshot(self, width: int = 1200) -> bytes:
        height = int(self.evaluate("Math.ceil(document.documentElement.scrollHeight)") or 800)
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=min(height, 16000),
                  deviceScaleFactor=1, mobile=False)
        r = self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        return base64.b64decode(r["data"])

    def on_event(self, msg: dict) -> None:
        method, p = msg.get("method"), msg.get("params", {})
        if method == "Page.loadEventFired":
            self.loaded = True
        elif method == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            self.errors.append("exception: " + str(d.get("exception", {}).get("description") or d.get("text")))
        elif method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            self.errors.append("console.error: " + " ".join(str(a.get("value", a.get("description")))
                                                             for a in p.get("args", [])))
        elif method == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
            e = p["entry"]
            self.errors.append(f"log ({e.get('source')}): {e.get('text')} {e.get('url', '')}".strip())


class Browser:
    def __init__(self, executable: str | None = None, timeout: float = 30.0):
        self.exe = executable or chromium_path()
        if not self.exe:
            raise BrowserError("no Chromium found (Debian: apt-get install chromium)")
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None
        self.ws = None
        self.next_id = 0
        self.pages: dict[str, Page] = {}

    def __enter__(self) -> "Browser":
        import websocket  # websocket-client

        self.profile = tempfile.mkdtemp(prefix="galaxysim-chromium-")
        self.proc = subprocess.Popen([self.exe, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + self.timeout
        while not (port_file.is_file() and len(port_file.read_text().splitlines()) >= 2):
            if self.proc.poll() is not None:
                raise BrowserError(f"Chromium exited with code {self.proc.returncode}: "
                                   f"{self.proc.stderr.read().decode(errors='replace')[-2000:]}")
            if time.monotonic() > deadline:
                self.__exit__(None, None, None)
                raise BrowserError("Chromium did not open its DevTools port in time")
            time.sleep(0.05)
        port, path = port_file.read_text().splitlines()[:2]
        self.ws = websocket.create_connection(f"ws://127.0.0.1:{port}{path}", timeout=self.timeout,
                                              suppress_origin=True)
        return self

    def __exit__(self, *exc) -> None:
        try:
            if self.ws is not None:
                try:
                    self.send("Browser.close", {})
                except Exception:
                    pass
                self.ws.close()
        finally:
            if self.proc is not None:
                try:
                    self.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
                if self.proc.stderr:
                    self.proc.stderr.close()
            shutil.rmtree(getattr(self, "profile", ""), ignore_errors=True)

    def _dispatch(self, msg: dict) -> None:
        page = self.pages.get(msg.get("sessionId", ""))
        if page is not None:
            page.on_event(msg)

    def send(self, method: str, params: dict, session: str | None = None, page: Page | None = None) -> dict:
        self.next_id += 1
        msg: dict[str, Any] = {"id": self.next_id, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        self.ws.send(json.dumps(msg))
        if method == "Browser.close":
            return {}
        while True:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            self._dispatch(reply)

    def wait(self, page: Page, condition, timeout: float | None = None) -> None:
        deadline = time.monotonic() + (timeout or self.timeout)
        self.ws.settimeout(0.2)
        try:
            while not condition():
                if time.monotonic() > deadline:
                    raise BrowserError("timed out waiting for the page")
                try:
                    self._dispatch(json.loads(self.ws.recv()))
                except Exception as e:  # the socket's timeout: poll again
                    if type(e).__name__ != "WebSocketTimeoutException":
                        raise
        finally:
            self.ws.settimeout(self.timeout)

    def open(self, url: str, width: int = 1200, height: int = 900) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        self.pages[session] = page
        for domain in ("Page", "Runtime", "Log"):
            page.send(f"{domain}.enable")
        page.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=False)
        page.send("Page.navigate", url=url)
        self.wait(page, lambda: page.loaded)
        return page


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    src, out = Path(argv[0]).resolve(), Path(argv[1])
    with Browser() as b:
        page = b.open(src.as_uri())
        if page.errors:
            print("\n".join(page.errors), file=sys.stderr)
            return 1
        out.write_bytes(page.screenshot(int(argv[2]) if len(argv) == 3 else 1200))
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
