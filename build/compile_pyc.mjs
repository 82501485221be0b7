// Compile Python to bytecode for the page's interpreter (Pyodide's CPython 3.14), with the Pyodide
// from node_modules running in Node, so the page imports .pyc files instead of compiling modules
// from source at each start.
//
//   node build/compile_pyc.mjs <source dir holding ludotheque/> <output dir> [<stdlib zip> <output zip>]
//
// writes <output dir>/ludotheque/**/__pycache__/*.cpython-314.pyc and, given Pyodide's
// python_stdlib.zip, <output zip>: that zip with the modules the page imports as bytecode in place
// of their source (name.pyc where name.py was: the layout Python's zip importer reads). Those are
// the modules Pyodide's own start imports, those every module of the package imports (imported
// here with a stand-in for PyScript's `pyscript` module) and BOOT_EXTRA. The rest of the library
// stays source, compiled if it is ever imported: all of it as bytecode would weigh 4.5 MB instead
// of 2.55 (the chosen ones bring it to 3.2).
//
// Both write unchecked-hash pycs: their bytes depend only on the source, and the importer uses
// them without checking timestamps. Python runs with a fixed hash seed, and the zip has sorted
// entries and fixed dates, so two builds give byte-identical files.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";

const [source, output, stdlibZip, stdlibOutput] = process.argv.slice(2);
if (!source || !output || (stdlibZip && !stdlibOutput)) {
  console.error("usage: node build/compile_pyc.mjs <source dir> <output dir> [<stdlib zip> <output zip>]");
  process.exit(2);
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "__pycache__") return [];
    return statSync(path).isDirectory() ? walk(path) : path.endsWith(".py") ? [path] : [];
  });
}

const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0" } });

// imported by PyScript's own Python before the package's first line: codecs for the zip of
// [files] (PyScript's module imports are Pyodide's, json, asyncio, base64: already in the set)
const BOOT_EXTRA = ["encodings.cp437", "html", "html.entities"];

// the modules Pyodide's own start imported, before this script imports anything
const bootModules = pyodide.runPython("import sys; sorted(sys.modules)").toJs();
for (const file of walk(join(source, "ludotheque"))) {
  const target = join("/src", relative(source, file));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}

function compilePackage() {
  const compiled = pyodide.runPython(`
import compileall, pathlib, py_compile, sys
ok = compileall.compile_dir("/src/ludotheque", quiet=1, force=True,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("compileall failed")
[str(p) for p in sorted(pathlib.Path("/src").rglob("*.pyc"))] + [sys.implementation.cache_tag]
`).toJs();
  const tag = compiled.pop();
  for (const path of compiled) {
    const target = join(output, relative("/src", path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, pyodide.FS.readFile(path));
  }
  console.log(`compiled ${compiled.length} modules for ${tag}`);
}

function compileStdlib() {
  pyodide.FS.writeFile("/tmp/stdlib-source.zip", readFileSync(stdlibZip));
  // co_filename is where the source would have been, inside the zip Pyodide mounts at
  // /lib/python3XX.zip: tracebacks name the module's file and line (the line's text is not shown)
  const summary = pyodide.runPython(`
import importlib, importlib.util, pkgutil, sys, types, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
mount = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"

class Anything:
    """Stands for PyScript's document and window while the package's modules are imported."""
    def __getattr__(self, name):
        return Anything()
    def __call__(self, *args, **kwargs):
        return Anything()
    def __getitem__(self, key):
        return Anything()
    def __iter__(self):
        return iter(())

stand_in = types.ModuleType("pyscript")
stand_in.__getattr__ = lambda name: Anything()
sys.modules["pyscript"] = stand_in
sys.path.insert(0, "/src")
before = set(sys.modules)
import ludotheque
for module in pkgutil.walk_packages(ludotheque.__path__, "ludotheque."):
    importlib.import_module(module.name)   # an error here stops the build: better than guessing
for name in ${JSON.stringify(BOOT_EXTRA)}:
    importlib.import_module(name)
page = set(${JSON.stringify(bootModules)}) | (set(sys.modules) - before)
wanted = {module.__file__[len(mount):] for name, module in list(sys.modules.items())
          if name in page and (getattr(module, "__file__", None) or "").startswith(mount)}
compiled = kept = 0
with zipfile.ZipFile("/tmp/stdlib-source.zip") as src, \\
        zipfile.ZipFile("/tmp/stdlib.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        name, data = info.filename, src.read(info)
        if name in wanted:
            try:
                code = compile(data, mount + name, "exec", dont_inherit=True, optimize=0)
            except SyntaxError:
                kept += 1   # cannot happen to a module that was just imported; left as source
            else:
                name = name[:-3] + ".pyc"
                data = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                compiled += 1
        entry = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = info.external_attr
        dst.writestr(entry, data)
f"compiled {compiled} standard library modules for {sys.implementation.cache_tag}" + \\
    (f" ({kept} failed to compile and stay source)" if kept else "")
`);
  writeFileSync(stdlibOutput, pyodide.FS.readFile("/tmp/stdlib.zip"));
  console.log(summary);
}

if (stdlibZip) compileStdlib();   // first: it counts which modules importing the package loads
compilePackage();
