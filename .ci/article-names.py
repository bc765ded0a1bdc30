#!/usr/bin/env python3
"""Checks that the internals article's walk-through names files and declarations that exist.

Only what the article marks is checked: the text between `<!-- checked-names -->` and
`<!-- /checked-names -->` (any number of such sections; fenced code blocks in them are
skipped). In it, each inline code span is read as:

  a file of the library   `Decoding/ElementLoop.swift`, `Shapes/Dictionary/Dictionary.swift`:
                          must exist under Sources/ResilientDecoding (a leading
                          `Sources/ResilientDecoding/` is allowed); a bare `Passes.swift` must
                          exist in some folder of it.
  a declaration           `FailedElements`, `caughtFailure`, `Failures.report`,
                          `FailedElements.recover(from:at:in:)`, `Holds.takesAssertion()`,
                          `.entryKey`, `_CaughtValue<…>.init(from:)`: every dotted part must be
                          declared somewhere in Sources/ResilientDecoding (generic arguments are
                          ignored). The last part followed by a label list, `(from:at:in:)` or
                          `()`, must be a function, initialiser or enum case with exactly those
                          argument labels (`_` for none); followed by arguments that are not
                          labels, `Holds.holding(.entryKey)`, only its name is checked.
  anything else           `[String: Double]`, `@Resilient var x: Int?`, `"x"`, `nil`: skipped.

A name is declared if the sources hold, outside comments and string literals, `struct Name`,
`enum`, `class`, `protocol`, `actor`, `typealias`, `associatedtype` or `extension Name` (so a
standard type the library extends, `KeyedDecodingContainer`, counts), `func name(`, `init(`,
`var name`, `let name`, or `case name` (enum cases, `case a, b` included). STANDARD_NAMES below
are standard library and Foundation names an article may cite in a marked section without the
library declaring them. Limits: existence is checked, not membership: `Type.member` passes when
`Type` and `member` are both declared, even if `member` belongs to another type (a member of a
protocol extension reached through a conforming type passes, as it should). Local variables
count as declarations (a grep does not know scopes).

Usage: python3 .ci/article-names.py [ARTICLE] [--all]   check (exit 1 on a missing name)
       python3 .ci/article-names.py --self-test          check the checker on a small fake tree
  ARTICLE  default Documentation/Internals/HowResilientDecodingWorks.md
  --all    check every code span of the article, as if all of it were marked (to see what
           marking more would report)
"""

import argparse
import os
import re
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join("Sources", "ResilientDecoding")
ARTICLE = os.path.join("Documentation", "Internals", "HowResilientDecodingWorks.md")
OPENING = "<!-- checked-names -->"
CLOSING = "<!-- /checked-names -->"
# Standard library and Foundation names an article may cite without the library declaring them.
STANDARD_NAMES = {
    "Array",
    "Bool",
    "Codable",
    "CodingKey",
    "Data",
    "Date",
    "Decimal",
    "Decodable",
    "Decoder",
    "DecodingError",
    "Dictionary",
    "Double",
    "Error",
    "Int",
    "JSONDecoder",
    "Optional",
    "PropertyListDecoder",
    "Set",
    "SingleValueDecodingContainer",
    "String",
    "UnkeyedDecodingContainer",
    "URL",
    "container",
    "currentIndex",
    "decodeIfPresent",
    "isAtEnd",
    "nestedContainer",
    "nestedUnkeyedContainer",
    "singleValueContainer",
    "superDecoder",
    "unkeyedContainer",
    "userInfo",
}
KEYWORDS = {"is", "let", "var", "case", "default", "self", "Self", "Type", "init"}

NAME = r"[A-Za-z_][A-Za-z0-9_]*"
GENERIC = r"(?:<[^`]*?>)?"
PATH = re.compile(r"^(?:Sources/ResilientDecoding/)?((?:[\w+.-]+/)*)([\w+.-]+\.swift)$")
REFERENCE = re.compile(
    rf"^(\.)?({NAME}{GENERIC}(?:\.{NAME}{GENERIC})*)(\((?:[^()`]|\([^()`]*\))*\))?$"
)
LABELS = re.compile(rf"^\(((?:(?:{NAME}|_):)*)\)$")


