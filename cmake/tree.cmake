# SPDX-License-Identifier: GPL-2.0-only
#
# iovafuzz_add_tree(NAME SRC): build the kernel allocator of the tree at
# SRC, in every flavour, as library iovafuzz_kernel_<id>_<flavour> (id is
# NAME with dots made underscores), and register the per-tree tests.
#
# Only the headers under test are taken from the tree (staged one by one
# into the build directory); the tree's include/ is never on the path.

set(IOVAFUZZ_SHIM_INCLUDE ${CMAKE_SOURCE_DIR}/src/shim/include)
set(IOVAFUZZ_GLUE_DIR ${CMAKE_SOURCE_DIR}/src/glue)

# Reads what kind of allocator the tree has into variables in the
# caller's scope: FLAVOUR (rbtree|maple), DEPOT_LIST, VERSION.
function(_iovafuzz_detect src)
	file(READ "${src}/include/linux/iova.h" iova_h)
	file(READ "${src}/drivers/iommu/iova.c" iova_c)
	if(iova_h MATCHES "struct maple_tree[ \t]+mtree")
		set(FLAVOUR maple PARENT_SCOPE)
	elseif(iova_h MATCHES "struct rb_root")
		set(FLAVOUR rbtree PARENT_SCOPE)
	else()
		message(FATAL_ERROR "iovafuzz: ${src}/include/linux/iova.h: "
			"struct iova_domain has neither an rbtree nor a maple tree")
	endif()
	if(iova_c MATCHES "struct iova_magazine[ \t]*\\*depot;")
		set(DEPOT_LIST 1 PARENT_SCOPE)
	else()
		set(DEPOT_LIST 0 PARENT_SCOPE)
	endif()
	set(VERSION unknown PARENT_SCOPE)
	if(EXISTS "${src}/Makefile")
		file(STRINGS "${src}/Makefile" mk LIMIT_COUNT 6
		     REGEX "^(VERSION|PATCHLEVEL|SUBLEVEL) = ")
		string(REGEX REPLACE "[A-Z]+ = " "" mk "${mk}")
		string(REPLACE ";" "." mk "${mk}")
		if(mk)
			set(VERSION "${mk}" PARENT_SCOPE)
		endif()
	endif()
endfunction()

# Links the headers under test into <gen>/include/linux/.
function(_iovafuzz_stage_headers src gen flavour)
	set(hdrs iova.h maple_tree.h)
	if(flavour STREQUAL "rbtree")
		list(APPEND hdrs rbtree.h rbtree_augmented.h rbtree_types.h)
	endif()
	file(REMOVE_RECURSE "${gen}/include")
	file(MAKE_DIRECTORY "${gen}/include/linux")
	foreach(h IN LISTS hdrs)
		if(NOT EXISTS "${src}/include/linux/${h}")
			message(FATAL_ERROR "iovafuzz: no include/linux/${h} in ${src}")
		endif()
		file(CREATE_LINK "${src}/include/linux/${h}"
		     "${gen}/include/linux/${h}" SYMBOLIC)
	endforeach()
endfunction()

# Compiles the glue once at configure time; if the tree uses a kernel
# symbol the shim does not provide, stop with its name.
function(_iovafuzz_check_symbols name src gen)
	set(cmd ${CMAKE_C_COMPILER} -fsyntax-only -std=gnu11
		-include ${IOVAFUZZ_SHIM_INCLUDE}/shim/config.h
		-I${gen}/include -I${gen} -I${IOVAFUZZ_SHIM_INCLUDE}
		-I${IOVAFUZZ_GLUE_DIR} ${IOVAFUZZ_COMMON_FLAGS}
		-Wno-everything -Werror=implicit-function-declaration)
	foreach(f iova_glue.c rbtree_glue.c maple_glue.c)
		execute_process(COMMAND ${cmd} ${IOVAFUZZ_GLUE_DIR}/${f}
				RESULT_VARIABLE rc ERROR_VARIABLE err
				OUTPUT_QUIET)
		if(rc EQUAL 0)
			continue()
		endif()
		set(missing "")
		string(REGEX MATCHALL
		       "(implicit declaration of function|unknown type name|use of undeclared identifier|'[^']+' file not found|incomplete type|no member named)[^\n]*"
		       hits "${err}")
		foreach(h IN LISTS hits)
			string(REGEX MATCH "'[^']+'" sym "${h}")
			list(APPEND missing "${sym}")
		endforeach()
		list(REMOVE_DUPLICATES missing)
		if(missing)
			string(REPLACE ";" ", " missing "${missing}")
			message(FATAL_ERROR "iovafuzz: tree '${name}' (${src}) uses "
				"kernel API the shim (src/shim) does not provide: "
				"${missing}")
		endif()
		message(FATAL_ERROR "iovafuzz: tree '${name}' (${src}) does not "
			"compile against the shim:\n${err}")
	endforeach()
