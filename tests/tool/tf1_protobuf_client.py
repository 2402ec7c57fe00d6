"""npu-memcfg's TF1 form against a real protobuf client: python3-protobuf's
text_format, with TensorFlow's ConfigProto declared here for the fields the
test needs (field numbers and types as tensorflow/core/protobuf/config.proto,
rewriter_config.proto and tensorflow/core/framework/attr_value.proto give
them). For each of the 72 valid configs:

- what `--format tf1` writes parses with text_format.Parse into a ConfigProto
  whose NpuOptimizer parameter_map holds exactly the config's values;
- what text_format.MessageToString prints for a ConfigProto holding them,
  among other fields and optimizers, reads with `--from tf1` to the config.

  tf1_protobuf_client.py NPU_MEMCFG
Exits 77 (a skip) when python3-protobuf cannot be imported.
"""

import itertools
import json
import subprocess
import sys

try:
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, text_format
except ImportError as error:  # the test command installs python3-protobuf; without it, say why
    print(f"skipped: python3-protobuf is not installed ({error})")
    sys.exit(77)

F = descriptor_pb2.FieldDescriptorProto


def field(message, name, number, kind, label=F.LABEL_OPTIONAL, type_name=None, oneof=None):
    added = message.field.add(name=name, number=number, type=kind, label=label)
    if type_name:
        added.type_name = type_name
    if oneof is not None:
        added.oneof_index = oneof


def enum(parent, name, values):
    added = parent.enum_type.add(name=name)
    for value_name, number in values:
        added.value.add(name=value_name, number=number)


def config_proto_class():
    file = descriptor_pb2.FileDescriptorProto(name="npu_test_config.proto", package="tensorflow", syntax="proto3")
    attr = file.message_type.add(name="AttrValue")
    attr.oneof_decl.add(name="value")
    listed = attr.nested_type.add(name="ListValue")
    field(listed, "s", 2, F.TYPE_BYTES, F.LABEL_REPEATED)
    field(listed, "i", 3, F.TYPE_INT64, F.LABEL_REPEATED)
    field(attr, "list", 1, F.TYPE_MESSAGE, type_name=".tensorflow.AttrValue.ListValue", oneof=0)
    field(attr, "s", 2, F.TYPE_BYTES, oneof=0)
    field(attr, "i", 3, F.TYPE_INT64, oneof=0)
    field(attr, "f", 4, F.TYPE_FLOAT, oneof=0)
    field(attr, "b", 5, F.TYPE_BOOL, oneof=0)

    rewriter = file.message_type.add(name="RewriterConfig")
    enum(rewriter, "Toggle", [("DEFAULT", 0), ("ON", 1), ("OFF", 2), ("AGGRESSIVE", 3)])
    enum(rewriter, "MemOptType", [("DEFAULT_MEM_OPT", 0), ("NO_MEM_OPT", 1), ("MANUAL", 2)])
    optimizer = rewriter.nested_type.add(name="CustomGraphOptimizer")
    entry = optimizer.nested_type.add(name="ParameterMapEntry")
    entry.options.map_entry = True
    field(entry, "key", 1, F.TYPE_STRING)
    field(entry, "value", 2, F.TYPE_MESSAGE, type_name=".tensorflow.AttrValue")
    field(optimizer, "name", 1, F.TYPE_STRING)
    field(optimizer, "parameter_map", 2, F.TYPE_MESSAGE, F.LABEL_REPEATED,
          ".tensorflow.RewriterConfig.CustomGraphOptimizer.ParameterMapEntry")
    field(rewriter, "layout_optimizer", 1, F.TYPE_ENUM, type_name=".tensorflow.RewriterConfig.Toggle")
    field(rewriter, "memory_optimization", 4, F.TYPE_ENUM, type_name=".tensorflow.RewriterConfig.MemOptType")
    field(rewriter, "custom_optimizers", 200, F.TYPE_MESSAGE, F.LABEL_REPEATED,
          ".tensorflow.RewriterConfig.CustomGraphOptimizer")

    optimizer_options = file.message_type.add(name="OptimizerOptions")
    enum(optimizer_options, "GlobalJitLevel", [("DEFAULT", 0), ("OFF", -1), ("ON_1", 1), ("ON_2", 2)])
    field(optimizer_options, "global_jit_level", 5, F.TYPE_ENUM,
          type_name=".tensorflow.OptimizerOptions.GlobalJitLevel")
    graph = file.message_type.add(name="GraphOptions")
    field(graph, "optimizer_options", 3, F.TYPE_MESSAGE, type_name=".tensorflow.OptimizerOptions")
    field(graph, "rewrite_options", 10, F.TYPE_MESSAGE, type_name=".tensorflow.RewriterConfig")
    gpu = file.message_type.add(name="GPUOptions")
    field(gpu, "per_process_gpu_memory_fraction", 1, F.TYPE_DOUBLE)
    field(gpu, "allow_growth", 4, F.TYPE_BOOL)
    config = file.message_type.add(name="ConfigProto")
    field(config, "gpu_options", 6, F.TYPE_MESSAGE, type_name=".tensorflow.GPUOptions")
    field(config, "allow_soft_placement", 7, F.TYPE_BOOL)
    field(config, "graph_options", 10, F.TYPE_MESSAGE, type_name=".tensorflow.GraphOptions")

    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    descriptor = pool.FindMessageTypeByName("tensorflow.ConfigProto")
    if hasattr(message_factory, "GetMessageClass"):
        return message_factory.GetMessageClass(descriptor)
    return message_factory.MessageFactory(pool).GetPrototype(descriptor)


