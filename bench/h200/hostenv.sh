# Sourced by the bench/h200 scripts from the repository root: what a lent GPU machine lacks and the call carries.
#   build/h200-simdjson  simdjson 3's header, shared library and CMake config (the trace library's parser), found
#                        by `cmake --preset runner` through CMAKE_PREFIX_PATH; a GPU host of one's own installs
#                        libsimdjson-dev instead
#   build/h200-bwrap     bubblewrap, first on the PATH, so candidate code runs sandboxed
[ -d build/h200-simdjson ] && export CMAKE_PREFIX_PATH="$PWD/build/h200-simdjson${CMAKE_PREFIX_PATH:+:$CMAKE_PREFIX_PATH}"
[ -x build/h200-bwrap/bwrap ] && export PATH="$PWD/build/h200-bwrap:$PATH"
true
