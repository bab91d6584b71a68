// The layer map of docs/architecture.md ("Layer map"), enforced by dependency-cruiser:
// `npm run check:deps` (in .ci/run). Today's violations are recorded in
// .dependency-cruiser-known-violations.json and ignored (--ignore-known); any new one fails.
// That baseline only shrinks: regenerate it (`npm run check:deps:baseline`) after removing
// violations, never to let a new one in.
//
// Layers, bottom to top (a folder may import its own layer and the layers below it):
//   0 lib                       1 i18n, service, reply (the two ports: the model service, Discord messages), files
//   2 settings, ops             3 spend
//   4 access, plans             5 chat, images
//   6 adapters: discord, events, dashboard, commands/
//   7 wiring: main.ts, config.ts, app/ (the composition root), cli/ (entry points)
// Beside the map: the local stand-ins localDiscord and localService and the playground (for the
// playground, the tests and the bench), test/ and bench/. Same-layer folders import each other
// one way at most (service -> i18n, reply -> i18n, discord <- events/dashboard/commands), or not at all.

/** The layers of src/ folders, bottom first. */
const layers = [
  ['lib'],
  ['i18n', 'service', 'reply', 'files'],
  ['settings', 'ops'],
  ['spend'],
  ['access', 'plans'],
  ['chat', 'images'],
  ['discord', 'events', 'dashboard'],
];
/** The src/ folders of layer n and of every layer below it. */
const upTo = (n) => layers.slice(0, n + 1).flat();

/** Anything in src/ or commands/ outside the given src folders. */
const outside = (folders, extra = '') => ({
  path: '^(src|commands)/',
  pathNot: `^src/(${folders.join('|')})/${extra}`,
});

const layer = (n, name, folders, comment) => ({
  name,
  severity: 'error',
  comment,
  from: { path: `^src/(${folders.join('|')})/` },
  to: outside(upTo(n)),
});

/** Folders of one layer (the alternatives of `pattern`'s first group) that must not import each other. */
const apart = (name, pattern, comment) => ({
  name,
  severity: 'error',
  comment,
  from: { path: pattern },
  to: { path: pattern, pathNot: '^$1/' },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules that import each other (directly or round a loop): break the loop, usually by moving the shared part down a layer.',
      from: {},
      to: { circular: true },
    },
    layer(0, 'lib-is-the-bottom', ['lib'], 'src/lib/ imports no other folder of src/ or commands/.'),
    layer(
      1,
      'i18n-service-import-only-lib',
      ['i18n', 'service', 'reply', 'files'],
      'src/i18n/, src/service/, src/reply/ and src/files/ import only src/lib/ (and i18n, one way).',
    ),
    layer(
      2,
      'settings-ops-below-capabilities',
      ['settings', 'ops'],
      'src/settings/ and src/ops/ import only lib, i18n and service: capabilities above declare what they need from them.',
    ),
    layer(
      3,
      'spend-below-access',
      ['spend'],
      'src/spend/ imports only lib, i18n, service, settings and ops.',
    ),
    layer(
      4,
      'access-plans-below-chat',
      ['access', 'plans'],
      'src/access/ and src/plans/ import only spend and the layers below it.',
    ),
    apart(
      'access-plans-apart',
      '^(src/(?:access|plans))/',
      'src/access/ and src/plans/ (paid plans) do not import each other: the composition root joins them.',
    ),
    layer(
      5,
      'chat-images-below-adapters',
      ['chat', 'images'],
      'The chat and image capabilities import no adapter (src/discord, events, dashboard, commands/): they write through a port, and never reach the wiring.',
    ),
    // Within a layer: one direction or none, so no two folders import each other. (The layer
    // rules above already refuse every pair across layers. dependency-cruiser's folder-scope
    // `circular` rule would say the same in one line, but it does not take a baseline yet.)
    {
      name: 'i18n-below-service',
      severity: 'error',
      comment: 'src/service/ and src/reply/ may use src/i18n/; src/i18n/ imports neither.',
      from: { path: '^src/i18n/' },
      to: { path: '^src/(service|reply)/' },
    },
    apart(
      'service-reply-apart',
      '^(src/(?:service|reply|files))/',
      "src/service/ (the model service port), src/reply/ (the Discord message port) and src/files/ (members' files as text) do not import each other.",
    ),
    apart(
      'settings-ops-apart',
      '^(src/(?:settings|ops))/',
      'src/settings/ and src/ops/ do not import each other.',
    ),
    apart(
      'chat-images-apart',
      '^(src/(?:chat|images))/',
      'src/chat/ and src/images/ do not import each other: what they share (the prompt check, downloads) moves down a layer.',
    ),
    apart(
      'adapters-apart',
      '^(src/(?:events|dashboard)|commands)/',
      'src/events/, src/dashboard/ and commands/ do not import each other: what they share lives in a capability or src/discord/.',
    ),
    {
      name: 'discord-below-the-other-adapters',
      severity: 'error',
      comment:
        'src/discord/ is the toolkit the other adapters (events, dashboard, commands/) use; it imports none of them.',
      from: { path: '^src/discord/' },
      to: { path: '^(src/(events|dashboard)|commands)/' },
    },
    {
      name: 'adapters-below-wiring',
      severity: 'error',
      comment:
        'Adapters (src/discord, src/events, src/dashboard, commands/) import capabilities and each other, never the wiring (main.ts, config.ts, app/, cli/) nor the local Discord or playground.',
      from: { path: '^(src/(discord|events|dashboard)/|commands/)' },
      to: outside(upTo(6), '|^commands/'),
    },
    {
      name: 'src-does-not-import-commands',
      severity: 'error',
      comment:
        'Only the composition root (src/app/) imports commands/: what a command and src/ share lives in src/.',
      from: { path: '^src/', pathNot: '^src/app/' },
      to: { path: '^commands/' },
    },
    {
      name: 'nobody-reaches-the-composition-root',
      severity: 'error',
      comment:
        'The composition root (src/app/) is imported only by the entry points (src/main.ts, src/cli/) and the tests.',
      from: { pathNot: '^src/(app/|main\\.ts$|cli/)|^test/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'production-does-not-import-local-stand-ins',
      severity: 'error',
      comment:
        'The local stand-ins (src/localDiscord, src/localService) and src/playground are for the playground, the tests and the bench: only they and src/cli/ import them.',
      from: { path: '^(src|commands)/', pathNot: '^src/(localDiscord|localService|playground|cli)/' },
      to: { path: '^src/(localDiscord|localService|playground)/' },
    },
    {
      name: 'src-does-not-import-test-or-bench',
      severity: 'error',
      comment: 'Production code imports nothing from test/ or bench/.',
      from: { path: '^(src|commands)/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'bench-does-not-import-test',
      severity: 'error',
      comment: 'bench/ imports nothing from test/: what both use lives in one shared place.',
      from: { path: '^bench/' },
      to: { path: '^test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    // Type-only imports count: a layer that names another's types depends on it.
    tsPreCompilationDeps: true,
    // tsconfig.json's NodeNext resolution: `./x.js` specifiers resolve to `./x.ts`.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    progress: { type: 'none' },
  },
};
