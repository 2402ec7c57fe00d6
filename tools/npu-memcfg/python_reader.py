# What npu-memcfg reads of Python launchers, with Python's own parser:
# never executed, never imported. Run as `python3 -I -c THIS FIELDS PATH...`
# (FIELDS: MemoryConfig's parameters in upstream's order, comma-separated,
# as the C++ tables name them); prints one JSON object per PATH, a line each.
#
# Per file: "error" (a syntax error: line, column, message), "frameworks"
# (imported: tf1 for npu_bridge, tf2 for npu_device, mindspore, torchair),
# "environment" (each os.environ assignment), "configs" (each config written
# as literals: the text a form of the library reads, named by the form's
# name, and for each of its lines the place in the file it came from),
# "inert" (what makes the engine's settings do nothing), "jit_level_given"
# (MindSpore's jit_level or backend is written, as a literal or not) and
# "not_checkable" (values that are not literals). Positions are ast's: lines
# from 1, columns in bytes from 1.
import ast
import json
import sys

if sys.version_info < (3, 9):
    print(json.dumps({"python_too_old": "%d.%d" % sys.version_info[:2]}))
    sys.exit(0)

FIELDS = sys.argv[1].split(",")
FRAMEWORKS = {"npu_bridge": "tf1", "npu_device": "tf2", "mindspore": "mindspore", "torchair": "torchair"}
NOT_LITERAL = object()


def place(node):
    return {"line": node.lineno, "column": node.col_offset + 1}


def span(node):
    """Where a node's text stands: [line, column, end line, end column],
    columns from 1 in bytes, the end just past it."""
    return [node.lineno, node.col_offset + 1, node.end_lineno, node.end_col_offset + 1]


def literal_span(node):
    """The span of a literal's text (what --fix rewrites: a str, bytes, a
    number, a bool, -1), else None (None and ... get no fix)."""
    constant = node.operand if isinstance(node, ast.UnaryOp) else node  # -1, +1, ~1, not 1: literal() reads them
    if isinstance(constant, ast.Constant) and isinstance(constant.value, (str, bytes, int, float)):
        return span(node)
    return None


def literal(node):
    """The node's value when it is a literal (a str, a number, a bool, None,
    b"..", "..".encode(), a dict or list of them); NOT_LITERAL otherwise."""
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        pass
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "encode"
            and isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str)):
        return node.func.value.value.encode()
    return NOT_LITERAL


def called_name(call):
    """f(...) -> "f", a.b.f(...) -> "f"."""
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def protobuf_bytes(value):
    """`value` (bytes) as a protobuf text string literal."""
    out = []
    for byte in value:
        if byte in (0x22, 0x5C):
            out.append("\\" + chr(byte))
        elif 0x20 <= byte < 0x7F:
            out.append(chr(byte))
        else:
            out.append("\\%03o" % byte)
    return '"' + "".join(out) + '"'


def element_removal(lines, elements, index):
    """What removing elements[index] takes of the source, as span() gives
    it: the elements are a call's arguments or a dict's members in source
    order, each a (first node, last node) pair. An element on lines of its
    own goes with those lines (its comma and comment too); else with the
    comma that joins it to the next element, or to the one before."""
    first, last = elements[index]
    end_text = lines[last.end_lineno - 1]
    before = lines[first.lineno - 1][:first.col_offset]
    after = end_text[last.end_col_offset:].lstrip()
    comma = after.startswith(b",")
    if comma:
        after = after[1:].lstrip()
    own_lines = not before.strip() and (not after or after.startswith(b"#"))
    if own_lines and (comma or index + 1 == len(elements)):
        return [first.lineno, 1, last.end_lineno + 1, 1]
    if index + 1 < len(elements):
        following = elements[index + 1][0]
        return [first.lineno, first.col_offset + 1, following.lineno, following.col_offset + 1]
    if index > 0:
        previous = elements[index - 1][1]
        return [previous.end_lineno, previous.end_col_offset + 1, last.end_lineno, last.end_col_offset + 1]
    rest = end_text[last.end_col_offset:]
    end = last.end_col_offset + (len(rest) - len(rest.lstrip()) + 1 if comma else 0)
    return [first.lineno, first.col_offset + 1, last.end_lineno, end + 1]


