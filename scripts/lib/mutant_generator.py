#!/usr/bin/env python3
"""Mutants that nobody chooses: generated mechanically from source lines.

Hand-written mutants (tests/mutants/*.patch) test what their author thought
of. These are made by rule, on the lines a change adds (diff-based mutation
testing, as large code bases run it in review) or over whole files (an
audit), each one edit of one line or statement:

  C++ (include/, tools/), on code outside comments, strings and the
  preprocessor:
    relational   == and != swapped for each other; < <= > >= shifted (< to <=, <= to <)
    logical      one operand of && or || dropped (where both stand on its line)
    not          a unary ! removed
    element      an element of a one-line braced list removed; a table row
                 (a line that is one braced row) removed
    string       a string literal emptied ("" becomes "x")
    char         a character literal changed
    integer      an integer literal moved by one (down; 0 up)
    statement    a one-line call, assignment, increment, break or continue deleted
    boolean      a returned true or false flipped
  Python (python/, tools/), over its own ast, the node's source replaced by
  ast.unparse of the mutated node: the same rules (comparisons, `in`/`is`
  negated, a boolean operand dropped, `not` removed, an element of a
  list, tuple, set or dict display removed, str and int constants, a call,
  assignment, break or continue replaced by `pass`, a returned bool flipped).

A mutant's name is "gen-STEM-RULE-HASH", HASH from the file's path, the
rule, the text before and after and which occurrence of that edit it is:
the same mutant keeps its name while its line is unchanged, wherever the
line moves.

    mutant_generator.py list (--change BASE | --files PATH... | --recorded)
        "NAME <tab> PATH <tab> LINE <tab> RULE <tab> EDIT" for each mutant on
        the lines that the working tree adds to BASE (git diff BASE), in
        the whole files named, or that the ledger names and the tree holds
    mutant_generator.py write DIR (--change BASE | --files PATH... | --recorded)
        also writes each as DIR/NAME.patch, a unified diff git apply takes,
        its first line saying what it changes
    mutant_generator.py plan LIST SAMPLE [--every | --survivors]
        "NAME <tab> WHY <tab> STAGE" for each mutant of LIST (what list or
        write printed) to run: those that survived last time ("survived
        before") and SAMPLE of the others drawn by their names, keyed by
        the names of LIST's mutants (so the same draw until the code
        changes, whatever else a commit holds: a person before a commit and
        CI after it draw the same): those with no verdict in the ledger
        (WHY "new") and the recorded kills (WHY "sampled"; STAGE the one
        that killed it). Those recorded as equivalent never run.
        --every: also every mutant with no verdict.
        --survivors: those that survived last time only.
    mutant_generator.py record LIST VERDICTS
        sets the ledger's line of each "killed NAME STAGE", "survived NAME"
        or "discarded NAME" (it does not compile) of VERDICTS
    mutant_generator.py prune
        drops the ledger's lines of mutants the tree no longer holds
    mutant_generator.py score PATH...
        for each file, its mutants now and their verdicts: killed,
        survived, equivalent, discarded, not run, and the score (killed
        of killed and survived)
    mutant_generator.py schema PATH ACTIVE_FILE NAMES_FILE OUT DROPPED_FILE [BUILD_LOG]
        writes OUT, PATH's mutant schema: the file holding at once those of
        the mutants NAMES_FILE names that it can, each behind a test of the
        number that ACTIVE_FILE holds when a process starts (none when it
        is absent), and prints "NAME <tab> NUMBER" for each. It leaves out
        the lines DROPPED_FILE lists and, given the BUILD_LOG of the
        schema's failed build, the lines of PATH that the log names (added
        to DROPPED_FILE); exits 3 when the log names none (mutants that
        cannot share a build are then built alone). A C++ comparison, ! or
        dropped operand becomes a choice between the operand of && and ||
        (or the whole chain) as mutated and as written; a literal, a choice
        between two literals; a deleted statement, one kept unless active.

The ledger, tests/mutants/generated/ledger.tsv, keeps a line per mutant run:
"NAME <tab> VERDICT <tab> PATH:LINE <tab> RULE <tab> EDIT", VERDICT "killed
STAGE", "survived" or "discarded". A kill is not re-proved while the line
is unchanged (its name is the same), but for the sample: the hand-written
mutants' hashes (scripts/lib/mutation_ledger.py) would have every header
change rerun them all. tests/mutants/generated/equivalent.tsv, reviewed
by hand, keeps "NAME <tab> PATH:LINE <tab> EDIT <tab> why no test could
ever see it". tests/mutants/generated/base holds the commit that the change
under way started from (scripts/mutate --generated mutates the lines added
since).
Run from the repository's root.
"""
import ast
import difflib
import hashlib
import os
import re
import subprocess
import sys

from mutation_ledger import rows, write_rows  # the hand-written mutants' ledger: its table files

MUTATED_FOLDERS = ("include/", "tools/", "python/")

