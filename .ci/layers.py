#!/usr/bin/env python3
"""Checks that the folders of Sources/ResilientDecoding depend on each other one way only.

The folders form layers, lowest first (LAYERS below; folders on one level may name each other).
A Swift file may name what its own folder and the folders of its level or below declare; it
FAILS the check when it names a declaration that only a folder above its own declares. Every
folder of the library that holds Swift files must be in LAYERS, so a new folder is placed on
purpose; a configured folder that does not exist is only noted.

The rule, name by name (nothing is compiled; Python's standard library reads the sources):
  1. Each file is lexed: comments and the text of string literals are dropped, but the code
     interpolated into a string (`"\\(Passes.maximum)"`) is kept, as are identifiers and
     punctuation, with their lines. `#if`/`#elseif` conditions and attribute names (`@frozen`)
     are dropped.
  2. The declarations of each folder are the names it declares outside function bodies: types
     (struct, enum, class, protocol, actor, typealias, associatedtype) and the generic
     parameters of types (which its extensions elsewhere use), functions, properties (var,
     let; static and global ones included) and enum cases, at the top level of a file or in the
     body of a type or an extension (`extension KeyedDecodingContainer { func findReporter … }`
     declares `findReporter`). Initialisers, subscripts and operators have no name of their own
     and are not collected.
  3. The names a file binds for itself are not references to any folder: parameters, generic
     parameters of functions, local constants and variables (`let`, `var`, `if let`, `for … in`,
     `case let`), closure parameters, and the implicit `error`, `newValue` and `oldValue`.
  4. Every other identifier of a file is a use, whether alone or after a dot, except argument
     labels (`f(label: x)`), tuple labels and the names a declaration introduces. A use is a
     violation when a folder above the file's declares the name, and neither the file's level
     nor a level below declares it, and the file does not bind it itself, and the name is not
     in SHARED_NAMES.

Limits: the check knows names, not types. An overloaded name is a use of whichever layer may
declare it: a lower layer declaring `decode` lets every layer call every `decode`, so a use of a
higher layer's overload of a common name is not seen (stricter would be wrong far more often).
A member that a higher layer declares under a name the standard library also uses (`count`,
`description`) would be flagged wherever the standard one is used: such names go in
SHARED_NAMES, which are never violations. A local binding hides the higher layer's name in the
whole file, not only in its scope. Conditional compilation is read as if every branch were
compiled. Initialisers are not checked by their labels: `Failures(...)` is a use of the type
`Failures`, which is checked. Regex literals are not understood (the library has none).

Usage: python3 .ci/layers.py [--root DIR]   check (exit 1 on a violation)
       python3 .ci/layers.py --self-test    check the checker on small fake trees
"""

import argparse
import collections
import os
import re
import shutil
import sys
import tempfile

# The layers of Sources/ResilientDecoding, lowest first; the folders of one level may name each
# other. A file may name what its level and the levels below declare.
LAYERS = [
    ["Support"],
    ["Reporting"],
    ["Wrapper", "Defaults"],
    ["Decoding"],
    ["Shapes"],
]
# The library's sources, relative to the repository's root.
SOURCES = os.path.join("Sources", "ResilientDecoding")
# Names the library declares in a higher layer that are also standard library or Foundation
# names used in lower layers with their standard meaning (a protocol requirement the library
# implements, or a common member name): never a violation. Keep it short; each is a hole.
SHARED_NAMES = {
    # Members of the standard library and Foundation: `Array.count`, `Array.first`,
    # `Dictionary.values`, `Mirror.children`, `DecodingError.Context.codingPath`,
    # `SingleValueDecodingContainer.decodeNil()`, `CustomStringConvertible.description`,
    # `Result.failure`, `Sequence.contains(where:)`,
    # `DecodingError.Context.debugDescription`.
    "contains",
    "debugDescription",
    "count",
    "first",
    "values",
    "children",
    "codingPath",
    "decodeNil",
    "description",
    "failure",
    # The cases of `DecodingError`, which the digest's kinds of error repeat.
    "typeMismatch",
    "valueNotFound",
    "keyNotFound",
    "dataCorrupted",
    # The generic parameters of `Dictionary` and `KeyedDecodingContainer`, in their extensions.
    "Key",
    "Value",
}

