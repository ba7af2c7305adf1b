/** Types of scripts/build-client.mjs for the TypeScript tests that call it. */
export function buildClient(options?: { watch?: boolean; outdir?: string }): Promise<string[]>;
