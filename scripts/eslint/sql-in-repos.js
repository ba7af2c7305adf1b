// ESLint rule: SQL lives in *.repo.ts (docs/architecture.md, "the recipe"). Kysely query builders (selectFrom,
// insertInto, updateTable, deleteFrom, …) and the `sql` template of kysely are used only in
//  - an area's or core's *.repo.ts,
//  - src/core/db/ and src/platform/db/ (the engines, migrations helpers, full-text search),
//  - tests and their support files (*.test.ts, *.test-support.ts).
// A service composes repo functions and transactions (db.transaction()), but writes no query itself. Type imports
// from kysely (Selectable, Kysely …) are fine anywhere.
import { relative, sep } from 'node:path';

const BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'selectNoFrom']);

const allowed = (file) =>
  /\.repo\.ts$/.test(file) ||
  file.startsWith('src/core/db/') ||
  file.startsWith('src/platform/db/') ||
  /\.test(-support)?\.tsx?$/.test(file) ||
  !file.startsWith('src/');

export const sqlInRepos = {
  meta: {
    type: 'problem',
    docs: { description: 'Kysely queries only in *.repo.ts and src/core/db' },
    schema: [],
    messages: {
      builder: "'{{name}}' builds SQL: move the query into a *.repo.ts of this area and call it from here.",
      sqlTag: 'The sql template writes SQL: move it into a *.repo.ts of this area (or src/core/db for engine code).',
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const file = relative(cwd, context.filename).split(sep).join('/');
    if (allowed(file)) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && BUILDERS.has(callee.property.name)) {
          context.report({ node: callee.property, messageId: 'builder', data: { name: callee.property.name } });
        }
      },
      ImportDeclaration(node) {
        if (node.source.value !== 'kysely' || node.importKind === 'type') return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && spec.importKind !== 'type' && spec.imported.name === 'sql')
            context.report({ node: spec, messageId: 'sqlTag' });
        }
      },
    };
  },
};
