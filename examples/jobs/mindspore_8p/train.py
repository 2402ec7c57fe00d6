"""Trains a small network with MindSpore on one device of the job."""
import argparse
import os

import mindspore as ms


def set_up(device_id):
    os.environ["ASCEND_GE_USE_STATIC_MEMORY"] = "1"
    ms.set_context(mode=ms.GRAPH_MODE, device_target="Ascend", device_id=device_id,
                   jit_config={"jit_level": "O1"},
                   ascend_config={"atomic_clean_policy": 1,
                                  "ge_options": {"global": {"ge.exec.staticMemoryPolicy": "2"}}})


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--device_id", type=int, default=0)
    set_up(parser.parse_args().device_id)
