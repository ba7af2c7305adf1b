import type { Response } from 'express';

/**
 * Renders an EJS view and sends it, as a promise: `res.render` answers in a later tick, so a handler that awaits
 * this has answered by the time it returns (routeGroup relies on that, see route-group.ts).
 */
export function sendPage(res: Response, view: string, data: object): Promise<void> {
  return new Promise((resolve, reject) => {
    res.render(view, data, (err: Error | null, html: string) => {
      if (err) return reject(err);
      res.type('html').send(html);
      resolve();
    });
  });
}
