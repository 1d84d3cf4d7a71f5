"""Make the start page's pictures of the pages: each page of notebooks/ served by Voilà,
drawn by Chromium at 1366x768 and kept as a small JPEG in the template's static folder
(``binder/share/jupyter/voila/templates/rftg/static/pages/<page>.jpg``).

Run from the repository root after a page changes its look: ``python scripts/page_pictures.py``.
The history page is drawn with a few random games kept in a temporary history.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "binder" / "share" / "jupyter" / "voila" / "templates" / "rftg" / "static" / "pages"
PAGES = {"play": ".rb-card", "table": ".rb-q", "learn": ".rb-card",
         "lab": ".js-plotly-plot", "designer": ".rftg-designer", "cards": ".rb-card",
         "history": "table.rh-games"}
SCALE = 0.3  # of 1366x768: about 410x230


def main() -> int:
    from playwright.sync_api import sync_playwright

    from rftg_nb import RandomPlayer, SoloGame, history

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="rftg-pictures-") as home:
        h = history.open(Path(home) / "history.sqlite")
        for seed, level in ((1, "easy"), (2, "medium"), (3, "hard")):
            g = SoloGame.new(seed=seed, difficulty=level)
            RandomPlayer(seed).play(g)
            h.add(g)
        port = 8870
        env = {**os.environ, "RFTG_NB_HOME": home}
        server = subprocess.Popen(
            [sys.executable, "-m", "voila", str(ROOT / "notebooks"), "--no-browser",
             f"--port={port}", "--Voila.ip=127.0.0.1",
             f"--Voila.config_file_paths={ROOT / 'binder'}"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}"
            for _ in range(240):
                try:
                    urllib.request.urlopen(url + "/voila/static/voila.js", timeout=2)
                    break
                except OSError:
                    time.sleep(0.25)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--disable-dev-shm-usage"])
                context = browser.new_context(viewport={"width": 1366, "height": 768},
                                              device_scale_factor=SCALE)
                context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
                    ("http://127.0.0.1", "ws://127.0.0.1")) else r.abort())
                for name, ready in PAGES.items():
                    page = context.new_page()
                    page.goto(f"{url}/voila/render/{name}.ipynb", timeout=120_000)
                    page.wait_for_selector(ready, timeout=120_000)
                    page.wait_for_timeout(1500)
                    target = OUT / f"{name}.jpg"
                    page.screenshot(path=str(target), type="jpeg", quality=70)
                    print(f"{target.relative_to(ROOT)}: {target.stat().st_size:,} bytes")
                    page.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
