#!/usr/bin/env python3
"""Which C++ sources the harness compiles with torch/extension.h precompiled ahead of them: only those whose first
directive includes that header, itself or through the harness's binding_registry.h. Anything else first (a macro
that changes what torch's headers declare, another header) keeps the source as it is.

  check_pch_rule.py --harness resources/harness/kwb_harness.py
"""

import argparse
import importlib.util
import os
import sys
import tempfile

CASES = [
    ("torch first", "#include <torch/extension.h>\nint x;\n", True),
    ("comments and pragma once first", "// a kernel\n/* block\n   comment */\n#pragma once\n\n  #include <torch/extension.h>\n", True),
    ("the harness's registry", '#include "binding_registry.h"\n', True),
    ("quoted torch", '#include "torch/extension.h"\n', True),
    ("a macro first", "#define TORCH_ASSERT_NO_OPERATORS\n#include <torch/extension.h>\n", False),
    ("another header first", "#include <vector>\n#include <torch/extension.h>\n", False),
    ("torch/types.h only", "#include <torch/types.h>\n", False),
    ("no include at all", "int main() { return 0; }\n", False),
    ("commented-out torch first", "// #include <torch/extension.h>\n#include <cmath>\n", False),
    ("empty", "", False),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--harness", required=True)
    a = parser.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(a.harness)))
    spec = importlib.util.spec_from_file_location("kwb_harness_rule", a.harness)
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    failures = 0
    with tempfile.TemporaryDirectory() as workspace:
        os.makedirs(os.path.join(workspace, "kernels"))
        source = os.path.join(workspace, "kernels", "k.cpp")
        for name, text, expected in CASES:
            with open(source, "w") as f:
                f.write(text)
            got = harness.begins_with_torch_header(source, workspace)
            print("%s %-32s %s" % ("ok  " if got == expected else "FAIL", name, got))
            failures += got != expected
        # A workspace's own binding_registry.h may define anything before it includes torch: not the harness's.
        with open(source, "w") as f:
            f.write('#include "binding_registry.h"\n')
        with open(os.path.join(workspace, "kernels", "binding_registry.h"), "w") as f:
            f.write("#define AT_PER_OPERATOR_HEADERS\n#include <torch/extension.h>\n")
        got = harness.begins_with_torch_header(source, workspace)
        print("%s %-32s %s" % ("ok  " if not got else "FAIL", "a registry of the workspace's own", got))
        failures += bool(got)
        flags = harness.pch_flags("/pch")
        print("%s %-32s %s" % ("ok  " if flags == ["-include", "/pch/torch/extension.h"] else "FAIL", "the flags", flags))
        failures += flags != ["-include", "/pch/torch/extension.h"]
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
