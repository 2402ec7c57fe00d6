#!/usr/bin/env python3
"""docs/api.md and the headers agree name for name.

Every name the public headers declare at namespace scope in `npu` (outside
`npu::detail`) is listed in docs/api.md, and every function or type the page
lists (`name(...)`, `Name`) is declared there. Reads the headers as text:
comments and string literals dropped, then the declarations at the
namespace's top level (what follows a `;` or a `}` at depth 0).

    api_names.py INCLUDE_DIR API_MD [AT_MOST]

With AT_MOST, also fails when a launcher that includes
<npu/memory_config_json.hpp> (the core and JSON; all the headers where
there is no such umbrella) sees more public names than that: every name it
can spell, those in npu::text included, the keys:: namespace aside (its
constants are the keys' spellings, not entry points). The names of the
opt-in headers it does not include (the job layer, validation/text.hpp, fix_text,
the schema, ...) are counted and printed per header, each a choice to pay
for.
"""
import pathlib
import re
import sys

IDENTIFIER = r"[A-Za-z_]\w*"
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "decltype", "noexcept", "static_assert",
            "alignof", "requires", "operator"}


def strip(text):
    """The text without comments, string and character literals, preprocessor lines."""
    text = re.sub(r'R"(\w*)\((.|\n)*?\)\1"', '""', text)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"'(\\.|[^'\\\n])*'", "''", text)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*(.|\n)*?\*/", "", text)
    text = text.replace("\\\n", " ")  # a macro's continued lines are its one line
    return "\n".join(line for line in text.split("\n") if not line.lstrip().startswith("#"))


def top_level_statements(text):
    """The statements at the top level of `npu`'s namespace and of the
    namespaces in it (jobs::, text::), detail's left out; keys:: as one."""
    text = text.replace("NPU_MEMORY_CONFIG_NAMESPACE_BEGIN", "").replace("NPU_MEMORY_CONFIG_NAMESPACE_END", "")
    statements, current, depth, parens, i = [], "", 0, 0, 0
    while i < len(text):
        c = text[i]
        if depth == 0 and c in "()":
            parens += 1 if c == "(" else -1
        if depth == 0 and parens > 0:  # a default argument's {} is no block
            current += c
        elif depth == 0 and c == "{":
            head = current.strip()
            namespace = re.fullmatch(r"namespace\s+(" + IDENTIFIER + ")", head)
            if namespace:  # detail's names are not API; keys:: is listed as a namespace
                depth_skip, i, begin = 1, i + 1, i + 1
                while depth_skip and i < len(text):
                    depth_skip += {"{": 1, "}": -1}.get(text[i], 0)
                    i += 1
                if namespace.group(1) == "keys":
                    statements.append(head)
                elif namespace.group(1) != "detail":  # jobs::, text::: each name inside counts, so qualified
                    statements.extend(namespace.group(1) + "::" + inner
                                      for inner in top_level_statements(text[begin:i - 1]))
                current = ""
                continue
            statements.append(head)
            depth, current = 1, ""
        elif depth > 0:
            depth += {"{": 1, "}": -1}.get(c, 0)
        elif c == ";":
            statements.append(current.strip())
            current = ""
        elif c == "}":
            current = ""
        else:
            current += c
        i += 1
    return statements


def declared_name(statement):
    qualified = re.match(r"(" + IDENTIFIER + r")::(?!\s*$)(.*)", statement, re.S)
    if qualified and not statement.startswith(("namespace", "using", "struct", "class", "enum")):
        inner = declared_name(qualified.group(2))
        return qualified.group(1) + "::" + inner if inner else None
    statement = re.sub(r"\[\[[^\]]*\]\]", " ", statement)
    statement = re.sub(r"^template\s*<[^{;]*?>\s*(?=(struct|class|using|inline|constexpr|\[|\w))", "", statement.strip())
    if not statement or statement.startswith(("static_assert", "friend")):
        return None
    match = re.match(r"namespace\s+(" + IDENTIFIER + ")", statement)
    if match:
        return match.group(1) + "::"
    match = re.match(r"(?:enum\s+class|enum|struct|class)\s+(" + IDENTIFIER + ")", statement)
    if match:
        return match.group(1)
    match = re.match(r"using\s+(" + IDENTIFIER + r")\s*=", statement)
    if match:
        return match.group(1)
    if "operator" in statement.split("(")[0]:
        return None
    match = re.search(r"(::)?(" + IDENTIFIER + r")\s*(?:<[^()<>]*>)?\s*\(", statement)  # a function
    if match and match.group(1):  # a member defined out of its class (CannRelease::parse) is no new name
        return None
    if match and "=" not in statement.split("(")[0]:
        return match.group(2) if match.group(2) not in KEYWORDS else None
    match = re.search(r"(" + IDENTIFIER + r")\s*(?:\[\s*\])?\s*(?:=|\{|$)", statement)  # a variable
    return match.group(1) if match else None


