# SPDX-License-Identifier: GPL-2.0-only
# The overhead bench runs on this tree, its kernel-alone replay does the
# same work as the harness (the bench refuses otherwise), and it prints
# both builds: a row of -O2 and of fuzz-build figures for each set, and
# the floor (kernel calls and the full comparisons' reads) of each.
execute_process(COMMAND ${BIN} -r 1 --ops64 16 ${SEEDS}
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${BIN} failed (${rc}):\n${out}${err}")
endif()
string(REGEX MATCHALL "\n  -O2 +[0-9.]+ (ms|execs/s) +[0-9.]+ (ms|execs/s) +[0-9.]+x"
       o2 "${out}")
string(REGEX MATCHALL "\n  fuzz [^\n]* +[0-9.]+ (ms|execs/s) +[0-9.]+ (ms|execs/s) +[0-9.]+x"
       fz "${out}")
string(REGEX MATCHALL "\n  floor, [^\n]* +[0-9.]+ (ms|execs/s) +[0-9.]+ (ms|execs/s) +[0-9.]+x"
       fl "${out}")
list(LENGTH o2 n_o2)
list(LENGTH fz n_fz)
list(LENGTH fl n_fl)
if(NOT n_o2 EQUAL 2 OR NOT n_fz EQUAL 2 OR NOT n_fl EQUAL 4)
	message(FATAL_ERROR "want 2 -O2, 2 fuzz-build and 4 floor rows, got "
		"${n_o2}, ${n_fz} and ${n_fl}:\n${out}${err}")
endif()
message(STATUS "${out}")
