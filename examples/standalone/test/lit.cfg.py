# -*- Python -*-
# lit configuration of the standalone example's tests (as MLIR's standalone example has
# its own). Run with:  /usr/lib/llvm-22/bin/lit -v examples/standalone/test
# The binaries are taken from $STANDALONE_BIN_DIR if set, else <repo>/target/debug.

import os

import lit.formats

config.name = "standalone"
config.test_format = lit.formats.ShTest()
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = config.test_source_root
config.excludes = ["Inputs", "Output", "lit.cfg.py"]

repo_root = os.path.dirname(os.path.dirname(os.path.dirname(config.test_source_root)))
bin_dir = os.environ.get("STANDALONE_BIN_DIR") or os.path.join(repo_root, "target", "debug")
path = [bin_dir, "/usr/lib/llvm-22/bin", os.environ.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(path)
config.environment["LC_ALL"] = "C"
