#!/bin/bash
# On a GPU host: builds libkwb_tracer.so from this tree (new) and from an older tree of core/cuda (old), traces one
# small torch workload under each, twice, and compares the traces' event kinds, counts and arg keys. Before the call:
#   mkdir -p build/old-tracer && git archive REV core/cuda | tar -x -C build/old-tracer
# then run bench/h200/tracer/same.sh with carry ["build/old-tracer"]; compare.txt in $OUT ends SAME STRUCTURE or
# STRUCTURE DIFFERS (the old-old pair shows the runs' own spread).
set -u
cd "$(dirname "$0")/../../.."
CU=/usr/local/cuda
inc=$(dirname "$(find $CU/ /usr/include -name cupti_activity.h 2>/dev/null | head -1)")
lib=$(dirname "$(find $CU/ /usr/lib -name 'libcupti.so*' 2>/dev/null | head -1)")
echo "cupti include $inc lib $lib"
for v in new old; do
  src=core; [ $v = old ] && src=build/old-tracer/core
  g++ -std=c++20 -O2 -shared -fPIC -fvisibility=hidden -I$src -I$CU/include -I$inc $src/cuda/cuptitracer.cpp \
      $src/cuda/chrometrace.cpp -o /tmp/libkwb_tracer_$v.so -L$lib -L$CU/lib64 -L$CU/lib64/stubs -lcupti -lcuda -ldl \
      -Wl,-rpath,$lib || exit 1
  for i in 1 2; do
    CUDA_INJECTION64_PATH=/tmp/libkwb_tracer_$v.so NVTX_INJECTION64_PATH=/tmp/libkwb_tracer_$v.so \
      KWB_TRACE_OUT=/tmp/t_${v}_$i.json python3 tests/gpu/trace_smoke.py --nvtx || exit 1
  done
done
cp /tmp/t_new_1.json /tmp/t_old_1.json $OUT/
python3 bench/h200/tracer/compare.py /tmp/t_old_1.json /tmp/t_new_1.json /tmp/t_old_2.json /tmp/t_new_2.json | tee $OUT/compare.txt
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/fingerprint.txt; nvcc --version | tail -1 >> $OUT/fingerprint.txt
python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)' >> $OUT/fingerprint.txt
