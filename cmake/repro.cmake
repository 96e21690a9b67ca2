# SPDX-License-Identifier: GPL-2.0-only
#
# Text programs and reproducers (fuzz/lang/README.md, scripts/repro):
#   iovafuzz_prog             binary <-> text converter
#   text_roundtrip            ctest: the round trip is the identity
#   every iovafuzz_replay_*   reads text programs too, as does every
#   iovafuzz_fuzz_maple_contract_* (and names ops in its reports)
#   <build>/repro/<id>.cc     sh <id>.cc FILE.c -o BIN builds a C
#                             reproducer against tree <id>
# The replayers and kernel libraries are made per tree, in several
# directories, after this file is read: they are completed at the end of
# the configure step.
set(IOVAFUZZ_TEXT_SRC ${IOVAFUZZ_LANG_DIR}/text.c
    ${IOVAFUZZ_LANG_DIR}/text_args.c ${IOVAFUZZ_LANG_DIR}/text_set.c
    ${IOVAFUZZ_LANG_DIR}/text_lex.c CACHE INTERNAL "")
set(IOVAFUZZ_TEXT_MAPLE_SRC ${IOVAFUZZ_LANG_DIR}/text_maple.c
    ${IOVAFUZZ_LANG_DIR}/text_lex.c CACHE INTERNAL "")

add_executable(iovafuzz_prog ${IOVAFUZZ_LANG_DIR}/progtool.c
	       ${IOVAFUZZ_TEXT_SRC} ${IOVAFUZZ_LANG_DIR}/text_maple.c
	       ${IOVAFUZZ_LANG_DIR}/decode.c)
target_include_directories(iovafuzz_prog PRIVATE ${IOVAFUZZ_LANG_DIR})
target_link_libraries(iovafuzz_prog PRIVATE iovafuzz_flags_san)
target_compile_options(iovafuzz_prog PRIVATE ${IOVAFUZZ_OWN_WARNINGS})

add_executable(text_roundtrip ${CMAKE_SOURCE_DIR}/tests/repro/text_roundtrip.c
	       ${IOVAFUZZ_TEXT_SRC} ${IOVAFUZZ_LANG_DIR}/text_maple.c
	       ${IOVAFUZZ_LANG_DIR}/decode.c)
target_include_directories(text_roundtrip PRIVATE ${IOVAFUZZ_LANG_DIR}
			   ${CMAKE_SOURCE_DIR}/tests)
