import { upload } from '../../../core/upload.js';
import { api } from '../../../core/api.js';
import { type CurrentUser, loadSession } from '../../../core/session.js';
import { PhotoUpload } from '../../../ui/photo-upload.js';
import { tx } from './texts.js';

/** Avatar: `POST /api/me/avatar` (multipart field `file`), `DELETE /api/me/avatar`; the session is re-read after. */
export function AvatarForm({ user }: { user: CurrentUser }) {
  return (
    <div class="card">
      <PhotoUpload
        id="avatar"
        title={tx.profile.avatar}
        currentUrl={user.avatar_url}
        alt={tx.profile.avatarAlt}
        emptyText={tx.profile.avatarNone}
        chooseLabel={tx.profile.avatarChoose}
        removeLabel={tx.profile.avatarRemove}
        send={(form, onProgress) => upload('/api/me/avatar', { form, onProgress })}
        fieldName="file"
        uploadingText={tx.profile.avatarUploading}
        doneText={tx.profile.avatarDone}
        removedText={tx.profile.avatarRemoved}
        onUploaded={loadSession}
        onRemove={async () => {
          await api.DELETE('/api/me/avatar');
          await loadSession();
        }}
      />
    </div>
  );
}
