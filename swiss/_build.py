"""Builds the matching extension (`_blossom.c`) beside its source when it is not built yet.

The installs (`bin/run`, `bin/test`, `pip install`) build it with setuptools. A plain checkout
run as `python -m swiss pair FILE.trf`, as tournament programs and the conformance harness call
an engine, has no build step: the first import compiles it here with the compiler and flags
Python itself was built with (gcc and the Python headers must be there), so the engine never
answers "No module named swiss._blossom".
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sysconfig
import tempfile
from pathlib import Path

SOURCE = Path(__file__).with_name("_blossom.c")


def build_extension() -> Path:
    """Compile `_blossom.c` into swiss/ under the interpreter's extension suffix; returns the file."""
    target = SOURCE.with_name("_blossom" + str(sysconfig.get_config_var("EXT_SUFFIX")))
    compiler = shlex.split(str(sysconfig.get_config_var("CC") or "cc"))
    flags = shlex.split(str(sysconfig.get_config_var("CFLAGS") or ""))
    include = sysconfig.get_paths()["include"]
    # Into a temporary file first: two engines started at once never load a half-written library.
    handle, partial = tempfile.mkstemp(suffix=target.suffix, dir=target.parent)
    os.close(handle)
    try:
        command = [*compiler, *flags, "-O2", "-fPIC", "-shared", f"-I{include}", str(SOURCE), "-o", partial]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise ImportError(
                f"swiss._blossom is not built and compiling it failed ({' '.join(command)}): "
                f"{done.stderr.strip()[-2000:]}; run bin/test or pip install -e . once"
            )
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return target
