# SPDX-License-Identifier: GPL-2.0-only
# A finding dropped in-process leaves nothing behind (fuzz/iova/go_on.c):
# fuzz target BIN runs input FAIL then every input of SEEDS and of this
# directory (rcaches-off: a domain without range caches, which must not
# see those of a dropped one), but for those that end in a sanitizer's
# report (which ends a process), 40 times over, all in one process, with what each of them reaches alone (in a
# process of its own) listed as saved often enough that no repeat is
# saved.  Then go/dropped must count the findings they make alone (but
# for libFuzzer's leak re-runs, below), and nothing else may be reported: an input that fails after a
# dropped run and not alone (a leak, a tree or an object that outlived
# it), or passes there and not alone, changes the counts or ends the
# process.  WORK is scratch space.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/go")
get_filename_component(here "${CMAKE_CURRENT_LIST_FILE}" DIRECTORY)
file(GLOB seeds LIST_DIRECTORIES false "${SEEDS}/*" "${here}/*")
# Stacks as addresses: only whether and what an input reports counts
# here, and symbolizing them was most of this test's time.
set(ENV{ASAN_OPTIONS} "$ENV{ASAN_OPTIONS}:symbolize=0")
set(ENV{UBSAN_OPTIONS} "$ENV{UBSAN_OPTIONS}:symbolize=0")
list(FILTER seeds EXCLUDE REGEX "\\.cmake$")
set(listed "")
set(fails "")
foreach(in IN LISTS FAIL seeds)
	execute_process(COMMAND ${BIN} ${in} RESULT_VARIABLE rc
			OUTPUT_VARIABLE out ERROR_VARIABLE out)
	if(rc EQUAL 0)
		continue()
	endif()
	string(REGEX MATCH "\nreached: +([^\n]*)" m "${out}")
	if(NOT m)
		# A sanitizer's report ends the process: nothing to drop.
		if(in STREQUAL FAIL)
			message(FATAL_ERROR "${FAIL}: not a finding the target "
				"can drop:\n${out}")
		endif()
		list(REMOVE_ITEM seeds ${in})
		continue()
	endif()
	list(APPEND fails "${CMAKE_MATCH_1}")
	foreach(i RANGE 1 1024)
		string(APPEND listed "${CMAKE_MATCH_1}\n")
	endforeach()
endforeach()
if(NOT fails)
	message(FATAL_ERROR "${FAIL} reports no finding")
endif()
file(WRITE "${WORK}/go/reached" "${listed}")
set(inputs "")
foreach(i RANGE 1 40)
	list(APPEND inputs ${FAIL} ${seeds})
endforeach()
set(ENV{IOVAFUZZ_GO_ON} "${WORK}/go")
execute_process(COMMAND ${BIN} ${inputs} RESULT_VARIABLE rc
		OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
	string(REGEX MATCH "iovafuzz: [A-Z_]+ [^\n]*|SUMMARY: [^\n]*" what
	       "${out}")
	message(FATAL_ERROR "after dropped runs: exit ${rc}: ${what}")
endif()
# One process: one line per reached, 40 for each input that reached it
# alone, and at most 8 more: libFuzzer runs an input again when its run
# allocated more than it freed, to look for a leak, and that run is
# counted twice.  Here that is a run that grows one of the harness's own
# arrays, which double: a few times per process.
file(STRINGS "${WORK}/go/dropped" got)
set(lines ${fails})
list(REMOVE_DUPLICATES lines)
list(LENGTH lines nlines)
list(LENGTH got ngot)
if(NOT ngot EQUAL nlines)
	message(FATAL_ERROR "go/dropped has ${ngot} lines, not ${nlines}:\n${got}")
endif()
foreach(l IN LISTS lines)
	set(k 0)
	foreach(f IN LISTS fails)
		if(f STREQUAL l)
			math(EXPR k "${k} + 40")
		endif()
	endforeach()
	set(n -1)
	foreach(g IN LISTS got)
		if(g MATCHES "^([0-9]+)\t(.*)$" AND CMAKE_MATCH_2 STREQUAL l)
			set(n ${CMAKE_MATCH_1})
		endif()
	endforeach()
	math(EXPR hi "${k} + 8")
	if(n LESS k OR n GREATER hi)
		message(FATAL_ERROR "${n} dropped of '${l}', not ${k} (+8):\n${got}")
	endif()
endforeach()
message(STATUS "dropped as each input fails alone: ${got}")