# ---------------------------------------------------------------- C++ ----

# A C++ token of a line: what the rules look at, and where it is.
TOKEN = re.compile(r"""
    (?P<string>(?:u8|[uUL])?"(?:[^"\\]|\\.)*")
  | (?P<char>(?:u8|[uUL])?'(?:[^'\\]|\\.)+')
  | (?P<number>\b(?:0[xX][0-9a-fA-F']+|\d[\d']*(?:\.\d*)?(?:[eE][+-]?\d+)?)[uUlLfF]*\b)
  | (?P<word>[A-Za-z_]\w*)
  | (?P<op>&&|\|\||==|!=|<=|>=|<<|>>|->|::|\+\+|--|[-+*/%&|^!~<>=?:;,.(){}\[\]])
  | (?P<space>\s+)
""", re.VERBOSE)


class Token:
    def __init__(self, kind, text, start):
        self.kind, self.text, self.start, self.end = kind, text, start, start + len(text)


def code_lines(text):
    """Each line's code: its tokens, or None for a line that is not code to
    mutate (a preprocessor line, a static_assert, one that a raw string
    touches, one inside a block comment). Comments are cut out of the rest."""
    result, in_comment, in_raw = [], False, None
    for line in text.split("\n"):
        if in_comment:
            in_comment = "*/" not in line
            result.append(None)
            continue
        if in_raw:
            if in_raw in line:
                in_raw = None
            result.append(None)
            continue
        stripped = line.lstrip()
        if stripped.startswith("#") or stripped.startswith("//") or "static_assert" in line:
            result.append(None)
            continue
        raw = re.search(r'R"([^()\\ ]{0,16})\(', line)
        if raw:
            closing = ")" + raw.group(1) + '"'
            if closing not in line[raw.end():]:
                in_raw = closing
            result.append(None)
            continue
        tokens, position = [], 0
        while position < len(line):
            if line.startswith("//", position):
                break
            if line.startswith("/*", position):
                end = line.find("*/", position + 2)
                if end < 0:
                    in_comment = True
                    break
                position = end + 2
                continue
            match = TOKEN.match(line, position)
            if not match:
                tokens = None  # something this lexer does not know: leave the line alone
                break
            if match.lastgroup != "space":
                tokens.append(Token(match.lastgroup, match.group(), position))
            position = match.end()
        result.append(tokens)
    return result


def replaced(line, start, end, text):
    return line[:start] + text + line[end:]


def operand_bounds(line, tokens, index):
    """The operands of the && or || at tokens[index], as (start, end) column
    pairs within the line, or None when either runs past the line."""
    def scan(step):
        depth, position = 0, index + step
        while 0 <= position < len(tokens):
            token = tokens[position]
            if token.text in ("(", "[", "{") and step > 0 or token.text in (")", "]", "}") and step < 0:
                depth += 1
            elif token.text in ("(", "[", "{") or token.text in (")", "]", "}"):
                if depth == 0:
                    return position
                depth -= 1
            elif depth == 0 and token.text in ("&&", "||", ";", ",", "?", "return"):
                if token.text in ("&&", "||") and token.text != tokens[index].text:
                    return None  # mixed && and || without parentheses: precedence, not an operand
                return position
            elif depth == 0 and token.text == "=":
                return position
            position += step
        return None

    left, right = scan(-1), scan(1)
    if left is None or right is None or left + 1 >= index or index + 1 >= right:
        return None
    return (tokens[left + 1].start, tokens[index - 1].end), (tokens[index + 1].start, tokens[right - 1].end)


STATEMENT_START = re.compile(r"^\s*(?:(?:\+\+|--)[\w.\->\[\]:]+|[\w:]+(?:(?:\.|->|::)\w+|\[[^\]]*\])*\s*"
                             r"(?:\(.*\)|(?:[-+*/%&|^]?=|<<=|>>=)\s*.+|\+\+|--));\s*(?://.*)?$")
DECLARATION_WORDS = {"return", "auto", "const", "constexpr", "static", "using", "typedef", "throw", "case", "default",
                     "delete", "new", "goto", "co_return", "template", "inline", "friend", "virtual", "explicit"}


def statement_line(lines, number, tokens):
    """Whether line NUMBER (0-based) is a whole statement of its own that
    the statement rule may delete: a call, an assignment, an increment, a
    break or a continue, begun after a statement, a brace or a label."""
    line = lines[number]
    if re.match(r"^\s*(break|continue);\s*$", line):
        return True
    if not tokens or tokens[0].kind != "word" and tokens[0].text not in ("++", "--"):
        return False
    if tokens[0].text in DECLARATION_WORDS or not STATEMENT_START.match(line):
        return False
    # A declaration "Type name = ..." or "Type name(...)" has two words in a row.
    for first, second in zip(tokens, tokens[1:]):
        if first.text in ("(", "=", "+=", "-=", "|=", "&="):
            break
        if first.kind == "word" and second.kind == "word" or first.text in (">", "&", "*") and second.kind == "word":
            return False
    if line.count("(") != line.count(")") or line.count("{") != line.count("}"):
        return False
    previous = number - 1
    while previous >= 0 and (not lines[previous].strip() or lines[previous].strip().startswith("//")):
        previous -= 1
    return previous < 0 or lines[previous].rstrip().endswith((";", "{", "}", ":"))


