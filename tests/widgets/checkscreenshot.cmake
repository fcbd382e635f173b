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
execute_process(COMMAND "${WORKBENCH}" "${SCRATCH}/missing.kwb" --screenshot "${SCRATCH}/none.png"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0)
    message(FATAL_ERROR "--screenshot of a missing store should fail")
endif()