def member_insertion(lines, node):
    """Where a member added to the dict literal `node` goes, in the dict's
    own layout: [line, column, text before the member, text after it, the
    quote its keys use, where a comma goes after the last member (or
    None)]. A dict on one line gets it inline; one with its members on
    lines of their own, on a line of its own, indented as the last."""
    quote = '"'
    for key in node.keys:
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            written = lines[key.lineno - 1][key.col_offset:key.end_col_offset].lstrip(b"rRuUbB")
            quote = '"' if written[:1] == b'"' else "'"
    if not node.keys:
        return [node.end_lineno, node.end_col_offset, "", "", quote, None]
    first, last = node.keys[-1] or node.values[-1], node.values[-1]
    text = lines[last.end_lineno - 1]
    comma = text[last.end_col_offset:].lstrip().startswith(b",")
    indent = lines[first.lineno - 1][:first.col_offset]
    if last.end_lineno == node.end_lineno or indent.strip():
        return [last.end_lineno, last.end_col_offset + 1, ", ", "", quote, None]
    return [last.end_lineno, len(text) + 1, "\n" + indent.decode("utf-8", "replace"), "," if comma else "", quote,
            None if comma else [last.end_lineno, last.end_col_offset + 1]]


def keyword(call, name):
    for item in call.keywords:
        if item.arg == name:
            return item.value
    return None


class JsonLines:
    """JSON text written a key per line, with the place in the file of each
    line's key: a reader's position maps back to the launcher."""

    def __init__(self, lines):
        self.source_lines = lines  # the launcher's, as bytes
        self.lines = []
        self.places = []
        self.value_spans = []  # per line: where its value's literal stands in the launcher, or None
        self.paths = []  # per line: the keys of the member it gives (JSON forms), or None
        self.removals = []  # per line: what removing its setting takes of the launcher (element_removal), or None
        self.dicts = []  # each dict literal read: its path and where a member added to it goes
        self.complete = True  # False: a key or a value was no literal, and was left out

    def add(self, text, node, value=None, path=None, removal=None):
        self.lines.append(text)
        self.places.append(place(node) if node is not None else None)
        self.value_spans.append(literal_span(value) if value is not None else None)
        self.paths.append(path)
        self.removals.append(removal)

    def write_dict(self, node, not_checkable, indent="", path=()):
        """Appends the dict literal `node`. A key or a value that is no literal
        is left out and reported: it is known only when the job runs."""
        members = []
        elements = [(key or value, value) for key, value in zip(node.keys, node.values)]
        for index, (key_node, value_node) in enumerate(zip(node.keys, node.values)):
            key = literal(key_node) if key_node is not None else NOT_LITERAL
            value = value_node if isinstance(value_node, ast.Dict) else literal(value_node)
            if not isinstance(key, str) or not (isinstance(value, (ast.Dict, str, int, float)) or value is None):
                not_checkable.append(dict(place(value_node), what=key if isinstance(key, str) else "a key"))
                self.complete = False
                continue
            members.append((key, key_node, value, value_node, element_removal(self.source_lines, elements, index)))
        self.dicts.append(dict(path=list(path), insertion=member_insertion(self.source_lines, node)))
        self.add(indent + "{", node)
        for index, (key, key_node, value, value_node, removal) in enumerate(members):
            comma = "," if index + 1 < len(members) else ""
            at = list(path) + [key]
            if isinstance(value, ast.Dict):
                self.add(indent + "  " + json.dumps(key) + ":", key_node, path=at, removal=removal)
                self.write_dict(value, not_checkable, indent + "  ", at)
                self.lines[-1] += comma
            else:
                self.add(indent + "  " + json.dumps(key) + ": " + json.dumps(value) + comma, key_node,
                         value_node, at, removal)
        self.add(indent + "}", None)

    def result(self, form, call, certain, what):
        return dict(place(call), form=form, text="\n".join(self.lines) + "\n", places=self.places,
                    value_spans=self.value_spans, paths=self.paths, removals=self.removals, dicts=self.dicts,
                    certain=certain, what=what, complete=self.complete)


