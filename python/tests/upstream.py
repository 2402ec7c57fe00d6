"""Stand-ins for upstream's TF1 classes, as far as the memory settings go: what the module must
be a drop-in for, without TensorFlow."""

import copy


class UpstreamMemoryConfig:
    """npu_bridge's MemoryConfig: it stores its arguments, unchecked."""

    def __init__(self, atomic_clean_policy=0, static_memory_policy=0, memory_optimization_policy=None,
                 variable_use_1g_huge_page=0):
        self._atomic_clean_policy = atomic_clean_policy
        self._static_memory_policy = static_memory_policy
        self._memory_optimization_policy = memory_optimization_policy
        self._variable_use_1g_huge_page = variable_use_1g_huge_page


class NPURunConfig:
    """What NPUEstimator needs of npu_bridge's NPURunConfig: _memory_config and session_config,
    and TensorFlow's RunConfig.replace(), which deep-copies the whole run config."""

    def __init__(self, memory_config=None, session_config=None):
        self._memory_config = memory_config
        self.session_config = session_config

    def replace(self, **changes):
        new = copy.deepcopy(self)
        for name, value in changes.items():
            setattr(new, name, value)
        return new


def load_memory_config(config, custom_op):
    """What upstream's NPUEstimator.__load_memory_config writes into the NpuOptimizer's
    parameter_map: the atomic policy always, the others only when they are not None."""
    memory = config._memory_config
    if memory is None:
        return
    custom_op.parameter_map["atomic_clean_policy"].i = memory._atomic_clean_policy
    if memory._static_memory_policy is not None:
        custom_op.parameter_map["static_memory_policy"].i = memory._static_memory_policy
    if memory._memory_optimization_policy is not None:
        custom_op.parameter_map["memory_optimization_policy"].s = memory._memory_optimization_policy.encode()
    if memory._variable_use_1g_huge_page is not None:
        custom_op.parameter_map["variable_use_1g_huge_page"].i = memory._variable_use_1g_huge_page


def estimator_parameter_map(config_proto, memory_config):
    """The NpuOptimizer's parameter_map as NPUEstimator writes it for a job without a
    session_config (RunConfig.replace() deep-copies the run config first): key to (i, s)."""
    session = config_proto()
    custom_op = session.graph_options.rewrite_options.custom_optimizers.add()
    custom_op.name = "NpuOptimizer"
    run_config = NPURunConfig(memory_config).replace(session_config=session)
    load_memory_config(run_config, custom_op)
    return {key: (value.i, value.s) for key, value in custom_op.parameter_map.items()}
