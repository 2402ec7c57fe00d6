#!/bin/bash
# A sourced file with a syntax error: bash runs what comes before the
# error, stops reading that file, and goes on after the "." that sourced it.
. ./env.sh
python3 train.py
