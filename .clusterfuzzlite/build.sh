#!/bin/bash -eu
# SPDX-License-Identifier: GPL-2.0-only
# ClusterFuzzLite runs $SRC/build.sh: the OSS-Fuzz build in the checkout.
exec "$SRC/iovafuzz/oss-fuzz/build.sh"