def row_line(lines, number, tokens):
    """A table row: a line that is one braced element "{...}," of a list."""
    line = lines[number].strip()
    if not tokens or not (line.startswith("{") and line.endswith(("},", "}"))):
        return False
    depth = 0
    for token in tokens:
        depth += token.text == "{"
        depth -= token.text == "}"
        if depth == 0 and token is not tokens[-1] and not (token.text == "}" and tokens[-1].text == ","):
            return False
    return depth == 0


def braced_elements(tokens):
    """For each one-line braced list of two elements or more, the column
    ranges of its elements, each with the comma that follows or precedes."""
    lists, stack = [], []
    for position, token in enumerate(tokens):
        if token.text == "{":
            stack.append((position, []))
        elif token.text in ("(", "["):
            stack.append((position, None))
        elif token.text in (")", "]") and stack:
            stack.pop()
        elif token.text == "," and stack and stack[-1][1] is not None:
            stack[-1][1].append(position)
        elif token.text == "}" and stack:
            opening, commas = stack.pop()
            if commas is None or not commas or position == opening + 1:
                continue
            bounds = [opening] + commas + [position]
            elements = []
            for k in range(len(bounds) - 1):
                first, last = bounds[k] + 1, bounds[k + 1] - 1
                if first > last:
                    continue
                if k + 1 < len(bounds) - 1:  # the element and the comma after it
                    elements.append((tokens[first].start, tokens[bounds[k + 1] + 1].start))
                else:  # the last element and the comma before it
                    elements.append((tokens[bounds[k]].start, tokens[last].end))
            lists.append(elements)
    return lists


# Equality negated, an order's boundary shifted: one mutant an operator.
RELATIONAL = {"==": "!=", "!=": "==", "<": "<=", "<=": "<", ">": ">=", ">=": ">"}


def changed_char(body):
    return "' '" if body != " " else "'_'"


def cpp_mutants(path, text, wanted):
    """(line number, rule, old line, new lines) of each C++ mutant on the wanted lines (1-based)."""
    lines = text.split("\n")
    for index, tokens in enumerate(code_lines(text)):
        number = index + 1
        if tokens is None or number not in wanted or not tokens:
            continue
        line = lines[index]
        for position, token in enumerate(tokens):
            before = line[token.start - 1:token.start] if token.start else ""
            after = line[token.end:token.end + 1]
            if token.text in RELATIONAL and before == " " and after == " ":
                yield number, "relational", [replaced(line, token.start, token.end, RELATIONAL[token.text])]
            elif token.text in ("&&", "||"):
                bounds = operand_bounds(line, tokens, position)
                if bounds:
                    (left_start, left_end), (right_start, right_end) = bounds
                    yield number, "logical", [replaced(line, left_start, right_start, "")]
                    yield number, "logical", [replaced(line, left_end, right_end, "")]
            elif token.text == "!" and position + 1 < len(tokens):
                yield number, "not", [replaced(line, token.start, token.end, "")]
            elif token.kind == "string" and token.text.startswith('"'):
                changed = '""' if token.text != '""' else '"x"'
                yield number, "string", [replaced(line, token.start, token.end, changed)]
            elif token.kind == "char" and token.text.startswith("'"):
                yield number, "char", [replaced(line, token.start, token.end, changed_char(token.text[1:-1]))]
            elif token.kind == "number" and re.fullmatch(r"\d+[uUlL]*", token.text):
                digits = re.match(r"\d+", token.text).group()
                suffix = token.text[len(digits):]
                if not (len(digits) > 1 and digits.startswith("0")):  # octal: left alone
                    moved = str(int(digits) - 1 if int(digits) else 1)
                    yield number, "integer", [replaced(line, token.start, token.end, moved + suffix)]
            elif token.text in ("true", "false") and position > 0 and tokens[position - 1].text == "return":
                flipped = "false" if token.text == "true" else "true"
                yield number, "boolean", [replaced(line, token.start, token.end, flipped)]
        for elements in braced_elements(tokens) if tokens[0].text != "enum" else []:
            for start, end in elements:
                yield number, "element", [replaced(line, start, end, "")]
        if row_line(lines, index, tokens):
            yield number, "element", []
        elif statement_line(lines, index, tokens):
            yield number, "statement", []


# ------------------------------------------------------------- Python ----

