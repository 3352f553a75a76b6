import { PROFILE_PICTURE_MAX_BYTES } from '@qrd/contracts';
import { ImageUp, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { UserAvatar } from '../../../components/user-avatar';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import type { User } from '../../../lib/user';
import { useRemoveProfilePicture, useUploadProfilePicture } from '../api/profile-picture';

const messages = defineMessages({
  tooLarge: { id: 'account.picture.tooLarge', defaultMessage: 'The picture is too large: upload an image of at most 5 MB' },
});

/** Upload, replace or remove the profile picture; the server checks the file's content and re-encodes it. */
export function ProfilePictureCard({ user }: { user: User }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadProfilePicture();
  const remove = useRemoveProfilePicture();
  const busy = upload.isPending || remove.isPending;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    // Said at once for a file that cannot pass; the server judges everything else by its bytes.
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      setError(intl.formatMessage(messages.tooLarge));
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast({ title: intl.formatMessage({ id: 'account.picture.updated', defaultMessage: 'Profile picture updated' }) });
    } catch (failure) {
      const fallback = intl.formatMessage({ id: 'account.picture.uploadFailed', defaultMessage: 'The picture could not be uploaded. Please try again.' });
      setError(getFieldErrors(failure).picture ?? getErrorMessage(failure, fallback));
    }
  };

  const onRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      toast({ title: intl.formatMessage({ id: 'account.picture.removed', defaultMessage: 'Profile picture removed' }) });
    } catch (failure) {
      setError(getErrorMessage(failure, intl.formatMessage({ id: 'account.picture.removeFailed', defaultMessage: 'The picture could not be removed. Please try again.' })));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="account.picture.title" defaultMessage="Profile picture" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.picture.description"
            defaultMessage="A PNG, JPEG, WebP or GIF image of up to 5 MB, shown as a 256 × 256 square. Its metadata (location, camera) is removed."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <UserAvatar user={user} className="size-20" fallbackClassName="text-2xl" />
        <div className="grid gap-3">
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              id="profile-picture-file"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => void onFile(event)}
            />
            <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={busy}>
              {upload.isPending ? <Spinner /> : <ImageUp aria-hidden="true" />}
              {upload.isPending ? (
                <FormattedMessage id="account.picture.uploading" defaultMessage="Uploading…" />
              ) : user.profileImageUrl ? (
                <FormattedMessage id="account.picture.change" defaultMessage="Change picture" />
              ) : (
                <FormattedMessage id="account.picture.upload" defaultMessage="Upload picture" />
              )}
            </Button>
            {user.profileImageUrl && (
              <Button type="button" variant="ghost" onClick={() => void onRemove()} disabled={busy}>
                {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
                <FormattedMessage id="account.picture.remove" defaultMessage="Remove picture" />
              </Button>
            )}
          </div>
          {!user.profileImageUrl && !error && (
            <p className="text-sm text-muted-foreground">
              <FormattedMessage id="account.picture.none" defaultMessage="No picture yet: your initials are shown instead." />
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
