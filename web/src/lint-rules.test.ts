import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Tests run with web/ as the working directory.
const repoRoot = resolve(process.cwd(), '..');
const biome = resolve(repoRoot, 'node_modules/@biomejs/biome/bin/biome');

/**
 * Lints `files` (path relative to the repository → source) with the repository's biome.json, in a scratch
 * copy so the fixtures never land in the source tree.
 */
function lintFiles(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  try {
    copyFileSync(join(repoRoot, 'biome.json'), join(root, 'biome.json'));
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), source);
    }
    const result = spawnSync(process.execPath, [biome, 'lint', '--config-path=.', ...Object.keys(files)], {
      cwd: root,
      encoding: 'utf8',
    });
    return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Lints `source` as the file at `path` (relative to the repository). */
const lint = (path: string, source: string) => lintFiles({ [path]: source });

// Each case starts Biome once or more: seconds apiece on a busy machine.
describe('lint rules in biome.json', { timeout: 60_000 }, () => {
  it('fails a feature importing another feature, by alias or by relative path', () => {
    const byAlias = lint(
      'web/src/features/users/probe.ts',
      "import { CallsPage } from '@/features/calls/calls-page.tsx';\nexport const probe = CallsPage;\n",
    );
    expect(byAlias.failed).toBe(true);
    expect(byAlias.output).toContain('A feature never imports another feature');

    const byPath = lint(
      'web/src/features/users/components/probe.ts',
      "import { useCalls } from '../../calls/api.ts';\nexport const probe = useCalls;\n",
    );
    expect(byPath.failed).toBe(true);
  });

  it('passes a feature importing its own files and the shared kit', () => {
    const own = lint(
      'web/src/features/users/components/probe.ts',
      "import { useUsers } from '../api.ts';\nimport { cn } from '@/lib/utils.ts';\nexport const probe = [useUsers, cn];\n",
    );
    expect(own.output).not.toContain('noRestrictedImports');
    expect(own.failed).toBe(false);
  });

  it('fails a feature importing app/, and shared code importing a feature or app/', () => {
    const featureToApp = lint(
      'web/src/features/auth/probe.ts',
      "import { preloadConsole } from '@/app/routes-preload.ts';\nexport const probe = preloadConsole;\n",
    );
    expect(featureToApp.failed).toBe(true);
    expect(featureToApp.output).toContain('A feature does not import app/');
    expect(
      lint(
        'web/src/features/users/user-page/probe.ts',
        "import { appRoutes } from '@/app/routes.tsx';\nexport const probe = appRoutes;\n",
      ).failed,
    ).toBe(true);

    for (const [path, source] of [
      [
        'web/src/components/probe.ts',
        "import { useCalls } from '@/features/calls/api.ts';\nexport const probe = useCalls;\n",
      ],
      [
        'web/src/lib/probe.ts',
        "import { useCalls } from '../features/calls/api.ts';\nexport const probe = useCalls;\n",
      ],
      [
        'web/src/components/ui/probe.ts',
        "import { appRoutes } from '@/app/routes.tsx';\nexport const probe = appRoutes;\n",
      ],
    ] as const) {
      const shared = lint(path, source);
      expect(shared.failed, path).toBe(true);
      expect(shared.output).toContain('Shared web code (components/, lib/) sits below the features and app/');
    }
    const kit = lint(
      'web/src/components/probe.ts',
      "import { cn } from '@/lib/utils.ts';\nimport { Button } from './ui/button.tsx';\nexport const probe = [cn, Button];\n",
    );
    expect(kit.failed).toBe(false);
  });

  it('fails simulator/ importing demo/, and synthetic/ importing any other server folder', () => {
    const simulator = lint(
      'server/src/simulator/probe.ts',
      "import { DAY } from '../demo/rhythm.ts';\nexport const probe = DAY;\n",
    );
    expect(simulator.failed).toBe(true);
    expect(simulator.output).toContain('simulator/ does not import demo/');
    const synthetic = lint(
      'server/src/synthetic/probe.ts',
      "import { DAY } from '../demo/rhythm.ts';\nexport const probe = DAY;\n",
    );
    expect(synthetic.failed).toBe(true);
    expect(synthetic.output).toContain('synthetic/ is a ground floor');
    const shared = lint(
      'server/src/simulator/probe.ts',
      "import { Random } from '../synthetic/prng.ts';\nexport const probe = Random;\n",
    );
    expect(shared.failed).toBe(false);
  });

  it('fails a server module importing demo/ or reading process.env', () => {
    const demo = lint(
      'server/src/modules/users/probe.ts',
      "import { DEMO_ADMIN } from '../../demo/demo-admin.ts';\nexport const probe = DEMO_ADMIN;\n",
    );
    expect(demo.failed).toBe(true);
    expect(demo.output).toContain('does not import demo/');
    expect(lint('server/src/modules/users/probe.ts', 'export const port = process.env.PORT;\n').failed).toBe(
      true,
    );
    expect(lint('server/src/config.ts', 'export const port = process.env.PORT;\n').output).not.toContain(
      'noProcessEnv',
    );
  });

  it('fails a file name that is not kebab-case', () => {
    const result = lint('web/src/lib/useThing.ts', 'export const thing = 1;\n');
    expect(result.failed).toBe(true);
    expect(result.output).toContain('kebab-case');
  });

  it('fails config.ts importing another server file, and the web build importing server code', () => {
    const config = lint(
      'server/src/config.ts',
      "import { DEMO_ADMIN } from './demo/demo-admin.ts';\nexport const probe = DEMO_ADMIN;\n",
    );
    expect(config.failed).toBe(true);
    expect(config.output).toContain("config.ts is the server's ground floor");
    const fromContract = lint(
      'server/src/config.ts',
      "import { DEMO_ADMIN } from '@switchboard/contract/demo-admin';\nexport const probe = DEMO_ADMIN;\n",
    );
    expect(fromContract.failed).toBe(false);

    const build = lint(
      'web/vite.config.ts',
      "import { DEMO_ADMIN } from '../server/src/demo/demo-admin.ts';\nexport const probe = DEMO_ADMIN;\n",
    );
    expect(build.failed).toBe(true);
    expect(build.output).toContain('do not import server code');
    const feature = lint(
      'web/src/features/users/probe.ts',
      "import { loadConfig } from '../../../../server/src/config.ts';\nexport const probe = loadConfig;\n",
    );
    expect(feature.output).toContain('do not import server code');
  });

  it('fails db/ importing anything above it', () => {
    const upward = lint(
      'server/src/db/keyset-cursor.ts',
      "import { HttpError } from '../http/http-error.ts';\nexport const probe = HttpError;\n",
    );
    expect(upward.failed).toBe(true);
    expect(upward.output).toContain("db/ is the server's ground floor");
    const fromSchema = lint(
      'server/src/db/schema/probe.ts',
      "import { users } from '../../modules/users/users.repository.ts';\nexport const probe = users;\n",
    );
    expect(fromSchema.failed).toBe(true);
    const own = lint(
      'server/src/db/probe.ts',
      "import type { Config } from '../config.ts';\nimport { users } from './schema/users.ts';\nexport const probe: [Config?, unknown?] = [undefined, users];\n",
    );
    expect(own.failed).toBe(false);
  });

  it('fails http/ importing modules/ or realtime/', () => {
    const guard = lint(
      'server/src/http/auth-guard.ts',
      "import { authenticateAdmin } from '../modules/auth/authenticate.ts';\nexport const probe = authenticateAdmin;\n",
    );
    expect(guard.failed).toBe(true);
    expect(guard.output).toContain('http/ sits below the modules');
    const typeOnly = lint(
      'server/src/http/probe.ts',
      "import type { Realtime } from '../realtime/socket-server.ts';\nexport type Probe = Realtime;\n",
    );
    expect(typeOnly.failed).toBe(true);
    const below = lint(
      'server/src/http/probe.ts',
      "import { pgErrorCode } from '../db/pg-errors.ts';\nimport { forbidden } from './http-error.ts';\nexport const probe = [pgErrorCode, forbidden];\n",
    );
    expect(below.failed).toBe(false);
  });

  it('fails a module importing realtime/, realtime/ importing a module, and app-deps.ts importing either', () => {
    const push = lint(
      'server/src/modules/notifications/probe.ts',
      "import type { UserPush } from '../../realtime/user-push.ts';\nexport type Probe = UserPush;\n",
    );
    expect(push.failed).toBe(true);
    expect(push.output).toContain('through the interfaces in app-deps.ts');
    const seam = lint(
      'server/src/modules/notifications/probe.ts',
      "import type { UserPush } from '../../app-deps.ts';\nimport { userRoom } from '@switchboard/contract/realtime';\nexport const probe: [UserPush?, unknown?] = [undefined, userRoom];\n",
    );
    expect(seam.failed).toBe(false);
    const socket = lint(
      'server/src/realtime/socket-server.ts',
      "import { authenticateAdmin } from '../modules/auth/authenticate.ts';\nexport const probe = authenticateAdmin;\n",
    );
    expect(socket.failed).toBe(true);
    expect(socket.output).toContain('realtime/ does not import modules/');
    const deps = lint(
      'server/src/app-deps.ts',
      "import type { LiveAccess } from './modules/auth/live-access.ts';\nexport type Probe = LiveAccess;\n",
    );
    expect(deps.failed).toBe(true);
  });

  it('fails two files that import each other', () => {
    const cycle = lintFiles({
      'server/src/modules/users/first.ts':
        "import { second } from './second.ts';\nexport const first = () => second;\n",
      'server/src/modules/users/second.ts':
        "import { first } from './first.ts';\nexport const second = () => first;\n",
    });
    expect(cycle.failed).toBe(true);
    expect(cycle.output).toContain('noImportCycles');
  });
});

