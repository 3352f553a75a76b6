/**
 * The dependency rules of the code, checked by `npm run lint` (dependency-cruiser). They complement
 * the Nx module-boundary rule in eslint.config.mjs (which apps and libraries may import which) with
 * what it cannot see: import circles, and the direction of the modules inside a service and inside
 * the web app. docs/engineering.md shows the graph these rules keep (`npm run deps:graph`).
 */
const QR_FEATURES = 'abuse|accounts|analytics|bulk-import|content|conversions|data-export|design-templates|domains|history|images|reconciliation|scans|webhooks';
const AUTH_FEATURES = 'mail|password-reset|email-change|two-factor|account-deletion';

/**
 * The only imports one web feature may make of another (importer, imported), always through the
 * imported feature's index.ts. docs/engineering.md ("Web feature dependencies") mirrors this list.
 */
const WEB_FEATURE_EDGES = [
  ['account', 'analytics'],
  ['account', 'billing'],
  ['account', 'domains'],
  ['account', 'workspaces'],
  ['admin', 'domains'],
  ['auth', 'billing'],
  ['onboarding', 'billing'],
  ['onboarding', 'qrcodes'],
  ['qrcodes', 'analytics'],
  ['qrcodes', 'billing'],
  ['qrcodes', 'domains'],
];

const WEB_FEATURES = '^apps/web/src/features/';
const WEB_FEATURE_RULE = {
  name: 'web-feature-imports-only-listed',
  severity: 'error',
  comment: 'A web feature imports another only along the edges listed in WEB_FEATURE_EDGES; shared code belongs in components/, lib/ or hooks/.',
};
const importers = [...new Set(WEB_FEATURE_EDGES.map(([from]) => from))];
/** One rule per importer with listed edges, and one for every other feature (which may import none). */
const webFeatureRules = [
  ...importers.map((from) => ({
    ...WEB_FEATURE_RULE,
    from: { path: `${WEB_FEATURES}${from}/` },
    to: {
      path: WEB_FEATURES,
      pathNot: `${WEB_FEATURES}(${[from, ...WEB_FEATURE_EDGES.filter(([f]) => f === from).map(([, to]) => to)].join('|')})/`,
    },
  })),
  {
    ...WEB_FEATURE_RULE,
    from: { path: `${WEB_FEATURES}([^/]+)/`, pathNot: `${WEB_FEATURES}(${importers.join('|')})/` },
    to: { path: WEB_FEATURES, pathNot: `${WEB_FEATURES}$1/` },
  },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Two files that import each other (directly or round a circle) are one concept or a missing lower module.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-service-imports-another',
      severity: 'error',
      comment: 'A service talks to another over the queues; it never imports its code (only libs).',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'libs-never-import-apps',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment: 'components/, lib/ and hooks/ are below every feature; app/ composes the features.',
      from: { path: '^apps/web/src/(components|lib|hooks)/' },
      to: { path: '^apps/web/src/features/' },
    },
    ...webFeatureRules,
    {
      name: 'qr-codes-at-the-bottom',
      severity: 'error',
      comment: 'The codes module publishes events; the features around it call it, never the reverse.',
      from: { path: '^apps/qr-service/src/codes/' },
      to: { path: `^apps/qr-service/src/(${QR_FEATURES})/` },
    },
    {
      name: 'auth-users-at-the-bottom',
      severity: 'error',
      comment: 'Mail, password reset, email change and two-factor build on users, not the reverse.',
      from: { path: '^apps/auth-service/src/users/' },
      to: { path: `^apps/auth-service/src/(${AUTH_FEATURES})/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|tmp|test-output)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: {
      mermaid: { minify: false },
    },
  },
};