KEYWORDS = set(
    """
    associatedtype class deinit enum extension fileprivate func import init inout internal let
    open operator private precedencegroup protocol public rethrows static struct subscript
    typealias var break case catch continue default defer do else fallthrough for guard if in
    repeat return throw switch where while Any as await false is nil self Self super throws true
    try actor any some async package borrowing consuming mutating nonmutating final lazy weak
    unowned optional required convenience override dynamic indirect nonisolated isolated
    get set willSet didSet _ copy discard each macro
    """.split()
)
TYPE_KEYWORDS = {"struct", "enum", "class", "protocol", "actor", "extension"}
CODE_KEYWORDS = {"func", "init", "deinit", "subscript", "var", "let", "get", "set", "willSet",
                 "didSet"}
NAMED_TYPE_KEYWORDS = {"struct", "enum", "class", "protocol", "actor", "typealias",
                       "associatedtype"}
OPERATOR_CHARACTERS = set("/=-+!*%<>&|^~?")


class Token:
    __slots__ = ("kind", "text", "line")

    def __init__(self, kind, text, line):
        self.kind = kind  # "name", "punct", "number"
        self.text = text
        self.line = line

    def __repr__(self):
        return f"{self.kind}:{self.text}@{self.line}"


def lex(source):
    """The tokens of a Swift file: names, punctuation and numbers with their lines; comments,
    string literals' text, attribute names and `#if` conditions dropped, interpolated code
    kept."""
    tokens = []
    position, line = lex_code(source, 0, 1, tokens, closing=None)
    return tokens


def lex_code(source, position, line, tokens, closing):
    """Lexes code from `position` until the unbalanced `closing` parenthesis (an
    interpolation's end) or the end; returns the position after it and the line."""
    depth = 0
    length = len(source)
    while position < length:
        character = source[position]
        if character == "\n":
            line += 1
            position += 1
        elif character in " \t\r":
            position += 1
        elif source.startswith("//", position):
            end = source.find("\n", position)
            position = length if end < 0 else end
        elif source.startswith("/*", position):
            position, line = skip_block_comment(source, position, line)
        elif character == '"' or (character == "#" and re.match(r'#+"', source[position:])):
            position, line = lex_string(source, position, line, tokens)
        elif character == "#":
            match = re.match(r"#(if|elseif|else|endif|sourceLocation|warning|error)\b",
                             source[position:])
            if match:
                # A compilation condition is not code of the library: skip the line.
                end = source.find("\n", position)
                position = length if end < 0 else end
            else:
                match = re.match(r"#\w*", source[position:])
                position += len(match.group(0))
        elif character == "@":
            match = re.match(r"@`?\w+`?", source[position:])
            position += len(match.group(0)) if match else 1
        elif character == "`":
            end = source.find("`", position + 1)
            tokens.append(Token("name", source[position + 1 : end], line))
            position = end + 1
        elif character == "$":
            match = re.match(r"\$(\w*)", source[position:])
            name = match.group(1)
            if name and not name.isdigit():
                tokens.append(Token("name", name, line))
            position += len(match.group(0))
        elif character.isalpha() or character == "_":
            match = re.match(r"\w+", source[position:])
            tokens.append(Token("name", match.group(0), line))
            position += len(match.group(0))
        elif character.isdigit():
            match = re.match(r"[0-9][0-9a-zA-Z_.]*", source[position:])
            text = match.group(0).rstrip(".")
            tokens.append(Token("number", text, line))
            position += len(text)
        elif character in OPERATOR_CHARACTERS:
            end = position
            while end < length and source[end] in OPERATOR_CHARACTERS:
                if source.startswith("//", end) or source.startswith("/*", end):
                    break
                end += 1
            run = source[position:end]
            if set(run) <= set("<>?!"):
                # Generic brackets and optional marks (`Resilient<T?>>`): one token each.
                for mark in run:
                    tokens.append(Token("punct", mark, line))
            else:
                tokens.append(Token("punct", run, line))
            position = end
        else:
            if closing is not None:
                if character == "(":
                    depth += 1
                elif character == ")":
                    if depth == 0:
                        return position + 1, line
                    depth -= 1
            tokens.append(Token("punct", character, line))
            position += 1
    return position, line


