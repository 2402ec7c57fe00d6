#!/bin/bash
# Inference of an exported ResNet-50 with MindSpore Lite's benchmark tool on
# one device, with the model config beside this script.
cur_path=$(cd "$(dirname "$0")" || exit; pwd)
export GE_USE_STATIC_MEMORY=1
export DEVICE_ID=0

"${LITE_HOME}"/tools/benchmark/benchmark --device=Ascend --modelFile="${cur_path}/resnet50.mindir" \
    --configFile="${cur_path}/model.ini" --loopCount=100
