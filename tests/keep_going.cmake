# SPDX-License-Identifier: GPL-2.0-only
# One bug, one row: runs libFuzzer BIN past every finding (-fork=1
# -ignore_crashes=1, as scripts/fuzz --keep-going does) for RUNS runs
# with a fixed seed from SEEDS, names every input it reported with
# REPLAY (scripts/lib/findings.py record, as scripts/fuzz does), and
# requires MIN_ROWS to MAX_ROWS signatures, one of them matching EXPECT
# (every one, for a pair: MIN_ROWS = MAX_ROWS > 1).
# Bounded by runs, not time (fork mode's jobs are not: how often a rare
# second row turns up varies, hence a range).  WORK is scratch space.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/corpus" "${WORK}/art")
# -max_total_time is a cap for a tree where every input crashes (each
# crash is a new job in fork mode), not the bound.
execute_process(COMMAND ${BIN} -fork=1 -ignore_crashes=1 -seed=1
			-runs=${RUNS} -max_total_time=30 -max_len=1024
			-artifact_prefix=${WORK}/art/ ${WORK}/corpus ${SEEDS}
		WORKING_DIRECTORY ${WORK}
		RESULT_VARIABLE rc OUTPUT_QUIET ERROR_FILE ${WORK}/fuzz.log)
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
file(STRINGS ${WORK}/rec/findings.tsv rows)
list(LENGTH rows n)
set(table "")
set(matched 0)
foreach(r IN LISTS rows)
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
