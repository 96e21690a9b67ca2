# SPDX-License-Identifier: GPL-2.0-only
# Replays INPUT with BIN: it must report a finding matching EXPECT.
if(NOT EXISTS "${INPUT}")
	message(FATAL_ERROR "no regression input ${INPUT}")
endif()
execute_process(COMMAND ${BIN} ${INPUT} RESULT_VARIABLE rc
		OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR rc EQUAL 2)
	message(FATAL_ERROR "${INPUT}: not caught (exit ${rc})\n${out}${err}")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT}")
	message(FATAL_ERROR "${INPUT}: caught, but not as ${EXPECT}:\n${out}${err}")
endif()
string(REGEX MATCH "iovafuzz: [^\n]*" title "${out}${err}")
message(STATUS "caught: ${title}")
