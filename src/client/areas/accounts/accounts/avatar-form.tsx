import { upload } from '../../../core/upload.js';
import { api } from '../../../core/api.js';
import { type CurrentUser, loadSession } from '../../../core/session.js';
import { PhotoUpload } from '../../../ui/photo-upload.js';
import { accountsTexts } from './texts.js';

/** Avatar: `POST /api/me/avatar` (multipart field `file`), `DELETE /api/me/avatar`; the session is re-read after. */
export function AvatarForm({ user }: { user: CurrentUser }) {
  return (
    <div class="card">
      <PhotoUpload
        id="avatar"
        title={accountsTexts.profile.avatar}
        currentUrl={user.avatar_url}
        alt={accountsTexts.profile.avatarAlt}
        emptyText={accountsTexts.profile.avatarNone}
        chooseLabel={accountsTexts.profile.avatarChoose}
        removeLabel={accountsTexts.profile.avatarRemove}
        send={(form, onProgress, signal) => upload('/api/me/avatar', { form, onProgress, signal })}
        fieldName="file"
        uploadingText={accountsTexts.profile.avatarUploading}
        doneText={accountsTexts.profile.avatarDone}
        removedText={accountsTexts.profile.avatarRemoved}
        onUploaded={loadSession}
        onRemove={async () => {
          await api.DELETE('/api/me/avatar');
          await loadSession();
        }}
      />
    </div>
  );
}