endfunction()

# With MUTANT, the tree is one of our mutants (tests/mutants): no smoke
# tests (a mutant is meant to fail them), no plain build.
function(iovafuzz_add_tree name src)
	cmake_parse_arguments(arg "MUTANT" "" "" ${ARGN})
	if(NOT EXISTS "${src}/drivers/iommu/iova.c")
		message(FATAL_ERROR "iovafuzz: no drivers/iommu/iova.c in ${src}")
	endif()
	string(REGEX REPLACE "[^A-Za-z0-9_]" "_" id "${name}")
	set(gen "${CMAKE_BINARY_DIR}/trees/${id}")
	_iovafuzz_detect("${src}")
	_iovafuzz_stage_headers("${src}" "${gen}" "${FLAVOUR}")
	if(FLAVOUR STREQUAL "maple")
		set(MAPLE 1)
		set(HAVE_RBTREE 0)
	else()
		set(MAPLE 0)
		set(HAVE_RBTREE 1)
	endif()
	configure_file(${CMAKE_SOURCE_DIR}/cmake/tree_config.h.in
		       ${gen}/tree_config.h @ONLY)
	_iovafuzz_check_symbols("${name}" "${src}" "${gen}")
	if(NOT arg_MUTANT)
		message(STATUS "iovafuzz: tree ${name}: ${src} "
			"(${VERSION}, ${FLAVOUR})")
	endif()

	set(flavours ${IOVAFUZZ_FLAVOURS})
	set(glue ${IOVAFUZZ_GLUE_DIR}/iova_glue.c ${IOVAFUZZ_GLUE_DIR}/rbtree_glue.c
		 ${IOVAFUZZ_GLUE_DIR}/maple_glue.c)
	if(arg_MUTANT)
		list(REMOVE_ITEM flavours plain)
		# An rbtree mutant's iova.c does not use the maple tree, and
		# nothing else is built for it: save compiling maple_tree.c.
		if(NOT MAPLE)
			list(REMOVE_ITEM glue ${IOVAFUZZ_GLUE_DIR}/maple_glue.c)
		endif()
	endif()
	foreach(fl IN LISTS flavours)
		set(lib iovafuzz_kernel_${id}_${fl})
		add_library(${lib} STATIC ${glue})
		target_include_directories(${lib} BEFORE PUBLIC
			${gen}/include ${gen} ${IOVAFUZZ_GLUE_DIR})
		# Kernel code: its own warning level, paths shown tree-relative.
		target_compile_options(${lib} PRIVATE -Wall -Wno-unused-function
			-Wno-sign-compare -Wno-unused-variable
			-Wno-unused-but-set-variable
			-Wno-gnu-variable-sized-type-not-at-end
			-fmacro-prefix-map=${src}/=)
		# Only kernel code gets the flavour's coverage instrumentation.
		target_link_libraries(${lib} PRIVATE iovafuzz_flags_${fl}
				      PUBLIC iovafuzz_shim_${fl})
	endforeach()

	set(IOVAFUZZ_TREE_IDS ${IOVAFUZZ_TREE_IDS} ${id} PARENT_SCOPE)
	if(arg_MUTANT)
		iovafuzz_fuzz_targets("${id}" "${flavours}" OFF)
	else()
		iovafuzz_fuzz_targets("${id}" "${flavours}" ON)
	endif()
	if(NOT arg_MUTANT)
		iovafuzz_tree_tests("${name}" "${id}" "${FLAVOUR}" "${VERSION}")
	endif()
endfunction()
