import { createStore } from '../store.js';

/**
 * "Originalgröße hochladen": a setting of this device, not of the account. It is about the connection and the data
 * plan of the phone in the hand (a desktop on a fibre line may want originals, the phone on a walk does not), so it
 * lives in localStorage.
 */
const KEY = 'pfotenbuch.photos.original';

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false; // storage blocked (private mode): shrink, the default
  }
}

export const sendOriginals = createStore(read());

export function setSendOriginals(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // storage blocked: the setting holds for this page only
  }
  sendOriginals.set(on);
}