def strip_code(source):
    """The source without comments and with string literals emptied (their interpolations are
    dropped too: a declaration is never inside one)."""
    output = []
    position = 0
    length = len(source)
    while position < length:
        if source.startswith("//", position):
            end = source.find("\n", position)
            position = length if end < 0 else end
        elif source.startswith("/*", position):
            depth = 0
            while position < length:
                if source.startswith("/*", position):
                    depth += 1
                    position += 2
                elif source.startswith("*/", position):
                    depth -= 1
                    position += 2
                    if depth == 0:
                        break
                else:
                    if source[position] == "\n":
                        output.append("\n")
                    position += 1
        elif source[position] == '"' or re.match(r'#+"', source[position : position + 8]):
            hashes = len(re.match(r"#*", source[position:]).group(0))
            position += hashes
            quote = '"""' if source.startswith('"""', position) else '"'
            position += len(quote)
            terminator = quote + "#" * hashes
            while position < length and not source.startswith(terminator, position):
                if source[position] == "\\":
                    position += 1
                elif source[position] == "\n":
                    output.append("\n")
                position += 1
            position += len(terminator)
            output.append('""')
        else:
            output.append(source[position])
            position += 1
    return "".join(output)


def matching_parenthesis(text, opening):
    """The index of the parenthesis that closes the one at `opening`, or -1."""
    depth = 0
    for index in range(opening, len(text)):
        if text[index] in "([<":
            depth += 1
        elif text[index] in ")]>" and not (text[index] == ">" and text[index - 1] == "-"):
            depth -= 1
            if depth == 0:
                return index
    return -1


def case_list(code, start):
    """The text after `case` up to where its list ends: a `:` (a switch's case), `=` (a raw
    value), a brace or the end of the line, outside parentheses."""
    depth = 0
    for index in range(start, len(code)):
        character = code[index]
        if character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
        elif depth == 0 and character in ":={}\n":
            return code[start:index]
    return code[start:]


def split_top_level(text):
    """`text` split at the commas that are not inside brackets."""
    pieces = []
    depth = 0
    current = []
    for index, character in enumerate(text):
        if character in "([<":
            depth += 1
        elif character in ")]>" and not text.startswith("->", index - 1):
            depth -= 1
        if character == "," and depth == 0:
            pieces.append("".join(current))
            current = []
        else:
            current.append(character)
    if "".join(current).strip():
        pieces.append("".join(current))
    return pieces


def parameter_labels(clause):
    """The argument labels of a parameter clause's text (without its parentheses), or of an
    enum case's associated values (`any Error, index: Int`: `_`, `index`)."""
    labels = []
    for piece in split_top_level(clause):
        head, colon, _ = piece.partition(":")
        names = re.findall(NAME, head) if colon else []
        names = [name for name in names if name not in ("inout", "borrowing", "consuming")]
        if not colon:
            labels.append("_")  # an enum case's unlabelled associated value
        else:
            labels.append(names[0] if names else "_")
    return labels


class Declarations:
    """The names the library's sources declare, and the labels of their functions,
    initialisers and enum cases."""

    def __init__(self, root):
        self.names = set()
        self.labels = {}  # name -> set of label tuples ("init" for initialisers)
        self.files = set()  # paths relative to the sources
        sources = os.path.join(root, SOURCES)
        for directory, _, files in os.walk(sources):
            for name in files:
                path = os.path.join(directory, name)
                self.files.add(os.path.relpath(path, sources))
                if name.endswith(".swift"):
                    with open(path, encoding="utf-8") as file:
                        self.read(strip_code(file.read()))

    def add_labels(self, name, clause):
        self.labels.setdefault(name, set()).add(tuple(parameter_labels(clause)))

    def read(self, code):
        kinds = r"struct|enum|class|protocol|actor|typealias|associatedtype|extension"
        for match in re.finditer(rf"\b(?:{kinds})\s+({NAME}(?:\.{NAME})*)", code):
            for part in match.group(1).split("."):
                if part not in KEYWORDS and part not in ("func", "var", "let"):
                    self.names.add(part)
        # Not `self.init(` or `.init(`, which call an initialiser.
        for match in re.finditer(rf"(?<![.\w])(func|init)\b\s*(?:({NAME})\s*)?[?!]?\s*", code):
            name = match.group(2) if match.group(1) == "func" else "init"
            if not name:
                continue
            self.names.add(name)
            position = match.end()
            if position < len(code) and code[position] == "<":
                position = matching_parenthesis(code, position) + 1
                while position < len(code) and code[position].isspace():
                    position += 1
            if 0 < position < len(code) and code[position] == "(":
                end = matching_parenthesis(code, position)
                if end > 0:
                    self.add_labels(name, code[position + 1 : end])
        for match in re.finditer(rf"\b(?:var|let)\s+({NAME})", code):
            self.names.add(match.group(1))
        for match in re.finditer(r"\bcase\s+", code):
            line = case_list(code, match.end())
            # Enum cases only: `case name`, `case a, b(Int)`; not `case .x`, `case let`.
            for piece in split_top_level(line):
                found = re.match(rf"\s*({NAME})\s*(\(.*\))?\s*$", piece)
                if not found or found.group(1) in KEYWORDS:
                    break
                self.names.add(found.group(1))
                if found.group(2):
                    self.add_labels(found.group(1), found.group(2)[1:-1])
                else:
                    self.labels.setdefault(found.group(1), set()).add(())

    def has(self, name):
        return name in self.names or name in STANDARD_NAMES


