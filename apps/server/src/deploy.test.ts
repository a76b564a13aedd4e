import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
