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
    const start = await file.slice(0, model.get("max_bytes") + 1).arrayBuffer();
    model.send({ do: "load", name: file.name, size: file.size }, undefined, [start]);
  });
  model.on("change", draw);
  draw();
  el.append(button, input);
}
export default { render };
"""


class FileButton(anywidget.AnyWidget):
    """A button that opens the browser's file chooser and hands the chosen file to
    ``on_file(name, content, size)``: ``content`` is at most ``max_bytes + 1`` bytes of it,
    ``size`` its whole length, so a file too large is refused without being sent."""

    _esm = FILE_BUTTON_JS
    label = traitlets.Unicode("Load a file").tag(sync=True)
    # the button's title; not ``tooltip``, which ipywidgets reads with a description
    hint = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(MAX_FILE_BYTES).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, on_file: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_file = on_file
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, buffers: Any) -> None:
        if not (isinstance(content, dict) and content.get("do") == "load" and buffers):
            return
        size = content.get("size")
        data = bytes(buffers[0])
        if type(size) is not int or size < len(data):
            size = len(data)
        name = content.get("name")
        if self.on_file is not None:
            self.on_file(name if isinstance(name, str) else "", data[:self.max_bytes + 1], size)
