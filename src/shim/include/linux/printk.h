/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel messages go to stderr, tagged with their level.  pr_debug and
 * pr_devel are compiled out, as in a kernel without DEBUG.
 */
#ifndef _LINUX_PRINTK_H
#define _LINUX_PRINTK_H

#include <stdbool.h>

#include <linux/compiler.h>
#include <shim/report.h>

#define KERN_EMERG	"<0>"
#define KERN_ALERT	"<1>"
#define KERN_CRIT	"<2>"
#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define KERN_NOTICE	"<5>"
#define KERN_INFO	"<6>"
#define KERN_DEBUG	"<7>"
#define KERN_CONT	"<c>"

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

#define printk(fmt, ...)	shim_printk(fmt, ##__VA_ARGS__)
#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...)	do { if (0) printk(fmt, ##__VA_ARGS__); } while (0)
#define pr_devel(fmt, ...)	pr_debug(fmt, ##__VA_ARGS__)
/* Once per call site per process; the value says whether it printed. */
#define printk_once(fmt, ...) ({					\
	static bool __print_once;					\
	bool __printed = !__print_once;					\
	if (__printed) {						\
		__print_once = true;					\
		printk(fmt, ##__VA_ARGS__);				\
	}								\
	__printed; })
#define pr_emerg_once(fmt, ...)	printk_once(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert_once(fmt, ...)	printk_once(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit_once(fmt, ...)	printk_once(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err_once(fmt, ...)	printk_once(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn_once(fmt, ...)	printk_once(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice_once(fmt, ...) printk_once(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info_once(fmt, ...)	printk_once(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont_once(fmt, ...)	printk_once(KERN_CONT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug_once(fmt, ...)	pr_debug(fmt, ##__VA_ARGS__)
#define pr_devel_once(fmt, ...)	pr_debug(fmt, ##__VA_ARGS__)
#define pr_crit_ratelimited	pr_crit
#define pr_notice_ratelimited	pr_notice
#define pr_debug_ratelimited	pr_debug
#define printk_ratelimited	printk
#define printk_deferred		printk
#define printk_deferred_once	printk_once
#define pr_err_ratelimited	pr_err
#define pr_warn_ratelimited	pr_warn
#define pr_info_ratelimited	pr_info
#define no_printk(fmt, ...)	pr_debug(fmt, ##__VA_ARGS__)

#define dump_stack()	shim_dump_stack(__FILE__, __LINE__, __func__)

#endif
