# SPDX-License-Identifier: GPL-2.0-only
# Runs libFuzzer BIN from the SEEDS corpus for RUNS runs with a fixed
# seed.  With EXPECT set it must find something matching EXPECT; without,
# it must find nothing.  WORK is scratch space (new corpus, artifacts).
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/corpus")
execute_process(COMMAND ${BIN} -seed=1 -runs=${RUNS} -max_len=1024
			-artifact_prefix=${WORK}/ -print_final_stats=1
			${WORK}/corpus ${SEEDS}
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCH "stat::number_of_executed_units: *[0-9]+" runs "${err}")
string(REGEX MATCH "iovafuzz: [^\n]*" title "${err}")
if(EXPECT)
	if(rc EQUAL 0)
		message(FATAL_ERROR "nothing found in ${RUNS} runs (${runs})")
	endif()
	if(NOT err MATCHES "${EXPECT}")
		string(SUBSTRING "${err}" 0 4000 head)
		message(FATAL_ERROR "found, but not ${EXPECT}:\n${head}")
	endif()
	message(STATUS "found: ${title} (${runs})")
elseif(NOT rc EQUAL 0)
	message(FATAL_ERROR "finding on an unmodified tree:\n${err}")
else()
	message(STATUS "clean: ${runs}")
endif()
