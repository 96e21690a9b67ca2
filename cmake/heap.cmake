# SPDX-License-Identifier: GPL-2.0-only
#
# The dma-buf system heap as a second allocator target (issue 12).  For
# each tree with drivers/dma-buf/heaps/system_heap.c, built against the
# heap shim (src/heap, its own include dir) and the tree's iova library:
#   iovafuzz_fuzz_system_heap_<id>      libFuzzer target (scripts/fuzz)
#   iovafuzz_heap_replay_<id>           replay under ASan+UBSan, -v trace
#   iovafuzz_heap_bench_<id>            the comparison's measuring side (-O2)
# and the same three as ..._<id>_seed004 for the file with seed 004's
# patch applied the way a user would (scripts/lib/bench_dmabuf_seed), when
# it applies.  Our mutants (tests/heap/mutants) build on the 6.12 tree.

set(IOVAFUZZ_HEAP_SEED004
    "/work/shared/seeds/004_6cefe2ddb9ddc5c8.txt" CACHE FILEPATH
    "The mail carrying seed 004's system_heap.c patch")
# On with the iova mutants (scripts/fuzz builds with neither).
if(DEFINED IOVAFUZZ_MUTANTS AND NOT IOVAFUZZ_MUTANTS)
	set(_heap_mut_default OFF)
else()
	set(_heap_mut_default ON)
endif()
option(IOVAFUZZ_HEAP_MUTANTS "Build the system_heap mutants and their tests"
       ${_heap_mut_default})

set(_heap_dir ${CMAKE_SOURCE_DIR}/src/heap)
set(_heap_fuzz ${CMAKE_SOURCE_DIR}/fuzz/heap)
set(_heap_lang ${CMAKE_SOURCE_DIR}/fuzz/lang)
set(_heap_core ${_heap_fuzz}/heap_decode.c ${_heap_fuzz}/heap_run.c
	${_heap_fuzz}/heap_check.c ${_heap_lang}/known.c)

# The shim side (harness code: sanitizers, no coverage) for tree ID.
function(_heap_shim id u32 fl)
	set(lib iovafuzz_heapshim_${id}_${fl})
	if(TARGET ${lib})
		return()
	endif()
	add_library(${lib} STATIC ${_heap_dir}/buddy.c ${_heap_dir}/sg.c
		${_heap_dir}/dma_buf.c ${_heap_dir}/dma_heap.c
		${_heap_dir}/dma_map.c)
	target_include_directories(${lib} BEFORE PUBLIC ${_heap_dir}/include)
	target_compile_options(${lib} PRIVATE ${IOVAFUZZ_OWN_WARNINGS})
	target_link_libraries(${lib} PUBLIC iovafuzz_kernel_${id}_${fl}
			      iovafuzz_hflags_${fl})
	# ->allocate()'s flag types: 6.2 made them u32/u64 (linux/dma-heap.h).
	target_compile_definitions(${lib} PUBLIC HEAP_ALLOC_FLAGS_U32=${u32})
endfunction()

# One system_heap.c (FILE, named VAR) of tree ID in flavour FL.
function(_heap_variant id var file u32 fl)
	set(sfx ${id})
	if(NOT var STREQUAL "tree")
		set(sfx ${id}_${var})
	endif()
	_heap_shim(${id} ${u32} ${fl})
	set(k iovafuzz_heapk_${sfx}_${fl})
	add_library(${k} STATIC ${_heap_dir}/heap_glue.c)
	target_compile_definitions(${k} PRIVATE
		HEAP_SYSTEM_HEAP_C="${file}" HEAP_SOURCE_NAME="${var}")
	target_compile_options(${k} PRIVATE -Wall -Wno-unused-function
		-Wno-unused-variable -fmacro-prefix-map=${file}=system_heap.c)
	target_link_libraries(${k} PRIVATE iovafuzz_flags_${fl}
			      PUBLIC iovafuzz_heapshim_${id}_${fl})
	if(fl STREQUAL "fuzz")
		set(t iovafuzz_fuzz_system_heap_${sfx})
		add_executable(${t} ${_heap_core} ${_heap_fuzz}/fuzz_system_heap.c)
		target_link_options(${t} PRIVATE ${IOVAFUZZ_ENGINE_LINK_LIST})
	elseif(fl STREQUAL "san")
		set(t iovafuzz_heap_replay_${sfx})
		add_executable(${t} ${_heap_core} ${_heap_fuzz}/heap_replay.c)
	else()
		set(t iovafuzz_heap_bench_${sfx})
		add_executable(${t} ${_heap_core} ${_heap_fuzz}/heap_bench.c)
	endif()
	target_compile_options(${t} PRIVATE ${IOVAFUZZ_OWN_WARNINGS})
	target_include_directories(${t} PRIVATE ${_heap_fuzz} ${_heap_lang})
	target_link_libraries(${t} PRIVATE ${k})
