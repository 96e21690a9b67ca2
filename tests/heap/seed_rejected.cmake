# SPDX-License-Identifier: GPL-2.0-only
# Seed 004's patch does not apply to this tree: the configure step said so
# in one line (SRC holds it), and the script says it again, exit 2.
file(READ ${SRC} line)
if(NOT line MATCHES "^bench_dmabuf_seed: the patch in [^\n]* does not apply to [^\n]*\n$")
	message(FATAL_ERROR "configure did not say why, in one line: '${line}'")
endif()
string(REGEX MATCH "to ([^:]+):" m "${line}")
execute_process(COMMAND ${SCRIPT} ${MAIL} ${CMAKE_MATCH_1} /dev/null
		RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
string(REGEX MATCHALL "\n" nl "${err}")
list(LENGTH nl lines)
if(NOT rc EQUAL 2 OR NOT lines EQUAL 1 OR out)
	message(FATAL_ERROR "want exit 2 and one line, got ${rc}:\n${out}${err}")
endif()
message(STATUS "rejected: ${err}")