def npu_optimizer(config):
    found = [o for o in config.graph_options.rewrite_options.custom_optimizers if o.name == "NpuOptimizer"]
    assert len(found) == 1, found
    return found[0]


def run(tool, arguments, stdin=""):
    done = subprocess.run([tool, *arguments], input=stdin, capture_output=True, text=True, check=False)
    assert done.returncode == 0, (arguments, done.returncode, done.stderr)
    return done.stdout


def main():
    tool = sys.argv[1]
    ConfigProto = config_proto_class()
    # The valid space, spelt out: atomic 0/1, static 0/2/3/4, the policy
    # unset or one of two, huge page 0/1/2.
    configs = list(itertools.product([0, 1], [0, 2, 3, 4], [None, "BalanceMode", "MemoryPriority"], [0, 1, 2]))
    assert len(configs) == 72
    for atomic, static, policy, huge in configs:
        flags = ["--atomic-clean-policy", str(atomic), "--static-memory-policy", str(static),
                 "--memory-optimization-policy", policy or "null", "--variable-use-1g-huge-page", str(huge)]
        expected = {"atomic_clean_policy": ("i", atomic), "static_memory_policy": ("i", static),
                    "variable_use_1g_huge_page": ("i", huge)}
        if policy:
            expected["memory_optimization_policy"] = ("s", policy.encode())

        # What the tool writes, as TensorFlow reads it.
        parsed = text_format.Parse(run(tool, [*flags, "--format", "tf1"]), ConfigProto())
        parameters = npu_optimizer(parsed).parameter_map
        got = {key: (value.WhichOneof("value"), getattr(value, value.WhichOneof("value")))
               for key, value in parameters.items()}
        assert got == expected, (flags, got)

        # What TensorFlow prints, as the tool reads it: among other fields
        # and optimizers, multi-line and on one line.
        config = ConfigProto()
        config.allow_soft_placement = True
        config.gpu_options.allow_growth = True
        config.gpu_options.per_process_gpu_memory_fraction = 0.5
        config.graph_options.optimizer_options.global_jit_level = -1  # OFF
        rewrite = config.graph_options.rewrite_options
        rewrite.layout_optimizer = 2  # OFF
        rewrite.memory_optimization = 1  # NO_MEM_OPT
        rewrite.custom_optimizers.add(name="pruning").parameter_map["level"].i = 3
        npu = rewrite.custom_optimizers.add(name="NpuOptimizer")
        npu.parameter_map["use_off_line"].b = True
        npu.parameter_map["precision_mode"].s = b"allow_mix_precision"
        npu.parameter_map["dynamic_dims"].list.i.extend([1, 2])
        for key, (kind, value) in expected.items():
            setattr(npu.parameter_map[key], kind, value)
        want = {"atomic_clean_policy": atomic, "static_memory_policy": static, "variable_use_1g_huge_page": huge}
        if policy:
            want["memory_optimization_policy"] = policy
        for one_line in (False, True):
            printed = text_format.MessageToString(config, as_one_line=one_line)
            read = json.loads(run(tool, ["--from", "tf1", "-"], printed))
            assert read == want, (printed, read)
    print(f"{len(configs)} configs: --format tf1 parses with text_format to the same parameter_map, and "
          "MessageToString reads back with --from tf1 to the same config")


if __name__ == "__main__":
    main()
