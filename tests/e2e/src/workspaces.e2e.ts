import { Browser, BrowserContext, Page } from 'playwright-core';
import { subscribeWithTestCard } from './support/codes';
import { decodeQuotedPrintable, e2eState, launchBrowser, logIn, newContext, screenshot, seedUser, uniqueName, waitForMail } from './support/e2e';

type Seeded = Awaited<ReturnType<typeof seedUser>>;

/** The invitation link of the newest invitation mail to `email`, as the SMTP server of the tests received it. */
async function invitationLink(email: string): Promise<string> {
  const mail = decodeQuotedPrintable((await waitForMail(email)).raw);
  const link = /https?:\/\/\S+\/invitations\/[\w-]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no invitation link in the mail to ${email}`);
  return new URL(link).pathname;
}

/** Invites `email` as `role` from the Team tab of the owner's account page. */
async function invite(page: Page, email: string, role: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByRole('list', { name: 'Invitations' }).getByText(email).waitFor();
}

/** Opens the invitation link signed out, logs in from it and joins: lands on the dashboard of the shared workspace. */
async function joinFromLink(browser: Browser, user: Seeded, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole('link', { name: 'Log in to join' }).click();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**${path}`);
  await page.getByRole('button', { name: 'Join the workspace' }).click();
  await page.waitForURL('**/dashboard');
  return { context, page };
}

