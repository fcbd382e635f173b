# Precompiled headers. Parsing the Qt headers was 70-80 % of a widget source's compile in the debug build (GCC's
# -ftime-report), and LibTorch's ATen most of kwb_torch's: each target now parses its heavy headers once, and the Qt
# Test executables share one precompiled header per set of Qt modules they link (a header is only valid for sources
# compiled with the same Qt macros, so there are four kinds, in each test folder). KWB_PRECOMPILED_HEADERS=OFF builds
# without them, which is how to check that every source includes what it uses. qcustomplot.h stays out: it needs
# foreach, which only its three sources may have (-UQT_NO_FOREACH), and a header precompiled with other macros would
# not apply.
option(KWB_PRECOMPILED_HEADERS "Precompile the Qt and LibTorch headers each target includes" ON)

# kwb_precompile(TARGET HEADER...): TARGET's sources begin with HEADER... parsed once.
function(kwb_precompile target)
    if(KWB_PRECOMPILED_HEADERS)
        target_precompile_headers(${target} PRIVATE ${ARGN})
    endif()
endfunction()

# kwb_test_precompiled(TARGET LIBS...): a Qt Test executable reuses the precompiled header of the tests in its folder
# that link the same Qt modules, chosen from the project library it links (widgets, models, core, or only Qt Test).
# One per folder, because Qt Test defines QT_TESTCASE_BUILDDIR as the folder's build directory.
function(kwb_test_precompiled target)
    if(NOT KWB_PRECOMPILED_HEADERS)
        return()
    endif()
    if("kwb_widgets" IN_LIST ARGN)
        set(group widgets)
        set(libs kwb_widgets)
        set(headers <QtTest> <QtWidgets> <QtSql> <QtNetwork>)
    elseif("kwb_models" IN_LIST ARGN)
        set(group models)
        set(libs kwb_models)
        set(headers <QtTest> <QtCore> <QtGui> <QtSql> <QtNetwork>)
    elseif("kwb_core" IN_LIST ARGN)
        set(group core)
        set(libs kwb_core)
        set(headers <QtTest> <QtCore> <QtSql> <QtNetwork>)
    else()
        set(group qtest)
        set(libs "")
        set(headers <QtTest> <QtCore>)
    endif()
    file(RELATIVE_PATH folder ${PROJECT_BINARY_DIR} ${CMAKE_CURRENT_BINARY_DIR})
    string(MAKE_C_IDENTIFIER "${folder}_${group}" key)
    set(donor kwb_test_headers_${key})
    if(NOT TARGET ${donor})
        set(source ${CMAKE_CURRENT_BINARY_DIR}/kwb_test_headers/${group}.cpp)
        file(WRITE ${source} "// The precompiled header of the Qt Test executables of the '${group}' group.\n")
        add_library(${donor} OBJECT ${source})
        target_link_libraries(${donor} PRIVATE Qt6::Test ${libs} kwb_qt_defines kwb_warnings)
        target_precompile_headers(${donor} PRIVATE ${headers})
    endif()
    target_precompile_headers(${target} REUSE_FROM ${donor})
endfunction()
