"""Build of the compiled cores (``ulti._core`` for Ulti, ``ulti._snap`` for Snapszli; Cython);
everything else is in pyproject.toml."""

import platform

from Cython.Build import cythonize
from setuptools import Extension, setup

# the hardware popcount (every x86-64 processor of the last fifteen years has it); elsewhere
# the compiler's own
FLAGS = ["-O3"]
if platform.machine().lower() in ("x86_64", "amd64"):
    FLAGS.append("-mpopcnt")

setup(
    ext_modules=cythonize(
        [
            Extension(
                "ulti._core",
                ["src/ulti/_core.pyx"],
                extra_compile_args=FLAGS,
            ),
            Extension(
                "ulti._snap",
                ["src/ulti/_snap.pyx"],
                extra_compile_args=FLAGS,
            ),
        ],
        compiler_directives={
            "language_level": "3",
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
            "nonecheck": False,
        },
    ),
)
