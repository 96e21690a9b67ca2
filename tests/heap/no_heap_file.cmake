# SPDX-License-Identifier: GPL-2.0-only
# A tree without drivers/dma-buf/heaps/system_heap.c (SRC's iova files
# only): scripts/fuzz --target system_heap says so in one line, exit 2,
# before building anything; scripts/setup still accepts the tree.
set(tree "${WORK}/tree")
file(REMOVE_RECURSE "${WORK}")
foreach(f drivers/iommu/iova.c include/linux/iova.h lib/maple_tree.c
	  include/linux/maple_tree.h lib/rbtree.c include/linux/rbtree.h
	  include/linux/rbtree_augmented.h include/linux/rbtree_types.h
	  include/linux/rbtree_latch.h Makefile)
	configure_file("${SRC}/${f}" "${tree}/${f}" COPYONLY)
endforeach()
execute_process(COMMAND ${TOP}/scripts/setup --no-install --kernel-src ${tree}
		RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "setup refused a tree without the heap: ${err}")
endif()
execute_process(COMMAND ${TOP}/scripts/fuzz --no-install --kernel-src ${tree}
			--target system_heap --time 1
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
		WORKING_DIRECTORY ${WORK})
string(REGEX MATCHALL "\n" nl "${err}")
list(LENGTH nl lines)
if(NOT rc EQUAL 2 OR NOT lines EQUAL 1 OR out OR
   NOT err MATCHES "no drivers/dma-buf/heaps/system_heap.c in ")
	message(FATAL_ERROR "want exit 2 and one line, got ${rc}:\n${out}${err}")
endif()
if(EXISTS "${WORK}/build")
	message(FATAL_ERROR "something was built for a tree without the heap")
endif()
message(STATUS "${err}")
