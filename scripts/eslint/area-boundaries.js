// ESLint rule: the house's room plan (docs/architecture.md, "Layout").
//  - Areas live in wings: src/features/<wing>/<area>/ (accounts, dog-records, community, map, admin, public-web).
//  - src/features/<wing>/<area>/… may import another area only through its index (…/<other>/index.ts).
//  - src/core/… imports no area at all.
//  - The client follows the same plan: src/client/areas/<wing>/<area>/… reaches another area only through its index or
//    its <area>-api.ts data module, and src/client/{core,ui}/… import no area.
//  - src/features/… and src/client/… never import the engine, src/platform/… (docs/architecture.md, "platform/").
//  - Test files are exempt: they test an area's pieces.
// Imports are resolved against the importing file, so relative paths of any depth are judged by where they land;
// the path aliases of package.json `imports` (#core/…, #platform/…, #shared/…) are resolved the same way.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// `faces`: the files of an area others may import. A client area's data module (<area>-api.ts) is a face too,
// because its index.ts is the lazily loaded screen chunk and importing that would pull the screens along.
const ROOMS = [
  { areas: 'src/features', shared: ['src/core', 'src/platform'], faces: /^index\.(ts|tsx|js)$/ },
  { areas: 'src/client/areas', shared: ['src/client/core', 'src/client/ui'], faces: /^(index\.(ts|tsx|js)|[a-z-]+-api\.ts)$/ },
];

/** The aliases of package.json `imports` ('#core/*' → './src/core/*') as [prefix, folder] pairs. */
function aliasesOf(cwd) {
  try {
    const imports = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')).imports ?? {};
    return Object.entries(imports)
      .filter(([key, to]) => key.endsWith('/*') && typeof to === 'string' && to.endsWith('/*'))
      .map(([key, to]) => [key.slice(0, -1), to.slice(0, -1)]);
  } catch {
    return [];
  }
}

/** Where an import lands, relative to the project root; undefined for a package. */
function landing(cwd, filename, spec, aliases) {
  if (spec.startsWith('.')) return posix(relative(cwd, resolve(dirname(filename), spec)));
  const alias = aliases.find(([prefix]) => spec.startsWith(prefix));
  return alias ? posix(relative(cwd, resolve(cwd, alias[1], spec.slice(alias[0].length)))) : undefined;
}

const ENGINE = 'src/platform/';
const ENGINE_FREE = ['src/features/', 'src/client/'];

function posix(path) {
  return path.split(sep).join('/');
}

/** 'dog-records/diary' for src/features/dog-records/diary/x.ts under 'src/features'; undefined outside an area. */
function areaOf(file, areasRoot) {
  if (!file.startsWith(areasRoot + '/')) return undefined;
  const [wing, area, ...rest] = file.slice(areasRoot.length + 1).split('/');
  return rest.length > 0 ? `${wing}/${area}` : undefined;
}

function isFace(file, room, area) {
  return room.faces.test(file.slice(`${room.areas}/${area}/`.length));
}

export const areaBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'areas import each other only through index.ts; core imports no area' },
    schema: [],
    messages: {
      throughIndex: "'{{target}}' belongs to the area '{{area}}': import it through src/…/{{area}}/index.ts.",
      platformFromArea: "'{{from}}' must not import the engine ('{{target}}'): areas and the client use the kit in src/core.",
      coreImportsArea: "Shared code ('{{from}}') must not import an area ('{{target}}'): let the area register itself instead.",
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const from = posix(relative(cwd, context.filename));
    // Tests may reach into any area: they test its pieces.
    if (/\.test\.tsx?$/.test(from)) return {};
    const aliases = aliasesOf(cwd);
    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = landing(cwd, context.filename, spec, aliases)?.replace(/\.js$/, '.ts');
      if (!target) return;
      if (target.startsWith(ENGINE) && ENGINE_FREE.some((s) => from.startsWith(s))) {
        context.report({ node: node.source, messageId: 'platformFromArea', data: { from, target } });
        return;
      }
      for (const room of ROOMS) {
        const targetArea = areaOf(target, room.areas);
        if (!targetArea) continue;
        if (room.shared.some((s) => from.startsWith(s + '/'))) {
          context.report({ node: node.source, messageId: 'coreImportsArea', data: { from, target } });
          return;
        }
        const fromArea = areaOf(from, room.areas);
        if (fromArea && fromArea !== targetArea && !isFace(target, room, targetArea)) {
          context.report({ node: node.source, messageId: 'throughIndex', data: { target, area: targetArea } });
        }
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => check({ source: node.source }) };
  },
};