def skip_block_comment(source, position, line):
    """Skips a (nested) block comment starting at `position`."""
    depth = 0
    length = len(source)
    while position < length:
        if source.startswith("/*", position):
            depth += 1
            position += 2
        elif source.startswith("*/", position):
            depth -= 1
            position += 2
            if depth == 0:
                return position, line
        else:
            if source[position] == "\n":
                line += 1
            position += 1
    return position, line


def lex_string(source, position, line, tokens):
    """Skips a string literal (plain, multi-line, raw), lexing its interpolations as code."""
    hashes = len(re.match(r"#*", source[position:]).group(0))
    position += hashes
    multiline = source.startswith('"""', position)
    quote = '"""' if multiline else '"'
    position += len(quote)
    terminator = quote + "#" * hashes
    interpolation = "\\" + "#" * hashes + "("
    escape = "\\" + "#" * hashes
    length = len(source)
    while position < length:
        if source.startswith(terminator, position):
            return position + len(terminator), line
        if source.startswith(interpolation, position):
            position, line = lex_code(
                source, position + len(interpolation), line, tokens, closing=")"
            )
            continue
        if source.startswith(escape, position):
            position += len(escape) + 1
            continue
        if source[position] == "\n":
            line += 1
        position += 1
    return position, line


class FileFacts:
    """What one file declares for its folder, what it binds for itself, and what it uses."""

    def __init__(self, path, source):
        self.path = path
        self.tokens = lex(source)
        self.declared = set()  # exported: top level and type bodies
        self.bound = set()  # the file's own: parameters, locals, generic parameters of functions
        self.not_uses = set()  # indices of tokens that are labels or declared names
        self.analyse()

    def analyse(self):
        tokens = self.tokens
        count = len(tokens)
        # The kind of each open brace's scope: "type" (a type's or extension's body) or "code".
        scopes = []
        # Tokens since the last brace: the header of the next brace's scope.
        header_start = 0
        # Open brackets for labels: "(" or "[" or "<".
        brackets = []
        index = 0
        while index < count:
            token = tokens[index]
            text = token.text
            in_code = any(kind == "code" for kind in scopes)
            if token.kind == "punct":
                if text == "{":
                    kind = "code" if in_code else self.scope_kind(header_start, index)
                    scopes.append(kind)
                    self.closure_parameters(index)
                    header_start = index + 1
                    brackets.append("{")
                elif text == "}":
                    if scopes:
                        scopes.pop()
                    header_start = index + 1
                    self.pop_bracket(brackets, "{")
                elif text in "([":
                    brackets.append(text)
                elif text in ")]":
                    self.pop_bracket(brackets, "(" if text == ")" else "[")
                elif text == ":" and index > 0 and tokens[index - 1].kind == "name":
                    previous = tokens[index - 2].text if index > 1 else ""
                    if brackets and brackets[-1] == "(" and previous in ("(", ","):
                        self.not_uses.add(index - 1)  # an argument or tuple label
                index += 1
                continue
            if token.kind != "name":
                index += 1
                continue
            if text in NAMED_TYPE_KEYWORDS and not self.is_modifier_class(index):
                index = self.type_declaration(index, exported=not in_code)
                continue
            if text == "func":
                index = self.function_declaration(index, exported=not in_code)
                continue
            if text in ("init", "subscript") and self.previous_text(index) not in (".",):
                if index + 1 < count and tokens[index + 1].text in ("(", "<", "?", "!"):
                    index = self.parameters_after_name(index + 1)
                    continue
            if text in ("let", "var"):
                self.variable_declaration(index, exported=not in_code)
            elif text == "case" and scopes and scopes[-1] == "type" and not in_code:
                self.case_declaration(index)
            elif text == "for":
                self.for_bindings(index)
            elif text == "catch":
                self.bound.add("error")
            elif text in ("set", "willSet", "didSet"):
                self.bound.update(("newValue", "oldValue"))
            index += 1

    @staticmethod
    def pop_bracket(brackets, opening):
        while brackets:
            if brackets.pop() == opening:
                return

    def previous_text(self, index):
        return self.tokens[index - 1].text if index > 0 else ""

    def is_modifier_class(self, index):
        """`class func`, `class var`: `class` as a modifier, declaring no type."""
        tokens = self.tokens
        if tokens[index].text != "class" or index + 1 >= len(tokens):
            return False
        return tokens[index + 1].text in CODE_KEYWORDS | {"static", "final", "override"}

    def scope_kind(self, start, brace):
        """Whether the brace at `brace` opens a type's body or code, from the last declaring
        keyword of its header."""
        for index in range(brace - 1, start - 1, -1):
            text = self.tokens[index].text
            if self.tokens[index].kind != "name":
                continue
            if text in TYPE_KEYWORDS and not self.is_modifier_class(index):
                return "type"
            if text in CODE_KEYWORDS or text in ("class",):
                return "code"
        return "code"

    def type_declaration(self, index, exported):
        """`struct Name<A, B: P>`, `typealias Name<A> = …`, `associatedtype Name`."""
        tokens = self.tokens
        position = index + 1
        if position < len(tokens) and tokens[position].kind == "name":
            self.declare(position, exported)
            position += 1
            if position < len(tokens) and tokens[position].text == "<":
                position = self.generic_parameters(position, exported=exported)
        return position

    def function_declaration(self, index, exported):
        """`func name<T>(label name: Type, …)`: the name is the folder's, the rest the file's."""
        tokens = self.tokens
        position = index + 1
        if position < len(tokens) and tokens[position].kind == "name":
            self.declare(position, exported)
            position += 1
        elif position < len(tokens):
            position += 1  # an operator
        return self.parameters_after_name(position)

    def parameters_after_name(self, position):
        """Binds the generic parameters and parameters that follow a declaration's name."""
        tokens = self.tokens
        while position < len(tokens) and tokens[position].text in ("?", "!"):
            position += 1
        if position < len(tokens) and tokens[position].text == "<":
            position = self.generic_parameters(position, exported=False)
        if position < len(tokens) and tokens[position].text == "(":
            position = self.parameter_clause(position)
        return position

    def generic_parameters(self, position, exported):
        """`<A, B: P, each C>` at `position`: binds A, B, C; returns the position after `>`."""
        tokens = self.tokens
        depth = 0
        expecting_name = True
        while position < len(tokens):
            text = tokens[position].text
            if text == "<":
                depth += 1
            elif text == ">":
                depth -= 1
                if depth == 0:
                    return position + 1
            elif text == "," and depth == 1:
                expecting_name = True
            elif text in ("{", "}", "(", "="):
                return position
            elif tokens[position].kind == "name" and depth == 1 and expecting_name:
                if text != "each":
                    self.declare(position, exported)
                    expecting_name = False
            position += 1
        return position

    def parameter_clause(self, position):
        """`(label name: Type = default, _ name: Type)` at `position`: binds each name and
        marks the labels as no uses; returns the position after `)`."""
        tokens = self.tokens
        depth = 0  # parentheses and square brackets: where the clause ends
        angles = 0  # generic arguments, whose commas do not separate parameters
        before_colon = True
        piece = []
        while position < len(tokens):
            token = tokens[position]
            if token.kind == "punct" and token.text == "<":
                angles += 1
            elif token.kind == "punct" and token.text == ">":
                angles = max(0, angles - 1)
            elif token.text in ("(", "[") and token.kind == "punct":
                depth += 1
            elif token.text in (")", "]") and token.kind == "punct":
                depth -= 1
                if depth == 0:
                    self.parameter(piece)
                    return position + 1
            elif token.text == "," and depth == 1 and angles == 0:
                self.parameter(piece)
                piece = []
                before_colon = True
            elif token.text == ":" and depth == 1 and before_colon:
                before_colon = False
            elif depth == 1 and before_colon and token.kind == "name":
                piece.append(position)
            position += 1
        return position

    def parameter(self, piece):
        if not piece:
            return
        for index in piece:
            self.not_uses.add(index)
        name = self.tokens[piece[-1]].text
        if name != "_":
            self.bound.add(name)

    def variable_declaration(self, index, exported):
        """`let name`, `var (a, b)`, `case let .x(a, b)`, `if let name`."""
        tokens = self.tokens
        position = index + 1
        if position >= len(tokens):
            return
        if tokens[position].kind == "name" and tokens[position].text not in KEYWORDS:
            self.declare(position, exported)
            return
        if tokens[position].text == ".":
            position += 2  # an enum case pattern: bind what its parentheses hold
        if position < len(tokens) and tokens[position].text == "(":
            depth = 0
            while position < len(tokens):
                text = tokens[position].text
                if text == "(":
                    depth += 1
                elif text == ")":
                    depth -= 1
                    if depth == 0:
                        return
                elif tokens[position].kind == "name" and text not in KEYWORDS:
                    following = tokens[position + 1].text if position + 1 < len(tokens) else ""
                    if following == ":":
                        self.not_uses.add(position)
                    else:
                        self.declare(position, exported=False)
                position += 1

    def case_declaration(self, index):
        """`case a, b(Int), c = 3` in a type's body: enum cases, the folder's."""
        tokens = self.tokens
        position = index + 1
        line = tokens[index].line
        depth = 0
        expecting_name = True
        while position < len(tokens) and tokens[position].line == line:
            token = tokens[position]
            if token.text in ("(", "[") and token.kind == "punct":
                depth += 1
            elif token.text in (")", "]") and token.kind == "punct":
                depth -= 1
            elif token.text == "," and depth == 0:
                expecting_name = True
            elif token.text in ("{", "}"):
                return
            elif token.kind == "name" and depth == 0 and expecting_name:
                self.declare(position, exported=True)
                expecting_name = False
            elif token.kind == "name" and depth == 1:
                following = tokens[position + 1].text if position + 1 < len(tokens) else ""
                if following == ":":
                    self.not_uses.add(position)  # an associated value's label
            position += 1

    def for_bindings(self, index):
        """`for name in`, `for (a, b) in`, `for case let x in`."""
        tokens = self.tokens
        position = index + 1
        while position < len(tokens) and tokens[position].text != "in":
            token = tokens[position]
            if token.text == "{":
                return
            if token.kind == "name" and token.text not in KEYWORDS:
                self.declare(position, exported=False)
            position += 1

    def closure_parameters(self, brace):
        """`{ a, b in`, `{ (a: T, b) -> R in`, `{ [weak x] a in`: binds the parameters."""
        tokens = self.tokens
        position = brace + 1
        candidates = []
        allowed = {",", "(", ")", ":", "->", "[", "]", ".", "?", "!", "<", ">", "&"}
        while position < len(tokens) and position < brace + 40:
            token = tokens[position]
            if token.kind == "name" and token.text == "in":
                for candidate in candidates:
                    self.declare(candidate, exported=False)
                return
            if token.kind == "punct" and token.text not in allowed:
                return
            if token.kind == "name" and token.text in KEYWORDS - {
                "_", "any", "some", "inout", "weak", "unowned", "self", "throws", "async",
                "rethrows", "borrowing", "consuming", "Self", "Any",
            }:
                return
            previous = tokens[position - 1].text
            if token.kind == "name" and previous in ("{", "(", ",", "]") and token.text != "_":
                candidates.append(position)
            position += 1

    def declare(self, index, exported):
        """Records the name at `index` as declared: by the folder if `exported`, by the file
        in any case; the token is no use."""
        name = self.tokens[index].text
        self.not_uses.add(index)
        self.bound.add(name)
        if exported:
            self.declared.add(name)

    def uses(self):
        """Every name the file uses: (name, line)."""
        tokens = self.tokens
        for index, token in enumerate(tokens):
            if token.kind != "name" or index in self.not_uses or token.text in KEYWORDS:
                continue
            yield token.text, token.line


