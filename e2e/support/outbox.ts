import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Decodes the quoted-printable body of an outbox mail. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The activation link of the newest mail sent to `email` in DATA_DIR/outbox, waiting for it. */
export async function activationLink(dataDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
    } catch {
      // no mail yet
    }
    for (const f of files) {
      const raw = readFileSync(join(dir, f), 'utf8');
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
      const link = /https?:\/\/\S+\/v1\/global\/activate\?token=[\w-]+/.exec(decodeQuotedPrintable(raw))?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no activation mail for ${email} in ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
