import { isAppleMobile } from '../../../core/install.js';
import { sendOriginals, setSendOriginals } from '../../../core/photos/photo-settings.js';
import { useStore } from '../../../core/store.js';
import { accountsTexts } from './texts.js';

/**
 * Photos on this device: whether they are shrunk before upload, and how to share them in from the gallery (the
 * installed app is a share target; iOS has no Web Share Target, so an iPhone user is told what to do instead).
 */
export function PhotoSettingsCard() {
  const original = useStore(sendOriginals);
  const texts = accountsTexts.photos;
  return (
    <section class="card" aria-labelledby="photo-settings-title">
      <h2 id="photo-settings-title">{texts.title}</h2>
      <div class="field field-check">
        <input
          id="photos-original"
          type="checkbox"
          checked={original}
          onChange={(e) => setSendOriginals((e.currentTarget as HTMLInputElement).checked)}
          aria-describedby="photos-original-hint"
        />
        <label for="photos-original">{texts.original}</label>
        <p class="hint" id="photos-original-hint">
          {original ? texts.originalOn : texts.originalOff}
        </p>
      </div>
      <h3>{texts.shareTitle}</h3>
      <p class="muted">{isAppleMobile() ? texts.shareIos : texts.share}</p>
    </section>
  );
}
