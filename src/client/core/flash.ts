import { createStore } from './store.js';

/** A one-time message for the screen at `path` ("Bello ist angelegt."); the layout drops it once you move on. */
export const flash = createStore<{ text: string; path: string } | null>(null);

export function showFlash(text: string, path: string): void {
  flash.set({ text, path });
}
