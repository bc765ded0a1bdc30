#!/usr/bin/env python3
"""Counts the calls between two folders of the library on three failure paths.

A crossing is a call whose caller is a function defined in a file of one folder of
Sources/ResilientDecoding and whose callee is defined in a file of the other, in either
direction; a closure is defined in the file where it is written. The folders are FOLDERS below
(Decoding and Reporting): every file under them counts, whatever its name or subfolder, so the
count follows files that move between folders.

Each path is counted as the failing document minus its clean twin (the same shape, the bad value
replaced by a good one), in a DEBUG build of the library:

  dictionary  one bad entry of `@Resilient var d: [String: Item]` (its name a number), decoded
              with a reporter made with `ResilientDecodingErrorReporter(identifyingKeys: ["id"])`
  array       one bad element of `@Resilient var xs: [Int]`, with a reporter
  optional    a bad `@Resilient var x: Int?`, with a reporter

How it counts. The driver (Benchmarks/Crossings, a package of its own that depends on the
library by path) decodes the clean twin once, uncounted, then the document once between two
marker functions; callgrind (valgrind --tool=callgrind) writes its counts at the entry of each
marker (`--dump-before`), so the second part holds exactly that one decode. (`--toggle-collect`
is not used: with collection off, callgrind 3.19 still adds calls to the counts it writes, so a
part toggled around the decode held up to twice its calls.) The script reads the part's
`ob=`/`fl=`/`fn=` and `cob=`/`cfn=`/`calls=` records (written with --compress-strings=no
--compress-pos=no): each function's file is the `fl=` of its own block, the file where its
first instruction's line is.

What is a function of a folder, and what is not:
  - A function counts where its `fl=` is. Code inlined into it counts as its own: the compiler
    inlines `@_transparent` functions even at -Onone, so what such a function calls is called
    by the function it was inlined into (a transparent overload of Shapes inlined into the
    driver is the driver's; a transparent ladder of Decoding/Recovery.swift inlined into
    Decoding/CalledLadders.swift is CalledLadders.swift's). Apart from that, a debug build
    inlines nothing, so every call of the source is a call here.
  - Thunks have no file of their own (`<compiler-generated>`) or one that means nothing:
    partial apply forwarders (how a closure with a context is called), reabstraction thunks,
    protocol witnesses, dispatch thunks. They are looked through: a call into a thunk counts as
    a call into what the thunk calls. One reabstraction thunk serves many closures, so
    callgrind keeps each function apart for each chain of its callers (--separate-callers=5):
    what a thunk reached when one function called it is known exactly. Without this, no call
    from Reporting into a closure written in Decoding would be seen.
  - Compiler helpers (outlined copies and destroys, metadata and witness table accessors,
    value witnesses, `__swift_*`) are not functions of any folder, wherever their `fl=` points.
  - Code outside the library (the standard library, Foundation's decoder, the driver) is no
    folder's and is not looked through: a call that reaches the library again through the
    decoder (a probe's `init(from:)`) is not a call between the folders.
The counts are exact call counts of one run of one binary, the same on every run.

"Files" is the number of distinct library files (any folder) in which a function runs while the
failing document decodes: the files the failure path goes through.

Usage: Benchmarks/crossings.py [--check] [--verbose] [--table] [--keep DIR]
  (no option)  builds the driver and the library (debug, scratch path .build-checks at the
               repository root), counts the three paths, prints the crossings of each
  --check      fails (exit 1) if a path crosses more often than LIMITS allows
  --verbose    also lists each crossing call edge and its count (failing minus clean)
  --table      prints the counts as a Markdown table, for the internals article
  --keep DIR   keeps callgrind's output files in DIR
Needs valgrind (callgrind) and swift-demangle (part of the Swift toolchain).
"""

import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The two folders whose calls to each other are counted, under Sources/ResilientDecoding.
FOLDERS = ("Decoding", "Reporting")
# The failure paths, in the order they are printed, and the most crossings each may have.
PATHS = ("dictionary", "array", "optional")
LIMITS = {"dictionary": 6, "array": 3, "optional": 4}
DESCRIPTIONS = {
    "dictionary": "one bad entry of [String: Item], reporter with identifying keys",
    "array": "one bad element of [Int], reporter",
    "optional": "one bad Int?, reporter",
}

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBRARY = os.path.join(ROOT, "Sources", "ResilientDecoding")
PACKAGE = os.path.join(ROOT, "Benchmarks", "Crossings")
SCRATCH = os.path.join(ROOT, ".build-checks")
DRIVER = "crossings-driver"
# The driver's marker functions: callgrind writes its counts when each begins.
MARKERS = ("*countedDecode*", "*decodeCounted*")

