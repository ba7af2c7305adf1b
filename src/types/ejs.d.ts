// ejs 7 ships no types and @types/ejs describes v3; this declares the part we use.
declare module 'ejs' {
  export interface Options {
    cache?: boolean;
    filename?: string;
    root?: string;
    views?: string[];
    async?: boolean;
  }
  export type RenderCallback = (err: Error | null, html?: string) => void;
  export function renderFile(path: string, data: object, options: Options, cb: RenderCallback): void;
  export function renderFile(path: string, data: object, cb: RenderCallback): void;
  export function render(template: string, data?: object, options?: Options): string;
  const ejs: { renderFile: typeof renderFile; render: typeof render };
  export default ejs;
}
