// The Debian Chromium every browser test and benchmark drives (never a browser a tool downloads), and the flags they
// all start it with: headless, no GPU, no QUIC, none of Chromium's background traffic (updates, sync, field trials).
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_BASE_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
