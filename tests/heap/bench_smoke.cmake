# SPDX-License-Identifier: GPL-2.0-only
# The comparison binary on buffers up to 8 MiB: every row well-formed,
# and on pristine memory every 2 MiB window of a buffer is mappable by a
# 2 MiB leaf (consecutive chunks come out of one block in order, whatever
# the orders), so a wrong leaf count shows here.
execute_process(COMMAND ${BIN} --reps 1 --max-mib 8 RESULT_VARIABLE rc
		OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "bench failed (${rc}): ${err}")
endif()
foreach(mib 2 4 8)
	math(EXPR w "${mib} / 2")
	if(NOT out MATCHES "\npristine\t${mib}\t1\t[0-9]+\t0\t${w}\t0\t${w}\t${w}\t")
		message(FATAL_ERROR "pristine ${mib} MiB: not ${w} of ${w} windows:\n${out}")
	endif()
endforeach()
string(REGEX MATCHALL "\n[a-z0-9-]+\t[0-9]+\t[0-9]+\t" rows "${out}")
list(LENGTH rows n)
if(NOT n EQUAL 27)
	message(FATAL_ERROR "want 27 rows (9 levels x 3 sizes), got ${n}:\n${out}")
endif()
message(STATUS "bench rows: ${n}")
