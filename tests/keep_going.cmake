# SPDX-License-Identifier: GPL-2.0-only
# One bug, one row: runs libFuzzer BIN past every finding, as
# scripts/fuzz --keep-going does (a finding like one saved before is
# counted in-process, scripts/lib/go_on.py restarts after the others),
# for RUNS runs from seed 1, names every input it reported with REPLAY
# (scripts/lib/findings.py record, as scripts/fuzz does), and requires
# MIN_ROWS to MAX_ROWS signatures, one of them matching EXPECT (every
# one, for a pair: MIN_ROWS = MAX_ROWS > 1).  A signature a known list of
# KNOWN (corpus/known/) names is a bug of the base tree, not of the
# mutant: listed, not counted, as scripts/fuzz goes on past it.  Bounded
# by runs, not time, and -reload=0: the same inputs are reported on every
# run.  WORK is scratch space.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/corpus" "${WORK}/art")
get_filename_component(lib "${FINDINGS}" DIRECTORY)
execute_process(COMMAND python3 ${lib}/go_on.py --work ${WORK} --runs ${RUNS}
			--max-procs 300 -- ${BIN} -reload=0 -max_len=1024 -timeout=25
			-artifact_prefix=${WORK}/art/ ${WORK}/corpus ${SEEDS}
		WORKING_DIRECTORY ${WORK}
		RESULT_VARIABLE rc OUTPUT_FILE ${WORK}/fuzz.log
		ERROR_FILE ${WORK}/go_on.log)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "go_on.py: exit ${rc} (${WORK}/fuzz.log)")
endif()
file(GLOB arts ${WORK}/art/*)
if(NOT arts)
	message(FATAL_ERROR "nothing found in ${RUNS} runs (${WORK}/fuzz.log)")
endif()
list(LENGTH arts found)
execute_process(COMMAND python3 ${FINDINGS} record --work ${WORK}/rec
			--start 0 --max-candidates 1 ${arts} -- ${REPLAY}
		RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "findings.py record failed: ${err}")
endif()
set(known "")
file(GLOB known_files ${KNOWN}/*.txt)
foreach(f IN LISTS known_files)
	file(STRINGS ${f} lines REGEX "^[^#]")
	list(APPEND known ${lines})
endforeach()
file(STRINGS ${WORK}/rec/findings.tsv rows)
set(n 0)
set(table "")
set(matched 0)
foreach(r IN LISTS rows)
	string(REGEX REPLACE "\t.*$" "" sig "${r}")
	list(FIND known "${sig}" k)
	if(k GREATER -1)
		string(APPEND table "\n  (known, not counted) ${sig}")
		continue()
	endif()
	math(EXPR n "${n} + 1")
	string(REGEX REPLACE "\t[^\t]*\t[^\t]*\t[^\t]*\t" " | reached by: " r "${r}")
	string(APPEND table "\n  ${r}")
	# EXPECT is written for reports ("invariant: X", "index out of
	# bounds"): a row is matched as its report's lines would be.
	string(REPLACE "-" " " spaced "${r}")
	string(REGEX REPLACE "^.* \\| reached by: ([A-Z_]+).*$"
	       "invariant: \\1" inv "${r}")
	if(r MATCHES "${EXPECT}" OR spaced MATCHES "${EXPECT}" OR
	   inv MATCHES "${EXPECT}")
		set(matched 1)
	elseif(MIN_ROWS EQUAL MAX_ROWS AND MIN_ROWS GREATER 1)
		# A pair: each of its rows is one of the bugs named.
		message(FATAL_ERROR "a row that is not ${EXPECT}:\n  ${r}")
	endif()
endforeach()
if(NOT matched)
	message(FATAL_ERROR "no row is ${EXPECT}:${table}")
endif()
if(n LESS MIN_ROWS OR n GREATER MAX_ROWS)
	message(FATAL_ERROR "${found} inputs gave ${n} rows, not ${MIN_ROWS} to ${MAX_ROWS}:${table}")
endif()
message(STATUS "${found} inputs, ${n} row(s):${table}")
