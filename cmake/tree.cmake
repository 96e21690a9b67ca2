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
# caller's scope: FLAVOUR (rbtree|maple|unknown: the index, for the files
# to build), the walkers that may understand its internals (WALK_TREE: the
# tree walkers that fit the index, in the order they are tried: none,
# rbtree, or maple_marker then maple_llist; WALK_RCACHE; DEPOT_LIST),
# VERSION.  A walker is only a candidate here: where its fields and
# macros are (iova.h, or iova.c's own, which the glue sees as it includes
# iova.c) is left to the compiler, and _iovafuzz_check_symbols() keeps the
# first candidate that compiles against the tree.
function(_iovafuzz_detect src)
	file(READ "${src}/include/linux/iova.h" iova_h)
	file(READ "${src}/drivers/iommu/iova.c" iova_c)
	set(DETECT_OFF "" PARENT_SCOPE)
	if(iova_h MATCHES "struct rb_root")
		set(FLAVOUR rbtree PARENT_SCOPE)
		set(walk rbtree)
	elseif(iova_h MATCHES "struct maple_tree[ \t]+mtree")
		set(FLAVOUR maple PARENT_SCOPE)
		set(walk maple_marker maple_llist)
	else()
		set(FLAVOUR unknown PARENT_SCOPE)
		set(walk none)
		set(DETECT_OFF "tree walker (struct iova_domain has neither an rb_root nor an mtree)" PARENT_SCOPE)
	endif()
	set(WALK_TREE ${walk} PARENT_SCOPE)
	if(iova_c MATCHES "struct iova_magazine" AND
	   iova_c MATCHES "struct iova_cpu_rcache")
		set(WALK_RCACHE 1 PARENT_SCOPE)
	else()
		set(WALK_RCACHE 0 PARENT_SCOPE)
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

set(_iovafuzz_walk_none 0)
set(_iovafuzz_walk_rbtree 1)
set(_iovafuzz_walk_maple_marker 2)
set(_iovafuzz_walk_maple_llist 3)

# Writes <gen>/tree_config.h for the walkers WALK_TREE, WALK_RCACHE (and
# the rbtree walker's hint check, unless no_hints is set).
macro(_iovafuzz_write_config)
	set(WALK_TREE_ID ${_iovafuzz_walk_${WALK_TREE}})
	set(RB_HINTS 0)
	if(WALK_TREE STREQUAL "rbtree" AND NOT no_hints)
		set(RB_HINTS 1)
	endif()
	string(REPLACE "\"" "'" CHECKS_OFF_C "${CHECKS_OFF}")
	configure_file(${CMAKE_SOURCE_DIR}/cmake/tree_config.h.in
		       ${gen}/tree_config.h @ONLY)
endmacro()

# Compiles the glue against the tree; sets ${out} to the compiler's
# errors (empty if it compiled).
function(_iovafuzz_probe gen out)
	set(cmd ${CMAKE_C_COMPILER} -fsyntax-only -std=gnu11
		-include ${IOVAFUZZ_SHIM_INCLUDE}/shim/config.h
		-I${gen}/include -I${gen} -I${IOVAFUZZ_SHIM_INCLUDE}
		-I${IOVAFUZZ_GLUE_DIR} ${IOVAFUZZ_COMMON_FLAGS}
		-Wno-everything -Werror=implicit-function-declaration)
	set(errs "")
	foreach(f iova_glue.c rbtree_glue.c maple_glue.c)
		execute_process(COMMAND ${cmd} ${IOVAFUZZ_GLUE_DIR}/${f}
				RESULT_VARIABLE rc ERROR_VARIABLE err
				OUTPUT_QUIET)
		if(NOT rc EQUAL 0)
			string(APPEND errs "${err}\n")
		endif()
	endforeach()
	set(${out} "${errs}" PARENT_SCOPE)
endfunction()

# The first thing the compiler says is wrong, on one line.
function(_iovafuzz_first_error errs out)
	string(REGEX MATCH "error: [^\n]*" first "${errs}")
	string(REGEX REPLACE "^error: " "" first "${first}")
	set(${out} "${first}" PARENT_SCOPE)
endfunction()

