import { SubscriptionNotices } from './subscription-notices';

describe(SubscriptionNotices.name, () => {
  const sut = new SubscriptionNotices();

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('wakes a waiting watch at a notice about its subscription, not about another one', async () => {
    const watch = sut.watch('sub_1');
    let woken: boolean | undefined;
    void watch.next(1000).then((value) => (woken = value));

    sut.notify('sub_2');
    await jest.advanceTimersByTimeAsync(10);
    expect(woken).toBeUndefined();

    sut.notify('sub_1');
    await jest.advanceTimersByTimeAsync(0);
    expect(woken).toBe(true);
    watch.close();
  });

  it('keeps a notice that came between two waits, so it is not missed', async () => {
    const watch = sut.watch('sub_1');
    sut.notify('sub_1');

    await expect(watch.next(1000)).resolves.toBe(true);
    watch.close();
  });

  it('answers false once the time is over, and hears nothing after it is closed', async () => {
    const watch = sut.watch('sub_1');
    const waited = watch.next(500);
    await jest.advanceTimersByTimeAsync(500);
    await expect(waited).resolves.toBe(false);

    watch.close();
    sut.notify('sub_1');
    const afterClose = watch.next(100);
    await jest.advanceTimersByTimeAsync(100);
    await expect(afterClose).resolves.toBe(false);
  });
});