class PythonSites(ast.NodeVisitor):
    """Each Python mutant as (node, rule, replacement source)."""
    NEGATED = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot,
               ast.IsNot: ast.Is}
    SHIFTED = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}

    def __init__(self):
        self.sites = []

    def add(self, node, rule, replacement):
        self.sites.append((node, rule, replacement if isinstance(replacement, str) else ast.unparse(replacement)))

    def visit_Compare(self, node):
        for k, operator in enumerate(node.ops):
            other = self.NEGATED.get(type(operator)) or self.SHIFTED.get(type(operator))
            if other:
                ops = list(node.ops)
                ops[k] = other()
                self.add(node, "relational", ast.Compare(node.left, ops, node.comparators))
        self.generic_visit(node)

    def visit_BoolOp(self, node):
        for k in range(len(node.values)):
            rest = node.values[:k] + node.values[k + 1:]
            self.add(node, "logical", rest[0] if len(rest) == 1 else ast.BoolOp(node.op, rest))
        self.generic_visit(node)

    def visit_UnaryOp(self, node):
        if isinstance(node.op, ast.Not):
            self.add(node, "not", node.operand)
        self.generic_visit(node)

    def elements(self, node, items, make):
        if len(items) >= 1:
            for k in range(len(items)):
                self.add(node, "element", make(items[:k] + items[k + 1:]))

    def visit_List(self, node):
        self.elements(node, node.elts, lambda rest: ast.List(rest, node.ctx))
        self.generic_visit(node)

    def visit_Tuple(self, node):
        if isinstance(node.ctx, ast.Load) and len(node.elts) >= 2:
            self.elements(node, node.elts, lambda rest: "(" + ", ".join(ast.unparse(e) for e in rest) +
                          ("," if len(rest) == 1 else "") + ")")
        self.generic_visit(node)

    def visit_Set(self, node):
        if len(node.elts) >= 2:
            self.elements(node, node.elts, lambda rest: ast.Set(rest))
        self.generic_visit(node)

    def visit_Dict(self, node):
        pairs = list(zip(node.keys, node.values))
        self.elements(node, pairs, lambda rest: ast.Dict([k for k, _ in rest], [v for _, v in rest]))
        self.generic_visit(node)

    def visit_JoinedStr(self, node):
        pass  # an f-string's parts are not literals of their own

    def visit_Constant(self, node):
        value = node.value
        if isinstance(value, bool):
            return
        if isinstance(value, str):
            self.add(node, "string", ast.Constant("" if value else "x"))
        elif isinstance(value, int):
            self.add(node, "integer", ast.Constant(value - 1 if value else 1))

    def visit_Return(self, node):
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, bool):
            self.add(node.value, "boolean", ast.Constant(not node.value.value))
        self.generic_visit(node)

    def statement(self, node):
        self.add(node, "statement", "pass")
        self.generic_visit(node)

    def visit_Expr(self, node):
        if isinstance(node.value, ast.Call):
            self.statement(node)
        else:
            self.generic_visit(node)

    visit_Assign = visit_AugAssign = visit_Break = visit_Continue = statement


def python_mutants(path, text, wanted):
    lines = text.split("\n")
    tree = ast.parse(text, path)
    # A docstring is documentation, not behaviour.
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    sites = PythonSites()
    sites.visit(tree)
    for node, rule, replacement in sites.sites:
        if id(node) in docstrings or node.lineno not in wanted:
            continue
        first, last = node.lineno - 1, node.end_lineno - 1
        head, tail = lines[first][:node.col_offset], lines[last][node.end_col_offset:]
        if rule == "statement" and (head.strip() or tail.strip()):
            continue  # a statement sharing its line: left alone
        span = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
        yield node.lineno, rule, (head + replacement + tail).split("\n"), last - first + 1, (span, replacement)


# ------------------------------------------------------------- common ----

def mutants_of(path, wanted=None):
    """Each mutant of PATH, on the wanted lines (all when None), as a dict."""
    with open(path, encoding="utf-8") as source:
        text = source.read()
    lines = text.split("\n")
    wanted = wanted if wanted is not None else set(range(1, len(lines) + 1))
    if path.endswith(".py"):
        found = python_mutants(path, text, wanted)
    elif path.endswith((".hpp", ".cpp", ".h")):
        found = ((number, rule, new, 1, None) for number, rule, new in cpp_mutants(path, text, wanted))
    else:
        return []
    seen, result = {}, []
    stem = re.sub(r"[^A-Za-z0-9]+", "-", os.path.splitext(os.path.basename(path))[0])
    for number, rule, new, count, site in found:
        old = lines[number - 1:number - 1 + count]
        if new == old:
            continue
        key = f"{path}\n{rule}\n" + "\n".join(old) + "\n=>\n" + "\n".join(new)
        seen[key] = seen.get(key, 0) + 1
        digest = hashlib.sha256(f"{key}\n{seen[key]}".encode()).hexdigest()[:10]
        edit = " / ".join(part.strip() for part in new) if new else "(line removed)"
        result.append({"name": f"gen-{stem}-{rule}-{digest}", "path": path, "line": number, "rule": rule,
                       "old": old, "new": new, "edit": edit, "lines": lines, "site": site})
    return result


