# SPDX-License-Identifier: GPL-2.0-only
# Runs each of BIN, BIN2 twice; both runs must print byte-identical output.
foreach(bin IN ITEMS "${BIN}" "${BIN2}")
	if(NOT bin)
		continue()
	endif()
	foreach(run 1 2)
		execute_process(COMMAND ${bin} RESULT_VARIABLE rc${run}
				OUTPUT_VARIABLE out${run} ERROR_VARIABLE err${run})
	endforeach()
	if(NOT rc1 MATCHES "^[0-9]+$")
		message(FATAL_ERROR "${bin}: did not run: ${rc1}")
	endif()
	if(NOT rc1 EQUAL rc2 OR NOT out1 STREQUAL out2 OR NOT err1 STREQUAL err2)
		message(FATAL_ERROR "${bin}: two runs differ\n--- run 1\n"
			"${out1}${err1}\n--- run 2\n${out2}${err2}")
	endif()
	message(STATUS "${bin}: identical output (exit ${rc1})")
endforeach()
