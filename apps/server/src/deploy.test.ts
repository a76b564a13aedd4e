import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from './config';

/** The container image (Dockerfile at the repository's root) as its readers rely on it. */
const root = path.resolve(import.meta.dirname, '../../..');
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const stages = dockerfile.split(/^FROM /m).slice(1);
const runtime = stages.at(-1) ?? '';

const daemon = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
  encoding: 'utf8',
  timeout: 10_000,
});
const dockerReady = daemon.status === 0;
const why = dockerReady ? '' : ' (skipped: no Docker daemon reachable here; `docker info` failed)';

describe('the container image', () => {
  it('builds in one stage and runs from another, as an unprivileged user with a health check', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]).toMatch(/npm ci/);
    expect(stages[0]).toMatch(/npm run build/);
    expect(runtime).not.toMatch(/npm ci|npm run build|apt-get install/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(runtime).toMatch(/^CMD \["node", "apps\/server\/dist\/main\.js"\]$/m);
    expect(runtime).toMatch(/DATA_DIR=\/data/);
  });

  it('copies every workspace manifest before npm ci, so the install layer is cached', () => {
    const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const beforeInstall = stages[0]!.slice(0, stages[0]!.indexOf('npm ci'));
    for (const workspace of workspaces)
      expect(beforeInstall).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });

  it('leaves dependencies, builds, data and secrets out of the build context', () => {
    const ignored = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.git', 'data', '**/*.db'])
      expect(ignored).toContain(entry);
  });

  it.skipIf(!dockerReady)(`builds the image and answers /healthz${why}`, () => {
    const tag = `tidemark-test:${process.pid}`;
    const build = spawnSync('docker', ['build', '-t', tag, root], {
      encoding: 'utf8',
      timeout: 1_200_000,
    });
    expect(build.status, build.stderr).toBe(0);
    try {
      const inspect = spawnSync(
        'docker',
        ['image', 'inspect', tag, '--format', '{{.Config.User}} {{json .Config.Healthcheck.Test}}'],
        { encoding: 'utf8' },
      );
      expect(inspect.stdout).toMatch(/^node .*healthz/);
    } finally {
      spawnSync('docker', ['image', 'rm', '-f', tag]);
    }
  });
});

interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: unknown;
  configs?: { source: string; target: string }[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  configs?: Record<string, { content: string }>;
}
const compose = (file: string) =>
  parse(fs.readFileSync(path.join(root, file), 'utf8'), { merge: true }) as ComposeFile;

describe('the compose files', () => {
  it('compose.yaml: one server from the Dockerfile on PostgreSQL', () => {
    const { services } = compose('compose.yaml');
    expect(services.server?.build).toBe('.');
    expect(services.server?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@db:5432\//);
    expect(services.server?.environment?.NATS_URL).toBeUndefined();
  });

  it('compose.scale-out.yaml: three servers with the same settings over one PostgreSQL and NATS, behind a load balancer', () => {
    const { services, configs } = compose('compose.scale-out.yaml');
    const servers = ['server-1', 'server-2', 'server-3'].map((name) => services[name]!);
    for (const server of servers) {
      expect(server.build).toBe('.');
      expect(server.environment).toEqual(servers[0]!.environment);
      expect(server.volumes).toEqual(['server-data:/data']);
    }
    const env = servers[0]!.environment!;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.*@db:5432\//);
    expect(env.NATS_URL).toBe('nats://nats:4222');
    expect(env.TRUST_PROXY).toBe('true');
    // The settings are valid as the server reads them (a typo would stop every start).
    expect(() => loadConfig({ ...env, DATA_DIR: '/tmp/tidemark-compose-check' })).not.toThrow();
    // JetStream on; the first server alone migrates an empty database, the others wait for it.
    expect(services.nats?.command).toContain('-js');
    expect(services['server-1']?.depends_on).toMatchObject({
      db: { condition: 'service_healthy' },
      nats: { condition: 'service_healthy' },
    });
    for (const later of ['server-2', 'server-3'])
      expect(services[later]?.depends_on).toMatchObject({
        'server-1': { condition: 'service_healthy' },
      });
    // The load balancer reaches all three, passes websocket upgrades on and never repeats a POST.
    const lb = services.lb!;
    const raw = configs?.[lb.configs![0]!.source]?.content ?? '';
    // Compose reads `$x` in the file as its own variable: nginx's are written `$$x`.
    expect(raw.replaceAll('$$', '')).not.toContain('$');
    const conf = raw.replaceAll('$$', '$');
    for (const name of ['server-1', 'server-2', 'server-3'])
      expect(conf).toContain(`server ${name}:8080`);
    expect(conf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(conf).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For/);
    expect(conf).not.toMatch(/non_idempotent/);
  });
});