def added_lines(base):
    """{path: set of line numbers} that the working tree adds to BASE."""
    diff = subprocess.run(["git", "diff", "--unified=0", "--no-color", "--no-ext-diff", base, "--", *MUTATED_FOLDERS],
                          capture_output=True, text=True, check=True).stdout
    added, path = {}, None
    for line in diff.split("\n"):
        if line.startswith("+++ "):
            path = line[6:] if line.startswith("+++ b/") else None
        elif line.startswith("@@") and path:
            match = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", line)
            start, count = int(match.group(1)), int(match.group(2) or 1)
            added.setdefault(path, set()).update(range(start, start + count))
    # Files git does not track yet are added whole.
    untracked = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "--", *MUTATED_FOLDERS],
                               capture_output=True, text=True, check=True).stdout.split()
    for path in untracked:
        added[path] = None
    return added


def selected(arguments):
    if arguments == ["--recorded"]:
        # Without the change's base (a shallow clone): the ledger's mutants
        # that the tree still holds.
        ledger = table(LEDGER)
        paths = sorted({row[1].rsplit(":", 1)[0] for row in ledger.values()})
        return [mutant for path in paths if os.path.isfile(path) for mutant in mutants_of(path)
                if mutant["name"] in ledger]
    if arguments[:1] == ["--change"] and len(arguments) == 2:
        wanted = added_lines(arguments[1])
    elif arguments[:1] == ["--files"] and len(arguments) > 1:
        wanted = {path: None for path in arguments[1:]}
    else:
        raise SystemExit(__doc__)
    result = []
    for path in sorted(wanted):
        if os.path.isfile(path) and not path.startswith(("python/tests/", "tests/")):
            result += mutants_of(path, wanted[path])
    return result


def patch_of(mutant):
    lines, number = mutant["lines"], mutant["line"]
    after = lines[:number - 1] + mutant["new"] + lines[number - 1 + len(mutant["old"]):]
    diff = difflib.unified_diff([line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else []),
                                [line + "\n" for line in after[:-1]] + ([after[-1]] if after[-1] else []),
                                "a/" + mutant["path"], "b/" + mutant["path"], n=3)
    header = f"# {mutant['path']}:{number}: {mutant['rule']}: {mutant['edit']}\n"
    return header + "".join(diff)


# ------------------------------------------------------------ schemata ----
#
# A mutant schema is a file holding many of its mutants at once, each
# behind a test of which one is active: compiled once, then each mutant
# runs by naming it in a file that the schema reads at run time (a file,
# not the environment, so that it reaches every process the tests start,
# however they set their environment). A mutant that its schema cannot
# hold (a table row or list element, a literal where a constant is
# needed: the build says where) is built alone from its patch.

# What ends an operand at the level of && and || (brackets aside).
EXPRESSION_ENDS = {"&&", "||", "?", ":", ";", ",", "=", "+=", "-=", "*=", "/=", "|=", "&=", "return", "throw", "case",
                   "<<", ">>"}


def expression_span(tokens, first, last, rule, before, after):
    """The column range of the expression that holds tokens[first..last]
    for RULE: the literal itself, or the operand of && and || (a chain of
    one operator whole, for a dropped operand) that holds a comparison or
    a !. It may reach the line's start or end only where the code line
    BEFORE or AFTER (its tokens, None for none) cannot continue it. None
    when it cannot be told."""
    if rule in ("string", "char", "integer", "boolean"):
        return tokens[first].start, tokens[last].end
    ends = EXPRESSION_ENDS - ({tokens[first].text, tokens[last].text} & {"&&", "||"} if rule == "logical" else set())
    opening, closing = ("(", "[", "{"), (")", "]", "}")

    def scan(position, step):
        """The last token of the expression from POSITION on, going STEP; None past the line."""
        depth = 0
        while 0 <= position + step < len(tokens):
            text = tokens[position + step].text
            if text in (opening if step > 0 else closing):
                depth += 1
            elif text in (closing if step > 0 else opening):
                if depth == 0:
                    return position
                depth -= 1
            elif depth == 0 and text in ends:
                return position
            position += step
        if depth:
            return None
        neighbour = after if step > 0 else before
        if neighbour is None:
            return position
        edge = neighbour[0].text if step > 0 else neighbour[-1].text
        return position if edge in ends or edge in (closing if step > 0 else opening + ("}",)) else None

    left, right = scan(first, -1), scan(last, 1)
    if left is None or right is None:
        return None
    return tokens[left].start, tokens[right].end


