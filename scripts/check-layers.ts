/**
 * The server's folder-level import graph: each top-level file of server/src, each top-level folder and each
 * modules/<name>/ is one node, and an import from a file of one node to a file of another is an edge (type
 * imports included: a layer that names a type above it still knows of that layer). Tests and the helpers
 * in `testing/` folders are left out: they may reach anything. Fails when the graph has a cycle, naming
 * one loop and the imports that make it; `--floors` prints every node with what it imports, from the top
 * floor down.
 *
 *   node --import tsx scripts/check-layers.ts [--floors] [server/src]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const TEST_FILE = /\.test\.tsx?$/;

/** The node a file belongs to: `modules/<name>/`, `<folder>/` or the file itself at the top. */
export function nodeOf(pathInSrc: string): string {
  const parts = pathInSrc.split(sep).join('/').split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}/`;
  return parts.length > 1 ? `${parts[0]}/` : (parts[0] ?? pathInSrc);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !TEST_FILE.test(name) ? [path] : [];
  });
}

/** Edges between nodes, each with one import that makes it (`from-file -> to-file`). */
export function folderGraph(srcDir: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(srcDir)) {
    const from = nodeOf(relative(srcDir, file));
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = relative(srcDir, resolve(dirname(file), fileName));
      if (target.startsWith('..')) continue;
      const to = nodeOf(target);
      if (to !== from && !edges.has(to)) edges.set(to, `${relative(srcDir, file)} -> ${target}`);
    }
  }
  return graph;
}

/** Every cycle's nodes (strongly connected components of more than one node), by Tarjan's algorithm. */
export function cycles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest loop through `start` that stays inside `component`, as its nodes in order. */
function loopThrough(graph: Map<string, Map<string, string>>, component: string[], start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!component.includes(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        return path;
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** Each node's floor: 1 for a node that imports no other, else one above the highest it imports. */
function floors(graph: Map<string, Map<string, string>>): Map<string, number> {
  const floor = new Map<string, number>();
  const of = (node: string): number => {
    const known = floor.get(node);
    if (known !== undefined) return known;
    const below = [...(graph.get(node)?.keys() ?? [])].map(of);
    const value = 1 + Math.max(0, ...below);
    floor.set(node, value);
    return value;
  };
  for (const node of graph.keys()) of(node);
  return floor;
}

export function checkLayers(srcDir: string, { listFloors = false } = {}): { ok: boolean; report: string } {
  const graph = folderGraph(srcDir);
  const found = cycles(graph);
  if (found.length > 0) {
    const lines = found.flatMap((component, i) => {
      const loop = loopThrough(graph, component, component[0] as string);
      return [
        `cycle ${i + 1} (${component.length} folders: ${component.join(', ')}), for example:`,
        ...loop.map((from, j) => `  ${graph.get(from)?.get(loop[(j + 1) % loop.length] as string)}`),
      ];
    });
    return { ok: false, report: ['server folders import each other in a cycle:', ...lines].join('\n') };
  }
  const edges = [...graph.values()].reduce((sum, edges) => sum + edges.size, 0);
  const summary = `${graph.size} folders, ${edges} imports between them, no cycle`;
  if (!listFloors) return { ok: true, report: summary };
  const floor = floors(graph);
  const byFloor = [...floor].sort(([a, fa], [b, fb]) => fb - fa || a.localeCompare(b));
  const lines = byFloor.map(([node, f]) => {
    const imports = [...(graph.get(node)?.keys() ?? [])].sort().join(', ');
    return `${String(f).padStart(2)}  ${node.padEnd(28)} ${imports ? `-> ${imports}` : ''}`.trimEnd();
  });
  return { ok: true, report: [`${summary}; floors, top first:`, ...lines].join('\n') };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const args = process.argv.slice(2);
  const dir = args.find((arg) => !arg.startsWith('--')) ?? 'server/src';
  const { ok, report } = checkLayers(resolve(root, dir), { listFloors: args.includes('--floors') });
  (ok ? console.log : console.error)(`${dir}: ${report}`);
  process.exitCode = ok ? 0 : 1;
}
