"""A file made in Python and saved by the browser, of any size, only when the person asks.

A page that offered a large file as a ``data:`` link would send the whole file, base64, to the
browser at every redraw (a 10,000-game history: 23 MB), and a widget message over 10 MiB is
dropped by the server. :class:`Downloader` sends nothing until :meth:`Downloader.offer` is
called, then sends the file's bytes in parts of :data:`PART_BYTES` (binary buffers, never
markup), which the page joins into one file and saves under the name given.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

#: bytes a message carries (well under the server's 10 MiB a message)
PART_BYTES = 1 << 20

DOWNLOAD_JS = """
function render({ model, el }) {
  let parts = [];
  model.on("msg:custom", (msg, buffers) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.do === "start") {
      parts = [];
    } else if (msg.do === "part" && buffers && buffers.length) {
      parts.push(buffers[0]);
    } else if (msg.do === "end") {
      const blob = new Blob(parts, { type: String(msg.type || "application/octet-stream") });
      parts = [];
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = String(msg.name || "download");
      a.hidden = true;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      model.send({ do: "saved", size: blob.size });
    }
  });
  el.classList.add("rftg-downloader");
}
export default { render };
"""


class Downloader(anywidget.AnyWidget):
    """Saves files the page makes (nothing to see: put it anywhere on the page)."""

    _esm = DOWNLOAD_JS
    #: bytes the browser said it saved, last time (0 before)
    saved = traitlets.Int(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.last: tuple[str, bytes] | None = None  # the last file offered (name, bytes)
        self.messages = 0  # messages sent for it
        self.on_msg(self._message)

    def offer(self, name: str, data: bytes | str, kind: str = "application/octet-stream") -> int:
        """Send ``data`` to the browser to be saved as ``name``; returns its size in bytes."""
        raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        self.last = (name, raw)
        self.messages = 0
        self._post({"do": "start", "name": name, "size": len(raw)})
        for at in range(0, len(raw), PART_BYTES):
            self._post({"do": "part", "at": at}, [raw[at:at + PART_BYTES]])
        self._post({"do": "end", "name": name, "type": kind})
        return len(raw)

    def _post(self, msg: dict[str, Any], buffers: list[bytes] | None = None) -> None:
        self.messages += 1
        self.send(msg, buffers)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("do") == "saved" \
                and type(content.get("size")) is int:
            self.saved = content["size"]


__all__ = ["PART_BYTES", "Downloader"]
