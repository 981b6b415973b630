// Capitalised words that name software, not places or people: a runtime and its version under an
// `address` key (`address: "Node 20"`), a tool's settings after `grew up in` (`I grew up in Jest
// Config`), are code talk. A value whose every capitalised word is one of these is no address,
// town or person. Words that are also towns (Phoenix, Jackson, Mercury) are left out.

const CODE_WORDS = new Set([
  // Runtimes, languages, platforms
  'Node', 'Deno', 'Bun', 'Python', 'Java', 'Ruby', 'Rust', 'Go', 'Golang', 'Kotlin', 'Swift', 'Scala', 'Perl', 'PHP', 'Elixir', 'Erlang',
  'Haskell', 'Dart', 'Flutter', 'TypeScript', 'JavaScript', 'Linux', 'Ubuntu', 'Debian', 'Alpine', 'Fedora', 'Windows', 'macOS', 'Android',
  'iOS', 'Chrome', 'Chromium', 'Firefox', 'Safari', 'Electron', 'Docker', 'Kubernetes', 'Helm', 'Terraform', 'Ansible', 'Nginx', 'Redis',
  'Postgres', 'PostgreSQL', 'MySQL', 'Mongo', 'MongoDB', 'SQLite', 'Kafka', 'Spark', 'Hadoop', 'Elasticsearch', 'Kibana', 'Grafana',
  'Prometheus', 'Jenkins', 'Git', 'GitHub', 'GitLab', 'Bitbucket', 'AWS', 'Azure', 'Lambda', 'Vercel', 'Netlify', 'Heroku', 'Xcode', 'Vim',
  'Emacs', 'Neovim', 'VSCode', 'Unity', 'Godot', 'WebAssembly', 'Wasm', 'LLVM', 'Clang', 'GCC',
  // Frameworks and tools of the JavaScript and Python worlds
  'React', 'Vue', 'Angular', 'Svelte', 'Next', 'Nuxt', 'Remix', 'Astro', 'Jest', 'Vitest', 'Mocha', 'Jasmine', 'Karma', 'Cypress',
  'Playwright', 'Puppeteer', 'Webpack', 'Rollup', 'Vite', 'Babel', 'ESLint', 'Prettier', 'Storybook', 'Express', 'Koa', 'Fastify', 'Nest',
  'Django', 'Flask', 'FastAPI', 'Rails', 'Laravel', 'Symfony', 'Spring', 'Gradle', 'Maven', 'Cargo', 'Npm', 'NPM', 'Yarn', 'Pnpm', 'Lerna',
  'Nx', 'Turbo', 'Tailwind', 'Bootstrap', 'Redux', 'GraphQL', 'Apollo', 'Prisma', 'Sequelize', 'Mongoose', 'Axios', 'Lodash', 'jQuery',
  // What a tool's parts are called
  'Config', 'Configuration', 'Settings', 'Plugin', 'Plugins', 'Preset', 'Presets', 'Loader', 'Runtime', 'Runner', 'Server', 'Client',
  'Module', 'Modules', 'Package', 'Packages', 'Library', 'Framework', 'Engine', 'Compiler', 'Toolchain', 'Toolkit', 'Core', 'Cli', 'CLI',
  'Api', 'API', 'SDK', 'Sdk', 'App', 'Mode', 'Version', 'Release', 'Build', 'Builds', 'Test', 'Tests', 'Suite', 'Cluster', 'Container',
  'Image', 'Stack', 'Service', 'Worker', 'Workers', 'Pipeline', 'Workflow', 'Workflows', 'Actions', 'Shell', 'Terminal', 'Console',
  'Kernel', 'Thread', 'Process', 'Queue', 'Cache', 'Database', 'Schema', 'Component', 'Components', 'Hook', 'Hooks', 'Router',
  'Controller', 'Template', 'Layout', 'Theme', 'Script', 'Scripts', 'Edition', 'Beta', 'Alpha', 'Nightly', 'Canary',
  'Stable', 'LTS', 'Legacy', 'Modern', 'Classic',
]);

/** True when the value has capitalised words and every one of them names software or a part of it. */
export function allCodeWords(value: string): boolean {
  const words = value.match(/\p{Lu}[\p{L}\p{N}]*/gu);
  return words !== null && words.every((w) => CODE_WORDS.has(w));
}

/** True when one capitalised word names software or a part of it (`Config`, `Jest`). */
export function isCodeWord(word: string): boolean {
  return CODE_WORDS.has(word);
}
