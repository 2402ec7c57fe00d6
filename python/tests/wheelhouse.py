"""Makes a wheelhouse of the module's build requirements from Debian's packages, for a plain
``pip install ./python`` where no index can be reached: setuptools' and wheel's wheels as Debian
ships them (python3-setuptools-whl, python3-wheel-whl), and pybind11's packed from Debian's
installed python3-pybind11 (Debian ships no wheel of it).

    python3 wheelhouse.py DIRECTORY
"""

import base64
import glob
import hashlib
import importlib.metadata
import os
import shutil
import sys
import zipfile

DEBIAN_WHEELS = "/usr/share/python-wheels"


def pack_installed(name, directory):
    """The installed distribution ``name`` as a wheel in ``directory``: the files its RECORD
    lists inside site-packages (its scripts left out), and a new RECORD."""
    distribution = importlib.metadata.distribution(name)
    root = str(distribution.locate_file(""))
    files = [str(f) for f in distribution.files if not str(f).startswith("..") and "__pycache__" not in str(f)]
    info = next(f for f in files if f.endswith(".dist-info/WHEEL")).rsplit("/", 1)[0]
    wheel = os.path.join(directory, f"{name}-{distribution.version}-py3-none-any.whl")
    record = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            if path == f"{info}/RECORD":
                continue
            with open(os.path.join(root, path), "rb") as source:
                data = source.read()
            archive.writestr(path, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{path},sha256={digest},{len(data)}")
        record.append(f"{info}/RECORD,,")
        archive.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return wheel


def main(directory):
    os.makedirs(directory, exist_ok=True)
    for wanted in ("setuptools", "wheel"):
        found = glob.glob(os.path.join(DEBIAN_WHEELS, f"{wanted}-*.whl"))
        if not found:
            sys.exit(f"no {wanted} wheel in {DEBIAN_WHEELS}: install python3-{wanted}-whl")
        shutil.copy(found[0], directory)
    pack_installed("pybind11", directory)


if __name__ == "__main__":
    main(sys.argv[1])
