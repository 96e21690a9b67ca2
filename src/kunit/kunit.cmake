# SPDX-License-Identifier: GPL-2.0-only
#
# KUnit runners (scripts/kunit): with -DIOVAFUZZ_KUNIT=ON, for every tree
# a target iovafuzz_kunit_<id> that links the KUnit files
# IOVAFUZZ_KUNIT_FILES against the tree's own iova.c, rbtree and maple
# tree under ASan+UBSan.  The tree's iova.c is built again with
# CONFIG_KUNIT and every CONFIG_*KUNIT* option its iova.c, iova.h or the
# KUnit files test, so symbols it exposes only to its tests
# (VISIBLE_IF_KUNIT, #if IS_ENABLED(CONFIG_IOVA_KUNIT_TEST)) come from it.

option(IOVAFUZZ_KUNIT "Build a KUnit runner per tree (scripts/kunit)" OFF)
set(IOVAFUZZ_KUNIT_FILES "" CACHE STRING
    "KUnit files for the runner, absolute paths separated by ';'")

set(IOVAFUZZ_KUNIT_DIR ${CMAKE_CURRENT_LIST_DIR})
set(IOVAFUZZ_KUNIT_RUNTIME ${IOVAFUZZ_KUNIT_DIR}/assert.c
	${IOVAFUZZ_KUNIT_DIR}/case.c ${IOVAFUZZ_KUNIT_DIR}/fail_nth.c
	${IOVAFUZZ_KUNIT_DIR}/main.c ${IOVAFUZZ_KUNIT_DIR}/resource.c
	${IOVAFUZZ_KUNIT_DIR}/run.c ${IOVAFUZZ_KUNIT_DIR}/suites.c)

# The CONFIG_ options mentioning KUNIT that @files test, in ${out}.
function(_iovafuzz_kunit_configs out)
	set(cfgs CONFIG_KUNIT)
	foreach(f IN LISTS ARGN)
		if(EXISTS "${f}")
			file(STRINGS "${f}" hits REGEX "CONFIG_[A-Z0-9_]*KUNIT[A-Z0-9_]*")
			string(REGEX MATCHALL "CONFIG_[A-Z0-9_]*KUNIT[A-Z0-9_]*"
			       found "${hits}")
			list(APPEND cfgs ${found})
		endif()
	endforeach()
	list(REMOVE_DUPLICATES cfgs)
	list(SORT cfgs)
	set(${out} ${cfgs} PARENT_SCOPE)
endfunction()

function(iovafuzz_kunit_runner name src)
	string(REGEX REPLACE "[^A-Za-z0-9_]" "_" id "${name}")
	set(gen "${CMAKE_BINARY_DIR}/trees/${id}")
	set(files ${IOVAFUZZ_KUNIT_FILES})
	# A tree whose iova.c includes its KUnit file builds it with iova.c.
	file(READ "${src}/drivers/iommu/iova.c" iova_c)
	if(iova_c MATCHES "#[ \t]*include[ \t]+\"iova-kunit.c\"")
		list(REMOVE_ITEM files "${src}/drivers/iommu/iova-kunit.c")
	endif()
	_iovafuzz_kunit_configs(cfgs "${src}/drivers/iommu/iova.c"
				"${src}/include/linux/iova.h" ${files})
	list(TRANSFORM cfgs APPEND "=1")

	set(kern iovafuzz_kunit_kernel_${id})
	# Objects, not an archive: a suite iova.c itself includes must be
	# linked in though nothing calls into it.
	add_library(${kern} OBJECT ${IOVAFUZZ_GLUE_DIR}/iova_glue.c
		    ${IOVAFUZZ_GLUE_DIR}/rbtree_glue.c
		    ${IOVAFUZZ_GLUE_DIR}/maple_glue.c)
	target_include_directories(${kern} BEFORE PUBLIC ${gen}/include ${gen}
		${IOVAFUZZ_GLUE_DIR} ${IOVAFUZZ_KUNIT_DIR}/include)
	target_compile_definitions(${kern} PUBLIC ${cfgs})
	# kbuild's name for iova.o, for a suite iova.c includes.
	target_compile_definitions(${kern} PRIVATE "KBUILD_MODNAME=\"iova\"")
	# Kernel code: the kernel's warning level, as in tree.cmake.
	target_compile_options(${kern} PRIVATE -Wall -Wno-unused-function
		-Wno-sign-compare -Wno-unused-variable
		-Wno-unused-but-set-variable
		-Wno-gnu-variable-sized-type-not-at-end
		-fmacro-prefix-map=${src}/=)
	target_link_libraries(${kern} PRIVATE iovafuzz_flags_san
			      PUBLIC iovafuzz_shim_san)

	set(t iovafuzz_kunit_${id})
	add_executable(${t} ${IOVAFUZZ_KUNIT_RUNTIME} ${files})
	target_link_libraries(${t} PRIVATE ${kern} iovafuzz_flags_san)
	set_source_files_properties(${IOVAFUZZ_KUNIT_RUNTIME} TARGET_DIRECTORY
		${t} PROPERTIES COMPILE_OPTIONS "${IOVAFUZZ_OWN_WARNINGS}")
	foreach(f IN LISTS files)
		# KBUILD_MODNAME as kbuild makes it: the file's base name.
		get_filename_component(mod "${f}" NAME_WE)
		string(REGEX REPLACE "[^A-Za-z0-9_]" "_" mod "${mod}")
		set_source_files_properties(${f} TARGET_DIRECTORY ${t}
			PROPERTIES COMPILE_DEFINITIONS "KBUILD_MODNAME=\"${mod}\""
			COMPILE_OPTIONS "-Wall;-Wno-sign-compare;-Wno-unused-function;-fmacro-prefix-map=${src}/=")
	endforeach()
endfunction()

if(IOVAFUZZ_KUNIT)
	foreach(_tree IN LISTS IOVAFUZZ_TREES)
		string(REGEX MATCH "^([^=]+)=(.+)$" _m "${_tree}")
		iovafuzz_kunit_runner("${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}")
	endforeach()
endif()
