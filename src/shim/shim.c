// SPDX-License-Identifier: GPL-2.0-only
/* Putting the whole environment back to boot state between runs. */
#include <shim/shim.h>

#include "shim_internal.h"

void shim_reset(unsigned int nr_cpus)
{
	shim_cpu_reset(nr_cpus);
	shim_defer_reset();
	shim_inject_reset();
	shim_report_reset();
	shim_time_reset();
}
