/**
 * Layer rules (`npm run lint`). Server: services and repositories use lib/ and db/, never plugins/; plugins never
 * use a module; lib/ uses neither; the database layer uses neither. Web: a feature never uses another feature (they
 * meet in app/); lib/ and components/ use no feature.
 */
module.exports = {
  forbidden: [
    {
      name: 'server-plugins-use-no-module',
      severity: 'error',
      from: { path: '^apps/server/src/plugins/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-lib-uses-no-module-or-plugin',
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(modules|plugins)/' },
    },
    {
      name: 'server-services-use-no-plugin',
      comment: 'Only the routes files (the wiring) of a module may use plugins/.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/', pathNot: '\\.(routes|test)\\.ts$' },
      to: { path: '^apps/server/src/plugins/' },
    },
    {
      name: 'server-db-uses-no-module-or-plugin',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/(modules|plugins)/' },
    },
    {
      name: 'server-schema-no-cycles',
      severity: 'error',
      from: { path: '^apps/server/src/db/schema/' },
      to: { circular: true },
    },
    {
      name: 'web-feature-uses-no-other-feature',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-uses-no-feature',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
