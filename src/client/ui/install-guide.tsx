import { useState } from 'preact/hooks';
import { dismissInstallOffer, installOfferDismissed, installPrompt, isStandalone, needsHomeScreenForPush, promptInstall } from '../core/install.js';
import { useStore } from '../core/store.js';

const IOS_TITLE = 'Warnungen auf dem iPhone bekommen';
const IOS_INTRO = 'Auf iPhone und iPad kommen Push-Nachrichten nur in der App vom Home-Bildschirm an. So geht es in drei Schritten:';
const IOS_STEP_SHARE = 'Tippe in Safari unten auf „Teilen“.';
const IOS_STEP_ADD = 'Wähle „Zum Home-Bildschirm“ und tippe auf „Hinzufügen“.';
const IOS_STEP_OPEN = 'Öffne Pfotenbuch dann über das neue Symbol auf dem Home-Bildschirm und schalte hier die Benachrichtigungen ein.';
const INSTALL_TEXT = 'Installier Pfotenbuch auf deinem Gerät: Es startet wie eine App, und Warnungen in deiner Nähe erreichen dich zuverlässig.';
const INSTALL_BUTTON = 'App installieren';
const INSTALL_LATER = 'Nicht jetzt';

/** Safari's share button (a square with an arrow up), as the guide's picture of the first step. */
function ShareSymbol() {
  return (
    <svg class="ios-symbol" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d="M12 3v12M8 7l4-4 4 4" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" />
      <path d="M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2" fill="none" stroke="currentColor" stroke-width="1.8" />
    </svg>
  );
}

/** "Zum Home-Bildschirm" (a square with a plus), the second step's picture. */
function AddSymbol() {
  return (
    <svg class="ios-symbol" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="16" height="16" rx="4" fill="none" stroke="currentColor" stroke-width="1.8" />
      <path d="M12 8v8M8 12h8" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
    </svg>
  );
}

/** On iPhone and iPad in Safari: how to get the home-screen app, where push works. Nothing elsewhere. */
export function HomeScreenGuide() {
  if (!needsHomeScreenForPush()) return null;
  return (
    <div class="notice notice-info install-guide" data-guide="ios">
      <p>
        <strong>{IOS_TITLE}</strong>
      </p>
      <p>{IOS_INTRO}</p>
      <ol class="install-steps">
        <li>
          <ShareSymbol /> <span>{IOS_STEP_SHARE}</span>
        </li>
        <li>
          <AddSymbol /> <span>{IOS_STEP_ADD}</span>
        </li>
        <li>
          <span>{IOS_STEP_OPEN}</span>
        </li>
      </ol>
    </div>
  );
}

/**
 * "App installieren" where the browser can install (Chromium keeps its prompt for us, core/install.ts). Shown at
 * moments that make sense (after the first dog, beside the warnings), never on a first visit by itself, and not
 * again once dismissed.
 */
export function InstallOffer() {
  const prompt = useStore(installPrompt);
  const [dismissed, setDismissed] = useState(installOfferDismissed());
  if (!prompt || dismissed || isStandalone()) return null;
  return (
    <div class="notice notice-info install-offer" data-offer="install">
      <p>{INSTALL_TEXT}</p>
      <p class="link-row">
        <button type="button" class="button button-small" onClick={() => void promptInstall()}>
          {INSTALL_BUTTON}
        </button>
        <button
          type="button"
          class="button button-ghost button-small"
          onClick={() => {
            dismissInstallOffer();
            setDismissed(true);
          }}
        >
          {INSTALL_LATER}
        </button>
      </p>
    </div>
  );
}
