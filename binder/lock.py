"""Write binder/requirements.txt: every package Binder needs, pinned to an exact version.

Run by `make lock`. pip resolves the project's runtime dependencies plus the `lab` extra
(JupyterLab), the `cluster` extra (Dask, for the lab's cluster path) and the `native` extra (mypy,
which binder/postBuild compiles the engine with) for this Python (3.11,
as binder/runtime.txt asks) without installing anything: `pip install --dry-run
--ignore-installed --report` lists the whole set it would install. This script turns that
report into pins and ends the file with `.` (the project itself).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "binder" / "requirements.txt"
PROJECT = "rftg_nb"
HEADER = f"""\
# Binder runs `pip install -r binder/requirements.txt` from the repository root.
# Every package is pinned (Python {sys.version_info.major}.{sys.version_info.minor}): the runtime \
dependencies of pyproject.toml,
# JupyterLab, Dask and mypy (the lab, cluster and native extras), with everything they need.
# Do not edit: `make lock` writes this file.
"""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--dry-run", "--ignore-installed",
             "--report", str(report), f"{ROOT}[lab,cluster,native]"],
            check=True,
        )
        installs = json.loads(report.read_text())["install"]
    pins = sorted(
        (item["metadata"]["name"], item["metadata"]["version"]) for item in installs
        if item["metadata"]["name"].replace("-", "_").lower() != PROJECT
    )
    lines = [f"{name}=={version}" for name, version in sorted(pins, key=lambda p: p[0].lower())]
    OUT.write_text(HEADER + "\n".join(lines) + "\n.\n")
    print(f"wrote {len(lines)} pins to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
