/**
 * The server's own secret key: the HMAC key under which API secrets are stored and the key that seals
 * webhook signing secrets. Given by SERVER_KEY (64 hex characters) or generated once into
 * DATA_DIR/keys/server.key (mode 0600), so every process on one data folder shares it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function loadServerKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const given = env.SERVER_KEY;
  if (given) {
    if (!/^[0-9a-f]{64}$/i.test(given)) throw new Error('SERVER_KEY: must be 64 hex characters');
    return Buffer.from(given, 'hex');
  }
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'server.key');
  if (existsSync(file)) return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  await writeFile(file, key.toString('hex'), { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
}
