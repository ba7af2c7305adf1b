/** Types of precompress.mjs (brotli and gzip twins of the static text assets). */
export function precompress(root?: string): Promise<{ files: number; before: number; after: number }>;