def cpp_schema_sites(mutant, tokens, before, after):
    """(start, end, replacement) in the mutant's line for its schema, or
    None when the schema cannot hold it; for a deleted statement, the
    range of its code and None."""
    old = mutant["old"][0]
    if mutant["rule"] == "statement":
        # After a label, its deletion may not compile (a label ends no block): its patch says.
        return (tokens[0].start, tokens[-1].end, None) if not before or before[-1].text != ":" else None
    if mutant["rule"] == "element" or not mutant["new"]:
        return None
    new = mutant["new"][0]
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(old), len(new)) - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    changed_start, changed_end = prefix, len(old) - suffix
    # An insertion (< to <=) touches the token on either side of it.
    low, high = (changed_start, changed_end) if changed_end > changed_start else (changed_start - 1, changed_start + 1)
    touched = [k for k, token in enumerate(tokens) if token.end > low and token.start < high]
    if not touched:
        return None
    span = expression_span(tokens, touched[0], touched[-1], mutant["rule"], before, after)
    if span is None or span[0] > changed_start or span[1] < changed_end:
        return None
    start, end = span
    replacement = new[start:end + len(new) - len(old)]
    # Where the text leaves the edit's place open (an operand dropped before
    # one that begins alike), the bytes that differ may straddle brackets:
    # a choice there would change the code it does not mutate.
    if not balanced(tokens, start, end) or not balanced(code_lines(replacement)[0] or [], 0, len(replacement)):
        return None
    return start, end, replacement


def balanced(tokens, start, end):
    """Whether the tokens within columns [start, end) close every bracket they open, in order."""
    depth = 0
    for token in tokens:
        if token.start >= start and token.end <= end:
            depth += token.text in ("(", "[", "{")
            depth -= token.text in (")", "]", "}")
            if depth < 0:
                return False
    return depth == 0


def nest(sites):
    """Sites (start, end, ...) as a forest, each with the sites it holds;
    a site that overlaps another without holding it is left out (its
    mutants are built alone)."""
    roots, stack = [], []
    for site in sorted(sites, key=lambda site: (site[0], -site[1])):
        while stack and stack[-1][0][1] <= site[0]:
            stack.pop()
        if stack and site[1] > stack[-1][0][1]:
            continue
        node = (site, [])
        (stack[-1][1] if stack else roots).append(node)
        stack.append(node)
    return roots


def render(text, start, end, children, wrap):
    """TEXT[start:end] with each child site replaced by wrap(site, its own rendering)."""
    parts, position = [], start
    for site, grandchildren in children:
        parts.append(text[position:site[0]])
        parts.append(wrap(site, render(text, site[0], site[1], grandchildren, wrap)))
        position = site[1]
    parts.append(text[position:end])
    return "".join(parts)


def choice_wrapper(held, kept, chosen):
    """The wrap of render() for a schema: each mutant of a site numbered in
    `held` as it is written; a deleted statement as kept(number, the
    statement), the others as a chain of chosen(number, replacement)
    ending with the text as written."""
    def wrap(site, inner):
        statements = [name for name, replacement in site[2] if replacement is None]
        if statements:  # a statement: kept unless its mutant is the active one
            held[statements[0]] = len(held) + 1
            return kept(held[statements[0]], inner)
        choices = []
        for name, replacement in site[2]:
            held[name] = len(held) + 1
            choices.append(chosen(held[name], replacement))
        return "(" + "".join(choices) + f"({inner}))"
    return wrap


def cpp_schema(text, mutants, active_file, dropped_lines):
    """The schema of a C++ file and the mutants it holds ({name: id})."""
    lines = text.split("\n")
    tokens_of = code_lines(text)
    by_line, held = {}, {}
    wrap = choice_wrapper(
        held, lambda number, inner: f"{{ if (npu_mutant_schema::active() != {number}) {{ {inner} }} }}",
        lambda number, replacement: f"npu_mutant_schema::active() == {number} ? ({replacement}) : ")
    for mutant in mutants:
        number = mutant["line"]
        if number in dropped_lines or len(mutant["old"]) != 1:
            continue
        neighbours = (next((tokens for tokens in reversed(tokens_of[:number - 1]) if tokens), None),
                      next((tokens for tokens in tokens_of[number:] if tokens), None))
        site = cpp_schema_sites(mutant, tokens_of[number - 1], *neighbours)
        if site:
            by_line.setdefault(number, []).append((*site, mutant["name"]))
    for number, sites in by_line.items():
        # One site per range, its mutants tried in turn.
        ranges = {}
        for start, end, replacement, name in sites:
            ranges.setdefault((start, end), []).append((name, replacement))
        roots = nest([(start, end, ranges[start, end]) for start, end in ranges])

        line = lines[number - 1]
        lines[number - 1] = render(line, 0, len(line), roots, wrap)
    preamble = ["#include <cstdio>",
                "namespace npu_mutant_schema { inline int active() { static const int id = [] { int n = -1; "
                f"if (std::FILE* f = std::fopen(\"{active_file}\", \"r\")) {{ if (std::fscanf(f, \"%d\", &n) != 1) "
                "n = -1; std::fclose(f); } return n; }(); return id; } }"]
    after = next((k + 1 for k, line in enumerate(lines) if line.strip() == "#pragma once"), 0)
    return "\n".join(lines[:after] + preamble + lines[after:]), held, (after, len(preamble))