# How many callers callgrind keeps apart for each function: enough for the deepest chain of
# thunks between two functions of the library (a forwarder calling a reabstraction thunk).
CONTEXT_DEPTH = 5

# Demangled names of functions that forward to another and are looked through.
THUNKS = (
    "partial apply forwarder for ",
    "reabstraction thunk",
    "thunk for ",
    "protocol witness for ",
    "dispatch thunk of ",
    "merged ",
)
# Demangled names of compiler helpers, which are no folder's functions.
HELPERS = (
    "outlined ",
    "type metadata",
    "lazy protocol witness table",
    "protocol witness table",
    "value witness",
    "associated type",
    "__swift_",
    "swift_",
    "objectdestroy",
    "block_",
)


def fail(message):
    print(f"crossings.py: {message}", file=sys.stderr)
    sys.exit(1)


def build():
    """Builds the driver and the library in debug; returns the driver's path."""
    command = ["swift", "build", "--package-path", PACKAGE, "--scratch-path", SCRATCH]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        fail("the driver did not build")
    bin_path = subprocess.run(
        command + ["--show-bin-path"], capture_output=True, text=True, check=True
    ).stdout.strip()
    return os.path.join(bin_path, DRIVER)


def run_callgrind(driver, path, document, out_dir):
    """Runs the driver under callgrind; returns the part holding the counted decode and how
    many errors the driver's reporter got."""
    out = os.path.join(out_dir, f"{path}.{document}")
    command = [
        "valgrind",
        "--tool=callgrind",
        "--compress-strings=no",
        "--compress-pos=no",
        f"--separate-callers={CONTEXT_DEPTH}",
        f"--callgrind-out-file={out}",
    ]
    command += [f"--dump-before={marker}" for marker in MARKERS]
    command += [driver, path, document]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stderr[-3000:])
        fail(f"callgrind failed on the {path} path's {document} document")
    reported = re.search(r"^reported (\d+)$", result.stdout, re.M)
    if not reported:
        fail(f"the driver printed no count of reported errors ({path}, {document})")
    # The part written when the second marker began: the counted decode, and nothing else.
    for candidate in sorted(os.listdir(out_dir)):
        if not candidate.startswith(f"{path}.{document}"):
            continue
        name = os.path.join(out_dir, candidate)
        with open(name, encoding="utf-8", errors="replace") as file:
            head = file.read(4096)
        if re.search(r"^desc: Trigger: --dump-before=\S*decodeCounted", head, re.M):
            return name, int(reported.group(1))
    fail(f"callgrind wrote no part for the counted decode ({path}, {document})")


class Profile:
    """The functions of one callgrind part and the calls between them.

    Callgrind runs with --separate-callers=CONTEXT_DEPTH: a function is counted apart for each
    chain of its callers (`fn'caller'caller's caller…`), so the calls a thunk makes are known
    for each function that called it, and looking through a thunk shared by many closures
    gives each call to the closure its caller."""

    def __init__(self, name):
        # (object, function in its context) -> its file (the `fl=` of its block)
        self.files = {}
        # ((object, caller in its context), (object, callee in its context)) -> calls
        self.calls = collections.Counter()
        self.parse(name)

    def parse(self, name):
        obj = file = function = None
        callee_obj = callee_name = None
        with open(name, encoding="utf-8", errors="replace") as lines:
            for line in lines:
                key, _, value = line.rstrip("\n").partition("=")
                if key == "ob":
                    obj = value
                elif key == "fl":
                    file = value
                elif key == "fn":
                    function = (obj, value)
                    self.files.setdefault(function, file)
                    callee_obj = callee_name = None
                elif key == "cob":
                    callee_obj = value
                elif key == "cfn":
                    callee_name = value
                elif key == "calls":
                    count = int(value.split()[0])
                    callee = (callee_obj or obj, callee_name)
                    self.calls[(function, callee)] += count
                    callee_obj = callee_name = None

    def library_object(self):
        """The object the library is linked into: that of a function written in its files."""
        if not hasattr(self, "_library_object"):
            self._library_object = next(
                (function[0] for function, file in self.files.items() if library_file(file)),
                None,
            )
        return self._library_object


