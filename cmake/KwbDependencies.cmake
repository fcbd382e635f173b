# simdjson (everywhere: the trace library), Qt (not on GPU hosts), LibTorch from the torch wheel, and the CUDA toolkit.

# The trace reader's parser: on GPU hosts too, where the runner checks a candidate's trace with it.
find_package(simdjson 3 CONFIG QUIET)
if(NOT simdjson_FOUND)
    message(FATAL_ERROR "simdjson 3 was not found: install libsimdjson-dev (Debian, Ubuntu) or pass "
                        "-DCMAKE_PREFIX_PATH=<its prefix>; the trace library needs it on every host.")
endif()
set_package_properties(simdjson PROPERTIES TYPE REQUIRED PURPOSE "The trace library's streaming reader (runner and window)")

if(NOT KWB_RUNNER_ONLY)
    # QCustomPlotQt6's exported target links Qt6::PrintSupport, which must be found first.
    find_package(Qt6 6.4 REQUIRED COMPONENTS Core Gui Widgets Sql Network Test PrintSupport LinguistTools)
    set_package_properties(Qt6 PROPERTIES TYPE REQUIRED PURPOSE "Window, store (QtSql/SQLite), agent client, tests")
    set(CMAKE_AUTOMOC ON)
    set(CMAKE_AUTORCC ON)
    set(CMAKE_AUTOUIC ON)

    find_package(QCustomPlotQt6 REQUIRED)
    set_package_properties(QCustomPlotQt6 PROPERTIES TYPE REQUIRED PURPOSE "Reward curves and roofline plots")

    find_library(QSCINTILLA_LIBRARY NAMES qscintilla2_qt6 REQUIRED)
    find_path(QSCINTILLA_INCLUDE_DIR Qsci/qsciscintilla.h PATH_SUFFIXES qt6 x86_64-linux-gnu/qt6 REQUIRED)
    add_library(QScintilla::QScintilla UNKNOWN IMPORTED)
    set_target_properties(QScintilla::QScintilla PROPERTIES IMPORTED_LOCATION "${QSCINTILLA_LIBRARY}"
                          INTERFACE_INCLUDE_DIRECTORIES "${QSCINTILLA_INCLUDE_DIR}"
                          INTERFACE_LINK_LIBRARIES "Qt6::Widgets;Qt6::PrintSupport")
    add_feature_info(QScintilla TRUE "Code editors (Python reference, CUDA workspace files)")
endif()

# The Python with torch: the project's .venv (made by installers/debian/install-deps.sh), else python3 on PATH,
# which on GPU hosts is the torch venv. Its wheel carries LibTorch and the CMake config for it.
find_program(KWB_PYTHON NAMES python3 HINTS "${PROJECT_SOURCE_DIR}/.venv/bin" NO_DEFAULT_PATH)
if(NOT KWB_PYTHON)
    find_program(KWB_PYTHON NAMES python3)
endif()

if(KWB_ENABLE_TORCH)
    if(KWB_PYTHON)
        execute_process(COMMAND "${KWB_PYTHON}" -c "import torch.utils; print(torch.utils.cmake_prefix_path)"
                        OUTPUT_VARIABLE KWB_TORCH_PREFIX OUTPUT_STRIP_TRAILING_WHITESPACE
                        RESULT_VARIABLE KWB_TORCH_PROBE ERROR_QUIET)
        if(KWB_TORCH_PROBE EQUAL 0)
            list(APPEND CMAKE_PREFIX_PATH "${KWB_TORCH_PREFIX}")
        endif()
    endif()
    # Naming the architectures skips Caffe2's GPU probe (a CUDA try_run that fails without a GPU and under C++20).
    if(NOT DEFINED TORCH_CUDA_ARCH_LIST AND NOT DEFINED ENV{TORCH_CUDA_ARCH_LIST})
        set(TORCH_CUDA_ARCH_LIST "9.0")
    endif()
    find_package(Torch QUIET)
    set_package_properties(Torch PROPERTIES TYPE RECOMMENDED
                           PURPOSE "LibTorch for loading and judging tensors in the runner (kwb_torch)")
endif()
set(KWB_HAVE_TORCH ${Torch_FOUND})
add_feature_info(LibTorch KWB_HAVE_TORCH "kwb_torch: load torch.save files, compare outputs")

if(KWB_ENABLE_CUDA)
    find_package(CUDAToolkit QUIET)
    set_package_properties(CUDAToolkit PROPERTIES TYPE RECOMMENDED
                           PURPOSE "nvcc, CUDA runtime, CUPTI and NVTX for kwb_cuda")
endif()
set(KWB_HAVE_CUDA ${CUDAToolkit_FOUND})
add_feature_info(CUDA KWB_HAVE_CUDA "kwb_cuda: device query, timing helpers, CUPTI tracer")
