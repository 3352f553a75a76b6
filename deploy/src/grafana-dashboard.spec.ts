import Ajv, { ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';

const ROOT = join(__dirname, '..', '..');

/**
 * Grafana's dashboard schema, as Grafana publishes it: the `Dashboard` type of @grafana/schema is
 * generated from Grafana's own schema definition of the dashboard JSON model. It is turned into a
 * JSON Schema here (unknown properties rejected, as the types allow none) and the provisioned
 * dashboard is validated against it.
 */
function dashboardSchema(): ValidateFunction {
  const types = join(ROOT, 'node_modules', '@grafana', 'schema', 'dist', 'types', 'raw', 'dashboard', 'x', 'types.gen.d.ts');
  const schema = createGenerator({ path: types, type: 'Dashboard', skipTypeCheck: true, additionalProperties: false }).createSchema('Dashboard');
  return new Ajv({ allErrors: true, strict: false }).compile(schema);
}

function readDashboard(): Record<string, unknown> & { panels: Record<string, unknown>[] } {
  return JSON.parse(readFileSync(join(ROOT, 'deploy/monitoring/grafana/dashboards/qr-dynamic.json'), 'utf8'));
}

describe("the Grafana dashboard against Grafana's dashboard schema", () => {
  let validate: ValidateFunction;

  beforeAll(() => {
    validate = dashboardSchema();
  }, 60_000);

  it('is a valid dashboard', () => {
    const valid = validate(readDashboard());

    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('would catch a broken one (a wrong type, an unknown property, a missing schemaVersion)', () => {
    const broken = readDashboard();
    broken.panels[1].gridPos = { h: 8, w: 'wide', x: 0, y: 0 };
    broken.panels[2].colour = 'red';
    delete broken.schemaVersion;

    expect(validate(broken)).toBe(false);
    const messages = (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^\/panels\/1\/gridPos\/w must be number/), " must have required property 'schemaVersion'"]));
  });

  it('has a stable uid, a title and panels that do not overlap', () => {
    const dashboard = readDashboard();
    expect(dashboard.uid).toBe('qr-dynamic-overview');
    expect(dashboard.title).toBeTruthy();
    const taken = new Set<string>();
    for (const panel of dashboard.panels as { gridPos: { x: number; y: number; w: number; h: number } }[]) {
      const { x, y, w, h } = panel.gridPos;
      expect(x + w).toBeLessThanOrEqual(24);
      for (let row = y; row < y + h; row++) {
        for (let col = x; col < x + w; col++) {
          expect(taken.has(`${row},${col}`)).toBe(false);
          taken.add(`${row},${col}`);
        }
      }
    }
  });
});
