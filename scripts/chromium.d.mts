/** Types of scripts/chromium.mjs for the TypeScript tests that use it. */
export const CHROMIUM_PATH: string;
export const CHROMIUM_BASE_FLAGS: readonly string[];
