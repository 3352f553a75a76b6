import { useMutation } from '@tanstack/react-query';
import { PROFILE_PICTURE_PATH } from '@qrd/contracts';
import { api } from '../../../lib/api-client';
import { useSetUser } from '../../../lib/auth';
import type { User } from '../../../lib/user';

/** POST /api/profile/picture with the image file as the body -> the user with the new picture's address. */
export function uploadProfilePicture(file: Blob): Promise<User> {
  return api.upload<User>(PROFILE_PICTURE_PATH, file);
}

/** DELETE /api/profile/picture -> the user without a picture (initials again). */
export function removeProfilePicture(): Promise<User> {
  return api.delete<User>(PROFILE_PICTURE_PATH);
}

export function useUploadProfilePicture() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: uploadProfilePicture, onSuccess: (user) => setUser(user) });
}

export function useRemoveProfilePicture() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: removeProfilePicture, onSuccess: (user) => setUser(user) });
}