def base_name(context):
    """A function's own name, without its callers (`'caller…`) or callgrind's mark of a
    recursion level (`'2`)."""
    return context.split("'", 1)[0]


def demangle(names):
    """Demangled names of `names`, through one swift-demangle process."""
    names = sorted(names)
    text = "\n".join(names) + "\n"
    output = subprocess.run(
        ["swift-demangle", "--simplified"], input=text, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    if len(output) < len(names):
        fail("swift-demangle gave fewer names than it was given")
    return dict(zip(names, output))


def library_file(file):
    """The path of `file` relative to the library's sources, or None if it is not there."""
    if not file:
        return None
    real = os.path.realpath(file) if os.path.isabs(file) else file
    prefix = LIBRARY + os.sep
    if real.startswith(prefix):
        return real[len(prefix) :]
    marker = "/Sources/ResilientDecoding/"
    if marker in file and not file.endswith("<compiler-generated>"):
        return file.split(marker, 1)[1]
    return None


class Attribution:
    """What each function of the library is: a source function of a file, a thunk, or none."""

    def __init__(self, profiles):
        names = {base_name(name) for profile in profiles for (_, name) in profile.files}
        self.demangled = demangle(names)

    def kind(self, profile, function):
        """('source', file) for a function written in a library file, ('thunk', None) for a
        function to look through, (None, None) otherwise."""
        name = base_name(function[1])
        demangled = self.demangled.get(name, name)
        if demangled.startswith(HELPERS):
            return None, None
        if demangled.startswith(THUNKS):
            return "thunk", None
        file_name = profile.files.get(function) or ""
        file = library_file(file_name)
        if file:
            return "source", file
        if "<compiler-generated>" in file_name and function[0] == profile.library_object():
            return "thunk", None
        return None, None


def source_calls(profile, attribution):
    """Calls between source functions of the library, thunks looked through: ((caller file,
    caller), (callee file, callee)) -> calls, each function named without its context."""
    kinds = {}

    def kind(function):
        if function not in kinds:
            kinds[function] = attribution.kind(profile, function)
        return kinds[function]

    outgoing = collections.defaultdict(list)
    incoming = collections.Counter()
    for (caller, callee), count in profile.calls.items():
        outgoing[caller].append((callee, count))
        incoming[callee] += count

    resolved = {}

    def through(thunk, visiting):
        """What one call of `thunk` (a function in its context, so called by one function
        only) reaches: (file, function) -> calls."""
        if thunk in resolved:
            return resolved[thunk]
        reached = collections.Counter()
        if incoming[thunk] and thunk not in visiting:
            visiting = visiting | {thunk}
            for callee, count in outgoing[thunk]:
                share = count / incoming[thunk]
                callee_kind, callee_file = kind(callee)
                if callee_kind == "source":
                    reached[(callee_file, plain(callee))] += share
                elif callee_kind == "thunk":
                    for target, calls in through(callee, visiting).items():
                        reached[target] += share * calls
        resolved[thunk] = reached
        return reached

    edges = collections.Counter()
    for (caller, callee), count in profile.calls.items():
        caller_kind, caller_file = kind(caller)
        if caller_kind != "source":
            continue
        caller_key = (caller_file, plain(caller))
        callee_kind, callee_file = kind(callee)
        if callee_kind == "source":
            edges[(caller_key, (callee_file, plain(callee)))] += count
        elif callee_kind == "thunk":
            for target, calls in through(callee, frozenset()).items():
                edges[(caller_key, target)] += count * calls
    return edges


def plain(function):
    """A function without its context: (object, its own name)."""
    return (function[0], base_name(function[1]))


def folder_of(file):
    return file.split(os.sep, 1)[0]


def count_path(failing, clean, attribution):
    """The crossings of one path, failing minus clean, each edge that makes them, and the files
    whose functions run in the failing decode."""
    edges_failing = source_calls(failing, attribution)
    edges_clean = source_calls(clean, attribution)
    difference = collections.Counter()
    for edges, sign in ((edges_failing, 1), (edges_clean, -1)):
        for edge, count in edges.items():
            difference[edge] += sign * count
    crossings = {direction: 0.0 for direction in FOLDERS}
    listed = []
    for ((caller_file, caller), (callee_file, callee)), count in difference.items():
        folders = (folder_of(caller_file), folder_of(callee_file))
        if set(folders) != set(FOLDERS) or abs(count) < 1e-9:
            continue
        crossings[folders[0]] += count
        listed.append((folders[0], caller_file, caller, callee_file, callee, count))
    touched = sorted(
        {
            kind[1]
            for kind in (attribution.kind(failing, function) for function in failing.files)
            if kind[0] == "source"
        }
    )
    return crossings, listed, touched


def whole(number):
    rounded = round(number)
    return str(rounded) if abs(number - rounded) < 1e-6 else f"{number:.2f}"


def main():
    parser = argparse.ArgumentParser(
        description="Counts calls between Decoding and Reporting on three failure paths."
    )
    parser.add_argument("--check", action="store_true", help="fail above the limits")
    parser.add_argument("--verbose", action="store_true", help="list each crossing call edge")
    parser.add_argument("--table", action="store_true", help="print a Markdown table")
    parser.add_argument("--keep", metavar="DIR", help="keep callgrind's files in DIR")
    options = parser.parse_args()

    for tool in ("valgrind", "swift-demangle", "swift"):
        if not shutil.which(tool):
            fail(f"{tool} is not on PATH")
    for folder in FOLDERS:
        if not os.path.isdir(os.path.join(LIBRARY, folder)):
            fail(f"no folder {folder} under Sources/ResilientDecoding: update FOLDERS")

    driver = build()
    out_dir = options.keep or tempfile.mkdtemp(prefix="crossings.")
    os.makedirs(out_dir, exist_ok=True)
    try:
        runs = [(path, document) for path in PATHS for document in ("failing", "clean")]
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            results = dict(
                zip(runs, pool.map(lambda run: run_callgrind(driver, *run, out_dir), runs))
            )
        for (path, document), (_, reported) in results.items():
            if (document == "failing") != (reported > 0):
                fail(
                    f"the {path} path's {document} document reported {reported} errors: "
                    "the documents no longer exercise the failure path"
                )
        profiles = {run: Profile(name) for run, (name, _) in results.items()}
        attribution = Attribution(profiles.values())
        counted = {
            path: count_path(profiles[(path, "failing")], profiles[(path, "clean")], attribution)
            for path in PATHS
        }
    finally:
        if not options.keep:
            shutil.rmtree(out_dir, ignore_errors=True)

    first, second = FOLDERS
    over = []
    if options.table:
        columns = [f"{first} → {second}", f"{second} → {first}", "total", "limit", "files"]
        print(f"| failure path | {' | '.join(columns)} |")
        print("|---|---:|---:|---:|---:|---:|")
    for path in PATHS:
        crossings, listed, touched = counted[path]
        total = crossings[first] + crossings[second]
        if total > LIMITS[path] + 1e-9:
            over.append(f"{path}: {whole(total)} crossings, limit {LIMITS[path]}")
        if options.table:
            print(
                f"| {path} ({DESCRIPTIONS[path]}) | {whole(crossings[first])} | "
                f"{whole(crossings[second])} | {whole(total)} | {LIMITS[path]} | {len(touched)} |"
            )
            continue
        print(
            f"{path:<11} {first}→{second} {whole(crossings[first]):>3}  "
            f"{second}→{first} {whole(crossings[second]):>3}  total {whole(total):>3} "
            f"(limit {LIMITS[path]})  files {len(touched)}   [{DESCRIPTIONS[path]}]"
        )
        if options.verbose:
            for direction, caller_file, caller, callee_file, callee, count in sorted(
                listed, key=lambda edge: (edge[0], edge[1], edge[3], edge[2][1], edge[4][1])
            ):
                print(
                    f"    {whole(count):>3}  {caller_file}: {short(attribution, caller)}\n"
                    f"           -> {callee_file}: {short(attribution, callee)}"
                )
            print(f"    files: {', '.join(touched)}")
    if options.check:
        if over:
            print(
                "\ncrossings.py: FAILED: more calls between "
                f"{first} and {second} than the limits allow:",
                file=sys.stderr,
            )
            for line in over:
                print(f"  {line}", file=sys.stderr)
            print(
                "  (Benchmarks/crossings.py --verbose lists each crossing call)", file=sys.stderr
            )
            sys.exit(1)
        print("All paths are within their limits.")


def short(attribution, function):
    """A function's demangled name, without its module's name."""
    name = attribution.demangled.get(function[1], function[1])
    return name.replace("ResilientDecoding.", "")


if __name__ == "__main__":
    main()
