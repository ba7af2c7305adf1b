/** Replaced at build time by scripts/build-client.mjs with the number from VERSION. */
declare const __APP_BUILD__: string;
