# SPDX-License-Identifier: GPL-2.0-only
#
# Trees made by patching another tree: the maple-tree reference port
# (ports/) and the mutants (tests/mutants/, ports/*/mutants/; of
# lib/maple_tree.c: tests/mutants/maple/).
#
# iovafuzz_patched_tree(DEST BASE PATCH): copy the sparse tree BASE to
# DEST and apply PATCH, at configure time; unchanged files keep their
# timestamps so a re-configure rebuilds nothing.
function(iovafuzz_patched_tree dest base patch)
	execute_process(COMMAND bash ${CMAKE_SOURCE_DIR}/tests/mutants/apply.sh
			${base} ${patch} ${dest}.new
			RESULT_VARIABLE rc ERROR_VARIABLE err)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "iovafuzz: ${err}")
	endif()
	file(GLOB_RECURSE files RELATIVE ${dest}.new ${dest}.new/*)
	foreach(f IN LISTS files)
		get_filename_component(d "${dest}/${f}" DIRECTORY)
		file(MAKE_DIRECTORY "${d}")
		file(COPY_FILE ${dest}.new/${f} ${dest}/${f} ONLY_IF_DIFFERENT)
	endforeach()
	file(REMOVE_RECURSE ${dest}.new)
endfunction()

# _iovafuzz_expect_test(NAME BIN INPUT EXPECT): replaying INPUT with
# target BIN reports a finding matching EXPECT.
function(_iovafuzz_expect_test name bin input expect)
	add_test(NAME ${name}
		 COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:${bin}>
			 -DINPUT=${input} "-DEXPECT=${expect}"
			 -P ${CMAKE_SOURCE_DIR}/tests/expect_finding.cmake)
endfunction()

# iovafuzz_mutant(NAME BASE PATCH EXPECT [API_ONLY] [ROWS N]): a mutant is
# built as a tree of its own (with API_ONLY, checked through the API
# alone) and must be caught twice, and give at most N signatures (default
# 1):
#   mutant.<NAME>.replay  corpus/regress/mutants/<NAME> reports EXPECT
#   mutant.<NAME>.fuzz    libFuzzer from the seed corpus finds EXPECT
#                         within IOVAFUZZ_MUTANT_RUNS runs
#   mutant.<NAME>.rows    past every finding, its inputs are N rows
#   mutant.<NAME>.go_on   its input's finding dropped in-process 40
#                         times leaves nothing the seeds after it see
function(iovafuzz_mutant name base patch expect)
	cmake_parse_arguments(arg "API_ONLY" "INPUT;ROWS" "" ${ARGN})
	set(dest "${CMAKE_BINARY_DIR}/mutants/${name}")
	set(tree "mut-${name}")
	set(input "${name}")
	if(arg_INPUT)
		set(input "${arg_INPUT}")
	endif()
	string(REGEX REPLACE "[^A-Za-z0-9_]" "_" id "${tree}")
	iovafuzz_patched_tree("${dest}" "${base}" "${patch}")
	if(arg_API_ONLY)
		iovafuzz_add_tree("${tree}" "${dest}" MUTANT API_ONLY)
	else()
		iovafuzz_add_tree("${tree}" "${dest}" MUTANT)
	endif()
	_iovafuzz_expect_test(mutant.${name}.replay iovafuzz_replay_${id}
			      ${CMAKE_SOURCE_DIR}/corpus/regress/mutants/${input}
			      "${expect}")
	iovafuzz_fuzz_test(mutant.${name}.fuzz iovafuzz_fuzz_${id} iova
			   ${IOVAFUZZ_MUTANT_RUNS} "${expect}")
	set(rows 1)
	if(arg_ROWS)
		set(rows ${arg_ROWS})
	endif()
	iovafuzz_keep_going_test(mutant.${name}.rows ${id} 1 ${rows}
				 "${expect}")
	if(NOT name IN_LIST IOVAFUZZ_GO_ON_SANITIZER AND
	   NOT name IN_LIST IOVAFUZZ_GO_ON_LEAKS_EVERY_RUN)
		_iovafuzz_go_on_test(mutant.${name}.go_on ${id}
			${CMAKE_SOURCE_DIR}/corpus/regress/mutants/${input})
	endif()
	# A known bug of the base tree is not the mutant's: the target drops
	# it, as scripts/fuzz has it.
	_iovafuzz_known_of("${dest}" known)
	foreach(t fuzz rows go_on)
		if(known AND TEST mutant.${name}.${t})
			set_tests_properties(mutant.${name}.${t} PROPERTIES
					     ENVIRONMENT "IOVAFUZZ_KNOWN=${known}")
		endif()
	endforeach()
endfunction()

# _iovafuzz_known_of(TREE OUT): corpus/known/<major.minor>.txt of TREE's
# version (its Makefile), or "".
function(_iovafuzz_known_of tree out)
	set(${out} "" PARENT_SCOPE)
	if(NOT EXISTS "${tree}/Makefile")
		return()
	endif()
	file(STRINGS "${tree}/Makefile" mk LIMIT_COUNT 6
	     REGEX "^(VERSION|PATCHLEVEL) = ")
	string(REGEX REPLACE "[A-Z]+ = " "" mk "${mk}")
	string(REPLACE ";" "." mm "${mk}")
	if(EXISTS "${CMAKE_SOURCE_DIR}/corpus/known/${mm}.txt")
		set(${out} "${CMAKE_SOURCE_DIR}/corpus/known/${mm}.txt"
		    PARENT_SCOPE)
	endif()
endfunction()

# Mutants whose input is a sanitizer report or a kernel BUG, which ends
# the process: nothing is dropped in-process.
set(IOVAFUZZ_GO_ON_SANITIZER depot-pop-size reserve-frees-held
    stale-cached32-node small-magazines-mutant hints-at-anchor-mutant
    init-rcaches-no-free)
# Mutants whose every run leaks process memory (a kmem_cache never
# destroyed): each run is the finding, and libFuzzer runs every input
# twice to look for the leak, so no count is exact.
set(IOVAFUZZ_GO_ON_LEAKS_EVERY_RUN cache-put-keeps-cache)

# _iovafuzz_go_on_test(NAME ID FAIL): tree ID's fuzz target drops FAIL's
# finding in-process and every seed after it is clean
# (tests/go_on/drops.cmake).
function(_iovafuzz_go_on_test name id fail)
	if(NOT TARGET iovafuzz_fuzz_${id})
		return()
	endif()
	add_test(NAME ${name}
		 COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:iovafuzz_fuzz_${id}>
			 -DFAIL=${fail}
			 -DSEEDS=${CMAKE_SOURCE_DIR}/corpus/seeds/iova
			 -DWORK=${CMAKE_BINARY_DIR}/fuzz-tests/${name}
			 -P ${CMAKE_SOURCE_DIR}/tests/go_on/drops.cmake)
endfunction()

# iovafuzz_keep_going_test(NAME ID MIN MAX EXPECT): libFuzzer on tree ID
# past every finding for IOVAFUZZ_KEEP_GOING_RUNS runs gives MIN to MAX
# signatures, one matching EXPECT (tests/keep_going.cmake).
function(iovafuzz_keep_going_test name id min max expect)
	if(NOT TARGET iovafuzz_fuzz_${id} OR NOT TARGET iovafuzz_replay_${id})
		return()
	endif()
	add_test(NAME ${name}
		 COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:iovafuzz_fuzz_${id}>
			 -DREPLAY=$<TARGET_FILE:iovafuzz_replay_${id}>
			 -DFINDINGS=${CMAKE_SOURCE_DIR}/scripts/lib/findings.py
			 -DSEEDS=${CMAKE_SOURCE_DIR}/corpus/seeds/iova
			 -DKNOWN=${CMAKE_SOURCE_DIR}/corpus/known
			 -DRUNS=${IOVAFUZZ_KEEP_GOING_RUNS}
			 -DMIN_ROWS=${min} -DMAX_ROWS=${max}
			 "-DEXPECT=${expect}"
			 -DWORK=${CMAKE_BINARY_DIR}/fuzz-tests/${name}
			 -P ${CMAKE_SOURCE_DIR}/tests/keep_going.cmake)
endfunction()

# iovafuzz_mutant_pair(NAME BASE ROWS EXPECT PATCH...): the patches
# applied at once, as a tree of its own, give exactly ROWS signatures past
# every finding, one matching EXPECT (mutant.<NAME>.rows): two bugs, two
# rows.
function(iovafuzz_mutant_pair name base rows expect)
	_iovafuzz_patches_tree(${name} ${base} ${ARGN})
	iovafuzz_keep_going_test(mutant.${name}.rows mut_${id} ${rows} ${rows}
				 "${expect}")
	_iovafuzz_known_of("${CMAKE_BINARY_DIR}/mutants/${name}" known)
	if(known AND TEST mutant.${name}.rows)
		set_tests_properties(mutant.${name}.rows PROPERTIES
				     ENVIRONMENT "IOVAFUZZ_KNOWN=${known}")
	endif()
endfunction()

# _iovafuzz_patches_tree(NAME BASE PATCH...): the PATCHes applied to BASE
# at once (one after the other), as mutant tree mut-NAME; its id in the
# caller's ${id} (without the mut_ prefix).
macro(_iovafuzz_patches_tree name base)
	set(_patch "${CMAKE_BINARY_DIR}/mutants/${name}.patch")
	file(WRITE "${_patch}" "")
	foreach(_p IN ITEMS ${ARGN})
		file(READ "${_p}" _text)
		file(APPEND "${_patch}" "${_text}")
	endforeach()
	string(REGEX REPLACE "[^A-Za-z0-9_]" "_" id "${name}")
	iovafuzz_patched_tree("${CMAKE_BINARY_DIR}/mutants/${name}" "${base}"
			      "${_patch}")
	iovafuzz_add_tree("mut-${name}" "${CMAKE_BINARY_DIR}/mutants/${name}"
			  MUTANT)
endmacro()

# iovafuzz_mutant_moved(NAME BASE MUTANT...): the MUTANTs of
# tests/mutants/ applied at once with moved/lines.patch (lines moved,
# nothing changed), a tree of its own; mutant.<NAME>.signatures: each
# MUTANT's input is named there by the signature its own tree gives it.
function(iovafuzz_mutant_moved name base)
	set(top ${CMAKE_SOURCE_DIR}/tests/mutants)
	set(patches "")
	set(pairs "")
	foreach(m IN LISTS ARGN)
		list(APPEND patches "${top}/${m}.patch")
		string(REGEX REPLACE "[^A-Za-z0-9_]" "_" mid "mut-${m}")
		list(APPEND pairs "$<TARGET_FILE:iovafuzz_replay_${mid}>=${CMAKE_SOURCE_DIR}/corpus/regress/mutants/${m}")
	endforeach()
	_iovafuzz_patches_tree(${name} ${base} ${patches}
			       ${top}/moved/lines.patch)
	add_test(NAME mutant.${name}.signatures
		 COMMAND python3 ${top}/moved/same.py
			 $<TARGET_FILE:iovafuzz_replay_mut_${id}> ${pairs})
endfunction()

# iovafuzz_maple_mutant(NAME BASE PATCH EXPECT [CONTRACT F] [IOVA F]): a
# mutant of BASE's lib/maple_tree.c, a tree of its own, caught by the
# targets named, each twice: replaying input F reports EXPECT, and a
# libFuzzer run from the target's seeds finds it within
# IOVAFUZZ_MUTANT_RUNS runs:
#   CONTRACT  mutant.<NAME>.maple_contract_replay, .maple_contract (the
#             contract target links the tree's iovafuzz_maple_<id>_fuzz)
#   IOVA      mutant.<NAME>.replay, .fuzz: the iova target (BASE a design
#             whose iova.c uses the maple tree)
function(iovafuzz_maple_mutant name base patch expect)
	cmake_parse_arguments(arg "" "CONTRACT;IOVA" "" ${ARGN})
	set(dest "${CMAKE_BINARY_DIR}/mutants/${name}")
	set(tree "mut-${name}")
	string(REGEX REPLACE "[^A-Za-z0-9_]" "_" id "${tree}")
	iovafuzz_patched_tree("${dest}" "${base}" "${patch}")
	iovafuzz_add_tree("${tree}" "${dest}" MUTANT)
	if(arg_CONTRACT AND TARGET iovafuzz_maple_${id}_fuzz)
		iovafuzz_contract_target(${id} fuzz)
		_iovafuzz_expect_test(mutant.${name}.maple_contract_replay
				      iovafuzz_fuzz_maple_contract_${id}
				      ${arg_CONTRACT} "${expect}")
		iovafuzz_fuzz_test(mutant.${name}.maple_contract
				   iovafuzz_fuzz_maple_contract_${id}
				   maple_contract ${IOVAFUZZ_MUTANT_RUNS}
				   "${expect}")
	endif()
	if(arg_IOVA)
		_iovafuzz_expect_test(mutant.${name}.replay
				      iovafuzz_replay_${id} ${arg_IOVA}
				      "${expect}")
		iovafuzz_fuzz_test(mutant.${name}.fuzz iovafuzz_fuzz_${id} iova
				   ${IOVAFUZZ_MUTANT_RUNS} "${expect}")
	endif()
endfunction()

# iovafuzz_mutant_dir(DIR BASE): a mutant per DIR/*.patch, applied to
# BASE; the caller sets expect_<name> for each, and rows_<name> where one
# bug is more than one row (the default is one).
function(iovafuzz_mutant_dir dir base)
	file(GLOB patches RELATIVE ${dir} ${dir}/*.patch)
	list(SORT patches)
	foreach(patch IN LISTS patches)
		string(REGEX REPLACE "\\.patch$" "" name "${patch}")
		if(NOT DEFINED expect_${name})
			message(FATAL_ERROR "iovafuzz: mutant ${name}: no "
				"expectation set next to ${dir}")
		endif()
		set(rows 1)
		if(DEFINED rows_${name})
			set(rows ${rows_${name}})
		endif()
		iovafuzz_mutant("${name}" "${base}" "${dir}/${patch}"
				"${expect_${name}}" ROWS ${rows})
	endforeach()
endfunction()

set(IOVAFUZZ_MUTANT_RUNS 200000 CACHE STRING
    "libFuzzer runs within which every mutant must be caught")
set(IOVAFUZZ_KEEP_GOING_RUNS 5000 CACHE STRING
    "libFuzzer runs of each mutant's one-bug-one-row test")

# The packaged 6.12 tree, which the port and the mutants patch; empty if
# this build has no tree named 6.12.
set(IOVAFUZZ_BASE_6_12 "")
foreach(t IN LISTS IOVAFUZZ_TREES)
	if(t MATCHES "^6\\.12=(.+)$")
		set(IOVAFUZZ_BASE_6_12 "${CMAKE_MATCH_1}")
	endif()
endforeach()