def folder_of(relative):
    """The layer folder of a file, given its path relative to the sources."""
    parts = relative.split(os.sep)
    return parts[0] if len(parts) > 1 else ""


def check(root, layers, shared_names, out=sys.stdout):
    """Checks the tree at `root`; returns the violations as (path, line, name, folders that
    declare it) and the problems of configuration."""
    sources = os.path.join(root, SOURCES)
    level_of = {}
    for level, folders in enumerate(layers):
        for folder in folders:
            level_of[folder] = level
    problems = []
    facts = {}
    for directory, subdirectories, files in os.walk(sources):
        subdirectories.sort()
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, sources)
            folder = folder_of(relative)
            if folder not in level_of:
                where = f"the folder {folder}" if folder else "the top of the sources"
                problems.append(
                    f"{os.path.join(SOURCES, relative)}: {where} is in no layer: "
                    "add it to LAYERS in .ci/layers.py"
                )
                continue
            with open(path, encoding="utf-8") as file:
                facts[relative] = FileFacts(relative, file.read())
    for folder in level_of:
        if not os.path.isdir(os.path.join(sources, folder)):
            print(f"note: the configured folder {folder} does not exist", file=out)

    declared_by = collections.defaultdict(set)  # name -> folders
    for relative, fact in facts.items():
        for name in fact.declared:
            declared_by[name].add(folder_of(relative))

    violations = []
    for relative, fact in sorted(facts.items()):
        folder = folder_of(relative)
        level = level_of[folder]
        seen = set()
        for name, line in fact.uses():
            folders = declared_by.get(name)
            if not folders or name in shared_names or name in fact.bound:
                continue
            if min(level_of[declaring] for declaring in folders) <= level:
                continue
            if (line, name) in seen:
                continue
            seen.add((line, name))
            violations.append((os.path.join(SOURCES, relative), line, name, sorted(folders)))
    return violations, problems


