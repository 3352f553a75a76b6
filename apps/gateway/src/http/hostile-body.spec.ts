import { hostileBodyProblem, MAX_BODY_DEPTH } from './hostile-body';

describe(hostileBodyProblem.name, () => {
  const nested = (levels: number) => {
    let value: unknown = 'x';
    for (let i = 0; i < levels; i++) value = { a: value };
    return value;
  };

  it('accepts what our forms send, tabs and line breaks included', () => {
    expect(hostileBodyProblem({ name: 'Menu', message: 'Hello,\n\tline two\r\n', tags: ['a', 'b'], n: 3, ok: true, none: null })).toBeNull();
    expect(hostileBodyProblem(nested(MAX_BODY_DEPTH))).toBeNull();
    expect(hostileBodyProblem(Buffer.from([0, 1, 2]))).toBeNull();
  });

  it.each([
    ['too deep', nested(MAX_BODY_DEPTH + 1), `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`],
    ['a __proto__ key', JSON.parse('{"__proto__":{"x":1}}'), 'The request body must not contain a "__proto__" key.'],
    ['a nested constructor key', { a: [{ constructor: {} }] }, 'The request body must not contain a "constructor" key.'],
    ['a NUL in text', { name: 'a\u0000b' }, 'Text must not contain control characters.'],
    ['a bell in a list', { tags: ['ok', '\u0007'] }, 'Text must not contain control characters.'],
    ['a control character in a key', { 'a\u0001': 1 }, 'Text must not contain control characters.'],
  ])('refuses %s', (_label, body, message) => {
    expect(hostileBodyProblem(body)).toBe(message);
  });
});
