# SPDX-License-Identifier: GPL-2.0-only
# scripts/setup on a path with no kernel tree: exit 2, one line naming it.
set(tmp "${CMAKE_CURRENT_BINARY_DIR}/not-a-kernel-tree")
file(MAKE_DIRECTORY "${tmp}")
foreach(dir IN ITEMS "${tmp}" "${tmp}/missing")
	execute_process(COMMAND ${SCRIPT} --no-install --kernel-src ${dir}
			RESULT_VARIABLE rc OUTPUT_VARIABLE out
			ERROR_VARIABLE err)
	string(REGEX MATCHALL "\n" lines "${err}")
	list(LENGTH lines nlines)
	if(NOT rc EQUAL 2 OR NOT nlines EQUAL 1 OR NOT err MATCHES "${dir}"
	   OR out)
		message(FATAL_ERROR "setup --kernel-src ${dir}: want exit 2 and "
			"one line naming the path, got exit ${rc}:\n${out}${err}")
	endif()
	message(STATUS "setup --kernel-src ${dir}: ${err}")
endforeach()
