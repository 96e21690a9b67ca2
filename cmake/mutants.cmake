# SPDX-License-Identifier: GPL-2.0-only
#
# Trees made by patching another tree: the maple-tree reference port
# (ports/) and the mutants (tests/mutants/, ports/*/mutants/).
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

# iovafuzz_mutant(NAME BASE PATCH EXPECT [API_ONLY]): a mutant is built
# as a tree of its own (with API_ONLY, checked through the API alone) and
# must be caught twice:
#   mutant.<NAME>.replay  corpus/regress/mutants/<NAME> reports EXPECT
#   mutant.<NAME>.fuzz    libFuzzer from the seed corpus finds EXPECT
#                         within IOVAFUZZ_MUTANT_RUNS runs
function(iovafuzz_mutant name base patch expect)
	cmake_parse_arguments(arg "API_ONLY" "INPUT" "" ${ARGN})
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
	add_test(NAME mutant.${name}.replay
		 COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:iovafuzz_replay_${id}>
			 -DINPUT=${CMAKE_SOURCE_DIR}/corpus/regress/mutants/${input}
			 "-DEXPECT=${expect}"
			 -P ${CMAKE_SOURCE_DIR}/tests/expect_finding.cmake)
	iovafuzz_fuzz_test(mutant.${name}.fuzz iovafuzz_fuzz_${id} iova
			   ${IOVAFUZZ_MUTANT_RUNS} "${expect}")
endfunction()

# iovafuzz_mutant_dir(DIR BASE): a mutant per DIR/*.patch, applied to
# BASE; the caller sets expect_<name> for each.
function(iovafuzz_mutant_dir dir base)
	file(GLOB patches RELATIVE ${dir} ${dir}/*.patch)
	list(SORT patches)
	foreach(patch IN LISTS patches)
		string(REGEX REPLACE "\\.patch$" "" name "${patch}")
		if(NOT DEFINED expect_${name})
			message(FATAL_ERROR "iovafuzz: mutant ${name}: no "
				"expectation set next to ${dir}")
		endif()
		iovafuzz_mutant("${name}" "${base}" "${dir}/${patch}"
				"${expect_${name}}")
	endforeach()
endfunction()

set(IOVAFUZZ_MUTANT_RUNS 200000 CACHE STRING
    "libFuzzer runs within which every mutant must be caught")

# The packaged 6.12 tree, which the port and the mutants patch; empty if
# this build has no tree named 6.12.
set(IOVAFUZZ_BASE_6_12 "")
foreach(t IN LISTS IOVAFUZZ_TREES)
	if(t MATCHES "^6\\.12=(.+)$")
		set(IOVAFUZZ_BASE_6_12 "${CMAKE_MATCH_1}")
	endif()
endforeach()
