import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root, found by walking up from this module to the folder holding package.json.
 * Works the same from src/ (tsx, vitest) and from the bundled dist/ build.
 */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot();
export const VIEWS_DIR = join(PROJECT_ROOT, 'views');
export const PUBLIC_DIR = join(PROJECT_ROOT, 'public');
export const VERSION_FILE = join(PROJECT_ROOT, 'VERSION');
