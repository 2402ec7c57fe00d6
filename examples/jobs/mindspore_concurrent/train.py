"""Runs its graphs concurrently on MindSpore's own static policy."""
import mindspore as ms

ms.set_context(mode=ms.GRAPH_MODE, device_target="Ascend",
               ascend_config={
                   "atomic_clean_policy": 0,
               })
