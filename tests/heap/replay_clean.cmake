# SPDX-License-Identifier: GPL-2.0-only
# Replays every input in DIR with BIN: each must run clean, and twice
# over with the same output (determinism).
file(GLOB inputs ${DIR}/*)
if(NOT inputs)
	message(FATAL_ERROR "no inputs in ${DIR}")
endif()
foreach(pass 1 2)
	execute_process(COMMAND ${BIN} -v ${inputs} RESULT_VARIABLE rc
			OUTPUT_VARIABLE out ERROR_VARIABLE err)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "finding on an unmodified heap:\n${err}")
	endif()
	set(out${pass} "${out}${err}")
endforeach()
if(NOT out1 STREQUAL out2)
	message(FATAL_ERROR "two replays of the same inputs differ")
endif()
list(LENGTH inputs n)
message(STATUS "clean: ${n} inputs")
