# Server settings for the dashboard, read by every way it is served:
#   make app and the browser tests: `voila --Voila.config_file_paths=binder ...` loads this file;
#   the `rftg-nb` command (rftg_nb/cli.py) too, from binder/ in a checkout or from the copy that
#   a build of the package carries (rftg_nb/app_files/voila.py, with share/ beside it);
#   Binder: binder/postBuild installs it as ~/.jupyter/jupyter_server_config.py, so the Jupyter
#   server that opens voila/render/notebooks/play.ipynb (and JupyterLab) reads it.
# Each dashboard page starts its own kernel (about 120 MB). These settings make sure that kernel
# goes away once nobody is looking at the page.
#
# 1. When the page closes, Voila's page script posts to /voila/api/shutdown/<kernel id>, passing
#    the `_xsrf` cookie as the XSRF token. Voila never sets that cookie itself, so the server
#    refused every one of these requests (403 "'_xsrf' argument missing") and no kernel was ever
#    shut down. The hook below asks for the XSRF token while the page is being rendered, which
#    makes tornado set the cookie on that response; the close request is then accepted.
# 2. A page that goes away without saying so (browser killed, network lost, a tab discarded) is
#    covered by the kernel culler: a kernel with no open connection that has been quiet for
#    cull_idle_timeout seconds is shut down. A kernel whose page is still open keeps its
#    connection and is never culled, however long the player thinks or the kernel computes
#    (cull_connected = False). The timeout also covers the few seconds between the end of the
#    notebook's run and the page connecting to its kernel, so it must not be very short.
#    The server's culler alone spares a busy kernel (a long replay or computation) for good:
#    with cull_busy = False it never culls one, and with cull_busy = True it still counts every
#    message a busy kernel sends (a progress bar's update, a line of output) as activity, so a
#    kernel that works on and reports its progress is never quiet. The kernel manager below
#    adds one rule: a kernel whose last connection closed over cull_idle_timeout seconds ago is
#    shut down, busy or not. A page that reconnects within the timeout keeps its kernel, and a
#    kernel that never had a connection (its notebook still running for the page that asked
#    for it, which may take minutes) is left to the culler's own rules. On Binder the rule
#    holds for JupyterLab's kernels too: one whose last tab closed ends a minute later, busy
#    or not. The one manager serves both ways of running Voila: the `voila` app takes it as
#    VoilaConfiguration.multi_kernel_manager_class, a Jupyter server (Binder) as
#    ServerApp.kernel_manager_class.
# 3. Every page is drawn with the project's Voila template "rftg" (binder/share/jupyter/voila/
#    templates/rftg): Voila's own "lab" template and its start and error pages link Font Awesome
#    on cdn.jsdelivr.net, and no page may load anything from another host. Voila looks templates
#    up in jupyter_core's jupyter_path(), which puts the JUPYTER_PATH directories first; this file
#    adds binder/share/jupyter there (its real place: on Binder this file is a symlink in the
#    Jupyter config directory) before the server collects its template paths. The kernels that
#    the server starts inherit the variable, which only adds this template folder to their
#    search.
# This file is Python (not JSON) because the hook is a function and the kernel manager a class.

import os
import time
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Dict

c = get_config()  # noqa: F821 - traitlets provides get_config when it loads this file

SHARE = str(Path(__file__).resolve().parent / "share" / "jupyter")
_paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
if SHARE not in _paths:
    os.environ["JUPYTER_PATH"] = os.pathsep.join([SHARE, *_paths])
c.VoilaConfiguration.template = "rftg"


def set_xsrf_cookie(handler, notebook, cwd):
    """Voila's prelaunch hook: touch the handler's XSRF token so the page gets its cookie."""
    handler.xsrf_token  # noqa: B018 - reading the property sets the `_xsrf` cookie
    return None  # keep the notebook as it is


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie


class PageKernelManager(AsyncMappingKernelManager):
    """The server's kernel manager, whose culler also ends a kernel that has had no connection
    for cull_idle_timeout seconds since it last had one, even while it computes (2. above)."""

    # kernel id -> when its connections last fell to none (time.monotonic); only a kernel with
    # none now is culled by it
    _connections_lost = Dict()

    def notify_disconnect(self, kernel_id):
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id) == 0:
            self._connections_lost[kernel_id] = time.monotonic()

    def initialize_culler(self):
        starts = self._culler_callback is None
        super().initialize_culler()
        if starts and self._culler_callback is not None:
            self.log.info("Culling kernels with no connection for > %s seconds, even if busy",
                          self.cull_idle_timeout)

    async def cull_kernels(self):
        for kernel_id in [k for k in self._connections_lost if k not in self._kernels]:
            del self._connections_lost[kernel_id]  # shut down meanwhile
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id):
        lost = self._connections_lost.get(kernel_id)
        alone = 0.0 if lost is None else time.monotonic() - lost
        if alone > self.cull_idle_timeout and self._kernel_connections.get(kernel_id) == 0:
            kernel = self._kernels[kernel_id]
            self.log.warning("Culling '%s' kernel '%s' (%s) with no connection for %d seconds.",
                             kernel.execution_state, kernel.kernel_name, kernel_id, alone)
            await self.shutdown_kernel(kernel_id)
        else:
            await super().cull_kernel_if_idle(kernel_id)


c.MappingKernelManager.cull_idle_timeout = 60  # seconds without activity or connection
c.MappingKernelManager.cull_interval = 15  # how often the culler looks
c.MappingKernelManager.cull_connected = False  # an open page keeps its kernel
c.MappingKernelManager.cull_busy = False  # a busy kernel is ended by PageKernelManager's rule
c.VoilaConfiguration.multi_kernel_manager_class = PageKernelManager  # the `voila` app
c.ServerApp.kernel_manager_class = PageKernelManager  # a Jupyter server (Binder)

# The start page (a folder's page, such as `make app` serves at /) is drawn by the server as a
# plain list of links: the newer page that the browser builds stays blank with this build's
# widget extensions, which expect a newer JupyterLab than Voila bundles.
c.VoilaConfiguration.classic_tree = True

# On Binder the pages come from a Jupyter server with Voila as its extension; its settings name
# no MathJax, so Voila gives the page cdnjs.cloudflare.com's address and the page's script loads
# MathJax 2 from there. With both settings None, as the standalone `voila` of `make app` has
# them, the page's script loads no MathJax from anywhere (the pages show no formulas);
# JupyterLab's pages take their own defaults for a None.
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}