def python_schema(text, mutants, active_file, dropped_lines):
    """The schema of a Python file and the mutants it holds ({name: id})."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def offset(line, column):  # ast's columns count UTF-8 bytes
        return starts[line - 1] + len(lines[line - 1].encode()[:column].decode())

    # The preamble goes after the module's docstring and its __future__
    # imports, which must come first; a mutant of those lines is built alone.
    after = 0
    for statement in ast.parse(text).body:
        docstring = isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) and after == 0
        if not (docstring or (isinstance(statement, ast.ImportFrom) and statement.module == "__future__")):
            break
        after = statement.end_lineno
    head = starts[after]

    ranges = {}
    for mutant in mutants:
        (line, column, end_line, end_column), replacement = mutant["site"]
        if line > after and not dropped_lines & set(range(line, end_line + 1)):
            span = (offset(line, column), offset(end_line, end_column))
            ranges.setdefault(span, []).append((mutant["name"], None if mutant["rule"] == "statement" else replacement))
    roots = nest([(start, end, ranges[start, end]) for start, end in ranges])
    held = {}
    wrap = choice_wrapper(held, lambda number, inner: f"if _npu_mutant != {number}: {inner}",
                          lambda number, replacement: f"({replacement}) if _npu_mutant == {number} else ")

    preamble = (f"_npu_mutant = int(open({active_file!r}).read().strip() or -1) "
                f"if __import__('os').path.exists({active_file!r}) else -1")
    return text[:head] + preamble + "\n" + render(text, head, len(text), roots, wrap), held, (after, 1)


def schema(path, active_file, names, dropped_lines=()):
    """The schema of PATH holding those of the named mutants it can, as
    (text, {name: id}, (line after which the preamble stands, its lines)).
    A Python schema that does not parse leaves the line that fails out, in
    turn (a C++ one is told so by its build: schema_errors)."""
    with open(path, encoding="utf-8") as source:
        text = source.read()
    mutants = [mutant for mutant in mutants_of(path) if mutant["name"] in names]
    dropped = set(dropped_lines)
    while True:
        if not path.endswith(".py"):
            return cpp_schema(text, mutants, active_file, dropped)
        result = python_schema(text, mutants, active_file, dropped)
        try:
            ast.parse(result[0])
            return result
        except SyntaxError as error:
            after, count = result[2]
            line = error.lineno if error.lineno <= after else error.lineno - count
            if line in dropped or not after < line <= len(text.split("\n")):
                return text, {}, (0, 0)
            dropped.add(line)


def schema_errors(path, log_text, preamble):
    """The lines of PATH (its own numbering) that a build log of its schema names."""
    after, count = preamble
    lines = set()
    for match in re.finditer(r"(?:^|[\s/])" + re.escape(path) + r":(\d+)(?::\d+)?", log_text):
        number = int(match.group(1))
        if number > after + count:
            lines.add(number - count)
        elif number <= after:
            lines.add(number)
    return lines


def write_schema(arguments):
    """schema PATH ACTIVE_FILE NAMES_FILE OUT DROPPED_FILE [BUILD_LOG]: see the module's help."""
    path, active_file, names_file, out, dropped_file, *log = arguments
    with open(names_file, encoding="utf-8") as names:
        wanted = set(names.read().split())
    dropped = set()
    if os.path.exists(dropped_file):
        with open(dropped_file, encoding="utf-8") as previous:
            dropped = {int(line) for line in previous.read().split()}
    if log:
        _, _, preamble = schema(path, active_file, wanted, dropped)
        with open(log[0], encoding="utf-8", errors="replace") as build:
            named = schema_errors(path, build.read(), preamble)
        open_lines = {mutant["line"] for mutant in mutants_of(path) if mutant["name"] in wanted} - dropped
        new = named & open_lines
        if not new:  # an error where a mutated line is used (a static_assert on the array it sizes): the line above
            new = {max((line for line in open_lines if line < number), default=0) for number in named} - {0}
        if not new:
            sys.stderr.write(f"mutate: the schema of {path} fails to build, at no line of a mutant\n")
            return 3
        dropped |= new
        with open(dropped_file, "w", encoding="utf-8") as kept:
            kept.write("".join(f"{line}\n" for line in sorted(dropped)))
    text, held, _ = schema(path, active_file, wanted, dropped)
    with open(out, "w", encoding="utf-8") as schema_file:
        schema_file.write(text)
    for name, number in held.items():
        print(f"{name}\t{number}")
    return 0


LEDGER = "tests/mutants/generated/ledger.tsv"
EQUIVALENT = "tests/mutants/generated/equivalent.tsv"
LEDGER_HEADER = "# mutant\tverdict\tplace when run\trule\tedit (scripts/mutate --generated writes this file)\n"


