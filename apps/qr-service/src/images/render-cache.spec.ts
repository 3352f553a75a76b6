import { RenderCache } from './render-cache';

describe(RenderCache.name, () => {
  it('keeps the most recently used images within its byte budget', () => {
    const sut = new RenderCache(400);
    sut.set('a', Buffer.alloc(100));
    sut.set('b', Buffer.alloc(100));
    sut.set('c', Buffer.alloc(100));
    sut.get('a');

    sut.set('d', Buffer.alloc(100));
    sut.set('e', Buffer.alloc(100));

    expect(sut.get('b')).toBeUndefined();
    expect(sut.get('a')).toBeDefined();
    expect(sut.totalBytes).toBeLessThanOrEqual(400);
  });

  it('does not let one huge image push out everything else', () => {
    const sut = new RenderCache(400);
    sut.set('small', Buffer.alloc(10));

    sut.set('huge', Buffer.alloc(300));

    expect(sut.get('huge')).toBeUndefined();
    expect(sut.get('small')).toBeDefined();
  });
});