endfunction()

# iovafuzz_heap_tree(NAME SRC): the heap targets of one tree.
function(iovafuzz_heap_tree name src)
	string(REGEX REPLACE "[^A-Za-z0-9_]" "_" id "${name}")
	set(file "${src}/drivers/dma-buf/heaps/system_heap.c")
	if(NOT EXISTS "${file}")
		message(STATUS "iovafuzz: tree ${name}: no drivers/dma-buf/heaps/system_heap.c, no system_heap target")
		return()
	endif()
	file(READ "${file}" body)
	set(u32 0)
	if(body MATCHES "u32 fd_flags")
		set(u32 1)
	endif()
	foreach(fl IN LISTS IOVAFUZZ_FLAVOURS)
		_heap_variant(${id} tree "${file}" ${u32} ${fl})
	endforeach()
	set(gen ${CMAKE_BINARY_DIR}/heap/${id})
	set(p ${gen}/seed004/system_heap.c)
	execute_process(COMMAND ${CMAKE_SOURCE_DIR}/scripts/lib/bench_dmabuf_seed
			"${IOVAFUZZ_HEAP_SEED004}" "${file}" "${p}"
			RESULT_VARIABLE rc ERROR_VARIABLE err)
	string(STRIP "${err}" err)
	file(WRITE ${gen}/seed004.status "${err}\n")
	if(rc EQUAL 0)
		foreach(fl IN LISTS IOVAFUZZ_FLAVOURS)
			_heap_variant(${id} seed004 "${p}" ${u32} ${fl})
		endforeach()
	else()
		file(REMOVE ${p})
		message(STATUS "iovafuzz: tree ${name}: ${err}")
	endif()
	# The mutants are patches of 6.12's file: built on that tree only.
	if(name STREQUAL "6.12" AND IOVAFUZZ_HEAP_MUTANTS)
		set_property(GLOBAL PROPERTY IOVAFUZZ_HEAP_MUTANT_ID "${id}")
		_heap_mutants(${id} "${file}" ${u32} "${gen}")
	endif()
	set_property(GLOBAL APPEND PROPERTY IOVAFUZZ_HEAP_IDS ${id})
endfunction()

# Our mutants of system_heap.c (tests/heap/mutants/NAME.patch, applied
# with plain patch: they are ours and exact), in the san and fuzz flavours.
function(_heap_mutants id file u32 gen)
	file(GLOB patches ${CMAKE_SOURCE_DIR}/tests/heap/mutants/*.patch)
	foreach(pf IN LISTS patches)
		get_filename_component(m ${pf} NAME_WE)
		string(REPLACE "-" "_" mid ${m})
		set(d ${gen}/m_${mid})
		file(REMOVE_RECURSE ${d})
		file(MAKE_DIRECTORY ${d})
		configure_file(${file} ${d}/system_heap.c COPYONLY)
		execute_process(COMMAND patch -s -p1 --no-backup-if-mismatch
				-d ${d} -i ${pf} RESULT_VARIABLE rc
				OUTPUT_VARIABLE out ERROR_VARIABLE out)
		if(NOT rc EQUAL 0)
			string(STRIP "${out}" out)
			message(FATAL_ERROR "iovafuzz: heap mutant ${m} does not apply to ${file}: ${out}")
		endif()
		foreach(fl san fuzz)
			if(fl IN_LIST IOVAFUZZ_FLAVOURS)
				_heap_variant(${id} m_${mid} ${d}/system_heap.c ${u32} ${fl})
			endif()
		endforeach()
	endforeach()
endfunction()

foreach(_tree IN LISTS IOVAFUZZ_TREES)
	string(REGEX MATCH "^([^=]+)=(.+)$" _m "${_tree}")
	if(_m)
		iovafuzz_heap_tree("${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}")
	endif()
endforeach()
add_subdirectory(tests/heap)
