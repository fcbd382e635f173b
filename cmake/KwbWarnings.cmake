# Warnings for the project's own targets; third-party headers come in as SYSTEM includes.
add_library(kwb_warnings INTERFACE)
target_compile_options(kwb_warnings INTERFACE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast
                              -Wcast-align -Wunused -Woverloaded-virtual -Wnull-dereference>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${KWB_WARNINGS_AS_ERRORS}>>:-Werror>)

# Qt's strict string handling for every Qt target of the project.
add_library(kwb_qt_defines INTERFACE)
target_compile_definitions(kwb_qt_defines INTERFACE
    QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_NO_CAST_FROM_BYTEARRAY QT_USE_QSTRINGBUILDER
    QT_NO_FOREACH QT_NO_URL_CAST_FROM_STRING QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_STRICT_ITERATORS QT_DISABLE_DEPRECATED_BEFORE=0x060400)
