import { createMemoryRouter } from 'react-router-dom';
import { domainKeys } from '../features/domains';
import { codeKeys } from '../features/qrcodes/api/keys';
import { aCode, aDomain, aSubscription } from '../testing/fixtures';
import { deferred, installFetchStub, ok, uninstallFetchStub } from '../testing/fetch-stub';
import { createQueryClient } from '../lib/query-client';
import { createRoutes } from './router';

/** Opens `path` the way the app does (the router's loaders run), without rendering a screen. */
function navigateTo(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  return { queryClient, router };
}

/** Waits until `check` passes (the loader's queries come with a chunk of their own). */
async function until(check: () => void): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

// The router alone, in Node: no screen renders, so each request seen is a loader's.
afterEach(() => uninstallFetchStub());

describe('routes that need data before they render', () => {
  it('asks for the code of /edit-qr/:id as the navigation starts, before the sign-in check or the screen has answered', async () => {
    const user = deferred<ReturnType<typeof ok>>();
    const stub = installFetchStub()
      .on('GET /api/auth/user', () => user.promise as never)
      .on('GET /api/qrcodes/:id', ok(aCode({ id: 'c-7', name: 'Menu' })));
    const { queryClient, router } = navigateTo('/edit-qr/c-7');

    await until(() => expect(queryClient.getQueryData(codeKeys.detail('c-7'))).toMatchObject({ name: 'Menu' }));
    expect(stub.calls('GET /api/qrcodes/:id').map((r) => r.params.id)).toEqual(['c-7']);
    expect(stub.calls('GET /api/auth/user')).toHaveLength(0);
    router.dispose();
  });

  it("asks for the account tab's own data by ?tab=, and again for the tab chosen next", async () => {
    const stub = installFetchStub()
      .on('GET /api/subscription', ok(aSubscription()))
      .on('GET /api/invoices', ok([]))
      .on('GET /api/api-keys', ok([]));
    const { router } = navigateTo('/account?tab=subscription');
    await until(() => expect(stub.calls('GET /api/invoices')).toHaveLength(1));
    expect(stub.calls('GET /api/subscription')).toHaveLength(1);

    await router.navigate('/account?tab=api', { replace: true });
    await until(() => expect(stub.calls('GET /api/api-keys')).toHaveLength(1));
    // Going back to a tab already loaded asks nothing again (its answer is in the cache).
    await router.navigate('/account?tab=subscription', { replace: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls('GET /api/subscription')).toHaveLength(1);
    router.dispose();
  });

  it('asks for the custom domains of ?tab=domains', async () => {
    const stub = installFetchStub().on('GET /api/domains', ok([aDomain()]));
    const { queryClient, router } = navigateTo('/account?tab=domains');
    await until(() => expect(queryClient.getQueryData(domainKeys.list())).toEqual([aDomain()]));
    expect(stub.calls('GET /api/domains')).toHaveLength(1);
    router.dispose();
  });

  it('asks for nothing on a page without data of its own', async () => {
    const stub = installFetchStub();
    const { router } = navigateTo('/about');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.requests).toEqual([]);
    router.dispose();
  });
});
