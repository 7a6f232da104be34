"""Build of the compiled cores (``ulti.search._core`` for Ulti, ``ulti.search._snap`` for
Snapszli; Cython); everything else is in pyproject.toml."""

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
                "ulti.search._core",
                ["src/ulti/search/_core.pyx"],
                extra_compile_args=FLAGS,
            ),
            Extension(
                "ulti.search._snap",
                ["src/ulti/search/_snap.pyx"],
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