# Compiles the glue at configure time with the candidate walkers.  If
# the tree does not compile even with no walker, it uses kernel API the
# shim lacks: stop, naming the symbols or headers.  Of the tree walkers
# WALK_TREE lists, the first that compiles is kept; one that does not
# compile does not know this design.  With none left, or a magazine
# walker that does not compile, the walker is switched off (WALK_TREE,
# WALK_RCACHE and CHECKS_OFF in the caller's scope say so, CHECKS_OFF
# with each walker tried and the compiler's first error for it) and the
# tree is fuzzed at the API level.
function(_iovafuzz_check_symbols name src gen)
	set(want_tree ${WALK_TREE})
	set(want_rcache ${WALK_RCACHE})
	list(GET want_tree 0 WALK_TREE)
	set(CHECKS_OFF "${DETECT_OFF}")
	_iovafuzz_write_config()
	_iovafuzz_probe("${gen}" errs)
	if(NOT errs)
		set(WALK_TREE ${WALK_TREE} PARENT_SCOPE)
		set(CHECKS_OFF "${CHECKS_OFF}" PARENT_SCOPE)
		return()
	endif()
	set(WALK_TREE none)
	set(WALK_RCACHE 0)
	_iovafuzz_write_config()
	_iovafuzz_probe("${gen}" errs)
	if(errs)
		set(missing "")
		string(REGEX MATCHALL
		       "(implicit declaration of function|unknown type name|use of undeclared identifier|'[^']+' file not found|incomplete type|no member named)[^\n]*"
		       hits "${errs}")
		foreach(h IN LISTS hits)
			string(REGEX MATCH "'[^']+'" sym "${h}")
			list(APPEND missing "${sym}")
		endforeach()
		list(REMOVE_DUPLICATES missing)
		if(missing)
			string(REPLACE ";" ", " missing "${missing}")
			message(FATAL_ERROR "iovafuzz: tree '${name}' uses kernel "
				"API the shim (src/shim) does not provide: "
				"${missing}")
		endif()
		_iovafuzz_first_error("${errs}" first)
		message(FATAL_ERROR "iovafuzz: tree '${name}' does not compile "
			"against the shim: ${first}")
	endif()
	set(off "${DETECT_OFF}")
	set(why "")
	set(no_hints 1)		# the walker first, its hint check apart
	foreach(w IN LISTS want_tree)
		if(w STREQUAL "none")
			break()
		endif()
		set(WALK_TREE ${w})
		_iovafuzz_write_config()
		_iovafuzz_probe("${gen}" errs)
		if(NOT errs)
			break()
		endif()
		_iovafuzz_first_error("${errs}" first)
		if(why)
			string(APPEND why ", ")
		endif()
		string(APPEND why "${w} (${first})")
		set(WALK_TREE none)
	endforeach()
	if(WALK_TREE STREQUAL "none" AND why)
		list(APPEND off "tree walker ${why}")
	endif()
	if(WALK_TREE STREQUAL "rbtree")
		set(no_hints 0)
		_iovafuzz_write_config()
		_iovafuzz_probe("${gen}" errs)
		if(errs)
			_iovafuzz_first_error("${errs}" first)
			list(APPEND off "rbtree hint check (${first})")
			set(no_hints 1)
		endif()
	endif()
	if(want_rcache)
		set(WALK_RCACHE 1)
		_iovafuzz_write_config()
		_iovafuzz_probe("${gen}" errs)
		if(errs)
			_iovafuzz_first_error("${errs}" first)
			list(APPEND off "magazine walker (${first})")
			set(WALK_RCACHE 0)
		endif()
	endif()
	string(REPLACE ";" "; " CHECKS_OFF "${off}")
	_iovafuzz_write_config()
	set(WALK_TREE ${WALK_TREE} PARENT_SCOPE)
	set(WALK_RCACHE ${WALK_RCACHE} PARENT_SCOPE)
	set(CHECKS_OFF "${CHECKS_OFF}" PARENT_SCOPE)
endfunction()

# _iovafuzz_kernel_lib(LIB FL SRC GEN SOURCE...): the kernel code of tree
# SRC (headers staged in GEN) in flavour FL, as static library LIB.
function(_iovafuzz_kernel_lib lib fl src gen)
	add_library(${lib} STATIC ${ARGN})
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
endfunction()