/** Runs scripts/check-layers.ts on a scratch server/src made of `files` (path in src → source). */
function checkLayers(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'check-layers-'));
  try {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), source);
    }
    const script = resolve(repoRoot, 'scripts/check-layers.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', script, root], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// Loading TypeScript's parser through tsx takes seconds on a busy machine too.
describe('scripts/check-layers.ts (run by npm run lint)', { timeout: 60_000 }, () => {
  it('fails folders that import each other, though no file imports one that imports it back', () => {
    const result = checkLayers({
      'modules/auth/auth.service.ts':
        "import { findUser } from '../users/users.repository.ts';\nexport const login = findUser;\n",
      'modules/users/users.repository.ts': 'export const findUser = () => null;\n',
      'modules/users/users.service.ts':
        "import { hash } from '../auth/password.ts';\nexport const create = hash;\n",
      'modules/auth/password.ts': 'export const hash = () => null;\n',
      'modules/users/users.test.ts':
        "import { login } from '../auth/auth.service.ts';\nexport const t = login;\n",
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('cycle 1 (2 folders: modules/auth/, modules/users/)');
    expect(result.output).toContain('modules/users/users.service.ts -> modules/auth/password.ts');
  });

  it('passes the layers of the repository', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-layers.ts'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('no cycle');
  });
});