describe('a team in one workspace, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('invites an editor and a viewer by mail; the editor signs up from the link without paying and creates a code there, the viewer only sees it; a removed member is out at once', async () => {
    const owner = await seedUser();
    const viewer = await seedUser();
    const editor = { username: uniqueName('editor'), email: `${uniqueName('editor')}@example.com`, password: 'Secret-pass-123' };
    const ownerContext = await newContext(browser);
    const ownerPage = await ownerContext.newPage();
    await logIn(ownerPage, owner);
    await subscribeWithTestCard(ownerPage);

    await ownerPage.goto('/account?tab=team');
    await invite(ownerPage, editor.email, 'editor');
    await invite(ownerPage, viewer.email, 'viewer');
    await screenshot(ownerPage, 'workspace-team-invitations');

    // The editor, who has no account, signs up from the mailed link (no payment asked) and creates a
    // code in the owner's workspace, on its seat.
    const editorContext = await newContext(browser);
    const asEditor = { context: editorContext, page: await editorContext.newPage() };
    await asEditor.page.goto(await invitationLink(editor.email));
    await asEditor.page.getByLabel('Email').first().waitFor();
    expect(await asEditor.page.getByLabel('Email').first().inputValue()).toBe(editor.email);
    await asEditor.page.getByLabel('Username').fill(editor.username);
    await asEditor.page.getByLabel('Password', { exact: true }).fill(editor.password);
    await asEditor.page.getByRole('button', { name: 'Create my account and join' }).click();
    await asEditor.page.waitForURL('**/dashboard');
    await asEditor.page.getByRole('button', { name: `Workspace: ${owner.username}'s workspace. Switch workspace` }).waitFor();
    // The address bar names the workspace, so the address can be shared as it is.
    await asEditor.page.waitForURL(`**/w/${owner.id}/dashboard`);
    await asEditor.page.getByRole('link', { name: 'Create QR Code' }).first().click();
    const name = uniqueName('Team menu ');
    await asEditor.page.getByLabel('Name').fill(name);
    await asEditor.page.getByLabel('Destination URL').fill('https://example.com/team-menu');
    await asEditor.page.getByRole('button', { name: 'Create QR Code' }).click();
    await asEditor.page.waitForURL(/\/edit-qr\/[0-9a-f-]{36}/);
    const codeId = new URL(asEditor.page.url()).pathname.split('/').pop() ?? '';

    // The owner sees it among their codes.
    await ownerPage.goto('/dashboard');
    await ownerPage.getByText(name).first().waitFor();

    // The viewer sees it, without the controls to change it, and the API refuses a change.
    const asViewer = await joinFromLink(browser, viewer, await invitationLink(viewer.email));
    await asViewer.page.getByText(name).first().waitFor();
    expect(await asViewer.page.getByRole('link', { name: 'Create QR Code' }).count()).toBe(0);
    await asViewer.page.getByRole('button', { name: `Actions for ${name}` }).click();
    expect(await asViewer.page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await asViewer.page.keyboard.press('Escape');
    await screenshot(asViewer.page, 'workspace-viewer-dashboard');
    const refused = await asViewer.page.request.patch(`/api/qrcodes/${codeId}`, {
      data: { name: 'Changed by a viewer' },
      headers: { Origin: e2eState().baseUrl, 'X-Workspace': owner.id },
    });
    expect(refused.status()).toBe(403);

    // A link one member shares with another (/w/{workspace}/...) opens the page in that workspace,
    // here in a browser where the viewer's last workspace was their own.
    const elsewhere = await newContext(browser);
    const viewerElsewhere = await elsewhere.newPage();
    await logIn(viewerElsewhere, viewer);
    await viewerElsewhere.goto(`/w/${owner.id}/edit-qr/${codeId}`);
    await viewerElsewhere.waitForURL(`**/edit-qr/${codeId}`);
    await viewerElsewhere.getByText(name).first().waitFor();
    await viewerElsewhere.getByRole('tab', { name: 'Preview & Download' }).waitFor();
    expect(await viewerElsewhere.getByRole('tab', { name: /Edit URL|Design|Campaign/ }).count()).toBe(0);
    await elsewhere.close();

    // The owner removes the editor while the editor's dashboard is open: that page leaves the
    // workspace by itself, and the API refuses the editor there.
    await asEditor.page.goto('/dashboard');
    await asEditor.page.getByText(name).first().waitFor();
    await ownerPage.goto('/account?tab=team');
    ownerPage.once('dialog', (dialog) => void dialog.accept());
    await ownerPage.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: editor.email }).getByRole('button', { name: 'Remove' }).click();
    await ownerPage.getByText('Member removed').first().waitFor();
    const removedAt = Date.now();
    await ownerPage.getByRole('list', { name: 'Audit log' }).getByText(`${owner.username} removed ${editor.username}`).waitFor();
    await asEditor.page.getByText('You no longer have access to that workspace').first().waitFor({ timeout: 5000 });
    const noticedMs = Date.now() - removedAt;
    console.log(`the removed editor's open page left the workspace ${noticedMs} ms after the removal`);
    expect(noticedMs).toBeLessThan(2000);
    await asEditor.page.getByText('No QR Codes Found').waitFor();
    expect(await asEditor.page.getByText(name).count()).toBe(0);
    const after = await asEditor.page.request.get(`/api/qrcodes/${codeId}`, { headers: { 'X-Workspace': owner.id } });
    expect(after.status()).toBe(404);

    await Promise.all([ownerContext.close(), asEditor.context.close(), asViewer.context.close()]);
  });

  it('creates a shared workspace, hands it to a member who accepts, and that owner deletes it with their password', async () => {
    const founder = await seedUser();
    const partner = await seedUser();
    const founderContext = await newContext(browser);
    const founderPage = await founderContext.newPage();
    await logIn(founderPage, founder);
    await founderPage.goto('/account?tab=team');
    const workspaceName = uniqueName('Studio ');
    await founderPage.getByLabel('Workspace name').last().fill(workspaceName);
    await founderPage.getByRole('button', { name: 'Create workspace' }).click();
    await founderPage.getByRole('button', { name: `Workspace: ${workspaceName}. Switch workspace` }).waitFor();
    await founderPage.waitForURL(/\/w\/[0-9a-f-]{36}\/account\?tab=team$/);
    const workspacePath = new URL(founderPage.url()).pathname.replace(/\/account$/, '');
    // Reloaded, the address keeps the page in that workspace.
    await founderPage.reload();
    await founderPage.getByRole('button', { name: `Workspace: ${workspaceName}. Switch workspace` }).waitFor();
    expect(new URL(founderPage.url()).pathname).toBe(`${workspacePath}/account`);
    await invite(founderPage, partner.email, 'admin');

    const asPartner = await joinFromLink(browser, partner, await invitationLink(partner.email));
    await asPartner.page.getByRole('button', { name: `Workspace: ${workspaceName}. Switch workspace` }).waitFor();

    // The founder offers ownership; nothing changes until the partner accepts.
    await founderPage.reload();
    await founderPage.getByLabel('New owner').selectOption({ label: `${partner.username} (admin)` });
    await founderPage.getByRole('button', { name: 'Offer ownership' }).click();
    await founderPage.getByText(`Offered to ${partner.username}`).waitFor();
    await screenshot(founderPage, 'workspace-transfer-offered');

    await asPartner.page.goto('/account?tab=team');
    const offer = asPartner.page.getByRole('region', { name: 'Offer of ownership' });
    await offer.getByText(`${founder.username} offers you ownership of this workspace`).waitFor();
    await offer.getByRole('button', { name: 'Accept ownership' }).click();
    await asPartner.page.getByText('You are now an owner').first().waitFor();
    await asPartner.page.getByRole('heading', { name: 'Workspace settings' }).waitFor();
    await founderPage.reload();
    await founderPage.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: founder.email }).getByText('admin').waitFor();
    expect(await founderPage.getByRole('heading', { name: 'Workspace settings' }).count()).toBe(0);

    // The new owner deletes it: a wrong password changes nothing, the right one deletes it, and the
    // founder's open page leaves it.
    await founderPage.getByRole('link', { name: 'Dashboard' }).first().click();
    await founderPage.waitForURL(`**${workspacePath}/dashboard`);
    await asPartner.page.getByRole('button', { name: 'Delete workspace' }).click();
    await asPartner.page.getByLabel('Your password').fill('not-the-password');
    await asPartner.page.getByRole('button', { name: 'Delete the workspace for good' }).click();
    await asPartner.page.getByText('Current password is incorrect').first().waitFor();
    await asPartner.page.getByLabel('Your password').fill(partner.password);
    await asPartner.page.getByRole('button', { name: 'Delete the workspace for good' }).click();
    await asPartner.page.getByText('Workspace deleted').first().waitFor();
    await asPartner.page.waitForURL('**/dashboard');
    await founderPage.getByText('You no longer have access to that workspace').first().waitFor({ timeout: 5000 });
    expect(await founderPage.getByRole('button', { name: /Switch workspace/ }).count()).toBe(0);

    await Promise.all([founderContext.close(), asPartner.context.close()]);
  });
});
