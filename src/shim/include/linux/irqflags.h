/* SPDX-License-Identifier: GPL-2.0-only */
/* local_irq_save() and friends live with the spinlocks (spinlock.h). */
#ifndef _LINUX_IRQFLAGS_H
#define _LINUX_IRQFLAGS_H
#include <linux/spinlock.h>
#endif
