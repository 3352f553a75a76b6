import { ErrorCode } from '@qrd/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authKeys } from '../../../lib/auth';
import { aUser } from '../../../testing/fixtures';
import { fail, installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { ProfilePictureCard } from './profile-picture-card';

const PICTURE_URL = '/api/profile/picture?v=abc123';

describe('ProfilePictureCard', () => {
  it('uploads the chosen file as the request body and takes the user the server answers', async () => {
    const server = installFetchStub().on('POST /api/profile/picture', ok(aUser({ profileImageUrl: PICTURE_URL })));
    const app = renderWithApp(<ProfilePictureCard user={aUser()} />);
    const user = userEvent.setup();

    expect(screen.getByText('No picture yet: your initials are shown instead.')).toBeInTheDocument();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(document.getElementById('profile-picture-file') as HTMLInputElement, file);

    expect(await screen.findByText('Profile picture updated')).toBeInTheDocument();
    const [call] = server.calls('POST /api/profile/picture');
    expect(call.body).toBe(file);
    expect(call.headers['content-type']).toBe('image/png');
    expect(app.queryClient.getQueryData(authKeys.user())).toMatchObject({ profileImageUrl: PICTURE_URL });
  });

  it('shows the server refusal of a file that is not an image, and refuses a file over 5 MB without sending it', async () => {
    const message = 'The picture must be a PNG, JPEG, WebP or GIF image';
    const server = installFetchStub().on('POST /api/profile/picture', fail(400, { code: ErrorCode.Validation, message, fields: { picture: message } }));
    renderWithApp(<ProfilePictureCard user={aUser()} />);
    const user = userEvent.setup();
    const input = document.getElementById('profile-picture-file') as HTMLInputElement;

    await user.upload(input, new File(['not an image'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);

    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture is too large: upload an image of at most 5 MB');
    expect(server.calls('POST /api/profile/picture')).toHaveLength(1);
  });

  it('opens the file picker from the keyboard and removes a picture', async () => {
    installFetchStub().on('DELETE /api/profile/picture', ok(aUser({ profileImageUrl: null })));
    const app = renderWithApp(<ProfilePictureCard user={aUser({ profileImageUrl: PICTURE_URL })} />);
    const user = userEvent.setup();
    const input = document.getElementById('profile-picture-file') as HTMLInputElement;
    const opened = jest.fn();
    input.addEventListener('click', opened);

    screen.getByRole('button', { name: 'Change picture' }).focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Profile picture removed')).toBeInTheDocument();
    expect(app.queryClient.getQueryData(authKeys.user())).toMatchObject({ profileImageUrl: null });
  });
});
