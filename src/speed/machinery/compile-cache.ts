import nodeModule from "node:module";

/** `module.enableCompileCache`, which Node 22.8 added (Node 20's `node:module` has none). */
type EnableCompileCache = () => { status: number; directory?: string };

/**
 * Keeps V8's compiled code of the command's modules on disk between runs, where Node offers it (22.8 and
 * later): a report then compiles the bundle's few MB of JavaScript once, not every run. Node 20 has no
 * such cache and goes on as before. The folder is Node's default, `node-compile-cache` in the OS's temp
 * folder (or `NODE_COMPILE_CACHE`), never the user's project; `NODE_DISABLE_COMPILE_CACHE=1` turns it off.
 * Worker threads inherit it through `NODE_COMPILE_CACHE` (the API enables it for this thread only).
 */
export function enableCompileCache(): void {
  const enable = (nodeModule as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  if (enable === undefined) return;
  const { directory } = enable();
  if (directory !== undefined) process.env.NODE_COMPILE_CACHE ??= directory;
}
