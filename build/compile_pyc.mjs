// Compile the Python package to bytecode for the page's interpreter (Pyodide's CPython 3.14),
// with the Pyodide from node_modules running in Node. The page then imports .pyc files instead of
// compiling every module at each start.
//
//   node build/compile_pyc.mjs <source dir holding ludotheque/> <output dir>
//
// Writes <output dir>/ludotheque/**/__pycache__/*.cpython-314.pyc (unchecked-hash pycs: their
// bytes depend only on the source, and the importer uses them without checking timestamps).
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";

const [source, output] = process.argv.slice(2);
if (!source || !output) {
  console.error("usage: node build/compile_pyc.mjs <source dir> <output dir>");
  process.exit(2);
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "__pycache__") return [];
    return statSync(path).isDirectory() ? walk(path) : path.endsWith(".py") ? [path] : [];
  });
}

const pyodide = await loadPyodide();
const files = walk(join(source, "ludotheque"));
for (const file of files) {
  const target = join("/src", relative(source, file));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
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