def code_spans(text, marked_only):
    """The inline code spans of a Markdown text, with their lines: those inside marked
    sections only, or all of them. Returns the spans and whether anything was marked."""
    spans = []
    marked = not marked_only
    any_marked = False
    in_fence = None
    problems = []
    opened_at = None
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if in_fence:
            if stripped.startswith(in_fence):
                in_fence = None
            continue
        fence = re.match(r"(```+|~~~+)", stripped)
        if fence:
            in_fence = fence.group(1)
            continue
        if OPENING in line:
            if marked and marked_only:
                problems.append((number, f"{OPENING} inside a marked section"))
            marked = True
            any_marked = True
            opened_at = number
        if marked:
            for span in re.finditer(r"(`+)(.+?)\1", line):
                spans.append((number, span.group(2).strip()))
        if CLOSING in line:
            if marked_only and not marked:
                problems.append((number, f"{CLOSING} without {OPENING}"))
            marked = not marked_only
            opened_at = None
    if marked_only and opened_at is not None:
        problems.append((opened_at, f"{OPENING} is never closed by {CLOSING}"))
    return spans, any_marked, problems


def check_span(span, declarations):
    """None if the span names things that exist (or names nothing), else what is wrong."""
    path = PATH.match(span)
    if path:
        folders, name = path.groups()
        if folders:
            relative = os.path.join(folders.rstrip("/"), name)
            if relative not in declarations.files:
                return f"no file {relative} under {SOURCES}"
            return None
        if not any(os.path.basename(file) == name for file in declarations.files):
            return f"no file {name} in any folder of {SOURCES}"
        return None
    reference = REFERENCE.match(span.replace("…", "..."))
    if not reference:
        return None
    _, dotted, arguments = reference.groups()
    parts = [re.sub(r"<.*>$", "", part) for part in split_dotted(dotted)]
    parts = [part for part in parts if part not in ("self", "Type")]
    if not parts or (len(parts) == 1 and parts[0] in KEYWORDS - {"init"} and not arguments):
        return None
    if parts[0] in ("nil", "true", "false", "null"):
        return None
    for part in parts:
        if not declarations.has(part):
            return f"{part} is not declared in {SOURCES}"
    if arguments:
        labels = LABELS.match(arguments)
        if labels:
            given = tuple(label for label in labels.group(1).split(":") if label)
            known = declarations.labels.get(parts[-1], set())
            if given not in known and parts[-1] not in STANDARD_NAMES:
                spelled = ", ".join(
                    f"({''.join(label + ':' for label in labels)})" for labels in sorted(known)
                )
                return (
                    f"no {parts[-1]} with the labels {arguments}"
                    + (f" (declared: {spelled})" if spelled else "")
                )
    return None


def split_dotted(dotted):
    """`A<B.C>.d` split at the dots outside generic arguments."""
    parts = []
    depth = 0
    current = []
    for character in dotted:
        if character == "<":
            depth += 1
        elif character == ">":
            depth -= 1
        if character == "." and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(character)
    parts.append("".join(current))
    return [part for part in parts if part]


def check(root, article, marked_only=True):
    """The problems of the article: (line, span or None, message), and whether anything was
    marked."""
    declarations = Declarations(root)
    with open(os.path.join(root, article), encoding="utf-8") as file:
        spans, any_marked, problems = code_spans(file.read(), marked_only)
    found = [(line, None, message) for line, message in problems]
    for line, span in spans:
        message = check_span(span, declarations)
        if message:
            found.append((line, span, message))
    return found, any_marked, len(spans)


