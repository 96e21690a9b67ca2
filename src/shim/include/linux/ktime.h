/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Time as a test sees it.  The clock is virtual: it starts at zero at
 * shim_reset() and each reading advances it by one microsecond, so a
 * test that times something gets the same numbers every run (a test's
 * report stays byte for byte the same) and every interval is positive.
 */
#ifndef _LINUX_KTIME_H
#define _LINUX_KTIME_H

#include <linux/types.h>

typedef s64 ktime_t;

struct timespec64 {
	s64 tv_sec;
	long tv_nsec;
};

#define NSEC_PER_USEC	1000L
#define NSEC_PER_MSEC	1000000L
#define NSEC_PER_SEC	1000000000L
#define USEC_PER_SEC	1000000L
#define MSEC_PER_SEC	1000L

u64 shim_clock_ns(void);

static inline ktime_t ktime_get(void) { return (ktime_t)shim_clock_ns(); }
static inline u64 ktime_get_ns(void) { return shim_clock_ns(); }
static inline u64 ktime_get_mono_fast_ns(void) { return shim_clock_ns(); }
static inline u64 ktime_get_boottime_ns(void) { return shim_clock_ns(); }
static inline u64 ktime_get_real_ns(void) { return shim_clock_ns(); }
static inline ktime_t ktime_get_real(void) { return (ktime_t)shim_clock_ns(); }
static inline ktime_t ktime_get_boottime(void) { return ktime_get(); }
#define ktime_sub(a, b)		((ktime_t)((a) - (b)))
#define ktime_add(a, b)		((ktime_t)((a) + (b)))
#define ktime_add_ns(k, n)	((ktime_t)((k) + (n)))
#define ktime_add_us(k, u)	((ktime_t)((k) + (u) * NSEC_PER_USEC))
#define ktime_compare(a, b)	((a) < (b) ? -1 : (a) > (b))
#define ktime_after(a, b)	((a) > (b))
#define ktime_before(a, b)	((a) < (b))
#define ktime_to_ns(k)		((s64)(k))
#define ktime_to_us(k)		((s64)(k) / NSEC_PER_USEC)
#define ktime_to_ms(k)		((s64)(k) / NSEC_PER_MSEC)
#define ns_to_ktime(n)		((ktime_t)(n))
#define ms_to_ktime(m)		((ktime_t)(m) * NSEC_PER_MSEC)
#define us_to_ktime(u)		((ktime_t)(u) * NSEC_PER_USEC)
#define ktime_us_delta(a, b)	ktime_to_us(ktime_sub(a, b))
#define ktime_ms_delta(a, b)	ktime_to_ms(ktime_sub(a, b))

static inline void ktime_get_ts64(struct timespec64 *ts)
{
	u64 ns = shim_clock_ns();

	ts->tv_sec = ns / NSEC_PER_SEC;
	ts->tv_nsec = ns % NSEC_PER_SEC;
}

#define ktime_get_real_ts64(ts)	ktime_get_ts64(ts)

static inline struct timespec64 timespec64_sub(struct timespec64 a,
					       struct timespec64 b)
{
	s64 ns = (a.tv_sec - b.tv_sec) * NSEC_PER_SEC + a.tv_nsec - b.tv_nsec;

	return (struct timespec64){ ns / NSEC_PER_SEC, ns % NSEC_PER_SEC };
}

static inline s64 timespec64_to_ns(const struct timespec64 *ts)
{
	return ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

/* Included by the kernel's ktime.h too. */
#include <linux/jiffies.h>
#include <linux/timekeeping.h>

#endif
