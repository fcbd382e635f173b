# kwb_folder_sources(target folder name...): adds a folder's sources to a target, named without their endings.
# Each name stands for its header and, where the folder has one, its .cpp; a name with an ending is added as it is
# (a second .cpp of a class, say). One call a folder keeps a library's source list as short as its layout.
function(kwb_folder_sources target folder)
    foreach(name IN LISTS ARGN)
        if(name MATCHES "\\.(h|cpp)$")
            target_sources(${target} PRIVATE ${folder}/${name})
            continue()
        endif()
        target_sources(${target} PRIVATE ${folder}/${name}.h)
        if(EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${folder}/${name}.cpp")
            target_sources(${target} PRIVATE ${folder}/${name}.cpp)
        endif()
    endforeach()
endfunction()
