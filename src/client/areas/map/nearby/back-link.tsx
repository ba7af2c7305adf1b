import { nearbyTexts } from './texts.js';

/** Below a map item's card or form: the way back to the nearby list. */
export function BackToNearby() {
  return (
    <p class="link-row">
      <a href="/app/in-der-naehe">{nearbyTexts.title}</a>
    </p>
  );
}
