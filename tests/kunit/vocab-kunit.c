// SPDX-License-Identifier: GPL-2.0-only
/*
 * The vocabulary kernel KUnit suites use around an allocator (taken from
 * the KUnit files of 6.12's lib/ and mm/): time, randomness, jiffies,
 * waiting, sleeping, test-managed memory, vmalloc, sort, deferred
 * actions.  Each case says only what holds in any kernel, so that it
 * passes alike under scripts/kunit and in User Mode Linux (--uml).
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

static void vocab_time(struct kunit *test)
{
	struct timespec64 ts;
	ktime_t start, end;
	u64 ns = ktime_get_ns();

	/* udelay() is a calibrated busy loop: no bound on what it took. */
	start = ktime_get();
	udelay(10);
	end = ktime_get();
	KUNIT_EXPECT_GE(test, ktime_to_ns(ktime_sub(end, start)), 0LL);
	KUNIT_EXPECT_GE(test, ktime_us_delta(end, start), 0LL);
	KUNIT_EXPECT_FALSE(test, ktime_before(end, start));
	KUNIT_EXPECT_GE(test, ktime_get_ns(), ns);
	ktime_get_ts64(&ts);
	KUNIT_EXPECT_LT(test, ts.tv_nsec, NSEC_PER_SEC);
	kunit_info(test, "timed %s", "udelay(10)");
}

static void vocab_random(struct kunit *test)
{
	struct rnd_state a, b;
	u8 buf[16] = {};
	int i;

	for (i = 0; i < 1000; i++) {
		KUNIT_EXPECT_LT(test, get_random_u32_below(7), 7u);
		KUNIT_EXPECT_GE(test, get_random_u32_inclusive(3, 5), 3u);
		KUNIT_EXPECT_LE(test, get_random_u32_inclusive(3, 5), 5u);
		KUNIT_EXPECT_GT(test, get_random_u32_above(10), 10u);
	}
	get_random_bytes(buf, sizeof(buf));
	(void)get_random_u64();
	(void)get_random_u8();
	(void)get_random_long();
	prandom_seed_state(&a, 42);
	prandom_seed_state(&b, 42);
	for (i = 0; i < 8; i++)
		KUNIT_EXPECT_EQ(test, prandom_u32_state(&a),
				prandom_u32_state(&b));
}

static void vocab_jiffies(struct kunit *test)
{
	unsigned long then = jiffies;

	KUNIT_EXPECT_FALSE(test, time_after(then, jiffies));
	KUNIT_EXPECT_TRUE(test, time_before(then, then + HZ));
	KUNIT_EXPECT_TRUE(test, time_after_eq(jiffies, then));
	KUNIT_EXPECT_EQ(test, msecs_to_jiffies(1000), (unsigned long)HZ);
}

static void vocab_sleep(struct kunit *test)
{
	ktime_t start = ktime_get();

	might_sleep();
	cond_resched();
	msleep(1);
	usleep_range(10, 20);
	/* msleep() sleeps at least as long as asked. */
	KUNIT_EXPECT_GE(test, ktime_us_delta(ktime_get(), start), 1000LL);
}

static void vocab_memory(struct kunit *test)
{
	u32 *v = kunit_kcalloc(test, 64, sizeof(*v), GFP_KERNEL);
	char *s = kunit_kstrdup(test, "iova", GFP_KERNEL);
	void *big = vmalloc(1 << 16);
	u8 *z = vzalloc(256);

	KUNIT_ASSERT_NOT_NULL(test, v);
	KUNIT_EXPECT_EQ(test, v[63], 0u);
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_EXPECT_STREQ(test, s, "iova");
	KUNIT_ASSERT_NOT_NULL(test, big);
	KUNIT_ASSERT_NOT_NULL(test, z);
	KUNIT_EXPECT_EQ(test, z[255], 0);
	memset(big, 0xa5, 1 << 16);
	vfree(big);
	vfree(z);
	kunit_kfree(test, v);
}

static int cmp_u32(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

static void vocab_sort(struct kunit *test)
{
	u32 v[100];
	int i;

	for (i = 0; i < 100; i++)
		v[i] = get_random_u32_below(1000);
	sort(v, 100, sizeof(v[0]), cmp_u32, NULL);
	for (i = 1; i < 100; i++)
		KUNIT_EXPECT_LE(test, v[i - 1], v[i]);
}

static void set_flag(void *p)
{
	*(bool *)p = true;
}

static void vocab_action(struct kunit *test)
{
	bool *done = kunit_kzalloc(test, sizeof(*done), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, done);
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, set_flag, done), 0);
	KUNIT_EXPECT_FALSE(test, *done);
}

static void vocab_skip(struct kunit *test)
{
	kunit_skip(test, "skipping works");
}

static struct kunit_case vocab_cases[] = {
	KUNIT_CASE(vocab_time),
	KUNIT_CASE(vocab_random),
	KUNIT_CASE(vocab_jiffies),
	KUNIT_CASE(vocab_sleep),
	KUNIT_CASE(vocab_memory),
	KUNIT_CASE(vocab_sort),
	KUNIT_CASE(vocab_action),
	KUNIT_CASE(vocab_skip),
	{}
};

static struct kunit_suite vocab_suite = {
	.name = "iovafuzz-vocab",
	.test_cases = vocab_cases,
};

kunit_test_suite(vocab_suite);

MODULE_DESCRIPTION("The kernel API KUnit suites use, as iovafuzz shims it");
MODULE_LICENSE("GPL");
