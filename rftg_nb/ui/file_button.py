"""A button that loads a file the person picks, without a count beside it.

ipywidgets' ``FileUpload`` always writes how many files it holds into its label ("Load (1)"),
a number that means nothing to a person loading one set of cards; this button says only what it
does, and hands the file's bytes (at most one more than a card file may hold) to Python.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from rftg_nb.cards.custom import MAX_FILE_BYTES

# The load button's page script. ipywidgets' FileUpload writes how many files it holds after
# its words ("Load a set (0)"), a count that means nothing here; this button says only what it
# does. It sends the file's start (no more than a card file may hold) and its whole size.
FILE_BUTTON_JS = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-widgets jupyter-button widget-upload";
  button.style.width = "auto";  // its whole label, never "Load games from a..."
  const input = document.createElement("input");
  input.type = "file";
  input.hidden = true;
  const draw = () => {
    button.textContent = model.get("label");
    button.title = model.get("hint");
    button.disabled = model.get("disabled");
    input.accept = model.get("accept");
  };
  button.addEventListener("click", () => { input.value = ""; input.click(); });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    // in parts: the server drops a message over 10 MiB without a word
    const end = Math.min(file.size, model.get("max_bytes") + 1);
    const step = model.get("part_bytes");
    const parts = Math.max(1, Math.ceil(end / step));
    for (let i = 0; i < parts; i++) {
      const part = await file.slice(i * step, Math.min(end, (i + 1) * step)).arrayBuffer();
      model.send({ do: "part", name: file.name, size: file.size, index: i, parts },
                 undefined, [part]);
    }
  });
  model.on("change", draw);
  draw();
  el.append(button, input);
}
export default { render };
"""


#: bytes of a file a message carries (the server closes the page's connection on a message over
#: 10 MiB)
PART_BYTES = 4 << 20


class FileButton(anywidget.AnyWidget):
    """A button that opens the browser's file chooser and hands the chosen file to
    ``on_file(name, content, size)``: ``content`` is at most ``max_bytes + 1`` bytes of it,
    ``size`` its whole length, so a file too large is refused without being sent. The page
    sends it in parts of :data:`PART_BYTES`; the kernel joins them, and keeps to the
    ``max_bytes`` it was made with whatever a client sets (``limit``)."""

    _esm = FILE_BUTTON_JS
    label = traitlets.Unicode("Load a file").tag(sync=True)
    # the button's title; not ``tooltip``, which ipywidgets reads with a description
    hint = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(MAX_FILE_BYTES).tag(sync=True)
    part_bytes = traitlets.Int(PART_BYTES).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, on_file: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_file = on_file
        self.limit = self.max_bytes  # what the kernel takes, whatever the page's trait says
        self._parts: list[bytes] = []
        self._got = 0
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, buffers: Any) -> None:
        if not (isinstance(content, dict) and content.get("do") in ("part", "load")
                and buffers):
            return
        index, parts = content.get("index", 0), content.get("parts", 1)
        if type(index) is not int or type(parts) is not int or not 0 <= index < parts:
            return
        if index == 0:
            self._parts, self._got = [], 0
        elif self._got == 0:
            return  # a part without the first: not a file this button was sent
        data = bytes(buffers[0])[:self.limit + 1 - self._got]  # never more than it takes
        self._parts.append(data)
        self._got += len(data)
        if index + 1 < parts and self._got <= self.limit:
            return
        whole = b"".join(self._parts)
        self._parts, self._got = [], 0
        size = content.get("size")
        if type(size) is not int or size < len(whole):
            size = len(whole)
        name = content.get("name")
        if self.on_file is not None:
            self.on_file(name if isinstance(name, str) else "", whole, size)
