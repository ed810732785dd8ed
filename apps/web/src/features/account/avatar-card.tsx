import { AVATAR_MAX_BYTES, avatarMimeTypes } from '@sciwise/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useSignedInUser } from '../auth/queries.ts';
import { useRemoveAvatar, useUploadAvatar } from './queries.ts';

/**
 * The account's picture: shown in the header, in chat, and as the photo of an expert's public
 * profile. Used by the profile page and the expert's profile editor.
 */
export function AvatarCard({
  description = 'PNG, JPEG or WebP, up to 2 MB. Without one, we show your initials.',
}: { description?: string } = {}) {
  const user = useSignedInUser();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setNotice(null);
    if (!file) return;
    if (!(avatarMimeTypes as readonly string[]).includes(file.type)) {
      setProblem('Profile pictures must be PNG, JPEG or WebP images.');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem('That picture is larger than 2 MB. Please choose a smaller one.');
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => setNotice('Your profile picture has been updated.'),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Card title="Profile picture" description={description} id="avatar">
      <div className="flex flex-wrap items-center gap-5">
        <Avatar name={user.name} email={user.email} src={user.avatarUrl} size="xl" decorative={false} />
        <div className="flex flex-wrap gap-3">
          <input
            ref={inputRef}
            type="file"
            accept={avatarMimeTypes.join(',')}
            className="sr-only"
            id="avatar-file"
            aria-label="Choose a profile picture"
            onChange={onPick}
          />
          <Button
            onClick={() => inputRef.current?.click()}
            loading={upload.isPending}
            disabled={upload.isPending}
          >
            {upload.isPending ? 'Uploading...' : user.avatarUrl ? 'Change picture' : 'Upload picture'}
          </Button>
          {user.avatarUrl && (
            <Button
              variant="secondary"
              loading={remove.isPending}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => setNotice('Your profile picture has been removed.'),
                  onError: (error) => setProblem(errorMessage(error)),
                })
              }
            >
              Remove
            </Button>
          )}
        </div>
      </div>
      {problem && <Alert className="mt-4">{problem}</Alert>}
      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}
    </Card>
  );
}