def table(path):
    return {row[0]: row[1:] for row in rows(path)}


def plan(list_path, sample, scope="draw"):
    ledger, equivalent = table(LEDGER), table(EQUIVALENT)
    mutants = [row[0] for row in rows(list_path) if row[0] not in equivalent]
    # A survivor is judged again: a test may have been added since.
    survivors = [name for name in mutants if ledger.get(name, [""])[0] == "survived"]
    # The draw is keyed by the mutants themselves (equivalents too), which
    # only a change to the code changes: the run before a commit and CI's
    # after it, whatever the commit holds besides (the ledgers), draw the same.
    key = hashlib.sha256("\n".join(sorted(row[0] for row in rows(list_path))).encode()).hexdigest()
    drawable = [name for name in mutants if name not in ledger or ledger[name][0].startswith("killed ")]
    drawn = sorted(drawable,
                   key=lambda name: hashlib.sha256(f"{key} {name}".encode()).hexdigest())[:sample]
    new = [name for name in mutants if name not in ledger]
    if scope == "survivors":
        drawn, new = [], []
    elif scope == "draw":
        new = [name for name in new if name in drawn]
    sampled = [name for name in drawn if name in ledger]
    left = sum(1 for name in mutants if name not in ledger) - len(new)
    sys.stderr.write(f"mutate: {len(mutants)} generated mutants not equivalent: {len(survivors)} survivors, "
                     f"{len(drawn)} drawn ({len(new)} with no verdict, {len(sampled)} recorded kills)"
                     + (f", {left} others with no verdict left for --every" if left else "") + "\n")
    for name in new:
        print(f"{name}\tnew\t-")
    for name in survivors:
        print(f"{name}\tsurvived before\t-")
    for name in sampled:
        print(f"{name}\tsampled\t{ledger[name][0].split(' ')[1]}")
    return 0


def record(list_path, verdicts_path):
    ledger = table(LEDGER)
    where = table(list_path)
    for verdict in rows(verdicts_path):
        fate, name, *stage = verdict[0].split(" ")
        path, line, rule, edit = where[name]
        ledger[name] = [" ".join([fate, *stage]), f"{path}:{line}", rule, edit]
    write_ledger(ledger)
    return 0


def write_ledger(ledger):
    os.makedirs(os.path.dirname(LEDGER), exist_ok=True)
    write_rows(LEDGER, LEDGER_HEADER, [[name, *row] for name, row in ledger.items()])


def prune():
    """Drops the ledger's lines of mutants the tree no longer holds (their line changed)."""
    ledger = table(LEDGER)
    held = {mutant["name"] for mutant in selected(["--recorded"])}
    gone = sorted(set(ledger) - held)
    write_ledger({name: row for name, row in ledger.items() if name in held})
    sys.stderr.write(f"mutate: {len(gone)} ledger lines of mutants the tree no longer holds dropped\n")
    return 0


def score(paths):
    ledger, equivalent = table(LEDGER), table(EQUIVALENT)
    print("file\tmutants\tkilled\tsurvived\tequivalent\tdiscarded\tnot run\tscore")
    for path in paths:
        counts = dict.fromkeys(["killed", "survived", "equivalent", "discarded", "not run"], 0)
        mutants = mutants_of(path)
        for mutant in mutants:
            name = mutant["name"]
            if name in equivalent:
                fate = "equivalent"
            else:
                fate = ledger[name][0].split(" ")[0] if name in ledger else "not run"
            counts[fate] += 1
        judged = counts["killed"] + counts["survived"]
        rate = f"{100 * counts['killed'] / judged:.1f} %" if judged else "-"
        print("\t".join([path, str(len(mutants)), *map(str, counts.values()), rate]))
    return 0


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    verb, arguments = sys.argv[1], sys.argv[2:]
    if verb == "plan":
        scopes = {(): "draw", ("--every",): "every", ("--survivors",): "survivors"}
        if tuple(arguments[2:]) not in scopes:
            raise SystemExit(__doc__)
        return plan(arguments[0], int(arguments[1]), scopes[tuple(arguments[2:])])
    if verb == "record":
        return record(arguments[0], arguments[1])
    if verb == "score":
        return score(arguments)
    if verb == "prune":
        return prune()
    if verb == "schema":
        return write_schema(arguments)
    if verb == "write":
        folder, arguments = arguments[0], arguments[1:]
        os.makedirs(folder, exist_ok=True)
    elif verb != "list":
        raise SystemExit(__doc__)
    for mutant in selected(arguments):
        print(f"{mutant['name']}\t{mutant['path']}\t{mutant['line']}\t{mutant['rule']}\t{mutant['edit']}")
        if verb == "write":
            with open(os.path.join(folder, mutant["name"] + ".patch"), "w") as out:
                out.write(patch_of(mutant))
    return 0


if __name__ == "__main__":
    sys.exit(main())
