// ESLint rule: users' files are reached only through the media store (ctx.media, src/core/media/store), so they
// work the same on local disk and in an S3-compatible object store shared by several instances (issue 28). The
// media folder's path (`config.mediaDir`) is read only in src/core/media/ (the local driver, the staging folder)
// and where it is defined (src/core/config.ts); areas do not read the data folder (`dataDir`) at all, so no area
// can build a path to a stored file and call `fs` on it. Tests and scripts are exempt.
import { relative, sep } from 'node:path';

const exempt = (file) => !file.startsWith('src/') || /\.test(-support)?\.tsx?$/.test(file);
const mayReadMediaDir = (file) => file.startsWith('src/core/media/') || file === 'src/core/config.ts';
const mayReadDataDir = (file) => !file.startsWith('src/features/');

export const mediaThroughStore = {
  meta: {
    type: 'problem',
    docs: { description: "Users' files only through ctx.media" },
    schema: [],
    messages: {
      mediaDir: "Stored files are reached through ctx.media (storeFiles, sendStoredFile, ctx.media.remove …), not through the media folder's path.",
      dataDir: 'Areas do not read the data folder: files go through ctx.media, settings through ctx.config.',
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const file = relative(cwd, context.filename).split(sep).join('/');
    if (exempt(file)) return {};
    const check = (node, name) => {
      if (name === 'mediaDir' && !mayReadMediaDir(file)) context.report({ node, messageId: 'mediaDir' });
      if (name === 'dataDir' && !mayReadDataDir(file)) context.report({ node, messageId: 'dataDir' });
    };
    return {
      MemberExpression(node) {
        if (!node.computed && node.property.type === 'Identifier') check(node.property, node.property.name);
      },
      // const { mediaDir } = ctx.config
      Property(node) {
        if (node.parent?.type === 'ObjectPattern' && node.key.type === 'Identifier') check(node.key, node.key.name);
      },
    };
  },
};
