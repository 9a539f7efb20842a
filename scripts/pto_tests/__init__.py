"""The kernels of scripts/gen_pto_tests.py: the builder (common), vector-unit suites
(vector) and tile, matrix and view suites with the conformance data (tiles)."""
