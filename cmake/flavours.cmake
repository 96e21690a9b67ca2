# SPDX-License-Identifier: GPL-2.0-only
# Build flavours as interface libraries: link one to get its flags.

set(IOVAFUZZ_FLAVOURS plain san)
if(CMAKE_C_COMPILER_ID STREQUAL "Clang")
	list(APPEND IOVAFUZZ_FLAVOURS fuzz)
endif()

# Flags every translation unit gets, ours and the kernel's: the kernel
# builds with -fno-strict-overflow, and clang only warns on these errors.
set(IOVAFUZZ_COMMON_FLAGS
	-fwrapv -fno-strict-aliasing -fno-common -fno-omit-frame-pointer -g
	-Werror=implicit-function-declaration -Werror=int-conversion
	-Werror=incompatible-pointer-types -Werror=implicit-int
	-fmacro-prefix-map=${CMAKE_SOURCE_DIR}/=)

set(_san -fsanitize=address,undefined -fno-sanitize-recover=all)

add_library(iovafuzz_flags_plain INTERFACE)
target_compile_options(iovafuzz_flags_plain INTERFACE
	${IOVAFUZZ_COMMON_FLAGS} -O2)

add_library(iovafuzz_flags_san INTERFACE)
target_compile_options(iovafuzz_flags_san INTERFACE
	${IOVAFUZZ_COMMON_FLAGS} -O1 ${_san})
target_link_options(iovafuzz_flags_san INTERFACE ${_san})

# The fuzz engine, linked into each fuzz target: OSS-Fuzz passes its
# $LIB_FUZZING_ENGINE here.
set(IOVAFUZZ_ENGINE_LINK "-fsanitize=fuzzer" CACHE STRING
    "Link flags of the fuzzing engine (OSS-Fuzz: $LIB_FUZZING_ENGINE)")
separate_arguments(IOVAFUZZ_ENGINE_LINK_LIST UNIX_COMMAND
		   "${IOVAFUZZ_ENGINE_LINK}")

# With IOVAFUZZ_FUZZ_FLAGS (OSS-Fuzz: $CFLAGS, sanitizers and coverage
# instrumentation included), the fuzz flavour takes its sanitizers and
# instrumentation from there instead of its own, so that none is given
# twice; plain and san are unchanged.
set(IOVAFUZZ_FUZZ_FLAGS "" CACHE STRING
    "Compile flags of the fuzz flavour instead of its own (OSS-Fuzz: $CFLAGS)")

# No stack-depth feature: libFuzzer's deepest-stack feature moves with
# where the stack starts (ASan realigns frames to 32 bytes, the kernel
# randomizes the stack top by 16), so the same inputs counted 1898 or
# 1899 features from one process to the next, and a merge kept an input
# or not by chance.  Every other feature depends on the input alone.
set(_no_depth -fno-sanitize-coverage=stack-depth)

add_library(iovafuzz_flags_fuzz INTERFACE)
if(IOVAFUZZ_FUZZ_FLAGS)
	separate_arguments(_ext UNIX_COMMAND "${IOVAFUZZ_FUZZ_FLAGS}")
	target_compile_options(iovafuzz_flags_fuzz INTERFACE
		${IOVAFUZZ_COMMON_FLAGS} ${_ext} ${_no_depth})
	target_link_options(iovafuzz_flags_fuzz INTERFACE ${_ext})
else()
	target_compile_options(iovafuzz_flags_fuzz INTERFACE
		${IOVAFUZZ_COMMON_FLAGS} -O1 ${_san} -fsanitize=fuzzer-no-link
		${_no_depth})
	target_link_options(iovafuzz_flags_fuzz INTERFACE ${_san})
endif()

# _iovafuzz_no_coverage(FLAGS OUT): FLAGS without the fuzzer's coverage
# instrumentation (-fsanitize=fuzzer-no-link, also inside a list, and
# -fsanitize-coverage=...); sanitizers and everything else are kept.
function(_iovafuzz_no_coverage flags out)
	set(kept "")
	foreach(f IN LISTS flags)
		if(f MATCHES "^-fsanitize-coverage=")
			continue()
		endif()
		if(f MATCHES "^-fsanitize=(.*)$")
			string(REPLACE "," ";" l "${CMAKE_MATCH_1}")
			list(REMOVE_ITEM l fuzzer fuzzer-no-link)
			if(NOT l)
				continue()
			endif()
			string(REPLACE ";" "," l "${l}")
			set(f "-fsanitize=${l}")
		endif()
		list(APPEND kept "${f}")
	endforeach()
	set(${out} "${kept}" PARENT_SCOPE)
endfunction()

# Harness code (shim, model, runner) gets the sanitizers but never the
# fuzzer's coverage instrumentation: coverage of our own loops would only
# steer the fuzzer away from the kernel code, and slow every run.
foreach(fl IN LISTS IOVAFUZZ_FLAVOURS)
	add_library(iovafuzz_hflags_${fl} INTERFACE)
	if(fl STREQUAL "fuzz" AND IOVAFUZZ_FUZZ_FLAGS)
		_iovafuzz_no_coverage("${_ext}" _ext_h)
		target_compile_options(iovafuzz_hflags_${fl} INTERFACE
			${IOVAFUZZ_COMMON_FLAGS} ${_ext_h})
		target_link_options(iovafuzz_hflags_${fl} INTERFACE ${_ext})
	elseif(fl STREQUAL "fuzz")
		target_link_libraries(iovafuzz_hflags_${fl} INTERFACE iovafuzz_flags_san)
	else()
		target_link_libraries(iovafuzz_hflags_${fl} INTERFACE iovafuzz_flags_${fl})
	endif()
endforeach()

# Our own code is held to -Wall -Wextra -Werror; kernel code is not ours
# to fix, so it gets the kernel's own warning level (see tree.cmake).
set(IOVAFUZZ_OWN_WARNINGS -Wall -Wextra -Werror -Wno-unused-parameter
	-Wno-sign-compare)

# iovafuzz_fuzz_test(NAME TARGET SEEDS RUNS [EXPECT]): a ctest that runs
# libFuzzer TARGET from corpus/seeds/SEEDS for RUNS runs with a fixed
# seed; it must find EXPECT, or with no EXPECT nothing at all.
function(iovafuzz_fuzz_test name target seeds runs)
	if(NOT TARGET ${target})
		return()
	endif()
	add_test(NAME ${name}
		 COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:${target}>
			 -DSEEDS=${CMAKE_SOURCE_DIR}/corpus/seeds/${seeds}
			 -DRUNS=${runs} "-DEXPECT=${ARGN}"
			 -DWORK=${CMAKE_BINARY_DIR}/fuzz-tests/${name}
			 -P ${CMAKE_SOURCE_DIR}/tests/fuzz_run.cmake)
endfunction()