class Launcher:
    def __init__(self, tree):
        self.tree = tree
        self.os_names = set()
        self.environ_names = set()
        self.putenv_names = set()
        self.frameworks = []
        self.environment = []
        self.configs = []
        self.inert = []
        self.not_checkable = []
        self.functions = {}
        self.statement = None
        self.walked = set()
        self.dicts = {}  # name -> the dict literal it holds where the walk is
        self.global_options = set()  # names bound to npu_device.global_options()
        self.parameter_maps = {}  # TF1: the object before .parameter_map -> {key: (statement, value node, kind)}
        self.tf2_fields = {}  # TF2: field -> (statement, value node)
        self.jit_level_given = False

    # --- imports

    def note_imports(self):
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    if alias.name == "os":
                        self.os_names.add(alias.asname or "os")
                    self.note_framework(top)
            elif isinstance(node, ast.ImportFrom) and node.module:
                top = node.module.split(".")[0]
                self.note_framework(top)
                if node.module == "os":
                    for alias in node.names:
                        if alias.name == "environ":
                            self.environ_names.add(alias.asname or "environ")
                        elif alias.name == "putenv":
                            self.putenv_names.add(alias.asname or "putenv")

    def note_framework(self, module):
        framework = FRAMEWORKS.get(module)
        if framework and framework not in self.frameworks:
            self.frameworks.append(framework)

    def is_environ(self, node):
        if isinstance(node, ast.Name):
            return node.id in self.environ_names
        return (isinstance(node, ast.Attribute) and node.attr == "environ" and isinstance(node.value, ast.Name)
                and node.value.id in self.os_names)

    def is_putenv(self, func):
        if isinstance(func, ast.Name):
            return func.id in self.putenv_names
        return (isinstance(func, ast.Attribute) and func.attr == "putenv" and isinstance(func.value, ast.Name)
                and func.value.id in self.os_names)

    # --- the walk, in the order the file runs, with whether each statement
    # runs on every path when the file is started

    def walk(self):
        self.note_imports()
        for node in self.tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions[node.name] = node
        self.statements(self.tree.body, True)
        for name, node in self.functions.items():  # called only conditionally, or from elsewhere
            if name not in self.walked:
                self.walked.add(name)
                self.statements(node.body, False)
        for entries in self.parameter_maps.values():
            self.parameter_map_config(entries)
        if self.tf2_fields:
            self.tf2_config()

    def statements(self, body, certain):
        outer = self.statement
        for node in body:
            # The statement being read and whether its block holds another:
            # what --fix may remove of it (removable_lines takes simple ones only).
            self.statement = (node, len(body) > 1)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                # What runs where it is defined: its decorators (`@jit(ge_options=…)`),
                # a function's defaults, a class's bases.
                for expression in definition_time(node):
                    self.expressions(expression, certain)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if isinstance(node, ast.ClassDef):
                # Its body runs where the class is defined; its methods at any time, or never.
                self.statements(node.body, certain)
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        self.statements(item.body, False)
                continue
            if isinstance(node, ast.If):
                main = is_main_test(node.test)
                self.expressions(node.test, certain)
                self.statements(node.body, certain and main)
                self.statements(node.orelse, False)
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
                self.expressions(node.iter if not isinstance(node, ast.While) else node.test, certain)
                self.statements(node.body, False)
                self.statements(node.orelse, False)
            elif isinstance(node, ast.Try):
                self.statements(node.body, False)
                for handler in node.handlers:
                    self.statements(handler.body, False)
                self.statements(node.orelse, False)
                self.statements(node.finalbody, certain)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    self.expressions(item.context_expr, certain)
                self.statements(node.body, certain)
            elif hasattr(ast, "Match") and isinstance(node, ast.Match):
                self.expressions(node.subject, certain)
                for case in node.cases:
                    self.statements(case.body, False)
            else:
                self.simple_statement(node, certain)
        self.statement = outer

    def simple_statement(self, node, certain):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Subscript) and self.is_environ(target.value):
                    self.environment_write(target.slice, node.value, "set", certain, "os.environ[...] =")
                elif isinstance(target, ast.Name):
                    self.bind(target.id, node.value)
                elif isinstance(target, ast.Attribute):
                    self.attribute_write(node, target, certain)
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                if isinstance(target, ast.Subscript) and self.is_environ(target.value):
                    self.environment_write(target.slice, None, "unset", certain, "del os.environ[...]")
        self.expressions(node, certain)

    def expressions(self, node, certain):
        """Every call in `node` (not in nested functions), in source order."""
        calls = [child for child in walk_local(node) if isinstance(child, ast.Call)]
        calls.sort(key=lambda call: (call.lineno, call.col_offset))
        for call in calls:
            self.call(call, certain)

    def call(self, call, certain):
        func = call.func
        name = called_name(call)
        if isinstance(func, ast.Attribute) and self.is_environ(func.value):
            if func.attr == "setdefault" and call.args:
                # os.environ's setdefault(key, value): without a value, a TypeError that writes nothing.
                value = call.args[1] if len(call.args) > 1 else keyword(call, "value")
                if value is not None:
                    self.environment_write(call.args[0], value, "setdefault", certain, "os.environ.setdefault")
            elif func.attr == "pop" and call.args:
                self.environment_write(call.args[0], None, "unset", certain, "os.environ.pop")
            elif func.attr == "update":
                if call.args and isinstance(call.args[0], ast.Dict):
                    for key, value in zip(call.args[0].keys, call.args[0].values):
                        if key is not None:
                            self.environment_write(key, value, "set", certain, "os.environ.update")
                for item in call.keywords:
                    if item.arg is not None:
                        self.environment_write(ast.Constant(item.arg, lineno=item.value.lineno,
                                                            col_offset=item.value.col_offset),
                                               item.value, "set", certain, "os.environ.update", at=item)
        elif self.is_putenv(func) and len(call.args) == 2:
            self.environment_write(call.args[0], call.args[1], "set", certain, "os.putenv")
        elif isinstance(func, ast.Name) and func.id in self.functions and func.id not in self.walked:
            self.walked.add(func.id)
            self.statements(self.functions[func.id].body, certain)
        if "mindspore" in self.frameworks:
            self.mindspore_call(call, name, certain)
        if "tf1" in self.frameworks and name == "MemoryConfig":
            self.memory_config_call(call, certain)
        if "torchair" in self.frameworks and name == "CompilerConfig":
            mode = keyword(call, "mode")
            if mode is not None:
                self.torchair_mode(mode, certain)

    def bind(self, name, value):
        """A name's value as far as the reader follows it: a dict literal, or
        TF2's global options."""
        self.dicts.pop(name, None)
        self.global_options.discard(name)
        if isinstance(value, ast.Dict):
            self.dicts[name] = value
        elif isinstance(value, ast.Call) and called_name(value) == "global_options":
            self.global_options.add(name)

    def dict_of(self, node):
        """The dict literal `node` is, or the one the name `node` holds."""
        if isinstance(node, ast.Name) and node.id in self.dicts:
            return self.dicts[node.id]
        return node

    def attribute_write(self, statement, target, certain):
        """X.parameter_map["key"].i = …, global_options().memory_config.F = …,
        config.mode = "reduce-overhead"."""
        owner = target.value
        if ("tf1" in self.frameworks and target.attr in ("i", "s") and isinstance(owner, ast.Subscript)
                and isinstance(owner.value, ast.Attribute) and owner.value.attr == "parameter_map"):
            key = literal(owner.slice)
            if key in FIELDS:
                group = self.parameter_maps.setdefault(ast.dump(owner.value.value), {})
                group.pop(key, None)  # the same entry written again: the last value holds
                group[key] = (statement, statement.value, target.attr, certain, self.statement_removal())
        elif ("tf2" in self.frameworks and isinstance(owner, ast.Attribute) and owner.attr == "memory_config"
              and self.is_global_options(owner.value)):
            # Any attribute, as the tf2 form reads any key: a misspelt field is a near miss it names.
            self.tf2_fields.pop(target.attr, None)
            self.tf2_fields[target.attr] = (statement, statement.value, certain, self.statement_removal())
        elif "torchair" in self.frameworks and target.attr == "mode":
            self.torchair_mode(statement.value, certain)

    def is_global_options(self, node):
        if isinstance(node, ast.Name):
            return node.id in self.global_options
        return isinstance(node, ast.Call) and called_name(node) == "global_options"

    def environment_write(self, name_node, value_node, operation, certain, how, at=None):
        name = literal(name_node)
        if not isinstance(name, str):
            return
        entry = dict(place(at or name_node), name=name, operation=operation, certain=certain, how=how)
        if value_node is not None:
            value = literal(value_node)
            entry["value"] = value if isinstance(value, str) else None
            entry["value_text"] = ast.get_source_segment(self.source, value_node) or ""
            if isinstance(value_node, ast.Constant) and isinstance(value_node.value, str):
                entry["value_span"] = span(value_node)
        entry["removable_lines"] = self.removable_lines(how)
        self.environment.append(entry)

    def removable_lines(self, how):
        """The lines of the statement that writes the variable, when removing
        them removes that write alone: a statement that does nothing else,
        on lines of its own, not the only one of its block."""
        if self.statement is None:
            return None
        node = self.statement[0]
        func = node.value.func if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else None
        called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        alone = ((isinstance(node, ast.Assign) and len(node.targets) == 1 and how == "os.environ[...] =")
                 or called in ("setdefault", "putenv"))
        removal = self.statement_removal()
        return [removal[0], removal[2] - 1] if alone and removal else None

    def statement_removal(self):
        """What removing the statement being read takes (as span() gives
        it): its lines, when it stands on lines of its own and is not the
        only statement of its block; else None."""
        node, has_siblings = self.statement
        before = self.source_lines[node.lineno - 1][:node.col_offset]
        after = self.source_lines[node.end_lineno - 1][node.end_col_offset:].strip()
        if not has_siblings or before.strip() or (after and not after.startswith(b"#")):
            return None
        return [node.lineno, 1, node.end_lineno + 1, 1]

    # --- MindSpore

    def mindspore_call(self, call, name, certain):
        if name == "set_context":
            ascend = keyword(call, "ascend_config")
            if ascend is not None:
                self.dict_config(ascend, "mindspore", call, certain, "ascend_config")
            jit_config = self.dict_of(keyword(call, "jit_config"))
            if isinstance(jit_config, ast.Dict):
                for key, value in zip(jit_config.keys, jit_config.values):
                    if key is not None and literal(key) == "jit_level":
                        self.jit_level(value, certain)
            mode = keyword(call, "mode")
            if mode is not None and (
                    (isinstance(mode, ast.Attribute) and mode.attr == "PYNATIVE_MODE") or literal(mode) == 1):
                self.inert.append(dict(place(mode), what="mode", value="PYNATIVE_MODE", certain=certain,
                                       framework="mindspore"))
        elif name in ("JitConfig", "jit"):
            level = keyword(call, "jit_level")
            if level is not None:
                self.jit_level(level, certain)
            backend = keyword(call, "backend")
            if backend is not None:
                self.jit_level_given = True
            if backend is not None and literal(backend) == "ms_backend":
                self.inert.append(dict(place(backend), what="backend", value="ms_backend", certain=certain,
                                       framework="mindspore"))
            if name == "jit":
                options = keyword(call, "ge_options")
                if options is not None:
                    self.dict_config(options, "ge", call, certain, "ge_options")

    def jit_level(self, node, certain):
        self.jit_level_given = True
        value = literal(node)
        if not isinstance(value, str):
            self.not_checkable.append(dict(place(node), what="jit_level"))
        elif value in ("O0", "O1"):
            self.inert.append(dict(place(node), what="jit_level", value=value, certain=certain,
                                   framework="mindspore"))

    def dict_config(self, node, form, call, certain, what):
        node = self.dict_of(node)
        if not isinstance(node, ast.Dict):
            self.not_checkable.append(dict(place(node), what=what))
            return
        lines = JsonLines(self.source_lines)
        lines.write_dict(node, self.not_checkable)
        self.configs.append(lines.result(form, call, certain, what))

    # --- TF1

    def memory_config_call(self, call, certain):
        lines = JsonLines(self.source_lines)
        lines.add("{", call)
        nodes = sorted(call.args + call.keywords, key=lambda node: (node.lineno, node.col_offset))
        elements = [(node, node) for node in nodes]

        def removal_of(node):
            index = next(index for index, other in enumerate(nodes) if other is node)
            return element_removal(self.source_lines, elements, index)

        given = []
        for position, (field, node) in enumerate(zip(FIELDS, call.args)):
            # Only the last positional argument goes alone: the ones after another would move.
            given.append((field, node, node, removal_of(node) if position + 1 == len(call.args) else None))
        for item in call.keywords:
            if item.arg in FIELDS:
                given.append((item.arg, item, item.value, removal_of(item)))
        known = []
        for field, at, node, removal in given:
            value = literal(node)
            if value is NOT_LITERAL or isinstance(value, (bytes, list, tuple, set, dict, complex)):
                self.not_checkable.append(dict(place(node), what=field))
                lines.complete = False
            else:
                known.append((field, at, node, value, removal))
        for index, (field, at, node, value, removal) in enumerate(known):
            comma = "," if index + 1 < len(known) else ""
            lines.add("  " + json.dumps(field) + ": " + json.dumps(value) + comma, at, node, [field], removal)
        lines.add("}", None)
        self.configs.append(lines.result("json", call, certain, "MemoryConfig(...)"))


    def parameter_map_config(self, entries):
        """TF1's NpuOptimizer parameter_map entries, as the protobuf text the
        tf1 form reads: an entry a line, at the statement that wrote it."""
        lines = JsonLines(self.source_lines)
        first = next(iter(entries.values()))[0]
        for text in ("graph_options {", "  rewrite_options {", "    custom_optimizers {",
                     '      name: "NpuOptimizer"'):
            lines.add(text, first)
        for key, (statement, node, kind, certain, removal) in entries.items():
            value = literal(node)
            written = node  # the literal that holds the value: "x" of as_bytes("x") and of "x".encode()
            if (isinstance(node, ast.Call) and called_name(node) == "as_bytes" and len(node.args) == 1
                    and isinstance(literal(node.args[0]), str)):
                value = literal(node.args[0]).encode()
                written = node.args[0]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                written = node.func.value
            if isinstance(value, str):
                value = value.encode()  # protobuf takes a str for a bytes field, as UTF-8
            if kind == "i" and isinstance(value, int) and not isinstance(value, bool):
                text = "i: %d" % value
            elif kind == "s" and isinstance(value, bytes):
                text = "s: " + protobuf_bytes(value)
            else:
                self.not_checkable.append(dict(place(node), what=key))
                lines.complete = False
                continue
            lines.add('      parameter_map { key: %s value { %s } }' % (json.dumps(key), text), statement, written,
                      removal=removal)
        for text in ("    }", "  }", "}"):
            lines.add(text, None)
        certain = all(entry[3] for entry in entries.values())
        self.configs.append(lines.result("tf1", first, certain, "parameter_map"))

    def tf2_config(self):
        """TF2's global_options().memory_config fields, as the tf2 form reads
        them (npu_device passes each value on as its text)."""
        lines = JsonLines(self.source_lines)
        first = next(iter(self.tf2_fields.values()))[0]
        lines.add("{", first)
        known = []
        for field, (statement, node, certain, removal) in self.tf2_fields.items():
            value = literal(node)
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                self.not_checkable.append(dict(place(node), what=field))
                lines.complete = False
            else:
                known.append((field, statement, node, str(value), removal))
        for index, (field, statement, node, value, removal) in enumerate(known):
            comma = "," if index + 1 < len(known) else ""
            lines.add("  " + json.dumps(field) + ": " + json.dumps(value) + comma, statement, node, [field], removal)
        lines.add("}", None)
        certain = all(entry[2] for entry in self.tf2_fields.values())
        self.configs.append(lines.result("tf2", first, certain, "global_options().memory_config"))

    # --- torchair

    def torchair_mode(self, node, certain):
        value = literal(node)
        if not isinstance(value, str):
            self.not_checkable.append(dict(place(node), what="mode"))
        elif value == "reduce-overhead":
            self.inert.append(dict(place(node), what="mode", value=value, certain=certain, framework="torchair"))


