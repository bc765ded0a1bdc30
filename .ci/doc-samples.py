#!/usr/bin/env python3
"""Type-checks every fenced `swift` block of the documentation against the library.

Reads README.md, the other Markdown files at the repository root, Documentation/ and the DocC
catalog (Sources/ResilientDecoding/Documentation.docc). Each ```swift block is compiled on its
own with `swiftc -typecheck`, in DEBUG (so `$property` exists), against the library's module and
a small module of stand-ins (.ci/doc-samples-support.swift: `data`, `decoder`, `Photo`, `logger`
and the like, which a sample may use without declaring; a sample's own declarations win).
Errors point at the Markdown file and line.

A block is a whole Swift file unless the line just before its fence is a marker comment that
says how it is partial; it is then checked inside a wrapper, never skipped:

    <!-- sample: properties -->   declarations inside `struct _Sample: Decodable { ... }`
    <!-- sample: statements -->   statements inside `func _sample() throws { ... }`
    <!-- sample: manifest -->     arguments of `Package(name: "MyApp", ...)` in a Package.swift

Every fence must name its language; blocks of other languages are not compiled. A block that
shows what code prints is marked `<!-- output: Name.of.its.test -->`: the named test produces
exactly that text (it reads the block from the file), and this script checks that the test
names it.

Usage: python3 .ci/doc-samples.py [--modules DIR] [--jobs N]
  --modules  the folder holding ResilientDecoding.swiftmodule of a debug build; without it, the
             script runs `swift build --target ResilientDecoding` and uses that build's.
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join("Sources", "ResilientDecoding", "Documentation.docc")
SUPPORT = os.path.join(ROOT, ".ci", "doc-samples-support.swift")
FENCE = re.compile(r"^(\s*)(```+)\s*([^\s`]*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*(sample|output):\s*(.*?)\s*-->\s*$")
MODES = ("whole", "properties", "statements", "manifest")


class Block:
    def __init__(self, path, line, language, lines, marker):
        self.path = path  # relative to ROOT
        self.line = line  # of the first line of code, 1-based
        self.language = language
        self.lines = lines
        self.marker = marker  # (kind, value) or None


def documents():
    """The Markdown files whose samples are checked, relative to the root."""
    found = sorted(name for name in os.listdir(ROOT) if name.endswith(".md"))
    for folder in ("Documentation", CATALOG):
        for directory, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(files):
                if name.endswith(".md"):
                    found.append(os.path.relpath(os.path.join(directory, name), ROOT))
    return found


def blocks_of(path, problems):
    """Every fenced block of a Markdown file, with the marker just before it."""
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    blocks = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        indent, ticks, language = opening.groups()
        if not language:
            problems.append(f"{path}:{index + 1}: a fence without a language")
        previous = index - 1
        while previous >= 0 and not lines[previous].strip():
            previous -= 1
        marker = MARKER.match(lines[previous]) if previous >= 0 else None
        body = []
        index += 1
        while index < len(lines) and lines[index].strip() != ticks:
            line = lines[index]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            index += 1
        if index == len(lines):
            problems.append(f"{path}:{blocks[-1].line if blocks else 0}: a fence left open")
        first_line = index - len(body) + 1  # 1-based: `index` is the closing fence, 0-based
        blocks.append(
            Block(path, first_line, language, body, marker.groups() if marker else None))
        index += 1
    return blocks


def source_of(block):
    """The Swift file that checks a block: imports, wrapper, and the block at its own lines."""
    mode = block.marker[1] if block.marker and block.marker[0] == "sample" else "whole"
    located = [f'#sourceLocation(file: "{block.path}", line: {block.line})']
    located += block.lines
    located.append("#sourceLocation()")
    if mode == "manifest":
        # A line directive cannot stand inside an argument list: the call opens on the line
        # before the block's first.
        return mode, "\n".join(
            ["import PackageDescription",
             f'#sourceLocation(file: "{block.path}", line: {block.line - 1})',
             'let package = Package(name: "MyApp",'] + block.lines + [")"]) + "\n"
    header = ["import Foundation", "import ResilientDecoding", "import DocSampleSupport"]
    if mode == "properties":
        body = ["struct _Sample: Decodable {"] + located + ["}"]
    elif mode == "statements":
        body = ["func _sample() throws {"] + located + ["}"]
    else:
        body = located
    return mode, "\n".join(header + body) + "\n"


def swiftc():
    if sys.platform == "darwin":
        return subprocess.run(
            ["xcrun", "--find", "swiftc"], capture_output=True, text=True, check=True
        ).stdout.strip()
    found = shutil.which("swiftc")
    if not found:
        sys.exit("doc-samples: swiftc not found")
    return found  # not resolved: the driver reads its own name


def library_modules():
    subprocess.run(
        ["swift", "build", "--target", "ResilientDecoding"], cwd=ROOT, check=True,
        stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
        check=True).stdout.strip()
    return os.path.join(bin_path, "Modules")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--modules")
    parser.add_argument("--jobs", type=int, default=2)
    arguments = parser.parse_args()
    started = time.monotonic()
    modules = os.path.abspath(arguments.modules) if arguments.modules else library_modules()
    if not os.path.isdir(os.path.join(modules, "ResilientDecoding.swiftmodule")) and not \
            os.path.isfile(os.path.join(modules, "ResilientDecoding.swiftmodule")):
        sys.exit(f"doc-samples: no ResilientDecoding.swiftmodule in {modules}")
    compiler = swiftc()
    toolchain = os.path.dirname(os.path.dirname(os.path.realpath(compiler)))
    manifest_api = os.path.join(toolchain, "lib", "swift", "pm", "ManifestAPI")

    problems = []
    blocks = [block for path in documents() for block in blocks_of(path, problems)]
    tests = "\n".join(
        open(os.path.join(directory, name), encoding="utf-8").read()
        for directory, _, files in os.walk(os.path.join(ROOT, "Tests"))
        for name in files if name.endswith(".swift"))
    for block in blocks:
        if not block.marker:
            continue
        kind, value = block.marker
        if kind == "sample" and (block.language != "swift" or value not in MODES[1:]):
            problems.append(
                f"{block.path}:{block.line - 1}: unknown sample marker '{value}' "
                f"(before a {block.language} block; known: {', '.join(MODES[1:])})")
        if kind == "output" and f'"{value}"' not in tests:
            problems.append(
                f"{block.path}:{block.line - 1}: the output block names the test '{value}', "
                "which no test under Tests/ names")

    work = tempfile.mkdtemp(prefix="doc-samples-")
    try:
        support = subprocess.run(
            [compiler, "-emit-module", "-parse-as-library", "-module-name", "DocSampleSupport",
             "-swift-version", "6", "-D", "DEBUG", "-I", modules, "-emit-module-path",
             os.path.join(work, "DocSampleSupport.swiftmodule"), SUPPORT],
            capture_output=True, text=True)
        if support.returncode != 0:
            sys.exit("doc-samples: the stand-ins do not compile\n" + support.stderr)

        swift_blocks = [block for block in blocks if block.language == "swift"]

        def check(numbered):
            number, block = numbered
            mode, source = source_of(block)
            file = os.path.join(work, f"sample{number}.swift")
            with open(file, "w", encoding="utf-8") as out:
                out.write(source)
            if mode == "manifest":
                command = [compiler, "-typecheck", "-I", manifest_api,
                           "-package-description-version", "6.0", file]
            else:
                command = [compiler, "-typecheck", "-swift-version", "6", "-D", "DEBUG",
                           "-I", modules, "-I", work, file]
            result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
            return block, mode, result

        with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
            results = list(pool.map(check, enumerate(swift_blocks)))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    counts = {}
    for block, mode, result in results:
        group = "DocC" if block.path.startswith(CATALOG) else block.path
        total, partial = counts.get(group, (0, 0))
        counts[group] = (total + 1, partial + (mode != "whole"))
        if result.returncode != 0:
            problems.append(
                f"{block.path}:{block.line}: the swift block ({mode}) does not compile:\n"
                + result.stderr)
    outputs = sum(1 for block in blocks if block.marker and block.marker[0] == "output")
    for group, (total, partial) in sorted(counts.items()):
        print(f"{group}: {total} swift blocks compiled, {partial} of them partial")
    print(f"{outputs} output blocks, each named by a test; "
          f"{time.monotonic() - started:.1f} s")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
