import { RateLimit } from './rate-limit';

describe(RateLimit.name, () => {
  it('allows a burst, then the average rate', () => {
    let clock = 0;
    const sut = new RateLimit(10, 3, () => clock);

    expect([sut.take(), sut.take(), sut.take(), sut.take()]).toEqual([true, true, true, false]);
    clock += 100;
    expect([sut.take(), sut.take()]).toEqual([true, false]);
    clock += 10_000;
    expect([sut.take(), sut.take(), sut.take(), sut.take()]).toEqual([true, true, true, false]);
  });
});
