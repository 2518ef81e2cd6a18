/**
 * Layer rules (`npm run lint`). Server, from the bottom up: db/ (schema, migrations, client) uses nothing of the
 * server; lib/ uses db/ only, and never Fastify; a module's files use lib/ and db/, other modules only through their
 * services (a repository never reaches another module), plugins/ only from its routes; plugins/ use no module; app.ts
 * meets them all and nothing imports it. No import loops anywhere. The contracts use zod and themselves only. Web: a
 * feature never uses another feature (they meet in app/); lib/ and components/ use no feature. Tests may reach
 * across layers.
 */
const server = '^apps/server/src/';
const test = '\\.test\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-import-loops',
      comment: 'Modules, layers and the contracts import each other one way only.',
      severity: 'error',
      from: { path: `^(apps/server/src|packages/contracts/src)/`, pathNot: test },
      to: { circular: true },
    },
    {
      name: 'contracts-use-only-zod',
      severity: 'error',
      from: { path: '^packages/contracts/src/' },
      to: { pathNot: ['^packages/contracts/src/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'server-nothing-imports-app',
      severity: 'error',
      from: { path: server, pathNot: [`${server}main\\.ts$`, test] },
      to: { path: `${server}app\\.ts$` },
    },
    {
      name: 'server-db-uses-nothing-of-the-server',
      severity: 'error',
      from: { path: `${server}db/`, pathNot: test },
      to: { path: `${server}(lib|modules|plugins|seed|ops)/` },
    },
    {
      name: 'server-lib-uses-only-db',
      severity: 'error',
      from: { path: `${server}lib/`, pathNot: test },
      to: { path: `${server}(modules|plugins|seed|ops)/` },
    },
    {
      name: 'server-lib-uses-no-fastify',
      severity: 'error',
      from: { path: `${server}lib/`, pathNot: test },
      to: { path: '(^|/)node_modules/(fastify|@fastify/[^/]+)/' },
    },
    {
      name: 'server-plugins-use-no-module',
      severity: 'error',
      from: { path: `${server}plugins/`, pathNot: test },
      to: { path: `${server}(modules|seed)/` },
    },
    {
      name: 'server-services-use-no-plugin',
      comment: 'Only the routes files (the wiring) of a module may use plugins/.',
      severity: 'error',
      from: { path: `${server}modules/`, pathNot: `\\.(routes|test)\\.ts$` },
      to: { path: `${server}plugins/` },
    },
    {
      name: 'server-repository-keeps-to-its-module',
      comment: "A module owns its tables: its repository uses no other module; others call the module's service.",
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/[^/]+\\.repository\\.ts$` },
      to: { path: `${server}modules/`, pathNot: `${server}modules/$1/` },
    },
    {
      name: 'server-modules-use-no-other-repository',
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/`, pathNot: test },
      to: { path: `${server}modules/[^/]+/[^/]+\\.repository\\.ts$`, pathNot: `${server}modules/$1/` },
    },
    {
      name: 'server-schema-no-cycles',
      severity: 'error',
      from: { path: `${server}db/schema/` },
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
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // The contracts package is imported by name (@okuu/contracts/<file>, its package.json `exports`).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
