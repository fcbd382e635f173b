# The README's screenshot command, end to end: a synthetic store from kwb, then kernel-workbench --screenshot.
# cmake -DKWB=<kwb> -DWORKBENCH=<kernel-workbench> -DSCRATCH=<folder> -P checkscreenshot.cmake
file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}")
execute_process(COMMAND "${KWB}" gen-synthetic --store "${SCRATCH}/demo.kwb" --trajectories 20 --turns 12
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "kwb gen-synthetic failed:\n${out}")
endif()
execute_process(COMMAND "${WORKBENCH}" "${SCRATCH}/demo.kwb" --screenshot "${SCRATCH}/shot.png" --trajectory 4 --turn 3
                        --diff --pane transcript
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT EXISTS "${SCRATCH}/shot.png")
    message(FATAL_ERROR "kernel-workbench --screenshot failed (${rc}):\n${out}")
endif()
file(READ "${SCRATCH}/shot.png" magic LIMIT 8 HEX)
file(SIZE "${SCRATCH}/shot.png" size)
if(NOT magic STREQUAL "89504e470d0a1a0a" OR size LESS 50000)
    message(FATAL_ERROR "shot.png is not a full window picture (${size} bytes, magic ${magic})")
endif()
# The README's pictures of the shipped case studies: a kernel picked in the timeline, the window in Chinese, and a
# pattern that picks nothing refused with its sentence. On a copy: opening may bring an older store up to date.
file(COPY_FILE "${SAMPLES}" "${SCRATCH}/cases.kwb")
execute_process(COMMAND "${WORKBENCH}" "${SCRATCH}/cases.kwb" --screenshot "${SCRATCH}/kernel.png" --trajectory 3022e1e5-1dd0-4c46-a119-053ee8430d78
                        --turn 5 --kernel softmax --language zh_CN
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT EXISTS "${SCRATCH}/kernel.png" OR NOT out MATCHES "已写入")
    message(FATAL_ERROR "kernel-workbench --screenshot --kernel --language failed (${rc}):\n${out}")
endif()
execute_process(COMMAND "${WORKBENCH}" "${SCRATCH}/cases.kwb" --screenshot "${SCRATCH}/nokernel.png" --trajectory 3022e1e5-1dd0-4c46-a119-053ee8430d78
                        --turn 5 --kernel no_such_kernel_anywhere
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0 OR NOT out MATCHES "No kernel of this turn's trace matches no_such_kernel_anywhere")
    message(FATAL_ERROR "--kernel with no match should fail with its sentence (${rc}):\n${out}")
endif()
execute_process(COMMAND "${WORKBENCH}" "${SCRATCH}/missing.kwb" --screenshot "${SCRATCH}/none.png"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0)
    message(FATAL_ERROR "--screenshot of a missing store should fail")
endif()
