import { withJsonSchemaNulls } from './openapi-nulls';

describe(withJsonSchemaNulls.name, () => {
  it('turns 3.0 nullable into JSON Schema 2020-12 null types', () => {
    const sut = withJsonSchemaNulls({
      properties: {
        cursor: { type: 'string', nullable: true, description: 'next page' },
        state: { type: 'string', enum: ['manual', 'failures'], nullable: true },
        takedown: { $ref: '#/components/schemas/V1Takedown', nullable: true, description: 'while disabled' },
        name: { type: 'string', nullable: false },
        nullable: { type: 'boolean' },
      },
    });
    expect(sut).toEqual({
      properties: {
        cursor: { type: ['string', 'null'], description: 'next page' },
        state: { type: ['string', 'null'], enum: ['manual', 'failures', null] },
        takedown: { description: 'while disabled', anyOf: [{ $ref: '#/components/schemas/V1Takedown' }, { type: 'null' }] },
        name: { type: 'string' },
        nullable: { type: 'boolean' },
      },
    });
  });
});
