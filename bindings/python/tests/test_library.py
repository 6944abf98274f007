"""Loading the library and the error mapping."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import catanrisk
from catanrisk import errors

PACKAGE_DIR = Path(catanrisk.__file__).resolve().parent


def run_python(code, env, cwd):
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True)


def test_versions():
    assert catanrisk.library_version().count(".") == 2
    assert catanrisk.__version__ == "0.1.0"


def test_strerror_is_static_text():
    assert catanrisk.strerror(-4)
    assert catanrisk.strerror(12345)  # unknown codes still give text


@pytest.mark.parametrize(
    "code, cls, builtin",
    [
        (-1, catanrisk.InvalidArgumentError, ValueError),
        (-2, catanrisk.OutOfMemoryError, MemoryError),
        (-4, catanrisk.IllegalActionError, catanrisk.CatanriskError),
        (-5, catanrisk.NotFoundError, LookupError),
        (-6, catanrisk.ParameterError, ValueError),
        (-7, catanrisk.FormatError, ValueError),
        (-8, catanrisk.StateError, catanrisk.CatanriskError),
        (-9, catanrisk.UnsupportedError, catanrisk.CatanriskError),
        (-10, catanrisk.HiddenInformationError, catanrisk.CatanriskError),
    ],
)
def test_error_classes(code, cls, builtin):
    exc = errors.error_for(code, "msg")
    assert type(exc) is cls and isinstance(exc, builtin)
    assert exc.code == code and exc.message == "msg" and str(exc) == "msg"


def test_unknown_code_maps_to_base_class():
    exc = errors.error_for(-99, "future")
    assert type(exc) is catanrisk.CatanriskError and exc.code == -99


def test_env_var_wins_and_is_not_silently_replaced(tmp_path):
    env = dict(os.environ, CATANRISK_LIBRARY=str(tmp_path / "missing.so"), PYTHONPATH=str(PACKAGE_DIR.parent))
    result = run_python("import catanrisk", env, tmp_path)
    assert result.returncode != 0
    assert "ImportError" in result.stderr and "CATANRISK_LIBRARY" in result.stderr
    assert "missing.so" in result.stderr


def test_copy_next_to_package_is_found(tmp_path):
    library = os.environ.get("CATANRISK_LIBRARY")
    if not library:
        pytest.skip("CATANRISK_LIBRARY not set")
    package = tmp_path / "catanrisk"
    shutil.copytree(PACKAGE_DIR, package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(library, package / "libcatanrisk.so.0")
    env = {k: v for k, v in os.environ.items() if k != "CATANRISK_LIBRARY"}
    env["PYTHONPATH"] = str(tmp_path)
    env.pop("LD_LIBRARY_PATH", None)
    code = "import catanrisk, catanrisk._lib as l; print(l._L._name)"
    result = run_python(code, env, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(package / "libcatanrisk.so.0")
