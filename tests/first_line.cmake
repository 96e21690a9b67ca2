# SPDX-License-Identifier: GPL-2.0-only
# The fuzz target BIN's first line of output must match EXPECT: it says
# which checks are off for the tree's design, and why.
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND ${BIN} -runs=1 ${WORK} RESULT_VARIABLE rc
		OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCH "^[^\n]*" first "${err}")
if(NOT rc EQUAL 0 OR NOT first MATCHES "${EXPECT}")
	message(FATAL_ERROR "want a first line matching '${EXPECT}', got "
		"(exit ${rc}): ${first}")
endif()
message(STATUS "${first}")
