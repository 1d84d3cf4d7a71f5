# Server settings for the dashboard, read by every way it is served:
#   make app and the browser tests: `voila --Voila.config_file_paths=binder ...` loads this file;
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
#    connection and is never culled, however long the player thinks (cull_connected = False),
#    and neither is one that is busy. The timeout also covers the few seconds between the end of
#    the notebook's run and the page connecting to its kernel, so it must not be very short.
# This file is Python (not JSON) because the hook is a function.

c = get_config()  # noqa: F821 - traitlets provides get_config when it loads this file


def set_xsrf_cookie(handler, notebook, cwd):
    """Voila's prelaunch hook: touch the handler's XSRF token so the page gets its cookie."""
    handler.xsrf_token  # noqa: B018 - reading the property sets the `_xsrf` cookie
    return None  # keep the notebook as it is


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie

c.MappingKernelManager.cull_idle_timeout = 60  # seconds without activity or connection
c.MappingKernelManager.cull_interval = 15  # how often the culler looks
c.MappingKernelManager.cull_connected = False  # an open page keeps its kernel
c.MappingKernelManager.cull_busy = False  # a kernel that is computing is left alone

# The start page (a folder's page, such as `make app` serves at /) is drawn by the server as a
# plain list of links: the newer page that the browser builds stays blank with this build's
# widget extensions, which expect a newer JupyterLab than Voila bundles.
c.VoilaConfiguration.classic_tree = True