def self_test():
    """Checks verdicts on a small fake tree and article."""
    files = {
        "Decoding/ElementLoop.swift": """
            struct FailedElements {
              mutating func recover(from error: any Error, at index: Int, in c: inout Int) {}
              // func commented(label:) is no declaration
              let text = "func inString(label:)"
            }
            enum ElementRunEnd { case finished, failed(any Error, index: Int) }
            """,
        "Reporting/Holds.swift": """
            package enum Holds {
              package static func holding(
                _ order: Int = 0, base: (() -> Int)? = nil, _ body: () throws -> Void
              ) rethrows -> Int? { nil }
              static func takesAssertion() -> Bool { false }
            }
            extension KeyedDecodingContainer {
              func findReporter<T>(forKey key: Key) -> T? { nil }
            }
            struct _CaughtValue<S> { init(from decoder: any Decoder) {} }
            extension _CaughtValue { init(copy: Int) { self.init(other: copy) } }
            """,
        "Shapes/Dictionary/Dictionary.swift": "enum HoldOrder { case arrival, entryKey }\n",
    }
    good = [
        "`Decoding/ElementLoop.swift`, `Sources/ResilientDecoding/Reporting/Holds.swift`,",
        "`Shapes/Dictionary/Dictionary.swift`, `Holds.swift`, `FailedElements`,",
        "`FailedElements.recover(from:at:in:)`, `Holds.holding(_:base:_:)`,",
        "`Holds.takesAssertion()`, `Holds.holding(.entryKey)`, `.entryKey`,",
        "`KeyedDecodingContainer.findReporter(forKey:)`, `_CaughtValue<…>.init(from:)`,",
        "`ElementRunEnd.failed(_:index:)`, `JSONDecoder`, `[String: Double]`, `nil`, `\"x\"`,",
        "`@Resilient var x: Int?`, ``recover``",
    ]
    bad = [
        ("`Decoding/Missing.swift`", "no file Decoding/Missing.swift"),
        ("`Reporting/ElementLoop.swift`", "no file Reporting/ElementLoop.swift"),
        ("`Gone.swift`", "no file Gone.swift"),
        ("`FailedElements.recover(from:at:)`", "no recover with the labels"),
        ("`Failures.report`", "Failures is not declared"),
        ("`FailedElements.inString`", "inString is not declared"),
        ("`commented(label:)`", "commented is not declared"),
        ("`Holds.takesAssertion(now:)`", "no takesAssertion with the labels"),
        ("`_CaughtValue.init(other:)`", "no init with the labels"),
    ]
    article = ["# Article", "", "`Unmarked.swift` and `notDeclared` are not checked.", ""]
    article += [OPENING, ""] + good + ["", "```swift", "`InFence.swift`", "```"]
    first_bad = len(article) + 1
    article += [text for text, _ in bad] + [CLOSING, "`AlsoUnmarked.swift`"]
    failures = []
    root = tempfile.mkdtemp(prefix="article-names-self-test.")
    try:
        for relative, text in files.items():
            path = os.path.join(root, SOURCES, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
        with open(os.path.join(root, "article.md"), "w", encoding="utf-8") as file:
            file.write("\n".join(article) + "\n")
        found, any_marked, _ = check(root, "article.md")
        expected_lines = list(range(first_bad, first_bad + len(bad)))
        if [line for line, _, _ in found] != expected_lines or not any_marked:
            failures.append(f"expected problems on lines {expected_lines}, found {found}")
        else:
            for (line, span, message), (text, wanted) in zip(found, bad):
                if wanted not in message:
                    failures.append(f"line {line}: expected '{wanted}', found '{message}'")
        with open(os.path.join(root, "plain.md"), "w", encoding="utf-8") as file:
            file.write("`Missing.swift`\n")
        found, any_marked, _ = check(root, "plain.md")
        if found or any_marked:
            failures.append(f"an article with nothing marked: found {found}, {any_marked}")
        with open(os.path.join(root, "open.md"), "w", encoding="utf-8") as file:
            file.write(f"{OPENING}\n`Holds`\n")
        found, _, _ = check(root, "open.md")
        if len(found) != 1 or "never closed" not in found[0][2]:
            failures.append(f"an unclosed section: found {found}")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    for failure in failures:
        print(f"article-names.py --self-test: FAILED: {failure}")
    if failures:
        return 1
    print("article-names.py --self-test: every verdict as expected.")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("article", nargs="?", default=ARTICLE, help="relative to the root")
    parser.add_argument("--all", action="store_true", help="check every code span")
    parser.add_argument("--self-test", action="store_true", help="check the checker")
    parser.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.self_test:
        return self_test()
    found, any_marked, count = check(options.root, options.article, not options.all)
    if not any_marked and not options.all:
        print(
            f"article-names.py: nothing marked in {options.article} (no {OPENING} section): "
            "nothing to check."
        )
        return 0
    for line, span, message in found:
        where = f"{options.article}:{line}"
        print(f"{where}: `{span}`: {message}" if span else f"{where}: {message}")
    if found:
        print(f"\narticle-names.py: FAILED: {len(found)} of {count} names in the checked text")
        return 1
    print(f"article-names.py: the {count} code spans checked name things that exist.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
