// The browser build's "shell" chunk (ADR 0092): the modules that every page loads before it can hydrate, in one file.
// They are the static imports, direct or not, of the client entry (React DOM, React Router) and of the root route
// (the layout chrome, the page table, the cookie banner...). Left to automatic chunking they are split by which
// routes share them into some thirty files of a few hundred bytes each: more requests on a slow line, more
// module preloads for the browser to schedule, and a worse gzip (each file compressed without the others' words).
// Dynamic imports (the realtime island) stay out: they are loaded only when used.
// `alsoShell` adds modules most pages import though the root does not (the date and money formatting): in the shell
// they cost a few hundred bytes once, cached with it, instead of a file of their own on almost every page.
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

export function shellChunk(rootRouteFile: string, alsoShell: RegExp | null = null) {
  const normalize = (id: string) => id.replace(/\?.*$/, "");
  let shell: Set<string> | null = null;

  function staticClosure(graph: ModuleGraph, starts: string[]): Set<string> {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) stack.push(imported);
    }
    return seen;
  }

  const clientEntries: string[] = [];
  return {
    /** Every module is a candidate; the client entry is noted on the way (test runs for all before name). */
    test(moduleId: string) {
      if (/entry\.client\.[jt]sx?$/.test(normalize(moduleId))) clientEntries.push(moduleId);
      return true;
    },
    name(moduleId: string, graph: ModuleGraph) {
      if (shell === null) {
        if (clientEntries.length === 0) throw new Error("shell chunk: no client entry (entry.client) among the modules");
        shell = staticClosure(graph, [rootRouteFile, ...clientEntries]);
        if (!graph.getModuleInfo(rootRouteFile)) throw new Error(`shell chunk: the root route ${rootRouteFile} is not in the graph`);
      }
      return shell.has(moduleId) || alsoShell?.test(normalize(moduleId)) ? "shell" : null;
    },
  };
}
