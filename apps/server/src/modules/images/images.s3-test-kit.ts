import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** s3rver's built-in account: every request is checked against this key pair's signature. */
export const S3RVER_KEY = 'S3RVER';

export interface S3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** S3_URL for `prefix` in the bucket (optionally with another secret). */
  url(prefix: string, secret?: string): string;
  close(): Promise<void>;
}

// s3rver's continuation tokens are DES-encrypted, which OpenSSL 3 keeps in its legacy provider.
const LAUNCH = `
const S3rver = require(process.argv[1]);
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.argv[2],
  configureBuckets: [{ name: process.argv[3] }] });
server.run().then(({ port }) => console.log(JSON.stringify({ port })), (error) => {
  console.error(String(error && error.stack || error));
  process.exit(1);
});
// Gone with the test process that started it, however that ends.
process.stdin.on('end', () => process.exit(0)).resume();
`;

/**
 * Starts s3rver (a devDependency: a small S3-compatible server that checks Signature V4 and pages
 * ListObjectsV2 with continuation tokens) as a child process on a free port, storing in a temporary
 * directory. Answers the reason instead when it cannot start.
 */
export async function startS3rver(
  bucket = 'tidemark-test',
): Promise<S3Server | { reason: string }> {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve('@20minutes/s3rver');
  } catch {
    return { reason: '@20minutes/s3rver is not installed (npm ci installs it)' };
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', LAUNCH, entry, directory, bucket],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const removeDirectory = () => fs.rmSync(directory, { recursive: true, force: true });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number | undefined>((resolve) => {
    let stdout = '';
    const timer = setTimeout(() => resolve(undefined), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = /^\{.*\}$/m.exec(stdout);
      if (!line) return;
      clearTimeout(timer);
      resolve((JSON.parse(line[0]) as { port: number }).port);
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.on('error', () => resolve(undefined));
  });
  if (port === undefined) {
    await stop(child);
    removeDirectory();
    return {
      reason: `s3rver did not start: ${stderr.trim().split('\n')[0] || 'no answer in 15 s'}`,
    };
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    url: (prefix, secret = S3RVER_KEY) =>
      `http://${S3RVER_KEY}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${bucket}/${prefix}`,
    async close() {
      await stop(child);
      removeDirectory();
    },
  };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}