# With MUTANT, the tree is one of our mutants (tests/mutants): no smoke
# tests (a mutant is meant to fail them), no plain build.  With API_ONLY,
# no walker is used even where one understands the design.
function(iovafuzz_add_tree name src)
	cmake_parse_arguments(arg "MUTANT;API_ONLY" "" "" ${ARGN})
	if(NOT EXISTS "${src}/drivers/iommu/iova.c")
		message(FATAL_ERROR "iovafuzz: no drivers/iommu/iova.c in ${src}")
	endif()
	string(REGEX REPLACE "[^A-Za-z0-9_]" "_" id "${name}")
	set(gen "${CMAKE_BINARY_DIR}/trees/${id}")
	_iovafuzz_detect("${src}")
	_iovafuzz_stage_headers("${src}" "${gen}" "${FLAVOUR}")
	if(FLAVOUR STREQUAL "rbtree")
		set(HAVE_RBTREE 1)
	else()
		set(HAVE_RBTREE 0)
	endif()
	if(arg_API_ONLY)
		set(WALK_TREE none)
		set(WALK_RCACHE 0)
		set(DETECT_OFF "every walker (API_ONLY: this tree is checked through the API alone)")
	endif()
	_iovafuzz_check_symbols("${name}" "${src}" "${gen}")
	if(NOT arg_MUTANT)
		set(checks "")
		if(CHECKS_OFF)
			set(checks "; API-level checks only where off: ${CHECKS_OFF}")
		endif()
		message(STATUS "iovafuzz: tree ${name}: ${src} "
			"(${VERSION}, ${FLAVOUR}${checks})")
	endif()

	set(flavours ${IOVAFUZZ_FLAVOURS})
	set(glue ${IOVAFUZZ_GLUE_DIR}/iova_glue.c ${IOVAFUZZ_GLUE_DIR}/rbtree_glue.c
		 ${IOVAFUZZ_GLUE_DIR}/maple_glue.c)
	if(arg_MUTANT)
		list(REMOVE_ITEM flavours plain)
		# An rbtree mutant's iova.c does not use the maple tree, and
		# nothing else is built for it: save compiling maple_tree.c.
		if(FLAVOUR STREQUAL "rbtree")
			list(REMOVE_ITEM glue ${IOVAFUZZ_GLUE_DIR}/maple_glue.c)
		endif()
	endif()
	# The san flavour records the path iova.c takes (src/shim/kcov.c):
	# at -O0, unpruned, every block of every function, none inlined.
	set_source_files_properties(${IOVAFUZZ_GLUE_DIR}/iova_glue.c PROPERTIES
		COMPILE_OPTIONS "$<$<BOOL:$<TARGET_PROPERTY:IOVAFUZZ_KCOV>>:-O0;-fsanitize-coverage=trace-pc,no-prune>")
	# The iova target does not steer by the maple tree's own comparisons
	# (slot offsets, pivots, node types): its fuzz build traces none of
	# them, which was half of a maple design's cost per run (docs/
	# throughput.md).  The maple contract target, which fuzzes the maple
	# tree itself, links a library of its own that traces them all.
	set_source_files_properties(${IOVAFUZZ_GLUE_DIR}/maple_glue.c PROPERTIES
		COMPILE_OPTIONS "$<$<BOOL:$<TARGET_PROPERTY:IOVAFUZZ_NO_MAPLE_CMP>>:-fno-sanitize-coverage=trace-cmp>")
	foreach(fl IN LISTS flavours)
		set(lib iovafuzz_kernel_${id}_${fl})
		_iovafuzz_kernel_lib(${lib} ${fl} "${src}" "${gen}" ${glue})
		if(fl STREQUAL "san")
			set_target_properties(${lib} PROPERTIES IOVAFUZZ_KCOV 1)
		elseif(fl STREQUAL "fuzz")
			set_target_properties(${lib} PROPERTIES
					      IOVAFUZZ_NO_MAPLE_CMP 1)
			_iovafuzz_kernel_lib(iovafuzz_maple_${id}_${fl} ${fl}
					     "${src}" "${gen}"
					     ${IOVAFUZZ_GLUE_DIR}/maple_glue.c)
			set_target_properties(iovafuzz_maple_${id}_${fl}
					      PROPERTIES EXCLUDE_FROM_ALL ON)
		endif()
	endforeach()

	set(IOVAFUZZ_TREE_IDS ${IOVAFUZZ_TREE_IDS} ${id} PARENT_SCOPE)
	if(arg_MUTANT)
		iovafuzz_fuzz_targets("${id}" "${flavours}" OFF)
	else()
		iovafuzz_fuzz_targets("${id}" "${flavours}" ON)
	endif()
	if(NOT arg_MUTANT)
		iovafuzz_tree_tests("${name}" "${id}" "${FLAVOUR}" "${VERSION}")
		# The committed inputs keep their traces (tests/traces/).
		set(checks full)
		if(arg_API_ONLY)
			set(checks api)
		endif()
		add_test(NAME ${name}.traces
			 COMMAND bash ${CMAKE_SOURCE_DIR}/tests/traces/check.sh
				 $<TARGET_FILE:iovafuzz_replay_${id}> ${src} ${checks})
		set_tests_properties(${name}.traces PROPERTIES
				     SKIP_RETURN_CODE 77)
	endif()
endfunction()