def is_main_test(test):
    """if __name__ == "__main__": (either side)."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = [test.left, test.comparators[0]]
    names = [side for side in sides if isinstance(side, ast.Name) and side.id == "__name__"]
    texts = [side for side in sides if isinstance(side, ast.Constant) and side.value == "__main__"]
    return len(names) == 1 and len(texts) == 1


def definition_time(node):
    """The expressions a def or class statement evaluates as it runs, in order."""
    expressions = list(node.decorator_list)
    if isinstance(node, ast.ClassDef):
        return expressions + node.bases + [item.value for item in node.keywords]
    arguments = node.args
    return expressions + arguments.defaults + [value for value in arguments.kw_defaults if value is not None]


def walk_local(node):
    """ast.walk without descending into nested functions, classes or lambdas."""
    pending = [node]
    while pending:
        current = pending.pop()
        yield current
        for child in ast.iter_child_nodes(current):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                pending.append(child)


def read(path):
    """The facts of the launcher at `path`; "-": of the text on standard
    input (a launcher --fix has edited, read back before it is written)."""
    result = {"path": path}
    try:
        if path == "-":
            source = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as file:
                source = file.read()
    except OSError as error:
        result["unreadable"] = error.strerror or str(error)
        return result
    try:
        tree = ast.parse(source, filename=path)
    except (SyntaxError, ValueError) as error:
        line = getattr(error, "lineno", None) or 1
        column = getattr(error, "offset", None) or 1
        result["error"] = {"line": line, "column": column, "message": getattr(error, "msg", str(error))}
        return result
    launcher = Launcher(tree)
    launcher.source = source.decode("utf-8", "replace")
    launcher.source_lines = source.splitlines()
    launcher.walk()
    result.update(frameworks=launcher.frameworks, environment=launcher.environment, configs=launcher.configs,
                  inert=launcher.inert, jit_level_given=launcher.jit_level_given,
                  not_checkable=launcher.not_checkable)
    return result


for argument in sys.argv[2:]:
    print(json.dumps(read(argument)))