def public_names(include_dir):
    names = {}
    for header in sorted(pathlib.Path(include_dir).rglob("*.hpp")):
        if "detail" in header.parts:
            continue
        for statement in top_level_statements(strip(header.read_text(encoding="utf-8"))):
            name = declared_name(statement)
            if name:
                names.setdefault(name, str(header.relative_to(include_dir)))
    return names


INCLUDE = re.compile(r'^\s*#\s*include\s+[<"](npu/[^>"]+)[>"]', re.M)
UMBRELLA = "npu/memory_config_json.hpp"


def reachable_headers(include_dir):
    """The headers <npu/memory_config_json.hpp> includes, directly or not;
    every header where the tree has no such umbrella."""
    root = pathlib.Path(include_dir)
    if not (root / UMBRELLA).exists():
        return None
    seen, todo = set(), [UMBRELLA]
    while todo:
        header = todo.pop()
        if header in seen or not (root / header).exists():
            continue
        seen.add(header)
        todo.extend(INCLUDE.findall((root / header).read_text(encoding="utf-8")))
    return seen


def listed_names(api_md):
    """The identifiers the page puts in backticks in its prose (code blocks
    left out), and those its lists present as the library's: the backticked
    functions and types a list item names before its first ": "."""
    prose = re.sub(r"```.*?```", "", pathlib.Path(api_md).read_text(encoding="utf-8"), flags=re.S)
    mentioned, claimed = set(), set()
    for span in re.findall(r"`([^`]+)`", prose):
        for token in re.findall(r"(?<![\w.:\"<-])(" + IDENTIFIER + r")(::)?", span):
            mentioned.add(token[0] + token[1])
        for token in re.findall(r"(?<![\w.\"<-])(?:npu::)?((?:jobs|text)::" + IDENTIFIER + ")", span):
            mentioned.add(token)
    for item in re.findall(r"^- (.*(?:\n  .*)*)", prose, flags=re.M):
        names = re.split(r"(?<=[`)]):\s", item.replace("\n", " "), maxsplit=1)[0]
        for span in re.findall(r"`([^`]+)`", names):
            match = re.match(r"(?:npu::)?(" + IDENTIFIER + r")(?:<[^>]*>)?(\(|$)", span)
            if match and (match.group(2) == "(" or match.group(1)[0].isupper()) and not span.startswith("NPU_"):
                claimed.add(match.group(1))
    return mentioned, claimed


def main():
    include_dir, api_md = sys.argv[1], sys.argv[2]
    at_most = int(sys.argv[3]) if len(sys.argv) > 3 else None
    public = public_names(include_dir)
    mentioned, claimed = listed_names(api_md)
    unlisted = sorted(name for name in public if name not in mentioned)
    not_public = sorted(name for name in claimed if name not in public)
    for name in unlisted:
        print(f"docs/api.md does not list {name} ({public[name]})")
    for name in not_public:
        print(f"docs/api.md lists {name}, which no public header declares")
    reachable = reachable_headers(include_dir)
    seen = [name for name, header in public.items()
            if name != "keys::" and (reachable is None or header in reachable)]
    opt_in = {}
    for name, header in public.items():
        if name != "keys::" and name not in seen:
            opt_in.setdefault(header, []).append(name)
    counted = len(seen)
    over = at_most is not None and counted > at_most
    where = "a launcher of <" + UMBRELLA + "> sees" if reachable is not None else "the headers declare"
    if over:
        print(f"{where} {counted} public names (keys:: aside), more than {at_most}")
    print(f"{len(public)} public names; {len(unlisted)} unlisted, {len(not_public)} listed but not public")
    if reachable is not None:
        print(f"{counted} through <{UMBRELLA}> (keys:: aside); opt-in: " +
              ", ".join(f"{header.split('memory_config/', 1)[-1]} {len(names)}" for header, names in sorted(opt_in.items())))
    return 1 if unlisted or not_public or over else 0


if __name__ == "__main__":
    sys.exit(main())
