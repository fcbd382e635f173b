# Runs kwb-runner once and checks its exit code, that stdout is JSON, and chosen members of it.
# Needs no Python, so the same checks run on GPU hosts. Use from add_test as
#   cmake -DRUNNER=<exe> -DRUNNER_ARGS=a|b -DEXPECT_EXIT=0 [-DJSON_CHECKS=path=value|path:TYPE]
#         [-DSTDERR_REGEX=regex] -P checkrunneroutput.cmake
# A JSON path is dot-separated; numeric parts index arrays. "|" separates list items because ";" would split them.
# TYPE is string(JSON TYPE)'s (STRING, NUMBER, OBJECT ...), or MISSING for a member that must not be there.

string(REPLACE "|" ";" args "${RUNNER_ARGS}")
execute_process(COMMAND "${RUNNER}" ${args} RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err)

if(NOT exit_code STREQUAL "${EXPECT_EXIT}")
    message(FATAL_ERROR "kwb-runner ${args} exited with ${exit_code}, expected ${EXPECT_EXIT}.\n"
                        "stdout:\n${out}\nstderr:\n${err}")
endif()

if(NOT STDERR_REGEX STREQUAL "" AND NOT err MATCHES "${STDERR_REGEX}")
    message(FATAL_ERROR "stderr does not match '${STDERR_REGEX}':\n${err}")
endif()

if(EXPECT_EXIT STREQUAL "0")
    string(JSON root_type ERROR_VARIABLE parse_error TYPE "${out}")
    if(parse_error)
        message(FATAL_ERROR "stdout is not JSON (${parse_error}):\n${out}")
    endif()
else()
    # A failing command prints nothing on stdout and one line on stderr.
    if(NOT out STREQUAL "")
        message(FATAL_ERROR "a failing kwb-runner ${args} printed on stdout:\n${out}")
    endif()
    string(REGEX MATCHALL "\n" newlines "${err}")
    list(LENGTH newlines line_count)
    if(NOT line_count EQUAL 1)
        message(FATAL_ERROR "expected one line on stderr, got ${line_count}:\n${err}")
    endif()
endif()

string(REPLACE "|" ";" checks "${JSON_CHECKS}")
foreach(check IN LISTS checks)
    if(check MATCHES "^([^=:]+)=(.*)$")
        set(mode value)
    elseif(check MATCHES "^([^=:]+):([A-Z]+)$")
        set(mode type)
    else()
        message(FATAL_ERROR "malformed check '${check}'")
    endif()
    set(key "${CMAKE_MATCH_1}")
    set(expected "${CMAKE_MATCH_2}")
    string(REPLACE "." ";" path "${key}")
    if(mode STREQUAL "value")
        string(JSON actual ERROR_VARIABLE error GET "${out}" ${path})
    elseif(expected STREQUAL "MISSING")
        string(JSON actual ERROR_VARIABLE error TYPE "${out}" ${path})
        if(NOT error)
            message(FATAL_ERROR "${key} is there (${actual}), expected it missing\n${out}")
        endif()
        continue()
    else()
        string(JSON actual ERROR_VARIABLE error TYPE "${out}" ${path})
    endif()
    if(error)
        message(FATAL_ERROR "${key}: ${error}\n${out}")
    endif()
    if(NOT actual STREQUAL expected)
        message(FATAL_ERROR "${key} is '${actual}', expected '${expected}'\n${out}")
    endif()
endforeach()