target_link_libraries(text_roundtrip PRIVATE iovafuzz_flags_san)
target_compile_options(text_roundtrip PRIVATE ${IOVAFUZZ_OWN_WARNINGS})
add_test(NAME repro.text_roundtrip COMMAND text_roundtrip)
# A flushing request's cached ranges are expected back only where the
# finding is that promise (tests/repro/flush_gone.py).
find_program(IOVAFUZZ_PYTHON3 python3 REQUIRED)
add_test(NAME repro.flush_gone
	 COMMAND ${IOVAFUZZ_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/repro/flush_gone.py
		 ${CMAKE_SOURCE_DIR}/scripts/lib)

# The targets of one directory, recursively.
function(_iovafuzz_all_targets dir out)
	get_property(ts DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
	get_property(subs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
	foreach(s IN LISTS subs)
		_iovafuzz_all_targets(${s} more)
		list(APPEND ts ${more})
	endforeach()
	set(${out} ${ts} PARENT_SCOPE)
endfunction()

# A C reproducer of tree <id>: the san flavour's flags, the staged
# headers, the tree's kernel library and the shim.
function(_iovafuzz_repro_cc lib id)
	set(k ${lib})
	set(inc "$<TARGET_PROPERTY:${k},INTERFACE_INCLUDE_DIRECTORIES>;$<TARGET_PROPERTY:iovafuzz_shim_san,INTERFACE_INCLUDE_DIRECTORIES>;${CMAKE_SOURCE_DIR}/src/glue")
	set(opts "$<TARGET_PROPERTY:iovafuzz_flags_san,INTERFACE_COMPILE_OPTIONS>")
	file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/repro/${id}.cc CONTENT
"#!/bin/sh
# sh ${id}.cc FILE.c -o BIN: a C reproducer against tree ${id}
exec ${CMAKE_C_COMPILER} -std=gnu11 $<JOIN:${opts}, > -include ${CMAKE_SOURCE_DIR}/src/shim/include/shim/config.h -I$<JOIN:${inc}, -I> \"$@\" $<TARGET_FILE:${k}> $<TARGET_FILE:iovafuzz_shim_san>
")
endfunction()

function(_iovafuzz_repro_finish)
	_iovafuzz_all_targets(${CMAKE_SOURCE_DIR} ts)
	foreach(t IN LISTS ts)
		if(t MATCHES "^iovafuzz_replay_")
			target_sources(${t} PRIVATE ${IOVAFUZZ_TEXT_SRC})
		elseif(t MATCHES "^iovafuzz_fuzz_maple_contract_")
			target_sources(${t} PRIVATE ${IOVAFUZZ_TEXT_MAPLE_SRC})
		elseif(t MATCHES "^iovafuzz_kernel_(.+)_san$")
			_iovafuzz_repro_cc(${t} ${CMAKE_MATCH_1})
		endif()
	endforeach()
	if(COMMAND iovafuzz_repro_tests)
		iovafuzz_repro_tests()
	endif()
endfunction()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR}
	       CALL _iovafuzz_repro_finish)

# Every mutant of tests/mutants/ built in this tree: scripts/repro from a
# long input, then its C reproducer and its KUnit case, from one
# minimization (repro.mutant.NAME).
function(iovafuzz_repro_tests)
	if(NOT TARGET iovafuzz_kernel_6_12_san)
		return()
	endif()
	file(GLOB patches RELATIVE ${CMAKE_SOURCE_DIR}/tests/mutants
	     ${CMAKE_SOURCE_DIR}/tests/mutants/*.patch)
	list(SORT patches)
	foreach(p IN LISTS patches)
		string(REGEX REPLACE "\\.patch$" "" name "${p}")
		string(REGEX REPLACE "[^A-Za-z0-9_]" "_" id "mut-${name}")
		if(NOT TARGET iovafuzz_replay_${id})
			continue()
		endif()
		add_test(NAME repro.mutant.${name}
			 COMMAND bash ${CMAKE_SOURCE_DIR}/tests/repro/mutant.sh
				 ${name} ${CMAKE_BINARY_DIR})
		# Two C and two scripts/kunit builds of a tree: long.
		set_tests_properties(repro.mutant.${name} PROPERTIES
				     TIMEOUT 300 COST 100 LABELS long)
		if(name STREQUAL "align-ilog2")
			add_test(NAME repro.deterministic
				 COMMAND bash ${CMAKE_SOURCE_DIR}/tests/repro/deterministic.sh
					 ${name} ${CMAKE_BINARY_DIR})
		endif()
		if(name STREQUAL "reserve-returns-other")
			add_test(NAME repro.sites_cache
				 COMMAND bash ${CMAKE_SOURCE_DIR}/tests/repro/sites_cache.sh
					 ${CMAKE_BINARY_DIR})
		endif()
	endforeach()
	# What kernel code says fails the reproducers too: a WARN of the
	# maple tree under the maple port (tests/mutants/maple/).
	if(TARGET iovafuzz_replay_mut_port_nomem_warn_extern_lock)
		foreach(what c kunit)
			add_test(NAME repro.complaint.${what}
				 COMMAND bash ${CMAKE_SOURCE_DIR}/tests/repro/complaint.sh
					 ${CMAKE_BINARY_DIR} ${what})
			set_tests_properties(repro.complaint.${what} PROPERTIES
					     TIMEOUT 300 SKIP_RETURN_CODE 77)
		endforeach()
		set_tests_properties(repro.complaint.kunit PROPERTIES
				     COST 100 LABELS long)
	endif()
	add_test(NAME repro.errors COMMAND bash
		 ${CMAKE_SOURCE_DIR}/tests/repro/errors.sh ${CMAKE_BINARY_DIR})
	if(TARGET iovafuzz_replay_mut_align_ilog2)
		add_test(NAME repro.fuzz_repro COMMAND bash
			 ${CMAKE_SOURCE_DIR}/tests/repro/fuzz_repro.sh
			 ${CMAKE_BINARY_DIR})
		set_tests_properties(repro.fuzz_repro PROPERTIES COST 100 LABELS long
				     TIMEOUT 600)
	endif()
	add_test(NAME repro.kunit_corpus COMMAND bash
		 ${CMAKE_SOURCE_DIR}/tests/repro/kunit_corpus.sh ${CMAKE_BINARY_DIR})
	set_tests_properties(repro.kunit_corpus PROPERTIES COST 100 LABELS long
			     TIMEOUT 300)
	# Text regression inputs of maple_contract: found on the tree
	# their header names, passing on 6.12.
	if(TARGET iovafuzz_fuzz_maple_contract_6_12 AND
	   TARGET iovafuzz_fuzz_maple_contract_6_1)
		add_test(NAME repro.regress_maple COMMAND bash
			 ${CMAKE_SOURCE_DIR}/tests/repro/regress_maple.sh
			 ${CMAKE_BINARY_DIR})
	endif()
endfunction()
