// The house's own ESLint rules (eslint.config.js turns them on; test/core/house-kit.test.ts tests them).
import { areaBoundaries } from './area-boundaries.js';
import { mediaThroughStore } from './media-through-store.js';
import { sqlInRepos } from './sql-in-repos.js';

export default { rules: { 'area-boundaries': areaBoundaries, 'sql-in-repos': sqlInRepos, 'media-through-store': mediaThroughStore } };