def report(violations, problems, layers):
    order = " < ".join(" = ".join(folders) for folders in layers)
    for problem in problems:
        print(f"layers.py: {problem}")
    for path, line, name, folders in violations:
        print(f"{path}:{line}: {name} (declared in {', '.join(folders)} only, above)")
    if violations or problems:
        files = len({violation[0] for violation in violations})
        print(
            f"\nlayers.py: FAILED: uses of names declared only in a higher layer: "
            f"{len(violations)}, in {files} files; files in no layer: {len(problems)}. "
            f"Layers: {order}"
        )
        return 1
    print(f"The layers hold: {order}")
    return 0


def self_test():
    """Builds small trees with and without violations and checks the verdicts."""
    layers = [["Low"], ["Middle", "Side"], ["High"]]
    cases = {
        "clean": {
            "Low/Base.swift": """
                struct Point<Coordinate> { var x: Int }
                extension KeyedDecodingContainer {
                  func findThing(forKey key: Key) -> Int { 0 }
                }
                enum Mode { case fast, careful(level: Int) }
                func helper() {}
                """,
            "Low/Uses.swift": """
                // HighType is named in a comment, and in a string: "HighType, highMember"
                func lowWork(count: Int, value: Point<Int>) {
                  let local = "no \\(value.x) HighType here"
                  helper()
                  _ = [1].map { element in element + count }
                  _ = Mode.careful(level: 1)
                  let highMember = 1
                  _ = highMember + shared()
                }
                func shared() -> Int { 0 }
                """,
            "Middle/Middle.swift": """
                struct MiddleType { let decode: Int }
                extension Point { var doubled: Int { x * 2 } }
                func middleWork(_ value: SideType) -> Coordinate? { nil }
                """,
            "Side/Side.swift": """
                struct SideType { let value = MiddleType(decode: 1) }
                """,
            "High/High.swift": """
                struct HighType { var highMember: Int }
                extension KeyedDecodingContainer {
                  func highLadder(forKey key: Key) { _ = findThing(forKey: key) }
                }
                func decode() -> MiddleType? { nil }
                func highWork(point: Point<Int>) { _ = point.doubled; middleWork(SideType()) }
                func shared() -> Int { 1 }
                """,
        },
        "violations": {
            "Low/Base.swift": """
                struct Point { var x: Int }
                func lowWork() -> HighType? {
                  let label = "\\(HighType.self)"
                  return nil
                }
                func lowToo(_ point: Point) { _ = point.doubled }
                func lowThree() { afterGenerics() }
                """,
            "Middle/Middle.swift": """
                extension Point { var doubled: Int { x * 2 } }
                func middleWork() { _ = KeyedSite.self; let v = 1; _ = v.highLadder }
                """,
            "High/High.swift": """
                struct HighType {}
                struct KeyedSite {}
                extension Int { var highLadder: Int { self } }
                extension KeyedDecodingContainer {
                  func store<T>(_ p: UnsafeMutablePointer<Box<T?>>, forKey key: Key) {}
                  func afterGenerics() {}
                }
                """,
        },
        "no layer": {
            "Low/Base.swift": "struct Point {}\n",
            "Elsewhere/Other.swift": "struct Other {}\n",
            "Top.swift": "struct Top {}\n",
        },
    }
    expected = {
        "clean": ([], 0),
        "violations": (
            [
                ("Low/Base.swift", 2, "HighType"),
                ("Low/Base.swift", 3, "HighType"),
                ("Low/Base.swift", 6, "doubled"),
                ("Low/Base.swift", 7, "afterGenerics"),
                ("Middle/Middle.swift", 2, "KeyedSite"),
                ("Middle/Middle.swift", 2, "highLadder"),
            ],
            0,
        ),
        "no layer": ([], 2),
    }
    failures = []
    for name, files in cases.items():
        root = tempfile.mkdtemp(prefix="layers-self-test.")
        try:
            for relative, text in files.items():
                path = os.path.join(root, SOURCES, relative)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as file:
                    file.write(dedent(text))
            with open(os.devnull, "w") as quiet:
                violations, problems = check(root, layers, set(), out=quiet)
        finally:
            shutil.rmtree(root, ignore_errors=True)
        found = [
            (os.path.relpath(path, SOURCES), line, used) for path, line, used, _ in violations
        ]
        wanted, wanted_problems = expected[name]
        if sorted(found) != sorted(wanted) or len(problems) != wanted_problems:
            failures.append(
                f"{name}: expected {sorted(wanted)} and {wanted_problems} problems, "
                f"found {sorted(found)} and {problems}"
            )
    # The lexer: comments, strings and interpolations.
    tokens = [
        token.text
        for token in lex('a /* b /* c */ d */ "e \\(f + "g") h" #"i \\(j) \\#(k)"# """\nl\n""" m')
        if token.kind == "name"
    ]
    if tokens != ["a", "f", "k", "m"]:
        failures.append(f"lexer: expected ['a', 'f', 'k', 'm'], found {tokens}")
    for failure in failures:
        print(f"layers.py --self-test: FAILED: {failure}")
    if failures:
        return 1
    print("layers.py --self-test: every verdict as expected.")
    return 0


def dedent(text):
    lines = text.split("\n")
    if lines and not lines[0].strip():
        lines = lines[1:]
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    cut = min(indents) if indents else 0
    return "\n".join(line[cut:] for line in lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--root",
        default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
        help="the repository's root (default: the one this script is in)",
    )
    parser.add_argument("--self-test", action="store_true", help="check the checker")
    options = parser.parse_args()
    if options.self_test:
        return self_test()
    violations, problems = check(options.root, LAYERS, SHARED_NAMES)
    return report(violations, problems, LAYERS)


if __name__ == "__main__":
    sys.exit(main())
